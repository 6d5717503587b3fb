import Foundation
import MemoryModels

/// The planner's side of the simulation: it is given the learner's profile and then only the
/// events the learner records, folded exactly as the learner store folds them. It has no way
/// to reach the hidden memory (it lives in another value, ``LearnerSimulation``, that never
/// hands it over), which is what makes the comparison honest.
///
/// Until the composed daily plan (`DailyPlanner`) is on main, the planner policy drives the
/// Quran planner and the vocabulary planner directly: the Quran gets its share of the budget
/// (`quran.dailyMinutes`), the vocabulary the rest.
public struct PlanningSide: Sendable {
  public let profile: LearnerProfile
  public private(set) var fold: LearnerFold
  var clock: LearnerClock
  let model: FSRS6
  /// New lessons and recent revisions (the planner's history), and the last 20 old revisions
  /// (enough for the measured pace; old revision reaches the planner through unit memories).
  var recitations: [QuranRecitation] = []
  var recentOld: [QuranRecitation] = []
  /// Words added so far (the learner's next word is the deck's next).
  public private(set) var wordsAdded = 0
  let vocabularyClock: VocabularyClock

  public init(profile: LearnerProfile) {
    self.profile = profile
    fold = LearnerFold(profile: profile)
    clock = LearnerClock(profile: profile)
    model = FSRS6(parameters: FSRSParameters(uncheckedWeights: profile.parameters))
    vocabularyClock = VocabularyClock(timeZone: TimeZone(identifier: profile.timezone) ?? TimeZone(identifier: "UTC")!,
                                      dayStartHour: profile.dayStartHour)
  }

  /// Takes the events of a day (in time order).
  public mutating func receive(_ events: [LearnerEvent]) {
    for e in events {
      fold.apply(e)
      switch e.payload {
      case .recitation:
        guard let r = e.quranRecitation(clock: &clock) else { continue }
        if r.tier == .oldRevision {
          recentOld.append(r)
          if recentOld.count > 20 { recentOld.removeFirst() }
        } else {
          recitations.append(r)
        }
      case .wordAdded: wordsAdded += 1
      default: break
      }
    }
  }

  /// The Quran review units the fold has memory of, in mushaf order.
  var unitMemories: [ReviewUnitMemory] {
    var out: [ReviewUnitMemory] = []
    for (key, item) in fold.state.items where !key.hasPrefix("w:") {
      guard let unit = ReviewUnitID(key) else { continue }
      out.append(ReviewUnitMemory(unit: unit, state: item.memory, lastReview: item.lastDay.map(EpochDay.init),
                                  lapses: item.lapses, reviews: item.reviewDays))
    }
    return out.sorted { $0.unit < $1.unit }
  }

  var habits: QuranHabits { QuranHabits.measured(from: recitations + recentOld) }

  /// Seconds per word review measured from the learner's quizzes (prior 12 s).
  var secondsPerWord: Double {
    let h = fold.state.habits
    return h.vocabularyTimedReviews > 0 ? (36 + h.vocabularySeconds) / Double(3 + h.vocabularyTimedReviews) : 12
  }

  /// The day's plan under a policy.
  public func plan(_ policy: SimulationPolicy, day: EpochDay) throws(PlanEngineError) -> [SimulatedPlanItem] {
    switch policy {
    case .planner: return try plannerPlan(day: day)
    case .fixedCount: return try fixedCountPlan(day: day)
    case .fixedCycle: return try fixedCyclePlan(day: day)
    }
  }

  // MARK: planner

  func plannerPlan(day: EpochDay) throws(PlanEngineError) -> [SimulatedPlanItem] {
    var items: [SimulatedPlanItem] = []
    let budget = profile.dailyMinutes * 60
    var quranSeconds = 0
    if let goal = profile.quran.goal, profile.quran.settings.dailyMinutes > 0 {
      let input = QuranPlanInput(date: day, goal: goal, settings: profile.quran.settings, units: unitMemories,
                                 recitations: recitations + recentOld, habits: habits,
                                 parameters: FSRSParameters(uncheckedWeights: profile.parameters))
      let plan = try QuranPlanner.plan(input)
      for it in plan.items {
        items.append(SimulatedPlanItem(kind: .quran(tier: RecitationTier(rawValue: it.tier.rawValue) ?? .old, ranges: it.ranges),
                                       estimatedSeconds: it.estimatedSeconds))
      }
      quranSeconds = plan.plannedSeconds
    }
    let vocabularyBudget = max(0, budget - max(quranSeconds, Int(profile.quran.settings.dailyMinutes * 60)))
    items += try vocabularyPlan(day: day, budget: vocabularyBudget, desiredRetention: profile.retention.vocabulary)
    return items
  }

