import Hifz
import MemoryModels
import PlannerCore
import Vocabulary

/// The fold: state = events (in time order) applied one by one to an empty state, with the
/// profile's timezone, day start and FSRS-6 parameters. Pure: same profile and events, same
/// state, whether replayed from the start or continued from a snapshot.
///
/// **The daily rule.** At most one rating per item per learning day reaches the memory model
/// (FSRS6.md §4.4): the day's rating is the *lowest* rating of that day's scheduling events
/// for the item (a lapse at any time of the day is a lapse; five drills rated Easy are one
/// Easy). When a later event of the same day lowers it, the day is re-decided from the state
/// before that day, so the order of events within a day does not matter. Look-ups of studied
/// words, "I don't know" and wrong answers are Again, so several in a day fold into one Again.
///
/// Ratings from events: a recitation rates every review unit it touches (a page `p582`, or a
/// one-page surah `s114`) by `QuranGrading.unitRatings` (the recorded grade when no mistake is
/// located; otherwise from the mistakes per line in each unit: a slip is Hard, not forgotten);
/// quiz right → Good, typo → Hard, wrong → Again;
/// look-up → Again for a word rated on an earlier learning day, nothing for a word never
/// studied (a look-up is how a word enters; ``WordActivity/evidence(studied:)``);
/// known → Good; unknown → Again (also from a reminder's buttons, `reminder.acted`). Opening a
/// card, adding, editing, resetting, tagging or suspending a word (or a deck) are not reviews.
///
/// Adding a word that is in the dictionary merges the new translations into its list; adding
/// it back after a deletion restores it with the new translations and its history.
///
/// Popularity (the seed app's rule): +1 for a look-up, opening the card, a wrong answer and
/// "I don't know"; back to 0 for a right answer or typo, "I know" and a reset.
public struct LearnerFold: Sendable {
  public private(set) var state: LearnerState
  let model: FSRS6
  var clock: LearningDayClock
  /// When set, every rating that reaches the model is also kept per item (for the optimizer).
  var histories: [String: CardHistory]?
  /// Parsed ranges and their review units, by canonical text (the same pages recur for years).
  var ranges: [String: (AyahRange, [ReviewUnitID])] = [:]
  var planDays: [String: Int?] = [:]
  /// The goal's declared memorisation: a unit's first recorded review builds on it.
  let declared: DeclaredMemory

  public init(profile: LearnerProfile, state: LearnerState = LearnerState()) {
    self.state = state
    declared = DeclaredMemory(goal: profile.quran.goal)
    model = FSRS6(parameters: FSRSParameters(uncheckedWeights: profile.parameters))
    clock = LearningDayClock(profile: profile)
  }

  /// Before folding `count` events: many lookups to come pay for a hash index of the items
  /// (``ItemTable/buildIndex()``); a night's few new events do not.
  public mutating func prepare(forEvents count: Int) {
    if count > 64 { state.items.buildIndex() }
  }

  /// Replays events from scratch (sorted by time; ties keep log order; corrections applied).
  public static func replay(profile: LearnerProfile, events: [LearnerEvent]) -> LearnerState {
    Instrumentation.count(.fullFold)
    var fold = LearnerFold(profile: profile)
    fold.fold(events)
    return fold.state
  }

  /// Folds `events` (in log order) after the state so far: in time order, each event superseded
  /// by a correction among them folded as corrected (``corrections(in:)``).
  public mutating func fold(_ events: [LearnerEvent]) {
    prepare(forEvents: events.count)
    let fixes = Self.corrections(in: events)
    for e in Self.timeOrdered(events) { apply(e, corrections: fixes) }
  }

  /// The corrections among `events`: target id → its replacement payload (nil: voided). The
  /// last one recorded (in log order) for a target wins.
  public static func corrections(in events: [LearnerEvent]) -> [String: EventPayload?] {
    var fixes: [String: EventPayload?] = [:]
    for e in events { if case .eventCorrected(let target, let replacement) = e.payload { fixes[target] = .some(replacement) } }
    return fixes
  }

