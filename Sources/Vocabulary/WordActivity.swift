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
  /// The learner suspended the word (a leech they gave up on for now): no plan, no reminder.
  case suspended
  /// The word is back from suspension.
  case unsuspended

  /// The memory-model grade this activity is evidence of, or nil when it is no review.
  /// `studied`: whether the word already had a rating on an earlier learning day (a memory state
  /// from before today).
  /// - look-up: of a word never studied (or studied only today) nil: that is how a word
  ///   *enters* (the learner translated it, the app saved it), not a failed recall; of a word
  ///   studied on an earlier day Again (the learner met the word and could not produce it: the
  ///   weight of one lapse, see docs/vocabulary.md "Look-ups");
  /// - "I don't know" → Again; quiz → right Good, typo Hard, wrong Again;
  /// - "I know this word" → Good (a self-report of recall).
  /// Opening a card, adding, editing and a popularity reset are not evidence. Several ratings
  /// of one learning day reach the model as one, the lowest (``DailyMemory``).
  @inlinable
  public func evidence(studied: Bool) -> Rating? {
    switch self {
    case .lookup: studied ? .again : nil
    case .unknown: .again
    case .quiz(let verdict): verdict.rating
    case .known: .good
    case .opened, .added, .edited, .reset, .suspended, .unsuspended: nil
    }
  }

  /// Whether this activity tells that the learner could not produce the word (a failure for
  /// the reminders' "repeat only after a failure" and for popularity).
  @inlinable
  public var isFailure: Bool {
    switch self {
    case .lookup, .unknown, .quiz(.wrong): true
    default: false
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
