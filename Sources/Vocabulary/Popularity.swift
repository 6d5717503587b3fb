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
  public static func next(_ popularity: Int, _ activity: WordActivity) -> Int {
    switch activity {
    case .lookup, .opened, .unknown, .quiz(.wrong):
      return popularity + 1
    case .quiz(.right), .quiz(.typo), .known, .reset:
      return 0
    case .added, .edited:
      return popularity
    }
  }
}

/// Popularity of one word folded over its activities in time order, with the "I don't know
/// shows the card" rule (see ``Popularity``).
public struct PopularityCounter: Sendable, Hashable, Codable {
  /// An `opened` this many seconds or less after an `unknown` is the card that `unknown` showed.
  public static let unknownCardWindow: TimeInterval = 120

  public private(set) var popularity: Int
  /// When the last "I don't know" happened, while its card may still be opening.
  public private(set) var lastUnknownAt: Date?

  public init(popularity: Int = 0, lastUnknownAt: Date? = nil) {
    self.popularity = popularity
    self.lastUnknownAt = lastUnknownAt
  }

  /// The counter after one more event (events must come in time order).
  public func applying(_ event: WordActivityEvent) -> PopularityCounter {
    var next = self
    if case .opened = event.activity, let unknownAt = lastUnknownAt,
      event.at >= unknownAt, event.at.timeIntervalSince(unknownAt) <= Self.unknownCardWindow
    {
      next.lastUnknownAt = nil  // that card is accounted for; a later opening counts again
      return next
    }
    next.popularity = Popularity.next(popularity, event.activity)
    if case .unknown = event.activity { next.lastUnknownAt = event.at }
    return next
  }

  /// Folds events (sorted here by time, stable) from a zero count.
  public static func fold(_ events: [WordActivityEvent]) -> PopularityCounter {
    let ordered = events.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }
    return ordered.reduce(PopularityCounter()) { $0.applying($1.element) }
  }
}
