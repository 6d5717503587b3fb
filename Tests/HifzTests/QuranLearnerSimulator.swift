@testable import Hifz
@testable import MemoryModels
@testable import PlannerCore

/// A learner who follows the Quran plans day by day, feeding back what they recited, the way
/// the learner fold will: recitations in the history, one rating per unit per day.
struct QuranLearnerSimulator {
  var goal: QuranGoal
  var settings: QuranSettings
  var units: [ReviewUnitID: ReviewUnitMemory] = [:]
  var recitations: [QuranRecitation] = []
  var habits: QuranHabits? = nil
  /// Days on which each unit was reviewed.
  var reviewDays: [ReviewUnitID: [EpochDay]] = [:]
  var rng: QuranTestRNG

  init(goal: QuranGoal, settings: QuranSettings, seed: UInt64) {
    self.goal = goal; self.settings = settings; rng = QuranTestRNG(seed: seed)
  }

  func input(_ day: EpochDay) -> QuranPlanInput {
    QuranPlanInput(date: day, goal: goal, settings: settings, units: units.keys.sorted().map { units[$0]! },
                   recitations: recitations, habits: habits)
  }

  func plan(_ day: EpochDay) throws -> QuranPlan { try QuranPlanner.plan(input(day)) }

  /// Recites every item of the plan with the grade `grade(item)` gives (default Good).
  mutating func follow(_ plan: QuranPlan, grade: (QuranPlanItem, inout QuranTestRNG) -> (Rating, Int) = { _, _ in (.good, 0) }) {
    var today: [QuranRecitation] = []
    for item in plan.items {
      let (g, mistakes) = grade(item, &rng)
      let lines = item.ranges.reduce(0) { $0 + Quran.lines($1) }
      for r in item.ranges {
        today.append(QuranRecitation(day: plan.date, range: r, tier: item.tier, grade: g, mistakes: mistakes,
                                     seconds: Double(item.estimatedSeconds) * Quran.lines(r) / max(lines, 0.0001)))
      }
    }
    record(today, on: plan.date)
  }

  mutating func record(_ today: [QuranRecitation], on day: EpochDay) {
    recitations += today
    // One rating per unit per day, the lowest (the learner fold's daily rule, `DailyMemory`).
    var lowest: [ReviewUnitID: Rating] = [:]
    for r in today { for (u, g) in QuranGrading.unitRatings(of: r) { lowest[u] = min(lowest[u] ?? g, g) } }
    let declared = DeclaredMemory(goal: goal)
    for u in lowest.keys.sorted() {
      let g = lowest[u]!
      var m = units[u] ?? ReviewUnitMemory(unit: u)
      // The fold's rule: a declared unit's first review starts from its declared memory.
      var daily = DailyMemory(memory: m.state, lastDay: m.lastReview?.value)
      if m.state == nil, let seed = declared.seed(u, firstReviewOn: day.value) { daily = seed }
      _ = daily.rate(g, day: day.value, model: FSRS6())
      m.state = daily.memory
      m.lastReview = day
      m.reviews += 1
      if g == .again { m.lapses += 1 }
      units[u] = m
      reviewDays[u, default: []].append(day)
    }
  }
}

extension QuranPlan {
  var newLesson: QuranPlanItem? { items.first { $0.tier == .newLesson } }
  func items(_ tier: QuranTier) -> [QuranPlanItem] { items.filter { $0.tier == tier } }
  var noteCodes: [String] { notes.map(\.code.rawValue) }
}

let day0 = EpochDay(year: 2026, month: 3, day: 1)!
