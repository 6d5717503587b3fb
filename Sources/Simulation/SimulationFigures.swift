import Hifz
import LearnerStore
import MemoryModels
import PlannerCore
import Vocabulary

/// What one learner's run comes to, computed from the learner's profile, events and truth-file
/// line only (so anyone can recompute it from the files; a test does).
public struct LearnerFigures: Sendable, Equatable {
  /// Items with a hidden memory at the end (memorised pages/surahs, words learned).
  public var memorisedItems: Int
  /// Σ of the hidden recall probability over them on the day after the last simulated day.
  public var retainedItems: Double
  /// Minutes recorded in recitations and quizzes.
  public var minutes: Double
  public var activeDays: Int
  /// Learning days whose recorded minutes exceed the profile's daily budget.
  public var daysOverBudget: Int
  /// The largest number of memorised items at risk (hidden recall below 0.8) on any day.
  public var longestBacklog: Int
  /// Days after the holiday until the share of items at risk is back within 2 points of where
  /// it was when the holiday began (nil: no holiday, or not back by the end).
  public var daysToClearHoliday: Int?
  public var hadHoliday: Bool
  /// New material: mushaf lines recited as new lessons, words learned (first quizzed).
  public var newLines: Double
  public var newWords: Int

  /// The retention at the end: mean hidden recall over memorised items (nil without any).
  public var retention: Double? { memorisedItems > 0 ? retainedItems / Double(memorisedItems) : nil }
}

public enum SimulationFigures {
  /// Recall below this counts an item as at risk (in the backlog).
  public static let atRiskBelow = 0.8

  /// Replays the hidden memory from the truth file's parameters along the events, and measures
  /// the run. Returns the figures and the hidden memory at the end.
  public static func measure(profile: LearnerProfile, events: [LearnerEvent], truth: LearnerTruth,
                             start: EpochDay, days: Int) -> (LearnerFigures, HiddenMemory) {
    var hidden = HiddenMemory(ability: truth.learner.ability, items: truth.items, truth: truth.truthModel.truth,
                              seed: truth.seed, learnerIndex: truth.learner.index)
    var clock = LearningDayClock(profile: profile)
    let ordered = LearnerFold.timeOrdered(events)
    var f = LearnerFigures(memorisedItems: 0, retainedItems: 0, minutes: 0, activeDays: 0, daysOverBudget: 0,
                           longestBacklog: 0, daysToClearHoliday: nil, hadHoliday: truth.learner.holidayStart != nil,
                           newLines: 0, newWords: 0)
    var atRiskShare: [Double] = []
    var k = 0
    for d in 0..<days {
      let day = start.value + d
      // The backlog at the start of the day, before its work.
      let atRisk = hidden.countBelow(atRiskBelow, on: day)
      f.longestBacklog = max(f.longestBacklog, atRisk)
      atRiskShare.append(hidden.heldCount == 0 ? 0 : Double(atRisk) / Double(hidden.heldCount))
      var seconds = 0.0
      while k < ordered.count, clock.day(atMillis: ordered[k].time.epochMillis) <= day {
        let e = ordered[k]
        if case .wordQuizzed(let en, _, _, _) = e.payload, !hidden.holds(ItemKey.word(en)) { f.newWords += 1 }
        hidden.apply(e, day: clock.day(atMillis: e.time.epochMillis))
        switch e.payload {
        case .recitation(let r):
          seconds += r.seconds ?? 0
          if r.tier == .newLesson, let range = try? AyahRange(parsing: r.range) { f.newLines += Quran.lines(range) }
        case .wordQuizzed(_, _, _, let s): seconds += s ?? 0
        default: break
        }
        k += 1
      }
      if seconds > 0 { f.activeDays += 1 }
      if seconds > Double(profile.dailyMinutes * 60) { f.daysOverBudget += 1 }
      f.minutes += seconds / 60
    }
    f.hadHoliday = false
    if let h = truth.learner.holidayStart, h + truth.learner.holidayDays < days {
      f.hadHoliday = true
      let before = atRiskShare[h]
      let end = h + truth.learner.holidayDays
      if let back = (end..<days).first(where: { atRiskShare[$0] <= before + 0.02 }) { f.daysToClearHoliday = back - end }
    }
    let endDay = start.value + days
    for key in hidden.heldKeys.sorted() {
      f.memorisedItems += 1
      f.retainedItems += hidden.recall(key, on: endDay)!
    }
    return (f, hidden)
  }
}

/// The figures of one policy over all learners.
public struct PolicyFigures: Sendable, Equatable {
  public var policy: SimulationPolicy
  public var learners: Int
  public var days: Int
  /// Mean over learners (with memorised material) of their retention at the end.
  public var retention: Double
  /// Mean minutes studied per learner per simulated day.
  public var minutesPerDay: Double
  /// Σ retained items / Σ minutes studied, over all learners.
  public var retainedPerMinute: Double
  public var daysOverBudget: Double
  /// Mean (and largest) longest backlog per learner.
  public var longestBacklog: Double
  public var longestBacklogMax: Int
  /// Mean days to clear the holiday backlog over learners who cleared it, and how many did not.
  public var daysToClearHoliday: Double?
  public var holidayNotCleared: Int
  public var newLines: Double
  public var newWords: Double

  public init(policy: SimulationPolicy, days: Int, figures: [LearnerFigures]) {
    self.policy = policy
    self.days = days
    learners = figures.count
    let n = Double(max(1, figures.count))
    let withMaterial = figures.compactMap(\.retention)
    retention = withMaterial.isEmpty ? 0 : withMaterial.reduce(0, +) / Double(withMaterial.count)
    let minutes = figures.reduce(0) { $0 + $1.minutes }
    minutesPerDay = minutes / n / Double(max(1, days))
    retainedPerMinute = minutes > 0 ? figures.reduce(0) { $0 + $1.retainedItems } / minutes : 0
    daysOverBudget = Double(figures.reduce(0) { $0 + $1.daysOverBudget }) / n
    longestBacklog = Double(figures.reduce(0) { $0 + $1.longestBacklog }) / n
    longestBacklogMax = figures.map(\.longestBacklog).max() ?? 0
    let cleared = figures.compactMap(\.daysToClearHoliday)
    daysToClearHoliday = cleared.isEmpty ? nil : Double(cleared.reduce(0, +)) / Double(cleared.count)
    holidayNotCleared = figures.filter { $0.hadHoliday && $0.daysToClearHoliday == nil }.count
    newLines = figures.reduce(0) { $0 + $1.newLines } / n
    newWords = Double(figures.reduce(0) { $0 + $1.newWords }) / n
  }
}
