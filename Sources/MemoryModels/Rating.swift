/// A review outcome on the four-button scale shared by FSRS, Anki and our planners.
///
/// Only ``again`` is a lapse; ``hard``, ``good`` and ``easy`` are successful recalls.
public enum Rating: Int, Sendable, Hashable, CaseIterable, Codable, Comparable {
  case again = 1
  case hard = 2
  case good = 3
  case easy = 4

  /// Whether the rating counts as a successful recall (G > 1).
  @inlinable public var isRecall: Bool { self != .again }

  public static func < (lhs: Rating, rhs: Rating) -> Bool { lhs.rawValue < rhs.rawValue }

  /// The rating for a number from a file or the command line; anything outside 1…4 throws
  /// ``MemoryModelsError/invalidRating(_:)`` (fsrs-rs's "0 = keep the state" is rejected too).
  @inlinable
  public init(validating value: Int) throws(MemoryModelsError) {
    guard let rating = Rating(rawValue: value) else { throw .invalidRating(value) }
    self = rating
  }
}