  /// The dictionary as the vocabulary planner takes it (words in key order, as
  /// `Learner.vocabularyWords` gives them).
  var vocabularyWords: [VocabularyWord] {
    var words: [(String, VocabularyWord)] = []
    for (key, item) in fold.state.items where key.hasPrefix("w:") {
      guard let w = item.word, !w.deleted else { continue }
      words.append((key, VocabularyWord(
        english: w.english, translations: w.ukrainian, addedAt: Date(timeIntervalSince1970: Double(w.addedMillis) / 1000),
        popularity: item.popularity, memory: item.memory,
        lastReviewedAt: item.lastReviewMillis.map { Date(timeIntervalSince1970: Double($0) / 1000) },
        lastRating: Rating(rawValue: item.dayRating))))
    }
    return words.sorted { $0.0 < $1.0 }.map(\.1)
  }

  /// The vocabulary planner's plan for the day within `budget` seconds.
  func vocabularyPlan(day: EpochDay, budget: Int, desiredRetention: Double) throws(PlanEngineError) -> [SimulatedPlanItem] {
    guard wordsAdded > 0 else { return [] }
    let h = fold.state.habits
    let plan = try VocabularyPlanner.plan(VocabularyPlanner.Input(
      day: VocabularyDay(dayNumber: day.value), clock: vocabularyClock, words: vocabularyWords,
      newWordsPerDay: profile.vocabulary.newWordsPerDay, budgetMinutes: Double(budget) / 60, desiredRetention: desiredRetention,
      model: model, timings: VocabularyTimings(meanReviewSeconds: h.secondsPerVocabularyReview, reviewCount: h.vocabularyTimedReviews)))
    return plan.items.map { it in
      SimulatedPlanItem(kind: it.kind == .new ? .newWord(english: it.english) : .word(english: it.english),
                        estimatedSeconds: it.estimatedSeconds)
    }
  }

  /// Words added but never quizzed, oldest first (the new-card queue of the fixed policies).
  func unlearnedWords(limit: Int) -> [SimulatedPlanItem] {
    guard limit > 0 else { return [] }
    var fresh: [(Int64, String)] = []
    for (_, item) in fold.state.items {
      guard let w = item.word, !w.deleted, item.memory == nil else { continue }
      fresh.append((w.addedMillis, w.english))
    }
    fresh.sort { $0 < $1 }
    let perNew = max(1, Int((3 * secondsPerWord).rounded()))
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
      if !runs.isEmpty { out.append((unit, runs, fold.state.items[unit.description]?.lastDay)) }
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
      if let last = u.last, let m = fold.state.items[u.unit.description]?.memory {
        dueDay = last + model.intervalDays(stability: m.stability, desiredRetention: retention)
      } else {
        dueDay = start + order % 30  // memorised before, never reviewed: spread over the first month
      }
      if dueDay <= day.value { due.append((dueDay, order, revision(u, tier: .old, pace: pace))) }
    }
    let perWord = max(1, Int(secondsPerWord.rounded()))
    var wordOrder = 100_000
    for (key, item) in fold.state.items.sorted(by: { $0.key < $1.key }) where key.hasPrefix("w:") {
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
    let perWord = max(1, Int(secondsPerWord.rounded()))
    for (key, item) in fold.state.items.sorted(by: { $0.key < $1.key }) where key.hasPrefix("w:") {
      guard let w = item.word, !w.deleted, let last = item.lastDay, day.value - last >= 7 else { continue }
      items.append(SimulatedPlanItem(kind: .word(english: w.english), estimatedSeconds: perWord))
    }
    items += unlearnedWords(limit: profile.vocabulary.newWordsPerDay)
    return items
  }
}
