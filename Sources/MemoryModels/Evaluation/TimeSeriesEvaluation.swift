/// The models `planner evaluate` can score.
public enum EvaluatedModel: String, Sendable, Hashable, CaseIterable, Codable {
  /// FSRS-6 fitted by ``FSRSOptimizer`` on each fold's training part.
  case fsrs6
  /// FSRS-6 with the default parameters.
  case fsrs6Default = "fsrs6-default"
  /// Anki's SM-2 with its default settings.
  case sm2
  /// Duolingo's half-life regression, θ fitted on each fold's training part.
  case hlr
  /// The training part's recall rate, for every review.
  case average
}

/// A review the protocol scores: after its card's first, on a later learning day (t ≥ 1).
/// Stored in 40 bytes (32-bit positions and counts), one per scored review.
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

/// The open srs-benchmark's protocol on one learner's history.
///
/// Scored reviews are every review after a card's first that falls on a new learning day
/// (same-day reviews are history, never scored), in time order (ties by card id, then
/// position). With `folds` = k they are cut as scikit-learn's `TimeSeriesSplit(k)` does:
/// test size m = ⌊n/(k+1)⌋, chunk boundaries b_0 = 0, b_j = n − (k + 1 − j)·m, each moved
/// later past reviews sharing the time just before it. Fold f (0…k−1) trains on every review
/// (scored or not) before the time of the first review of chunk f + 1 and predicts chunk f + 1
/// with each card's full history before each review. Metrics are computed over the pooled
/// predictions of all folds.
public struct TimeSeriesEvaluation: Sendable {
  public let cards: [CardHistory]
  public let folds: Int
  /// All scored reviews in time order.
  public let scored: [ScoredReview]
  /// Chunk boundaries into ``scored``: chunk j is `boundaries[j]..<boundaries[j + 1]`.
  public let boundaries: [Int]

  /// How the scored reviews are cut into chunks.
  public enum Split: Sendable, Hashable {
    /// scikit-learn `TimeSeriesSplit(k)`: k + 1 chunks of ⌊n/(k+1)⌋, the remainder in chunk 0;
    /// fold f trains on chunks 0…f and tests on chunk f + 1 (the reviews README's `tss5` is k = 5).
    case timeSeries(folds: Int)
    /// One fold: the last ⌈fraction·n⌉ scored reviews test, the rest train (`holdout`: 0.2).
    case holdout(testFraction: Double)
  }

  /// How the RMSE bins are cut.
  public enum BinScheme: Sendable, Hashable {
    /// srs-benchmark's `rmse_matrix` (``EvaluationMetrics/BinKey/init(elapsedDays:position:lapses:)``).
    case srsBenchmark
    /// The shared dev set's protocol: (⌊log2 t⌋, ⌊log2 k⌋, lapses = 0 ? 0 : ⌊log2 lapses⌋ + 1),
    /// k the number of earlier reviews of the card.
    case log2
  }

  /// The bin scheme of ``rmseBin(_:)``.
  public let binScheme: BinScheme

  public init(cards: [CardHistory], folds: Int = 5) throws(MemoryModelsError) {
    try self.init(cards: cards, split: .timeSeries(folds: folds), bins: .srsBenchmark)
  }

  public init(cards: [CardHistory], split: Split, bins: BinScheme) throws(MemoryModelsError) {
    let folds: Int
    switch split {
    case .timeSeries(let k): folds = k
    case .holdout(let fraction):
      guard fraction > 0 && fraction < 1 else { throw .invalidFoldCount(0) }
      folds = 1
    }
    guard folds >= 1 else { throw .invalidFoldCount(folds) }
    self.cards = cards
    self.folds = folds
    self.binScheme = bins
    var scored: [ScoredReview] = []
    for (c, card) in cards.enumerated() {
      var lapses = 0
      for i in 1..<Swift.max(card.count, 1) where card.elapsedDays[i] > 0 {
        scored.append(ScoredReview(
          card: c, index: i, cardID: card.cardID, time: card.times[i], rating: card.ratings[i],
          elapsedDays: Int(card.elapsedDays[i]), lapses: lapses))
        if card.ratings[i] == .again { lapses += 1 }
      }
    }
    scored.sort { ($0.time, $0.cardID, $0.card, $0.index) < ($1.time, $1.cardID, $1.card, $1.index) }
    let n = scored.count
    guard n >= folds + 1 else { throw .notEnoughScoredReviews(found: n, needed: folds + 1) }
    // Nominal chunk starts, then each moved later past reviews sharing the time before it.
    var nominal: [Int] = []
    switch split {
    case .timeSeries:
      let m = n / (folds + 1)
      nominal = (1...folds).map { n - (folds + 1 - $0) * m }
    case .holdout(let fraction):
      // ⌈fraction·n⌉, guarded against 0.2·15 = 3.0000000000000004.
      nominal = [n - Int((fraction * Double(n) - 1e-9).rounded(.up))]
    }
    var b = [0]
    for start in nominal {
      var cut = Swift.max(start, b[b.count - 1])
      while cut > 0 && cut < n && scored[cut].time == scored[cut - 1].time { cut += 1 }
      b.append(cut)
    }
    b.append(n)
    self.scored = scored
    self.boundaries = b
  }

  /// The RMSE bin of a scored review under ``binScheme``.
  public func rmseBin(_ r: ScoredReview) -> EvaluationMetrics.BinKey {
    switch binScheme {
    case .srsBenchmark: return r.bin
    case .log2: return EvaluationMetrics.BinKey(log2ElapsedDays: r.elapsedDays, earlierReviews: r.index, lapses: r.lapses)
    }
  }

  /// The time before which fold `f` may learn (the first test review's time).
  public func cutoffTime(fold f: Int) -> Int64? {
    let start = boundaries[f + 1]
    return start < scored.count ? scored[start].time : nil
  }

  /// Every card cut to its reviews strictly before `time` (cards left empty are dropped).
  public func history(before time: Int64) -> [CardHistory] {
    var out: [CardHistory] = []
    for card in cards {
      var k = 0
      while k < card.count && card.times[k] < time { k += 1 }
      guard k > 0 else { continue }
      out.append(CardHistory(
        cardID: card.cardID, times: Array(card.times[..<k]), elapsedDays: Array(card.elapsedDays[..<k]),
        ratings: Array(card.ratings[..<k])))
    }
    return out
  }

  /// The model's predicted recall for every scored review (aligned with ``scored``): each card
  /// replayed once, the prediction taken before each scored review.
  public func predictions<M: MemoryModel>(_ model: M) -> [Double] {
    // Position in `scored` of each review (flat, cards back to back; −1: not scored).
    var offset = [Int](repeating: 0, count: cards.count + 1)
    for (c, card) in cards.enumerated() { offset[c + 1] = offset[c] + card.count }
    var position = [Int32](repeating: -1, count: offset[cards.count])
    for (k, r) in scored.enumerated() { position[offset[r.card] + r.index] = Int32(k) }
    var out = [Double](repeating: .nan, count: scored.count)
    for (c, card) in cards.enumerated() where card.count > 1 {
      var state = model.next(nil, elapsedDays: 0, rating: card.ratings[0])
      for i in 1..<card.count {
        let t = Int(card.elapsedDays[i])
        let k = Int(position[offset[c] + i])
        if k >= 0 { out[k] = model.predictedRecall(state, elapsedDays: Double(t)) }
        state = model.next(state, elapsedDays: Swift.max(t, 0), rating: card.ratings[i])
      }
    }
    return out
  }
}
