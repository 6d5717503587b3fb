import Foundation
import Hifz
import LearnerStore
import Localization
import MemoryModels
import PlannerCore
import Vocabulary

/// The daily plan of a learner, from their profile, derived state and history: the pure entry
/// point the CLI (`planner today`), the nightly job and the simulator call.
extension DailyPlanner {
  /// The plan for `date` (a learning day), with `profile.parameters` as the memory model (use
  /// ``ParameterRefit/apply(profile:state:events:cached:)`` first to refit them from the history;
  /// `parameters` then says where they came from). `events` is the learner's history in any order; only
  /// what happened before `date` counts, so the plan does not change while the day's work is
  /// being recorded.
  public static func plan(profile: LearnerProfile, state: LearnerState, events: [LearnerEvent], date: EpochDay,
                          locale: PlanLocale? = nil, parameters: DailyPlanParameters? = nil) throws(PlanEngineError) -> DailyPlan {
    try plan(input(profile: profile, state: state, events: events, date: date, locale: locale, parameters: parameters))
      .withCardDirections(profile.vocabulary.cards, on: date)
  }

  /// The plan for `date` from the profile and the derived state alone: the plan's inputs from
  /// the history (recitations, plan outcomes, reminder habits) are those the fold keeps in
  /// ``LearnerState/plan`` (see ``PlanInputs``). The same plan as with the events the state was
  /// folded from; this is what `planner today` and the nightly job use (snapshot + new events).
  public static func plan(profile: LearnerProfile, state: LearnerState, date: EpochDay,
                          locale: PlanLocale? = nil, parameters: DailyPlanParameters? = nil) throws(PlanEngineError) -> DailyPlan {
    try plan(input(profile: profile, state: state, date: date, locale: locale, parameters: parameters))
      .withCardDirections(profile.vocabulary.cards, on: date)
  }

  /// The composition's input from the profile and the derived state alone.
  public static func input(profile: LearnerProfile, state: LearnerState, date: EpochDay,
                           locale: PlanLocale? = nil, parameters: DailyPlanParameters? = nil) throws(PlanEngineError) -> DailyPlanInput {
    try input(profile: profile, state: state, history: nil, date: date, locale: locale, parameters: parameters)
  }

  /// The composition's input for a learner (exposed for tests and the simulator).
  public static func input(profile: LearnerProfile, state: LearnerState, events: [LearnerEvent], date: EpochDay,
                           locale: PlanLocale? = nil, parameters: DailyPlanParameters? = nil) throws(PlanEngineError) -> DailyPlanInput {
    try input(profile: profile, state: state, history: events, date: date, locale: locale, parameters: parameters)
  }

  /// `history`: the events to read the plan's inputs from; nil reads them from `state.plan`.
  /// `reminders: false` leaves the day's reminders out (nothing else depends on them).
  static func input(profile: LearnerProfile, state: LearnerState, history events: [LearnerEvent]?, date: EpochDay,
                    locale: PlanLocale?, parameters: DailyPlanParameters?, reminders withReminders: Bool = true)
    throws(PlanEngineError) -> DailyPlanInput {
    let weights = FSRSParameters(uncheckedWeights: profile.parameters)
    var state = state
    var events = events
    if let all = events {
      // Only what happened before the learning day began: a past date is planned as it was
      // planned that morning (the state is refolded from the earlier events when later ones exist).
      var clock = LearningDayClock(profile: profile)
      let before = all.filter { EpochDay(clock.day(atMillis: $0.time.epochMillis)) < date }
      if before.count < all.count {
        state = LearnerFold.replay(profile: profile, events: before)
        events = before
      }
    }
    var quran: QuranPlanInput?
    if let goal = profile.quran.goal {
      if let events {
        quran = QuranPlanInput(date: date, goal: goal, settings: profile.quran.settings, units: state.quranUnitMemories(asOf: date),
                               recitations: recitations(profile: profile, events: events), parameters: weights)
      } else {
        // The planner reads only the new and recent tiers; the pace, the latest timed ones.
        let p = state.plan
        quran = QuranPlanInput(date: date, goal: goal, settings: profile.quran.settings, units: state.quranUnitMemories(asOf: date),
                               recitations: p.quranHistory,
                               habits: .measured(from: (p.quranTimedNew + p.quranTimedRevision).filter { $0.day < date }),
                               parameters: weights)
      }
    }
    let isDefault = profile.parameters == FSRSParameters.defaults.weights
    let words = Learner.vocabularyWords(state)  // sorts the items: once for both parts
    let facts = try WordFacts(profile: profile, state: state, words: words, date: date)  // once for both
    return DailyPlanInput(
      learner: profile.id, date: date, locale: locale ?? profile.locale,
      profileMinutes: profile.minutes(on: Weekday.of(date)), quran: quran,
      vocabulary: try vocabularyCandidates(profile: profile, state: state, words: words, facts: facts, date: date),
      reminders: withReminders ? try reminders(profile: profile, state: state, words: words, facts: facts, date: date) : [],
      completion: PlanCompletion.from(state.plan, before: date),
      parameters: parameters ?? DailyPlanParameters(source: isDefault ? "defaults" : "profile"))
  }

