import Foundation
@testable import LearnerStore
@testable import MemoryModels
@testable import PlannerCore
@testable import Simulation
import Testing
import TestSupport

@Suite("Quran line-level truth")
struct QuranLineTruthTests {
  static let page = TruthItem(difficulty: 0, firstStrength: 1.5)

  /// Share of new lessons of `size` lines graded Again, over seeded pages.
  static func failureShare(_ truth: QuranLineTruth<PowerLawTruth>, size: Int, pages: Int = 400) -> Double {
    var failed = 0
    for p in 0..<pages {
      var page = QuranLineTruth<PowerLawTruth>.Page(lineCount: 15)
      var rng = TruthRandom.generator(seed: 9, learner: 0, item: "p\(p)", review: 0)
      let o = truth.learnLesson(&page, page: Self.page, lines: Array(0..<size), salt: UInt64(p), day: 0, &rng)
      if o.rating == .again { failed += 1 }
    }
    return Double(failed) / Double(pages)
  }

  @Test("a lesson's difficulty grows with its size: longer lessons fail more often")
  func sizeMatters() {
    let truth = QuranLineTruth(line: PowerLawTruth.calibrated)
    let shares = [2, 5, 10, 15].map { Self.failureShare(truth, size: $0) }
    #expect(shares == shares.sorted() && shares[3] > shares[0] + 0.1, "\(shares)")
    // Without the size penalty the per-line strength no longer depends on the lesson's size.
    var flat = QuranLineTruth<PowerLawTruth>.Parameters()
    flat.sizeExponent = 0
    let noSize = QuranLineTruth(line: PowerLawTruth.calibrated, parameters: flat)
    var a = QuranLineTruth<PowerLawTruth>.Page(lineCount: 15), b = a
    var r1 = SplitMix64(seed: 1), r2 = SplitMix64(seed: 1)
    _ = noSize.learnLesson(&a, page: Self.page, lines: [0, 1], salt: 3, day: 0, &r1)
    _ = noSize.learnLesson(&b, page: Self.page, lines: Array(0..<15), salt: 3, day: 0, &r2)
    #expect(a.lines[0] == b.lines[0])
    _ = truth.learnLesson(&a, page: Self.page, lines: [0, 1], salt: 3, day: 0, &r1)
    _ = truth.learnLesson(&b, page: Self.page, lines: Array(0..<15), salt: 3, day: 0, &r2)
    #expect(a.lines[0]!.strength > b.lines[0]!.strength)
  }

  @Test("a mistake is a line forgotten: the grade follows the count, each line updates by its own outcome")
  func mistakesAreLines() {
    let truth = QuranLineTruth(line: PowerLawTruth.calibrated)
    #expect(truth.rating(forgotten: 0, of: 15, allAbove: false) == .good)
    #expect(truth.rating(forgotten: 0, of: 15, allAbove: true) == .easy)
    #expect(truth.rating(forgotten: 1, of: 15, allAbove: false) == .hard)
    #expect(truth.rating(forgotten: 2, of: 15, allAbove: false) == .again)  // more than 10 % of 15 lines
    #expect(truth.rating(forgotten: 2, of: 20, allAbove: false) == .hard)
    #expect(truth.rating(forgotten: 1, of: 3, allAbove: false) == .hard)   // always one line's slack
    var page = QuranLineTruth<PowerLawTruth>.Page(lineCount: 15)
    var rng = SplitMix64(seed: 4)
    _ = truth.learnLesson(&page, page: Self.page, lines: Array(0..<15), salt: 8, day: 0, &rng)
    let before = page
    let outcome = QuranLineTruth<PowerLawTruth>.Outcome(rating: .again, forgotten: [3, 7, 9])
    truth.apply(outcome, to: &page, page: Self.page, lines: Array(0..<15), salt: 8, day: 20)
    for l in 0..<15 {
      let grew = page.lines[l]!.strength > before.lines[l]!.strength
      #expect(grew == ![3, 7, 9].contains(l), "line \(l)")
    }
    // A recitation draws exactly the forgotten lines it reports, and the grade agrees.
    var r = SplitMix64(seed: 11)
    let o = truth.recite(&page, page: Self.page, lines: Array(0..<15), salt: 8, day: 60, &r)
    #expect(o.rating == truth.rating(forgotten: o.forgotten.count, of: 15, allAbove: false) || o.rating == .easy)
    #expect(Set(o.forgotten).isSubset(of: Set(0..<15)))
  }

  @Test("expected lines held is the sum of line recalls, and falls with time")
  func linesHeld() {
    let truth = QuranLineTruth(line: PowerLawTruth.calibrated)
    var page = QuranLineTruth<PowerLawTruth>.Page(lineCount: 15)
    var rng = SplitMix64(seed: 2)
    _ = truth.learnLesson(&page, page: Self.page, lines: Array(0..<5), salt: 1, day: 0, &rng)
    let soon = truth.expectedLinesHeld(page, page: Self.page, salt: 1, day: 1)
    #expect(soon > 3 && soon <= 5)
    #expect(truth.expectedLinesHeld(page, page: Self.page, salt: 1, day: 60) < soon)
  }

  @Test("the lines of a page differ, keyed by the salt and the line; same salt, same lines")
  func linesDiffer() {
    let truth = QuranLineTruth(line: ActivationTruth.calibrated)
    let items = (0..<15).map { truth.lineItem(Self.page, line: $0, salt: 5) }
    #expect(Set(items.map(\.difficulty)).count == 15)
    #expect(items == (0..<15).map { truth.lineItem(Self.page, line: $0, salt: 5) })
    #expect(items != (0..<15).map { truth.lineItem(Self.page, line: $0, salt: 6) })
  }
}
