import Foundation
import MemoryModels
import PlannerCore
import Vocabulary

/// The seam between the learner store (profile, events, fold) and the vocabulary functions.
extension Learner {
  /// The learner's clock (timezone and day start) as the vocabulary functions use it.
  public func vocabularyClock() throws(PlanEngineError) -> LearningDayClock {
    try LearningDayClock(timeZoneIdentifier: profile.timezone, dayStartHour: profile.dayStartHour)
  }

  /// The FSRS-6 model with the learner's parameters.
  public var memoryModel: FSRS6 { FSRS6(parameters: FSRSParameters(uncheckedWeights: profile.parameters)) }

  /// The dictionary (added, not deleted), in key order.
  public var vocabularyWords: [VocabularyWord] { Self.vocabularyWords(state) }

  /// A word is suspended when it is (`word.suspended`) or when one of its tags is a suspended
  /// deck (`deck.suspended`).
  public static func vocabularyWords(_ state: LearnerState) -> [VocabularyWord] {
    let decks = state.suspendedDecks
    let items = state.items
    // The table is in key order, and the word keys (`w:` + the word key) are in the order of
    // their word keys: the words come out in key order with unique keys, without a sort. The
    // entry is checked first (a Quran unit has none), then the key. Each item's fields are read
    // in place through a pointer: a copy of the item, or of its entry, retained and released its
    // strings and lists (about half of this function's cost).
    // Each word is made in place in the list's storage (an append checked the list's
    // uniqueness and capacity, then copied the word in).
    return [VocabularyWord](unsafeUninitializedCapacity: items.count) { words, made in
      items.forEachInKeyOrder { key, item in
        // (Optional chaining reads the flag in place; `word != nil` copied the entry first.)
        guard item.pointee.word?.deleted == false, ItemKey.isWord(key.pointee) else { return }
        let tags = item.pointee.word.unsafelyUnwrapped.tags
        (words.baseAddress! + made).initialize(to: VocabularyWord(
          english: item.pointee.word.unsafelyUnwrapped.english, translationList: item.pointee.word.unsafelyUnwrapped.ukrainianList,
          addedAt: Date(timeIntervalSince1970: Double(item.pointee.word.unsafelyUnwrapped.addedMillis) / 1000),
          popularity: item.pointee.popularity, memory: item.pointee.memory,
          lastReviewedAt: item.pointee.lastReviewMillis.map { Date(timeIntervalSince1970: Double($0) / 1000) },
          lastRating: Rating(rawValue: item.pointee.dayRating), rank: item.pointee.word.unsafelyUnwrapped.rank,
          reviewDays: item.pointee.reviewDays, lapses: item.pointee.lapses,
          suspended: item.pointee.word.unsafelyUnwrapped.suspended
            || (!decks.isEmpty && tags.contains { decks.contains(DeckTag.key($0)) }), tags: tags))
        made += 1
      }
    }
  }

  /// The reminder settings of the profile, validated (an error names the profile key).
  public func reminderPolicy() throws(PlanEngineError) -> ReminderPolicy { try profile.reminderPolicy() }

  /// A word event as a vocabulary activity (nil for other events).
  public static func wordActivity(_ payload: EventPayload) -> (english: String, activity: WordActivity)? {
    switch payload {
    case .wordAdded(let e, _, _): return (e, .added)
    case .wordEdited(let e, _): return (e, .edited)
    case .wordLookedUp(let e, _): return (e, .lookup)
    case .wordOpened(let e): return (e, .opened)
    case .wordQuizzed(let e, _, let verdict, _): return (e, .quiz(verdict))
    case .wordKnown(let e): return (e, .known)
    case .wordUnknown(let e): return (e, .unknown)
    case .wordReset(let e): return (e, .reset)
    case .wordSuspended(let e): return (e, .suspended)
    case .wordUnsuspended(let e): return (e, .unsuspended)
    case .wordTagged(let e, _), .wordUntagged(let e, _): return (e, .edited)
    case .reminderActed(let e?, let action): return LearnerFold.activity(of: action).map { (e, $0) }
    default: return nil
    }
  }

  /// What `planner remind` needs at `now`: the scheduler input with the word states as of the
  /// start of the current learning day (what the nightly plan knew), and the day's events up to
  /// `now` (what it could not know). `profile` carries the parameters in force (the daily plan's,
  /// see DailyPlanning's `LearnerDailyPlanner.load`), `state` is the fold of `history` with them.
  public static func reminderContext(profile: LearnerProfile, state: LearnerState, history: [LearnerEvent], now: Date)
    throws(PlanEngineError) -> (ReminderScheduler.Input, [ReminderDayEvent])
  {
    try reminderContext(profile: profile, state: state, now: now) { startMillis in
      let ordered = LearnerFold.timeOrdered(history)
      return (LearnerFold.replay(profile: profile, events: ordered.filter { $0.time.epochMillis < startMillis }), ordered)
    }!
  }

  /// The same from the events a snapshot load keeps (``RecentEvents``), without the history;
  /// nil when the learning day started before the snapshot's watermark.
  package static func reminderContext(profile: LearnerProfile, state: LearnerState, recent: RecentEvents, now: Date)
    throws(PlanEngineError) -> (ReminderScheduler.Input, [ReminderDayEvent])?
  {
    try reminderContext(profile: profile, state: state, now: now) { startMillis in
      recent.stateBefore(startMillis, profile: profile).map { ($0.state, LearnerFold.timeOrdered($0.events)) }
    }
  }

