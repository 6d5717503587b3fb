import Foundation
@testable import Hifz
@testable import MemoryModels
import Testing

/// Invariants over seeded random learners and goals, iterating the planner day by day.
@Suite("Quran planner: properties over seeded random learners")
struct QuranPlannerPropertyTests {
  static func randomGoal(_ rng: inout QuranTestRNG) -> QuranGoal {
    switch rng.int(0...2) {
    case 0: return QuranGoal(direction: .fromAnNas, scope: Quran.juz(30), startDate: day0)
    case 1:
      let j = rng.int(1...29)
      return QuranGoal(direction: .fromAlFatiha, scope: Quran.juz(j), startDate: day0)
    default:
      var surahs: [Int] = []
      while surahs.count < 4 { let s = rng.int(60...114); if !surahs.contains(s) { surahs.append(s) } }
      return QuranGoal(direction: .custom, surahs: surahs, startDate: day0)
    }
  }

  /// Every ayah of the goal comes as new exactly once, in the goal's order; a lesson is a
  /// contiguous run of whole ayahs; the goal completes.
  @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
  func everyAyahNewExactlyOnceInOrder(seed: UInt64) throws {
    var rng = QuranTestRNG(seed: seed)
    var goal = Self.randomGoal(&rng)
    let sequence = try QuranProgress.sequence(of: goal)
    // Some of the goal already memorised: a prefix of the learning order.
    let memorisedCount = rng.int(0...min(20, sequence.count - 1))
    if memorisedCount > 0 {
      goal.memorised = [MemorisedRange(try AyahRange(first: sequence[0], last: sequence[0]))]
      goal.memorised = (0..<memorisedCount).map { MemorisedRange(AyahRange(uncheckedFirst: sequence[$0], last: sequence[$0])) }
    }
    let settings = QuranSettings(dailyMinutes: Double(rng.int(30...90)), recentWindowDays: rng.int(3...10))
    var learner = QuranLearnerSimulator(goal: goal, settings: settings, seed: seed)
    var scheduled: [Int] = []
    var day = day0
    for _ in 0..<800 {
      let plan = try learner.plan(day)
      if let lesson = plan.newLesson {
        for r in lesson.ranges { scheduled += Array(r.ids) }
      }
      learner.follow(plan) { item, rng in rng.int(0...9) == 0 ? (.hard, 1) : (.good, 0) }
      day = day.advanced(by: 1)
      if scheduled.count == sequence.count - memorisedCount { break }
    }
    #expect(scheduled == Array(sequence[memorisedCount...]), "seed \(seed)")
  }

  /// Never over budget, except a single item longer than the budget, flagged and said.
  @Test(arguments: [11, 12, 13, 14, 15, 16] as [UInt64])
  func budgetIsHard(seed: UInt64) throws {
    var rng = QuranTestRNG(seed: seed)
    var goal = Self.randomGoal(&rng)
    if rng.int(0...1) == 0 { goal.memorised = [MemorisedRange(Quran.juz(rng.int(1...29))!, selfRating: .hard)] }
    let settings = QuranSettings(dailyMinutes: Double(rng.int(1...40)))
    var learner = QuranLearnerSimulator(goal: goal, settings: settings, seed: seed)
    var day = day0
    for k in 0..<60 {
      let plan = try learner.plan(day)
      let total = plan.items.reduce(0) { $0 + $1.estimatedSeconds }
      #expect(total == plan.plannedSeconds)
      if total > plan.budgetSeconds {
        #expect(plan.items.count == 1 && plan.items[0].overBudget, "seed \(seed) day \(k)")
        #expect(plan.noteCodes.contains("over-budget-item"))
      } else {
        #expect(plan.items.allSatisfy { !$0.overBudget })
      }
      if rng.int(0...6) != 0 { learner.follow(plan) }
      day = day.advanced(by: 1)
    }
  }