  /// Folds one event as `corrections` say it is (see ``fold(_:)``).
  public mutating func apply(_ event: LearnerEvent, corrections: [String: EventPayload?]) {
    guard !corrections.isEmpty, let fix = corrections[event.id] else { return apply(event) }
    apply(event, payload: fix)
  }

  /// Events by time, ties in their given (log) order.
  public static func timeOrdered(_ events: [LearnerEvent]) -> [LearnerEvent] {
    var sorted = true
    for i in events.indices.dropFirst() where events[i].time.epochMillis < events[i - 1].time.epochMillis {
      sorted = false
      break
    }
    if sorted { return events }
    return events.enumerated().sorted {
      ($0.element.time.epochMillis, $0.offset) < ($1.element.time.epochMillis, $1.offset)
    }.map(\.element)
  }

  /// Folds one event; events must come in time order.
  public mutating func apply(_ event: LearnerEvent) { apply(event, payload: event.payload) }

  /// Folds one event with `payload` in place of its own (a correction's; nil: voided, counted
  /// in the history but folded as nothing).
  mutating func apply(_ event: LearnerEvent, payload: EventPayload?) {
    let ms = event.time.epochMillis
    state.eventCount += 1
    state.eventsByType[event.type.rawValue, default: 0] += 1
    state.latestEventMillis = max(state.latestEventMillis ?? ms, ms)
    guard let payload else { return }
    let day = clock.day(atMillis: ms)
    switch payload {
    case .recitation(let r):
      let range: AyahRange
      if let cached = ranges[r.range] {
        range = cached.0
      } else {
        guard let parsed = try? LearnerQuran.parsedRange(r.range).range else { return }
        range = parsed
        ranges[r.range] = (parsed, ReviewUnits.units(overlapping: parsed))
      }
      // The codec admits grades 1...4 only, so every stored recitation converts.
      guard let recitation = r.quranRecitation(day: EpochDay(day), range: range) else { return }
      let located = recitation.mistakesAt
      let ratings = QuranGrading.unitRatings(of: recitation, units: ranges[r.range]!.1)
      for (unit, rating) in ratings {
        let key = unit.description
        let slips = located.isEmpty ? 0 : located.count(where: { ReviewUnits.unit(ofAyah: $0) == unit })
        update(key, creating: true) { item in item.mistakes += slips }
        // Declared memorisation is the unit's state before its first review (not a fresh card).
        if state.items[key]!.daily.lastDay == nil, let seed = declared.seed(unit, firstReviewOn: day) {
          state.items[key]!.daily = seed
        }
        rate(key, rating, day: day, ms: ms)
      }
      state.plan.recited(recitation)
      if let seconds = r.seconds {
        state.habits.recitationSeconds += seconds
        state.habits.recitationLines += Quran.lines(range)
      }
      practiced(day: day, ms: ms)
    case .wordAdded(let e, let uk, let rank):
      added(e, uk, rank: rank, ms: ms)
    case .wordEdited(let e, let uk):
      update(key(e)) { item in item.word?.ukrainian = uk }
    case .wordDeleted(let e):
      update(key(e)) { item in item.word?.deleted = true }
    case .wordSuspended(let e):
      update(key(e)) { item in item.word?.suspended = true }
    case .wordUnsuspended(let e):
      update(key(e)) { item in item.word?.suspended = false }
    case .wordTagged(let e, let tags):
      update(key(e)) { item in
        if let old = item.word?.tags { item.word?.tags = DeckTag.union(old, tags) }
      }
    case .wordUntagged(let e, let tags):
      update(key(e)) { item in item.word?.tags.removeAll { DeckTag.contains(tags, $0) } }
    case .deckSuspended(let tag):
      let k = DeckTag.key(tag)
      if !state.suspendedDecks.contains(k) { state.suspendedDecks = (state.suspendedDecks + [k]).sorted() }
    case .deckUnsuspended(let tag):
      state.suspendedDecks.removeAll { $0 == DeckTag.key(tag) }
    case .wordReset(let e):
      word(e, .reset, day: day, ms: ms)
    case .wordOpened(let e):
      update(key(e)) { item in item.opens += 1 }
      word(e, .opened, day: day, ms: ms)
    case .wordLookedUp(let e, let uk):
      // A look-up that carries a translation adds a word not in the dictionary (one event:
      // the app translated it and saved it); for a word already there the translation is
      // not an edit of its list.
      if let uk, state.items[key(e)]?.word.map({ $0.deleted }) ?? true { added(e, uk, rank: nil, ms: ms) }
      update(key(e)) { item in item.lookups += 1 }
      word(e, .lookup, day: day, ms: ms)
      practiced(day: day, ms: ms)
    case .wordKnown(let e):
      word(e, .known, day: day, ms: ms)
    case .wordUnknown(let e):
      word(e, .unknown, day: day, ms: ms)
    case .wordQuizzed(let e, _, let verdict, let seconds):
      update(key(e)) { item in
        item.quizzes += 1
        if verdict == .wrong { item.quizzesWrong += 1 }
      }
      word(e, .quiz(verdict), day: day, ms: ms)
      if let seconds {
        state.habits.vocabularySeconds += seconds
        state.habits.vocabularyTimedReviews += 1
      }
      practiced(day: day, ms: ms)
    case .reminderShown:
      state.habits.remindersShown += 1
      state.plan.reminderShown(millis: ms, hour: clock.hour(atMillis: ms))
    case .reminderActed(let e, let action):
      state.habits.remindersActed += 1
      if action != .dismissed { state.plan.reminderActed(millis: ms) }
      // The button carries its meaning: "I know" / "I don't know" / the card opened are the
      // word activities themselves (one event per press, no separate word event).
      if let e, let activity = Self.activity(of: action) {
        if case .opened = activity { update(key(e)) { item in item.opens += 1 } }
        word(e, activity, day: day, ms: ms)
      }
    case .planOpened: state.habits.plansOpened += 1
    case .planItemDone(let date, _, _):
      state.habits.planItemsDone += 1
      if let d = planDay(date) { state.plan.planItem(date: d, done: true) }
      practiced(day: day, ms: ms)
    case .planItemSkipped(let date, _):
      state.habits.planItemsSkipped += 1
      if let d = planDay(date) { state.plan.planItem(date: d, done: false) }
    case .settingsChanged, .eventCorrected: break
    }
  }

