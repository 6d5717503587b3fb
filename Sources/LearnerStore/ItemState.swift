import MemoryModels
import PlannerCore
import Vocabulary

/// What the fold knows about one item: a Quran review unit (a mushaf page, key `p582`) or a
/// word (key `w:` + the word key).
public struct ItemState: Sendable, Equatable {
  /// The memory model's view under the daily rule (one rating per learning day, the lowest).
  public var daily = DailyMemory()
  /// Memory state after the last learning day's rating (nil: never rated).
  public var memory: MemoryState? {
    get { daily.memory }
    set { daily.memory = newValue }
  }
  /// State before `lastDay`'s rating, so a later event of the same day can re-decide it.
  public var previousMemory: MemoryState? {
    get { daily.previousMemory }
    set { daily.previousMemory = newValue }
  }
  /// Learning day of the rating before `lastDay` (nil on the first day).
  public var previousDay: Int? {
    get { daily.previousDay }
    set { daily.previousDay = newValue }
  }
  /// Learning day of the last rating that reached the model.
  public var lastDay: Int? {
    get { daily.lastDay }
    set { daily.lastDay = newValue }
  }
  /// The rating folded for `lastDay` (1–4; 0 when never rated).
  public var dayRating: Int {
    get { daily.dayRating?.rawValue ?? 0 }
    set { daily.dayRating = Rating(rawValue: newValue) }
  }
  /// Time of the last scheduling event (ms since epoch).
  public var lastReviewMillis: Int64?
  /// Scheduling events, same-day repeats included.
  public var reviews: Int = 0
  /// Learning days whose rating reached the model.
  public var reviewDays: Int = 0
  /// Learning days rated Again.
  public var lapses: Int = 0
  /// Vocabulary popularity and its "I don't know shows the card" window (the seed app's rule,
  /// ``PopularityCounter``; 0 for Quran units).
  public var popularityCounter = PopularityCounter()
  public var popularity: Int {
    get { popularityCounter.popularity }
    set { popularityCounter.popularity = newValue }
  }
  public var lookups: Int = 0
  public var opens: Int = 0
  public var quizzes: Int = 0
  public var quizzesWrong: Int = 0
  /// When the last "I don't know" happened (ms), while the card it shows may still be opening:
  /// that opening is part of the same action, not a second +1 (see `PopularityCounter`).
  public var lastUnknownMillis: Int64? {
    get { popularityCounter.lastUnknownMillis }
    set { popularityCounter.lastUnknownMillis = newValue }
  }
  /// Recitation mistakes that fell on this unit (or on recitations containing it).
  public var mistakes: Int = 0
  /// For words: the dictionary entry.
  public var word: WordEntry?

  public init() {}
}

/// A word of the learner's dictionary.
///
/// The stored properties have no initial values: with them, the initializer built the entry in
/// a temporary and copied it out (every string and list retained, the temporary released), six
/// atomic operations and ~200 instructions for each of the thousands of words a load reads.
public struct WordEntry: Sendable, Equatable {
  public var english: String
  public var ukrainian: [String] {
    get { ukrainianList.strings }
    set { ukrainianList = TextList(newValue) }
  }
  /// The same, possibly still encoded (read from a snapshot: decoded only when read).
  public var ukrainianList: TextList
  public var addedMillis: Int64
  public var deleted: Bool
  /// Suspended by the learner (`word.suspended`): kept, but out of plans and reminders.
  public var suspended: Bool
  /// Position in the deck it was imported from (`word.added`'s `rank`), so new words come in
  /// deck order; nil for a word added by hand.
  public var rank: Optional<Int>  // (spelled out: `Int?` would be given nil as an initial value)
  /// Its tags (decks: `word.tagged`, `word.untagged`), first spelling kept, in the order given.
  public var tags: [String]

  public init(english: String, ukrainian: [String], addedMillis: Int64, deleted: Bool = false, suspended: Bool = false,
              rank: Int? = nil, tags: [String] = []) {
    self.init(english: english, ukrainianList: TextList(ukrainian), addedMillis: addedMillis, deleted: deleted,
              suspended: suspended, rank: rank, tags: tags)
  }

  public init(english: String, ukrainianList: TextList, addedMillis: Int64, deleted: Bool = false, suspended: Bool = false,
              rank: Int? = nil, tags: [String] = []) {
    self.english = english; self.ukrainianList = ukrainianList; self.addedMillis = addedMillis; self.deleted = deleted
    self.suspended = suspended; self.rank = rank; self.tags = tags
  }
}

/// The learner's habits, from what they actually did.
public struct Habits: Sendable, Equatable {
  /// Seconds and mushaf lines of recitations that recorded their seconds.
  public var recitationSeconds: Double = 0
  public var recitationLines: Double = 0
  /// Seconds and count of vocabulary reviews (quizzes) that recorded their seconds.
  public var vocabularySeconds: Double = 0
  public var vocabularyTimedReviews: Int = 0
  /// Practice events per local hour 0–23 (recitations, quizzes, look-ups, plan items done).
  public var practiceHours: [Int] = Array(repeating: 0, count: 24)
  public var plansOpened: Int = 0
  public var planItemsDone: Int = 0
  public var planItemsSkipped: Int = 0
  public var remindersShown: Int = 0
  public var remindersActed: Int = 0
  /// Distinct learning days with any practice.
  public var activeDays: Int = 0
  public var lastActiveDay: Int?

  public init() {}

  /// Seconds per mushaf line recited (nil until measured).
  public var secondsPerLine: Double? { recitationLines > 0 ? recitationSeconds / recitationLines : nil }
  /// Seconds per vocabulary review (nil until measured).
  public var secondsPerVocabularyReview: Double? {
    vocabularyTimedReviews > 0 ? vocabularySeconds / Double(vocabularyTimedReviews) : nil
  }
  /// Share of plan items done among those done or skipped (nil until any).
  public var planCompletion: Double? {
    planItemsDone + planItemsSkipped > 0 ? Double(planItemsDone) / Double(planItemsDone + planItemsSkipped) : nil
  }
}
