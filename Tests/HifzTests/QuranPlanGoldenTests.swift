import Foundation
import Testing
@testable import Hifz

/// Identical plans across processes: the JSON of fixed learners' plans, hashed (FNV-1a 64 over
/// the UTF-8 bytes) and compared with the value recorded when the test was written, in another
/// process. A change here means plans changed: check the change is meant, then update.
@Suite("Quran planner: identical plans across processes")
struct QuranPlanGoldenTests {
  static func fnv1a(_ s: String) -> String {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for b in s.utf8 { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
    return String(h, radix: 16)
  }

  /// The beginner's first two weeks and a hafiz's first day, as one JSON document per plan.
  static func plans() throws -> [String] {
    var out: [String] = []
    var learner = QuranPlannerScenarioTests.beginner()
    var day = day0
    for _ in 0..<14 {
      let p = try learner.plan(day)
      out.append(try QuranPlanJSON.encode(p))
      learner.follow(p) { item, rng in rng.int(0...4) == 0 ? (.hard, 1) : (.good, 0) }
      day = day.advanced(by: 1)
    }
    let hafiz = QuranLearnerSimulator(
      goal: QuranGoal(direction: .fromAlFatiha, memorised: [MemorisedRange(try AyahRange(parsing: "1-114"), selfRating: .hard)], startDate: day0),
      settings: QuranSettings(dailyMinutes: 45, cycleDays: 60), seed: 9)
    out.append(try QuranPlanJSON.encode(try hafiz.plan(day0)))
    return out
  }

  @Test func plansMatchTheRecordedDigest() throws {
    let digest = Self.fnv1a(try Self.plans().joined(separator: "\n"))
    #expect(digest == Self.recorded, "plans changed: digest \(digest)")
  }

  static let recorded = "41cecd2a27d5c93a"  // sabqi on expanding days (#19; before: 51fe4c97f00f633a, basmala entries and everyayah audio, #14)
}
