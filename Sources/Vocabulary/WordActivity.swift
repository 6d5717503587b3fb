import Foundation

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
}

/// One timed word activity, the input of ``DailyReview`` and ``PopularityCounter``.
public struct WordActivityEvent: Sendable, Hashable {
  public var at: Date
  public var activity: WordActivity

  public init(at: Date, activity: WordActivity) {
    self.at = at
    self.activity = activity
  }
}