  /// When the cycle fits the budget (no warning on any day), no memorised unit goes longer than
  /// the cycle without revision.
  @Test(arguments: [21, 22, 23, 24] as [UInt64])
  func coverageWithinCycleWhenItFits(seed: UInt64) throws {
    var rng = QuranTestRNG(seed: seed)
    let juz = rng.int(1...30)
    let goal = QuranGoal(direction: .fromAlFatiha, scope: Quran.juz(juz),
                         memorised: [MemorisedRange(Quran.juz(juz)!, selfRating: Rating(rawValue: rng.int(2...4)))],
                         startDate: day0)
    let cycle = rng.int(7...30)
    // Enough for the cycle: the juz's revision time over the cycle with room to spare, and at
    // least three pages a day (units are whole, so a budget of one and a half pages is one page).
    let needed = Quran.lines(Quran.juz(juz)!) * QuranHabits.priors.secondsPerLineRevision / Double(cycle) / 60
    let settings = QuranSettings(dailyMinutes: max(needed * 1.6, 12).rounded(.up), cycleDays: cycle)
    var learner = QuranLearnerSimulator(goal: goal, settings: settings, seed: seed)
    var day = day0
    for _ in 0..<120 {
      let plan = try learner.plan(day)
      #expect(plan.cycle.fits, "seed \(seed): \(plan.notes)")
      learner.follow(plan)
      day = day.advanced(by: 1)
    }
    for unit in ReviewUnits.all where ReviewUnits.ranges(unit).contains(where: { $0.overlaps(Quran.juz(juz)!) }) {
      let days = [day0.advanced(by: -1)] + (learner.reviewDays[unit] ?? []) + [day]
      let longest = zip(days, days.dropFirst()).map { $0.distance(to: $1) }.max() ?? 0
      #expect(longest <= cycle, "seed \(seed): \(unit) went \(longest) days (cycle \(cycle))")
    }
  }

  /// Same inputs, same plan: equal values and byte-identical JSON.
  @Test(arguments: [31, 32, 33] as [UInt64])
  func deterministic(seed: UInt64) throws {
    var rng = QuranTestRNG(seed: seed)
    var goal = Self.randomGoal(&rng)
    goal.memorised = [MemorisedRange(Quran.juz(rng.int(1...29))!)]
    let settings = QuranSettings(dailyMinutes: 25, audioURLTemplate: "https://example.org/{reciter}/{surah:03}{ayah:03}.mp3")
    var learner = QuranLearnerSimulator(goal: goal, settings: settings, seed: seed)
    var day = day0
    for _ in 0..<15 {
      let a = try learner.plan(day), b = try learner.plan(day)
      #expect(a == b)
      #expect(try QuranPlanJSON.encode(a) == QuranPlanJSON.encode(b))
      learner.follow(a)
      day = day.advanced(by: 1)
    }
  }
}

enum QuranPlanJSON {
  static func encode(_ plan: QuranPlan) throws -> String {
    let e = JSONEncoder()
    e.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try e.encode(plan), as: UTF8.self)
  }
}

@Suite("Quran planner: coverage while learning")
struct QuranCoverageWhileLearningTests {
  /// Learners taking new lessons every day while revising: for each whose plans never warned
  /// that revision is behind (cycle fits, no new lesson paused for revision), every unit with
  /// memorised material is revised within the cycle: coverage is must-do, before the lesson.
  /// Units due by memory beyond the day's time may wait (a backlog) while lessons go on.
  @Test func coverageWhileLearning() throws {
    var unwarned = 0
    for seed in [41, 42, 43, 44] as [UInt64] {
      var rng = QuranTestRNG(seed: seed)
      let cycle = rng.int(10...30)
      let goal = QuranGoal(direction: .fromAnNas, scope: Quran.juz(30),
                           memorised: [MemorisedRange(try AyahRange(parsing: "\(rng.int(95...105))-114"))], startDate: day0)
      var learner = QuranLearnerSimulator(goal: goal, settings: QuranSettings(dailyMinutes: Double(rng.int(30...45)), cycleDays: cycle), seed: seed)
      var day = day0
      var warned = false
      for _ in 0..<90 {
        let p = try learner.plan(day)
        if !p.cycle.fits || p.cycle.behind { warned = true }
        learner.follow(p) { _, rng in rng.int(0...9) == 0 ? (.hard, 1) : (.good, 0) }
        day = day.advanced(by: 1)
      }
      if warned { continue }
      unwarned += 1
      for (unit, days) in learner.reviewDays.sorted(by: { $0.key < $1.key }) {
        let declared = goal.memorised.contains { m in ReviewUnits.ranges(unit).contains { $0.overlaps(m.range) } }
        let all = (declared ? [day0.advanced(by: -1)] : []) + days + [day]
        let longest = zip(all, all.dropFirst()).map { $0.distance(to: $1) }.max() ?? 0
        #expect(longest <= cycle, "seed \(seed): \(unit) went \(longest) days (cycle \(cycle))")
      }
    }
    #expect(unwarned >= 3)
  }
}
