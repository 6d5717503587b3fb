import Foundation
import Hifz
import LearnerStore
import MemoryModels
import PlannerCore

/// The Quran units as pages of lines, and the paired draws (docs/simulation.md).
extension HiddenMemory {
  /// The stream of an item's next draw: keyed by (seed, learner, item, review index), so every
  /// policy that meets the same item for the n-th time meets the same luck. `stream` tells
  /// apart the draws of one exposure (0: the outcome, 1: the time taken).
  public func pairedRandom(_ key: String, stream: UInt64 = 0) -> SplitMix64 {
    var rng = TruthRandom.generator(seed: seed, learner: learnerIndex, item: key, review: exposures[key] ?? 0)
    if stream > 0 { rng = SplitMix64(keys: rng.next(), stream) }
    return rng
  }

  static func isQuran(_ key: String) -> Bool { !key.hasPrefix("w:") }

  /// The salt of a page's lines: keyed by seed, learner and page.
  func salt(_ key: String) -> UInt64 {
    var rng = SplitMix64(keys: seed, 0x5341_4C54, UInt64(learnerIndex), FNV1a64.hash(key))
    return rng.next()
  }

  /// Mushaf lines of a unit (its ayahs' share of lines), and its whole lines (at least 1).
  static func unitLines(_ key: String) -> Double {
    guard let unit = ReviewUnitID(key) else { return 1 }
    return ReviewUnits.ranges(unit).reduce(0) { $0 + Quran.lines($1) }
  }

  static func lineCount(_ key: String) -> Int { Swift.max(1, Int((unitLines(key) - 0.01).rounded(.up))) }

  /// The parts of `range` inside `unit`.
  static func pieces(_ unit: ReviewUnitID, of range: AyahRange) -> [AyahRange] {
    ReviewUnits.ranges(unit).compactMap { run -> AyahRange? in
      let a = Swift.max(run.first, range.first), b = Swift.min(run.last, range.last)
      return a <= b ? AyahRange(uncheckedFirst: a, last: b) : nil
    }
  }

  /// The line indices of a unit that a piece of it covers (by the ayahs' line shares before it).
  static func lineIndices(_ key: String, _ piece: AyahRange) -> [Int] {
    guard let unit = ReviewUnitID(key) else { return [0] }
    var before = 0.0
    for run in ReviewUnits.ranges(unit) {
      if run.last < piece.first { before += Quran.lines(run) } else if run.first < piece.first {
        before += Quran.lines(AyahRange(uncheckedFirst: run.first, last: piece.first - 1))
      }
    }
    let count = lineCount(key)
    let a = Swift.min(count - 1, Int((before + 1e-6).rounded(.down)))
    let b = Swift.max(a + 1, Swift.min(count, Int((before + Quran.lines(piece) - 1e-6).rounded(.up))))
    return Array(a..<b)
  }

  /// A recitation of `piece` of a Quran unit under the line-level truth: draws the lines
  /// forgotten (keyed by the unit's review index), grades, updates each line, and counts the
  /// exposure. The simulator and the replay both call it: same state, same draw.
  @discardableResult
  public mutating func recite(_ key: String, piece: AyahRange, newLesson: Bool, day: Int) -> QuranLineTruth<AnyMemoryTruth>.Outcome {
    let lineTruth = lineTruth!
    var rng = pairedRandom(key)
    exposures[key, default: 0] += 1
    var page = pages[key] ?? QuranLineTruth<AnyMemoryTruth>.Page(lineCount: Self.lineCount(key))
    let lines = Self.lineIndices(key, piece)
    let outcome = newLesson
      ? lineTruth.learnLesson(&page, page: truthItem(key), lines: lines, salt: salt(key), day: Double(day), &rng)
      : lineTruth.recite(&page, page: truthItem(key), lines: lines, salt: salt(key), day: Double(day), &rng)
    pages[key] = page
    return outcome
  }

  /// Expected lines held of a Quran unit on a day: Σ line recalls (line-level truth), else its
  /// learnt lines × its recall.
  public func linesHeld(_ key: String, on day: Int) -> Double {
    if let page = pages[key], let lineTruth { return lineTruth.expectedLinesHeld(page, page: truthItem(key), salt: salt(key), day: Double(day)) }
    return (recall(key, on: day) ?? 0) * (learnedLines[key] ?? 0)
  }

  /// Lines of a Quran unit whose recall is at least `threshold` on a day (line-level truth:
  /// line by line; else the unit's learnt lines when its recall is).
  public func linesHeld(_ key: String, on day: Int, atLeast threshold: Double) -> Double {
    if let page = pages[key], let lineTruth {
      var n = 0.0
      for (l, s) in page.lines.enumerated() {
        guard let s else { continue }
        if lineTruth.line.recall(s, item: lineTruth.lineItem(truthItem(key), line: l, salt: salt(key)), day: Double(day)) >= threshold { n += 1 }
      }
      return n
    }
    return (recall(key, on: day) ?? 0) >= threshold ? (learnedLines[key] ?? 0) : 0
  }
}
