/// One item's memory under the daily rule, the one place it lives: at most one rating per item
/// per learning day reaches the memory model (`FSRS6.md` §4.4; same-day ratings would inflate
/// stability), and it is the **lowest** rating of that day's evidence. A failure at any time of
/// the day means the item was not solid (a look-up in the evening after a lucky quiz in the
/// morning is still a lapse; five drills rated Easy are one Easy), and the rule does not depend
/// on the order of the day's events: when a later event lowers the day's rating, the day is
/// re-decided from the state before it. The learner fold keeps one of these per item (Quran
/// review units and words alike).
public struct DailyMemory: Sendable, Equatable {
  /// Memory state after the last learning day's rating (nil: never rated).
  public var memory: MemoryState?
  /// State before `lastDay`'s rating, so a later event of the same day can re-decide it.
  public var previousMemory: MemoryState?
  /// Learning day of the rating before `lastDay` (nil on the first day).
  public var previousDay: Int?
  /// Learning day of the last rating that reached the model.
  public var lastDay: Int?
  /// The rating that reached the model for `lastDay` (nil: never rated).
  public var dayRating: Rating?

  @inlinable
  public init(memory: MemoryState? = nil, previousMemory: MemoryState? = nil, previousDay: Int? = nil,
              lastDay: Int? = nil, dayRating: Rating? = nil) {
    self.memory = memory; self.previousMemory = previousMemory; self.previousDay = previousDay
    self.lastDay = lastDay; self.dayRating = dayRating
  }

  /// What one more rating did.
  public enum Change: Sendable, Equatable {
    /// The first rating of a new learning day, `elapsedDays` after the previous one (nil: the first ever).
    case newDay(elapsedDays: Int?)
    /// A lower rating on the same day: the day re-decided with it.
    case lowered
    /// No lower than the day's rating: nothing reaches the model.
    case unchanged
  }

  /// Applies a rating given on learning day `day` (ratings come in time order, so `day` is
  /// never before `lastDay`; a rating dated before it counts for the last day).
  ///
  ///     new day d > lastDay:  previous ← memory,  memory ← next(memory, d − lastDay, g)
  ///     same day, g < day's:  memory ← next(previous, lastDay − previousDay, g)
  @inlinable
  public mutating func rate(_ rating: Rating, day: Int, model: FSRS6) -> Change {
    if let last = lastDay, day <= last {
      guard let current = dayRating, rating < current else { return .unchanged }
      dayRating = rating
      memory = model.nextState(previousMemory, elapsedDays: previousDay.map { last - $0 } ?? 0, rating: rating)
      return .lowered
    }
    previousMemory = memory
    previousDay = lastDay
    lastDay = day
    dayRating = rating
    let elapsed = previousDay.map { day - $0 }
    memory = model.nextState(memory, elapsedDays: elapsed ?? 0, rating: rating)
    return .newDay(elapsedDays: elapsed)
  }
}