  /// The word activity a reminder button stands for (nil: `quiz`, whose answer is its own
  /// `word.quizzed` event, and `dismissed`).
  public static func activity(of action: ReminderAction) -> WordActivity? {
    switch action {
    case .known: .known
    case .unknown: .unknown
    case .opened: .opened
    case .quiz, .dismissed: nil
    }
  }

  /// A word enters the dictionary (or gains translations, or comes back after deletion).
  mutating func added(_ e: String, _ uk: [String], rank: Int?, ms: Int64) {
    update(key(e), creating: true) { item in
      if var w = item.word, !w.deleted {
        // Adding a word already in the dictionary merges its translations (no doubles).
        for t in uk where !w.ukrainian.contains(t) { w.ukrainian.append(t) }
        item.word = w
      } else if item.word != nil {
        // Re-added after deletion: back with the new translations, its history kept.
        item.word!.deleted = false
        item.word!.ukrainian = uk
      } else {
        item.word = WordEntry(english: e, ukrainian: uk, addedMillis: ms, rank: rank)
      }
    }
  }

  func key(_ english: String) -> String { ItemKey.word(english) }

  /// A plan date as an epoch day (nil when it is not a date: such events count for nothing).
  mutating func planDay(_ text: String) -> Int? {
    if let known = planDays[text] { return known }
    let d = (try? EpochDay(parsing: text))?.value
    planDays[text] = d
    return d
  }

