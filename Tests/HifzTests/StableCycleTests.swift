import Foundation
@testable import Hifz
@testable import MemoryModels
@testable import PlannerCore
import Testing

/// `quran.stableCycleDays` (docs/quran-planner.md, "Strong pages on a longer cycle"): off by
/// default; when set, a strong page may wait past the cycle until its recall falls to 0.90, never
/// past the setting.
@Suite("Quran planner: strong pages on a longer cycle")
struct StableCycleTests {
  static let model = FSRS6()

  @Test("coverage days: the cycle when off or for a weak page; the days to recall 0.90 for a strong one, capped")
  func coverageDays() {
    var s = QuranSettings(dailyMinutes: 20)
    let weak = MemoryState(stability: 10, difficulty: 5)
    let middle = MemoryState(stability: 40, difficulty: 5)
    let strong = MemoryState(stability: 400, difficulty: 5)
    for state in [weak, middle, strong] { #expect(ManzilScheduler.coverageDays(state, settings: s, model: Self.model) == 30) }
    s.stableCycleDays = 60
    #expect(ManzilScheduler.coverageDays(weak, settings: s, model: Self.model) == 30)
    // R(S, S) = 0.9 by FSRS's definition of stability: a 40-day page waits 40 days.
    #expect(ManzilScheduler.coverageDays(middle, settings: s, model: Self.model) == 40)
    #expect(ManzilScheduler.coverageDays(strong, settings: s, model: Self.model) == 60)
    s.stableCycleDays = 30
    #expect(ManzilScheduler.coverageDays(strong, settings: s, model: Self.model) == 30)
  }

  @Test("the setting: absent in old JSON (off), written only when set, within the cycle and twice it")
  func settingFormat() throws {
    let old = try JSONDecoder().decode(QuranSettings.self, from: Data(#"{"dailyMinutes": 20, "cycleDays": 30}"#.utf8))
    #expect(old.stableCycleDays == nil)
    #expect(String(decoding: try JSONEncoder().encode(old), as: UTF8.self).contains("stableCycleDays") == false)
    var s = QuranSettings(dailyMinutes: 20)
    s.stableCycleDays = 45
    let again = try JSONDecoder().decode(QuranSettings.self, from: JSONEncoder().encode(s))
    #expect(again == s && again.stableCycleDays == 45)
    for bad in [29, 61, 0] {
      s.stableCycleDays = bad
      #expect(throws: PlanEngineError.invalidValue(keyPath: "quran.stableCycleDays", value: "\(bad)",
                                                   expected: "days from cycleDays (30) to twice it (60), or nothing for off")) {
        try s.validate()
      }
    }
  }

  /// One juz revised by a learner who recites every plan with Good for 150 days: with the setting
  /// some pages wait longer than the cycle and none longer than the setting; the longer cycle
  /// frees revision minutes that go to the new lessons (more lines learnt). Pages revised on one
  /// day fall due on one day; when more is due than that day holds, the strongest waits a day
  /// (the scheduler's rule when behind, with or without the setting): hence the one day's slack.
  @Test(arguments: [41, 42, 43] as [UInt64])
  func strongPagesWaitLongerNeverPastTheSetting(seed: UInt64) throws {
    var rng = QuranTestRNG(seed: seed)
    let juz = rng.int(1...29)
    let goal = QuranGoal(direction: .fromAnNas, memorised: [MemorisedRange(Quran.juz(juz)!, selfRating: .good)], startDate: day0)
    func run(_ stable: Int?) throws -> (longest: Int, newLines: Double, oldSeconds: Int) {
      var settings = QuranSettings(dailyMinutes: 30)
      settings.stableCycleDays = stable
      var learner = QuranLearnerSimulator(goal: goal, settings: settings, seed: seed)
      var day = day0, newLines = 0.0, oldSeconds = 0
      for _ in 0..<150 {
        let plan = try learner.plan(day)
        #expect(plan.cycle.fits, "seed \(seed): \(plan.notes)")
        newLines += plan.items.filter { $0.tier == .newLesson }.reduce(0) { $0 + $1.lines }
        oldSeconds += plan.items.filter { $0.tier == .oldRevision }.reduce(0) { $0 + $1.estimatedSeconds }
        learner.follow(plan)
        day = day.advanced(by: 1)
      }
      var longest = 0
      for unit in ReviewUnits.all where ReviewUnits.ranges(unit).contains(where: { $0.overlaps(Quran.juz(juz)!) }) {
        // From its first revision on (declared pages are spread over the first cycle).
        let days = (learner.reviewDays[unit] ?? []) + [day]
        longest = max(longest, zip(days, days.dropFirst()).map { $0.distance(to: $1) }.max() ?? 0)
      }
      return (longest, newLines, oldSeconds)
    }
    let off = try run(nil), on = try run(60)
    #expect(off.longest <= 30 + 1, "seed \(seed): \(off.longest) days without the setting")
    #expect(on.longest > 30 + 1 && on.longest <= 60 + 1, "seed \(seed): \(on.longest) days with stableCycleDays 60")
    #expect(on.oldSeconds < off.oldSeconds, "seed \(seed): old revision \(on.oldSeconds) s against \(off.oldSeconds) s")
    #expect(on.newLines > off.newLines, "seed \(seed): \(on.newLines) new lines against \(off.newLines)")
  }
}