  /// Every recitation of the history with a valid grade and range, as the Quran planner takes them.
  static func recitations(profile: LearnerProfile, events: [LearnerEvent]) -> [QuranRecitation] {
    var clock = LearningDayClock(profile: profile)
    var recitations: [QuranRecitation] = []
    var ranges: [String: AyahRange?] = [:]  // years of history revise the same few hundred units
    for e in events {
      guard case .recitation(let r) = e.payload else { continue }
      let range: AyahRange?
      if let known = ranges[r.range] { range = known } else { range = try? AyahRange(parsing: r.range); ranges[r.range] = range }
      guard let range, let recitation = r.quranRecitation(day: EpochDay(clock.day(atMillis: e.time.epochMillis)), range: range)
      else { continue }
      recitations.append(recitation)
    }
    return recitations
  }

  /// The vocabulary part (Sources/Vocabulary/): every due review in the vocabulary
  /// planner's priority order (those it would defer too), then the new words it offers, each
  /// with recall today and tomorrow for the composition's value per minute.
  package static func vocabularyCandidates(profile: LearnerProfile, state: LearnerState, events: [LearnerEvent],
                                   date: EpochDay) throws(PlanEngineError) -> [VocabularyCandidate] {
    let words = Learner.vocabularyWords(state)
    return try vocabularyCandidates(profile: profile, state: state, words: words,
                                    facts: WordFacts(profile: profile, state: state, words: words, date: date), date: date)
  }

  /// What the vocabulary candidates and the reminders both read about the state's words,
  /// computed once per plan: each word's learning day of its last review
  /// (``VocabularyRanking/lastReviewDays(_:clock:)``). Nothing without words. The words are
  /// ``Learner/vocabularyWords(_:)``'s, so in key order with unique keys (one item per key):
  /// the word with a key is the word at its own index, no check needed (debug builds assert it).
  struct WordFacts {
    var lastDays: [Int?] = []
    /// Recall and "due" on the plan's date, for the ranking and the reminders.
    var onDate: VocabularyDayFacts?

    init(profile: LearnerProfile, state: LearnerState, words: [VocabularyWord], date: EpochDay) throws(PlanEngineError) {
      guard !words.isEmpty else { return }
      assert(VocabularyKeyOrder.strictlyIncreasing(words), "the state's words come in key order")
      let learner = Learner(directory: "", profile: profile, state: state, torn: nil, fromSnapshot: false, eventsFolded: 0)
      let clock = try learner.vocabularyClock()
      lastDays = VocabularyRanking.lastReviewDays(words, clock: clock)
      onDate = VocabularyDayFacts(words, lastDays: lastDays, on: date, model: learner.memoryModel,
                                  desiredRetention: profile.retention.vocabulary)
    }
  }

