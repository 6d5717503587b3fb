/// One card's reviews in time order, as the models, the optimizer and the evaluator consume
/// them. Built by the review-log importer (`ReviewLogs`) or by a learner's event fold.
public struct CardHistory: Sendable, Hashable {
  public var cardID: Int64
  /// Review times in milliseconds since the Unix epoch, ascending.
  public var times: [Int64]
  /// Whole learning days since the card's previous review; −1 on its first review, 0 for a
  /// same-day review.
  public var elapsedDays: [Int32]
  public var ratings: [Rating]

  public init(cardID: Int64, times: [Int64] = [], elapsedDays: [Int32] = [], ratings: [Rating] = []) {
    precondition(times.count == elapsedDays.count && times.count == ratings.count)
    self.cardID = cardID
    self.times = times
    self.elapsedDays = elapsedDays
    self.ratings = ratings
  }

  public var count: Int { ratings.count }

  public mutating func append(time: Int64, elapsedDays t: Int32, rating: Rating) {
    times.append(time)
    elapsedDays.append(t)
    ratings.append(rating)
  }
}