  /// Changes an item. Word events for a word not (yet, in time order) added are history
  /// only: they leave no item behind.
  mutating func update(_ key: String, creating: Bool = false, _ change: (inout ItemState) -> Void) {
    if !creating, state.items[key] == nil { return }
    change(&state.items[key, default: ItemState()])
  }

  /// A word activity: its popularity (``PopularityCounter``) and, when it is evidence of
  /// recall (``WordActivity/evidence``), its rating under the daily rule.
  mutating func word(_ english: String, _ activity: WordActivity, day: Int, ms: Int64) {
    let key = key(english)
    guard let item = state.items[key] else { return }
    update(key) { item in item.popularityCounter.apply(activity, atMillis: ms) }
    if let rating = activity.evidence(studied: Self.studiedBefore(item.daily, day: day)) { rate(key, rating, day: day, ms: ms) }
  }

  /// Whether an item had a rating on a learning day before `day` (a look-up of it is then
  /// evidence of forgetting; before that, it is how the word enters).
  static func studiedBefore(_ daily: DailyMemory, day: Int) -> Bool {
    guard let last = daily.lastDay else { return false }
    return last < day || daily.previousDay != nil
  }

  /// Applies a rating under the daily rule (``DailyMemory``).
  mutating func rate(_ key: String, _ rating: Rating, day: Int, ms: Int64) {
    guard var item = state.items[key] else { return }
    item.reviews += 1
    item.lastReviewMillis = ms
    switch item.daily.rate(rating, day: day, model: model) {
    case .unchanged: break
    case .lowered:
      if rating == .again { item.lapses += 1 }
      if histories != nil { histories![key]!.ratings[histories![key]!.count - 1] = rating }
    case .newDay(let elapsed):
      // A declared unit's first review has a seeded previous day; to the optimizer it is a first review.
      let elapsed = item.reviewDays == 0 ? nil : elapsed
      item.reviewDays += 1
      if rating == .again { item.lapses += 1 }
      if histories != nil {
        histories![key, default: CardHistory(cardID: Self.cardID(key))].append(
          time: ms, elapsedDays: Int32(elapsed ?? -1), rating: rating)
      }
    }
    state.items[key] = item
  }

  mutating func practiced(day: Int, ms: Int64) {
    state.habits.practiceHours[clock.hour(atMillis: ms)] += 1
    if state.habits.lastActiveDay.map({ day > $0 }) ?? true {
      state.habits.activeDays += 1
      state.habits.lastActiveDay = day
    }
  }

  // MARK: Review histories

  /// Every item's reviews as the memory model saw them (one per learning day, the day's
  /// rating, timed at the day's first scheduling event), for the optimizer and for review-log
  /// export; items in ``LearnerState/sortedKeys`` order.
  public static func reviewHistories(profile: LearnerProfile, events: [LearnerEvent]) -> [(key: String, history: CardHistory)] {
    foldWithHistories(profile: profile, events: events).histories
  }

  /// The replay and the review histories from one fold. The histories (and the review count)
  /// do not depend on the parameters: the daily rule keeps the day's lowest rating whatever the
  /// model, so a refit needs one fold for its input and one with the fitted parameters.
  public static func foldWithHistories(profile: LearnerProfile, events: [LearnerEvent])
    -> (state: LearnerState, histories: [(key: String, history: CardHistory)])
  {
    var fold = LearnerFold(profile: profile)
    fold.histories = [:]
    Instrumentation.count(.fullFold)
    fold.fold(events)
    let h = fold.histories!
    return (fold.state, fold.state.sortedKeys.compactMap { key in h[key].map { (key, $0) } })
  }

  /// A stable card id for an item key: FNV-1a 64 of its UTF-8 bytes, top bit cleared.
  public static func cardID(_ key: String) -> Int64 {
    Int64(bitPattern: FNV1a64.hash(key) & 0x7FFF_FFFF_FFFF_FFFF)
  }
}