  /// The same with the state's vocabulary words already built (they sort every item).
  static func vocabularyCandidates(profile: LearnerProfile, state: LearnerState, words: [VocabularyWord], facts: WordFacts,
                                   date: EpochDay) throws(PlanEngineError) -> [VocabularyCandidate] {
    let learner = Learner(directory: "", profile: profile, state: state, torn: nil, fromSnapshot: false, eventsFolded: 0)
    if words.isEmpty { return [] }
    let clock = try learner.vocabularyClock()
    let day = EpochDay(date.value)
    let model = learner.memoryModel
    // The whole day's minutes: the composition, not the vocabulary planner, splits the budget.
    // The reasons' texts are written for the items the composition chooses (``DailyPlanner/plan(_:)``).
    var input = VocabularyPlanner.Input(
      day: day, clock: clock, words: words, newWordsPerDay: profile.vocabulary.newWordsPerDay,
      budgetMinutes: Double(max(profile.minutes(on: Weekday.of(date)), 1)), desiredRetention: profile.retention.vocabulary,
      model: model, timings: VocabularyTimings(meanReviewSeconds: state.habits.secondsPerVocabularyReview,
                                               reviewCount: state.habits.vocabularyTimedReviews))
    input.lastReviewDays = facts.lastDays
    input.dayFacts = facts.onDate
    let planned = try VocabularyPlanner.planned(input, texts: false)
    let plan = planned.plan
    // Each item's word: the one the item was planned from (the keys are unique, ``WordFacts``).
    let tomorrow = day.advanced(by: 1)
    return zip(plan.items + plan.deferred, planned.sources).enumerated().map { k, pair in
      let (item, index) = pair
      let isNew = item.kind == .new
      let lastDay = planned.lastDays[index]
      // (The word is read in place: a copy would retain its strings and arrays.)
      var candidate = VocabularyCandidate(
        kind: isNew ? .new : .review, english: item.english, translations: item.translations,
        estimatedSeconds: item.estimatedSeconds, recall: item.recall,
        recallTomorrow: isNew ? nil : VocabularyRanking.recall(words[index].memory, lastDay: lastDay, on: tomorrow, model: model),
        weight: VocabularyPriority.weight(popularity: item.popularity), popularity: item.popularity,
        days: isNew ? nil : VocabularyRanking.elapsedDays(lastDay: lastDay, on: day),
        reasonCode: item.reason.code, reasonText: item.reason.text, leech: item.leech == true)
      candidate.reviewReason = planned.reviewReason(ofItem: k)
      return candidate
    }
  }

  /// The day's vocabulary reminders, as planned before the day starts.
  static func reminders(profile: LearnerProfile, state: LearnerState, words: [VocabularyWord], facts: WordFacts,
                        date: EpochDay) throws(PlanEngineError) -> [DailyPlanReminder] {
    let learner = Learner(directory: "", profile: profile, state: state, torn: nil, fromSnapshot: false, eventsFolded: 0)
    if words.isEmpty { return [] }
    let clock = try learner.vocabularyClock()
    // A reminder setting never takes the day's plan down: a profile whose reminder settings
    // leave no time (refused by `config` since, but possibly written before) plans without them.
    guard let policy = try? learner.reminderPolicy() else { return [] }
    var input = ReminderScheduler.Input(clock: clock, policy: policy, habits: state.reminderHabits, words: words,
                                        model: learner.memoryModel, desiredRetention: profile.retention.vocabulary)
    input.wordsInKeyOrder = true  // (``WordFacts``)
    input.lastReviewDays = facts.lastDays
    input.dayFacts = facts.onDate
    return try ReminderScheduler.reminders(input, day: EpochDay(date.value)).map { r in
      DailyPlanReminder(at: r.localTime, localTime: String(r.localTime.dropFirst(11).prefix(5)), english: r.english,
                        mode: r.mode.rawValue, text: r.text, actions: r.actions.map(\.rawValue))
    }
  }
}