  /// `start(dayStartMillis)`: the state before the day's start and the events (time order)
  /// from which the day's are taken.
  static func reminderContext(profile: LearnerProfile, state: LearnerState, now: Date,
                              start: (Int64) -> (LearnerState, [LearnerEvent])?)
    throws(PlanEngineError) -> (ReminderScheduler.Input, [ReminderDayEvent])?
  {
    let learner = Learner(directory: "", profile: profile, state: state, torn: nil, fromSnapshot: false, eventsFolded: 0)
    let clock = try learner.vocabularyClock()
    let policy = try learner.reminderPolicy()
    let today = clock.learningDay(of: now)
    let dayStart = clock.instant(of: today, minute: clock.dayStartHour * 60)
    let startMillis = Int64((dayStart.timeIntervalSince1970 * 1000).rounded(.down))
    let nowMillis = Int64((now.timeIntervalSince1970 * 1000).rounded(.down))
    guard let (startState, ordered) = start(startMillis) else { return nil }
    var dayEvents: [ReminderDayEvent] = []
    for e in ordered where e.time.epochMillis >= startMillis && e.time.epochMillis <= nowMillis {
      let at = Date(timeIntervalSince1970: Double(e.time.epochMillis) / 1000)
      if case .reminderShown(let english?, _) = e.payload {
        dayEvents.append(.shown(english: english, at: at))
      } else if case .reminderActed(let english?, let action) = e.payload, action != .dismissed {
        // A press of a reminder button answers the reminder (not ignored); the buttons with a
        // meaning are also the word's activity.
        dayEvents.append(.acted(english: english, at: at))
        if let activity = LearnerFold.activity(of: action) {
          dayEvents.append(.activity(english: english, WordActivityEvent(at: at, activity: activity)))
        }
      } else if let (english, activity) = wordActivity(e.payload) {
        dayEvents.append(.activity(english: english, WordActivityEvent(at: at, activity: activity)))
      }
    }
    // Words added today are known to the scheduler too (they have no memory state yet).
    var words = vocabularyWords(startState)
    let known = Set(words.map(\.key))
    for w in learner.vocabularyWords where !known.contains(w.key) {
      var fresh = w
      fresh.memory = nil
      fresh.popularity = 0
      fresh.lastReviewedAt = nil
      fresh.lastRating = nil
      words.append(fresh)
    }
    let live = Set(learner.vocabularyWords.map(\.key))
    words = words.filter { live.contains($0.key) }  // deleted today: gone
    let habits = startState.reminderHabits
    return (ReminderScheduler.Input(clock: clock, policy: policy, habits: habits, words: words, model: learner.memoryModel,
                                    desiredRetention: profile.retention.vocabulary), dayEvents)
  }
}

extension LearnerState {
  /// The state as a plan of one deck sees it (`today --deck T`): every word without the tag
  /// `tag` is set aside (suspended), so the plan and its reminders take only the deck's words.
  public func studying(deck tag: String) -> LearnerState {
    var out = self
    for (key, item) in items where ItemKey.isWord(key) {
      guard let w = item.word, !DeckTag.contains(w.tags, tag) else { continue }
      out.items[key]!.word!.suspended = true
    }
    return out
  }

  /// Reminder habits, the one computation of them: practice per local hour (``Habits``), and
  /// reminders shown and ignored per local hour as the fold keeps them (``PlanInputs``: a
  /// reminder counts as ignored when no action other than `dismissed` follows it within two
  /// hours, or none has yet).
  public var reminderHabits: ReminderHabits {
    ReminderHabits(practiceByHour: habits.practiceHours, shownByHour: plan.remindersShownByHour,
                   ignoredByHour: plan.remindersIgnoredNow)
  }
}

extension LearnerProfile {
  /// The reminder settings of this profile as the scheduler takes them, validated; an error
  /// names the profile's own key (`vocabulary.quietHours`, `vocabulary.reminderEveryMinutes`…),
  /// the one `planner config` sets.
  public func reminderPolicy() throws(PlanEngineError) -> ReminderPolicy {
    let v = vocabulary
    let waking = try ReminderPolicy.Window(parsing: v.wakingHours, keyPath: "vocabulary.wakingHours")
    var quiet: [ReminderPolicy.Window] = []
    for (i, text) in v.quietHours.enumerated() {
      quiet.append(try ReminderPolicy.Window(parsing: text, keyPath: "vocabulary.quietHours[\(i)]"))
    }
    let policy = ReminderPolicy(
      frequencyMinutes: v.reminderEveryMinutes, dailyCap: v.reminderDailyCap, wakeAt: waking.from, sleepAt: waking.to,
      quietHours: quiet, mode: v.mode,
      repeatGapHours: v.reminderRepeatGapHours ?? VocabularySettings.defaultReminderRepeatGapHours)
    do { _ = try policy.validatedAllowedMinutes() } catch {
      guard case .invalidValue(let key, let value, let expected) = error else { throw error }
      let names = [
        "vocabulary.reminders.frequencyMinutes": "vocabulary.reminderEveryMinutes",
        "vocabulary.reminders.dailyCap": "vocabulary.reminderDailyCap",
        "vocabulary.reminders.repeatGapHours": "vocabulary.reminderRepeatGapHours",
        "vocabulary.reminders.wakeAt": "vocabulary.wakingHours",
      ]
      let profileKey = names[key] ?? key.replacingOccurrences(of: "vocabulary.reminders.", with: "vocabulary.")
      throw .invalidValue(keyPath: profileKey, value: value, expected: expected)
    }
    return policy
  }
}
