import Foundation

/// The seed app's popularity rules, as a pure fold step.
///
/// | activity | popularity |
/// |---|---|
/// | look-up, card opened, wrong quiz answer, "I don't know" | +1 |
/// | right or typo quiz answer, "I know", explicit reset | reset to 0 |
/// | added, edited | unchanged (a new word starts at 0) |
///
/// "I don't know this word" shows the word's card: that is part of the same action. Apps may
/// still log the card opening as its own event, so an `opened` within
/// ``PopularityCounter/unknownCardWindow`` seconds after an `unknown` of the same word is not
/// counted again.
public enum Popularity {
  /// Popularity after one activity.
  @inlinable
  public static func next(_ popularity: Int, _ activity: WordActivity) -> Int {
    switch activity {
    case .lookup, .opened, .unknown, .quiz(.wrong):
      return popularity + 1
    case .quiz(.right), .quiz(.typo), .known, .reset:
      return 0
    case .added, .edited, .suspended, .unsuspended:
      return popularity
    }
  }
}

/// Popularity of one word folded over its activities in time order, with the "I don't know
/// shows the card" rule (see ``Popularity``): the one implementation, which the learner fold
/// (each word's item) and the reminder scheduler (the day's events) both apply.
public struct PopularityCounter: Sendable, Hashable {
  /// An `opened` this many seconds or less after an `unknown` is the card that `unknown` showed.
  public static let unknownCardWindow: TimeInterval = 120
  @usableFromInline static let unknownCardWindowMillis: Int64 = 120_000

  public var popularity: Int
  /// When the last "I don't know" happened (ms since the epoch), while its card may still be opening.
  public var lastUnknownMillis: Int64?

  @inlinable
  public init(popularity: Int = 0, lastUnknownMillis: Int64? = nil) {
    self.popularity = popularity
    self.lastUnknownMillis = lastUnknownMillis
  }

  /// One more activity at `ms` (activities must come in time order).
  @inlinable
  public mutating func apply(_ activity: WordActivity, atMillis ms: Int64) {
    if case .opened = activity, let unknown = lastUnknownMillis, ms >= unknown, ms - unknown <= Self.unknownCardWindowMillis {
      lastUnknownMillis = nil  // that card is accounted for; a later opening counts again
      return
    }
    popularity = Popularity.next(popularity, activity)
    if case .unknown = activity { lastUnknownMillis = ms }
  }

  /// The counter after one more event (events must come in time order).
  public func applying(_ event: WordActivityEvent) -> PopularityCounter {
    var next = self
    next.apply(event.activity, atMillis: event.millis)
    return next
  }
}
