import Foundation
import DailyPlanning
import Hifz
import LearnerStore
import MemoryModels
import PlannerCore
import Vocabulary

/// The planner's side of the simulation: it is given the learner's profile and then only the
/// events the learner records, folded exactly as the learner store folds them. It has no way
/// to reach the hidden memory (it lives in another value, ``LearnerSimulation``, that never
/// hands it over), which is what makes the comparison honest.
///
/// The planner policy is `planner today`'s own code path: an ``IncrementalLearner`` (the same
/// fold, the same plan inputs from the fold's state, the same parameter refits at the same
/// checkpoints) planned by `DailyPlanner`, incrementally so that a year of days does not
/// re-read the whole history each day; reminders are left out of the plan, as the simulated
/// learners do not act on them. The fixed policies read the same fold and its plan inputs with
/// the profile's own parameters (they stand for schedulers without planner's refit).
public struct PlanningSide: Sendable {
  public let profile: LearnerProfile
  public let policy: SimulationPolicy
  /// The learner as the daily plan sees it (refitting under the planner policy only).
  public private(set) var learner: IncrementalLearner
  /// The profile's own model (the fixed policies' intervals).
  let model: FSRS6

  public init(profile: LearnerProfile, policy: SimulationPolicy) {
    self.profile = profile
    self.policy = policy
    learner = IncrementalLearner(profile: profile, refits: policy == .planner)
    model = FSRS6(parameters: FSRSParameters(uncheckedWeights: profile.parameters))
  }

  public var fold: LearnerFold { learner.fold }

  /// Takes the events of a day (in time order).
  public mutating func receive(_ events: [LearnerEvent]) {
    learner.receive(events)
  }

  /// New lessons and recent revisions, in fold order (``PlanInputs/quranHistory``).
  var recitations: [QuranRecitation] { learner.state.plan.quranHistory }

  /// The measured pace, from the latest timed recitations the fold keeps (as the daily plan).
  var habits: QuranHabits { QuranHabits.measured(from: learner.state.plan.quranTimedNew + learner.state.plan.quranTimedRevision) }

  /// Seconds per word review and per new word: the vocabulary planner's estimates from the
  /// learner's own timed quizzes.
  var wordEstimates: VocabularyTimeEstimates {
    let h = learner.state.habits
    return VocabularyPlanner.estimates(VocabularyTimings(meanReviewSeconds: h.secondsPerVocabularyReview,
                                                         reviewCount: h.vocabularyTimedReviews))
  }

  /// The day's plan under the side's policy.
  public func plan(day: EpochDay) throws(PlanEngineError) -> [SimulatedPlanItem] {
    switch policy {
    case .planner: return try Self.items(learner.dailyPlan(date: day, reminders: false))
    case .fixedCount: return try fixedCountPlan(day: day)
    case .fixedCycle: return try fixedCyclePlan(day: day)
    }
  }

  // MARK: planner

  /// A daily plan's items in plan order, as the simulated learner works them.
  static func items(_ plan: DailyPlan) throws(PlanEngineError) -> [SimulatedPlanItem] {
    var items: [SimulatedPlanItem] = []
    for section in plan.sections {
      for it in section.items {
        let kind: SimulatedPlanItem.Kind
        switch section.kind {
        case .quranNewLesson, .quranRecentRevision, .quranOldRevision:
          var ranges: [AyahRange] = []
          for text in it.ranges ?? [] { ranges.append(try AyahRange(parsing: text)) }
          let tier: RecitationTier = section.kind == .quranNewLesson ? .new : (section.kind == .quranRecentRevision ? .recent : .old)
          kind = .quran(tier: tier, ranges: ranges)
        case .vocabularyReviews: kind = .word(english: it.english ?? "")
        case .vocabularyNewWords: kind = .newWord(english: it.english ?? "")
        }
        items.append(SimulatedPlanItem(kind: kind, estimatedSeconds: it.estimatedSeconds))
      }
    }
    return items
  }

  /// Words added but never quizzed, oldest first (the new-card queue of the fixed policies).
  func unlearnedWords(limit: Int) -> [SimulatedPlanItem] {
    guard limit > 0 else { return [] }
    var fresh: [(Int64, String)] = []
    for (_, item) in learner.state.items {
      guard let w = item.word, !w.deleted, item.memory == nil else { continue }
      fresh.append((w.addedMillis, w.english))
    }
    fresh.sort { $0 < $1 }
    let perNew = wordEstimates.newWordSeconds
    return fresh.prefix(limit).map { SimulatedPlanItem(kind: .newWord(english: $0.1), estimatedSeconds: perNew) }
  }

  // MARK: fixed-count and fixed-cycle

  /// The next `lines` lines of the goal (whole ayahs, within one surah), as a new lesson.
  func fixedLesson(day: EpochDay, lines: Double) throws(PlanEngineError) -> SimulatedPlanItem? {
    guard let goal = profile.quran.goal, profile.quran.settings.dailyMinutes > 0 else { return nil }
    let progress = try QuranProgress(goal: goal, recitations: recitations, before: day)
    guard progress.nextIndex < progress.sequence.count else { return nil }
    let first = progress.sequence[progress.nextIndex]
    var last = first
    var k = progress.nextIndex + 1
    while Quran.lines(AyahRange(uncheckedFirst: first, last: last)) < lines, k < progress.sequence.count,
      progress.sequence[k] == last + 1, Quran.surah(ofAyah: last + 1) == Quran.surah(ofAyah: first) {
      last += 1
      k += 1
    }
    let range = AyahRange(uncheckedFirst: first, last: last)
    return SimulatedPlanItem(kind: .quran(tier: .new, ranges: [range]),
                             estimatedSeconds: Int((Quran.lines(range) * habits.secondsPerLineNew).rounded(.up)))
  }

