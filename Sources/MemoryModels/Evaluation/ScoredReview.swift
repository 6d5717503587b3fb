/// A review the protocol scores: after its card's first, on a later learning day (t ≥ 1).
/// Made when read from ``ScoredReviews`` (the evaluation keeps 4 bytes per scored review, its
/// position in the ``CardReviewStore``, not this).
public struct ScoredReview: Sendable, Hashable {
  public var cardID: Int64
  public var time: Int64
  private var card32: Int32
  private var index32: Int32
  private var elapsed32: Int32
  private var lapses32: Int32
  public var rating: Rating
  /// Index into the evaluated cards, and of the review in that card.
  public var card: Int {
    get { Int(card32) }
    set { card32 = Int32(newValue) }
  }
  public var index: Int {
    get { Int(index32) }
    set { index32 = Int32(newValue) }
  }
  public var elapsedDays: Int {
    get { Int(elapsed32) }
    set { elapsed32 = Int32(clamping: newValue) }
  }
  /// Lapses (Again on a later day) before this review.
  public var lapses: Int {
    get { Int(lapses32) }
    set { lapses32 = Int32(newValue) }
  }

  init(card: Int, index: Int, cardID: Int64, time: Int64, rating: Rating, elapsedDays: Int, lapses: Int) {
    self.cardID = cardID
    self.time = time
    card32 = Int32(card)
    index32 = Int32(index)
    elapsed32 = Int32(clamping: elapsedDays)
    lapses32 = Int32(lapses)
    self.rating = rating
  }

  public var recalled: Bool { rating != .again }
  /// The RMSE bin: elapsed days, 1-based position in the card's history, lapses before.
  public var bin: EvaluationMetrics.BinKey {
    EvaluationMetrics.BinKey(elapsedDays: elapsedDays, position: index + 1, lapses: lapses)
  }
}
