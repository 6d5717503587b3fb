import Foundation
import MemoryModels

/// What a learner did with one word, as the vocabulary rules see it. The learner store maps
/// its word and quiz events onto these; the rules below are pure functions of them.
public enum WordActivity: Sendable, Hashable {
  /// The word was added to the dictionary (popularity starts at 0).
  case added
  /// Its translations were edited.
  case edited
  /// A translation request for the word (the seed app's "translate").
  case lookup
  /// Its card was opened.
  case opened
  /// A quiz answer, with the checker's verdict.
  case quiz(AnswerVerdict)
  /// "I know this word".
  case known
  /// "I don't know this word" (which also shows the card: one action, not two).
  case unknown
  /// An explicit popularity reset.
  case reset

  /// The memory-model grade this activity is evidence of, or nil when it is no review:
  /// - look-up → Again (the learner had to ask: a failed recall), "I don't know" → Again;
  /// - quiz → right Good, typo Hard, wrong Again;
  /// - "I know this word" → Good (a self-report of recall).
  /// Opening a card, adding, editing and a popularity reset are not evidence. Several ratings
  /// of one learning day reach the model as one, the lowest (``DailyMemory``).
  @inlinable
  public var evidence: Rating? {
    switch self {
    case .lookup, .unknown: .again
    case .quiz(let verdict): verdict.rating
    case .known: .good
    case .opened, .added, .edited, .reset: nil
    }
  }
}

/// One timed word activity, the input of the reminder scheduler's day (``ReminderDayEvent``).
public struct WordActivityEvent: Sendable, Hashable {
  public var at: Date
  public var activity: WordActivity

  public init(at: Date, activity: WordActivity) {
    self.at = at
    self.activity = activity
  }

  /// `at` in whole milliseconds since the epoch, as the event log times events.
  public var millis: Int64 { Int64((at.timeIntervalSince1970 * 1000).rounded()) }
}