  /// Memorised units outside today's lessons: (unit, ranges, last revision day or nil).
  func memorisedUnits(day: EpochDay) throws(PlanEngineError) -> [(unit: ReviewUnitID, ranges: [AyahRange], last: Int?)] {
    guard let goal = profile.quran.goal, profile.quran.settings.dailyMinutes > 0 else { return [] }
    let progress = try QuranProgress(goal: goal, recitations: recitations, before: day)
    var out: [(ReviewUnitID, [AyahRange], Int?)] = []
    for (order, unit) in ReviewUnits.all.enumerated() {
      var runs: [AyahRange] = []
      for run in ReviewUnits.table.ranges[order] {
        var a = run.first
        while a <= run.last {
          guard progress.learned[a] else { a += 1; continue }
          var b = a
          while b < run.last && progress.learned[b + 1] { b += 1 }
          runs.append(AyahRange(uncheckedFirst: a, last: b))
          a = b + 1
        }
      }
      if !runs.isEmpty { out.append((unit, runs, learner.state.items[unit.description]?.lastDay)) }
    }
    return out
  }

  func revision(_ unit: (unit: ReviewUnitID, ranges: [AyahRange], last: Int?), tier: RecitationTier, pace: Double) -> SimulatedPlanItem {
    let lines = unit.ranges.reduce(0) { $0 + Quran.lines($1) }
    return SimulatedPlanItem(kind: .quran(tier: tier, ranges: unit.ranges), estimatedSeconds: max(1, Int((lines * pace).rounded(.up))))
  }

  /// Anki-style: every item whose FSRS interval at retention 0.9 has elapsed, oldest due first,
  /// at most 200 reviews; 5 new lines and the profile's new words, whatever the time.
  func fixedCountPlan(day: EpochDay) throws(PlanEngineError) -> [SimulatedPlanItem] {
    let retention = 0.9, reviewLimit = 200
    var items: [SimulatedPlanItem] = []
    if let lesson = try fixedLesson(day: day, lines: 5) { items.append(lesson) }
    let start = profile.quran.goal?.startDate.value ?? day.value
    var due: [(dueDay: Int, order: Int, item: SimulatedPlanItem)] = []
    let pace = habits.secondsPerLineRevision
    for (order, u) in try memorisedUnits(day: day).enumerated() {
      let dueDay: Int
      if let last = u.last, let m = learner.state.items[u.unit.description]?.memory {
        dueDay = last + model.intervalDays(stability: m.stability, desiredRetention: retention)
      } else {
        dueDay = start + order % 30  // memorised before, never reviewed: spread over the first month
      }
      if dueDay <= day.value { due.append((dueDay, order, revision(u, tier: .old, pace: pace))) }
    }
    let perWord = wordEstimates.reviewSeconds
    var wordOrder = 100_000
    for (key, item) in learner.state.items.sorted(by: { $0.key < $1.key }) where key.hasPrefix("w:") {
      guard let w = item.word, !w.deleted, let m = item.memory, let last = item.lastDay else { continue }
      let dueDay = last + model.intervalDays(stability: m.stability, desiredRetention: retention)
      wordOrder += 1
      if dueDay <= day.value { due.append((dueDay, wordOrder, SimulatedPlanItem(kind: .word(english: w.english), estimatedSeconds: perWord))) }
    }
    due.sort { ($0.dueDay, $0.order) < ($1.dueDay, $1.order) }
    items += due.prefix(reviewLimit).map(\.item)
    items += unlearnedWords(limit: profile.vocabulary.newWordsPerDay)
    return items
  }

  /// Traditional: 5 new lines, the lessons of the last 7 days, and a fixed share (1/cycle) of
  /// the memorised pages, those unrevised longest first; each word once a week.
  func fixedCyclePlan(day: EpochDay) throws(PlanEngineError) -> [SimulatedPlanItem] {
    let cycle = profile.quran.settings.cycleDays
    var items: [SimulatedPlanItem] = []
    if let lesson = try fixedLesson(day: day, lines: 5) { items.append(lesson) }
    let pace = habits.secondsPerLineRevision
    var recentRanges: [AyahRange] = []
    for r in recitations where r.tier == .newLesson && r.day.value >= day.value - 7 && r.day < day {
      if !recentRanges.contains(r.range) { recentRanges.append(r.range) }
    }
    var inRecent = Set<Int>()
    for r in recentRanges {
      inRecent.formUnion(r.ids)
      items.append(SimulatedPlanItem(kind: .quran(tier: .recent, ranges: [r]),
                                     estimatedSeconds: max(1, Int((Quran.lines(r) * pace).rounded(.up)))))
    }
    let start = profile.quran.goal?.startDate.value ?? day.value
    let units = try memorisedUnits(day: day).filter { u in !u.ranges.contains { r in r.ids.contains { inRecent.contains($0) } } }
    let quota = (units.count + cycle - 1) / cycle
    let overdue = units.enumerated().map { (order, u) in (since: u.last ?? (start - cycle + order % cycle), order: order, u: u) }
      .filter { $0.since + cycle <= day.value }
      .sorted { ($0.since, $0.order) < ($1.since, $1.order) }
    items += overdue.prefix(quota).map { revision($0.u, tier: .old, pace: pace) }
    let perWord = wordEstimates.reviewSeconds
    for (key, item) in learner.state.items.sorted(by: { $0.key < $1.key }) where key.hasPrefix("w:") {
      guard let w = item.word, !w.deleted, let last = item.lastDay, day.value - last >= 7 else { continue }
      items.append(SimulatedPlanItem(kind: .word(english: w.english), estimatedSeconds: perWord))
    }
    items += unlearnedWords(limit: profile.vocabulary.newWordsPerDay)
    return items
  }
}
