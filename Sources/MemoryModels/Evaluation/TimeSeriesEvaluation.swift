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
///
/// What it keeps: the cards' reviews in one ``CardReviewStore`` (13 bytes a review) and the
/// scored reviews' store positions in time order (4 bytes each).
public struct TimeSeriesEvaluation: Sendable {
  /// The evaluated cards' reviews.
  public let store: CardReviewStore
  public let folds: Int
  /// All scored reviews in time order.
  public let scored: ScoredReviews
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
    try self.init(store: CardReviewStore(cards), split: split, bins: bins)
  }

  public init(store: CardReviewStore, split: Split, bins: BinScheme) throws(MemoryModelsError) {
    let folds: Int
    switch split {
    case .timeSeries(let k): folds = k
    case .holdout(let fraction):
      guard fraction > 0 && fraction < 1 else { throw .invalidFoldCount(0) }
      folds = 1
    }
    guard folds >= 1 else { throw .invalidFoldCount(folds) }
    self.store = store
    self.folds = folds
    self.binScheme = bins
    let scored = ScoredReviews(store: store, positions: Self.scoredPositions(store))
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
      while cut > 0 && cut < n && scored.time(cut) == scored.time(cut - 1) { cut += 1 }
      b.append(cut)
    }
    b.append(n)
    self.scored = scored
    self.boundaries = b
  }

  /// Whether review `i` of a card (its elapsed days `t`) is scored: after the first, on a later
  /// learning day.
  @inline(__always) static func isScored(index i: Int, elapsedDays t: Int32) -> Bool { i > 0 && t > 0 }

  /// The store positions of the scored reviews in time order, ties by card id, then card, then
  /// position in the card. Cards whose times ascend (as histories' do) are merged, one heap
  /// entry per card; otherwise the positions are sorted: the same order.
  static func scoredPositions(_ store: CardReviewStore) -> [UInt32] {
    precondition(store.reviewCount < Int(Int32.max), "a store of fewer than 2³¹ − 1 reviews")
    var count = 0
    var ascending = true
    for c in 0..<store.cardCount {
      let r = store.range(ofCard: c)
      for i in r where isScored(index: i - r.lowerBound, elapsedDays: store.elapsedDays[i]) { count += 1 }
      for i in r.dropFirst() where store.times[i] < store.times[i - 1] { ascending = false }
    }
    var out: [UInt32] = []
    out.reserveCapacity(count)
    guard ascending else {
      var cardOf = [UInt32](repeating: 0, count: store.reviewCount)
      for c in 0..<store.cardCount {
        let r = store.range(ofCard: c)
        for i in r {
          cardOf[i] = UInt32(c)
          if isScored(index: i - r.lowerBound, elapsedDays: store.elapsedDays[i]) { out.append(UInt32(i)) }
        }
      }
      let times = store.times, ids = store.cardIDs
      out.sort { a, b in
        (times[Int(a)], ids[Int(cardOf[Int(a)])], a) < (times[Int(b)], ids[Int(cardOf[Int(b)])], b)
      }
      return out
    }
    let times = store.times, elapsed = store.elapsedDays, starts = store.starts, ids = store.cardIDs
    func scored(after i: Int, card c: Int) -> AscendingRunMerge.Head? {
      var j = i + 1
      while j < starts[c + 1] {
        if isScored(index: j - starts[c], elapsedDays: elapsed[j]) { return AscendingRunMerge.Head(time: times[j], tie: ids[c], position: UInt32(j), run: UInt32(c)) }
        j += 1
      }
      return nil
    }
    var heads: [AscendingRunMerge.Head] = []
    for c in 0..<store.cardCount {
      if let h = scored(after: starts[c], card: c) { heads.append(h) }
    }
    var merge = AscendingRunMerge(heads: consume heads)
    merge.run(next: { scored(after: Int($0.position), card: Int($0.run)) }) {
      out.append($0.position)
      return true
    }
    return out
  }

  /// The RMSE bin of a scored review under ``binScheme``.
  public func rmseBin(_ r: ScoredReview) -> EvaluationMetrics.BinKey {
    rmseBin(elapsedDays: r.elapsedDays, index: r.index, lapses: r.lapses)
  }

  /// The RMSE bin of review `index` of a card (0-based), `lapses` before it.
  func rmseBin(elapsedDays t: Int, index: Int, lapses: Int) -> EvaluationMetrics.BinKey {
    switch binScheme {
    case .srsBenchmark: return EvaluationMetrics.BinKey(elapsedDays: t, position: index + 1, lapses: lapses)
    case .log2: return EvaluationMetrics.BinKey(log2ElapsedDays: t, earlierReviews: index, lapses: lapses)
    }
  }

  /// The time before which fold `f` may learn (the first test review's time).
  public func cutoffTime(fold f: Int) -> Int64? {
    let start = boundaries[f + 1]
    return start < scored.count ? scored.time(start) : nil
  }

  /// Every card cut to its reviews strictly before `time` (cards left empty are dropped), as
  /// histories (copies).
  public func history(before time: Int64) -> [CardHistory] {
    var out: [CardHistory] = []
    for c in 0..<store.cardCount {
      let k = store.countBefore(time, card: c)
      guard k > 0 else { continue }
      let r = store.starts[c]..<(store.starts[c] + k)
      out.append(CardHistory(
        cardID: store.cardIDs[c], times: Array(store.times[r]), elapsedDays: Array(store.elapsedDays[r]),
        ratings: Array(store.ratings[r])))
    }
    return out
  }

  /// Per store position, the rank of its review in ``scored`` (−1: not scored).
  public func ranks() -> [Int32] {
    var rank = [Int32](repeating: -1, count: store.reviewCount)
    for k in 0..<scored.count { rank[scored.position(k)] = Int32(k) }
    return rank
  }

  /// The model's predicted recall for every scored review (aligned with ``scored``): each card
  /// replayed once, the prediction taken before each scored review.
  public func predictions<M: MemoryModel>(_ model: M) -> [Double] {
    var out = [Double](repeating: .nan, count: scored.count)
    predict(model, ranks: ranks(), scoredIn: 0..<scored.count, into: &out, from: 0)
    return out
  }

  /// The model's predictions for the scored reviews whose rank is in `wanted`, written to
  /// `out[rank − base]`: each card replayed once, the prediction taken before each review
  /// (`rank`: ``ranks()``).
  public func predict<M: MemoryModel>(
    _ model: M, ranks rank: [Int32], scoredIn wanted: Range<Int>, into out: inout [Double], from base: Int
  ) {
    let lo = Int32(clamping: wanted.lowerBound), hi = Int32(clamping: wanted.upperBound)
    for c in 0..<store.cardCount {
      let r = store.range(ofCard: c)
      guard r.count > 1 else { continue }
      var state = model.next(nil, elapsedDays: 0, rating: store.ratings[r.lowerBound])
      for i in (r.lowerBound + 1)..<r.upperBound {
        let t = Int(store.elapsedDays[i])
        let k = rank[i]
        if k >= lo && k < hi { out[Int(k) - base] = model.predictedRecall(state, elapsedDays: Double(t)) }
        state = model.next(state, elapsedDays: Swift.max(t, 0), rating: store.ratings[i])
      }
    }
  }

  /// The RMSE bin of every scored review from rank `base` on (in rank order), from one pass
  /// along each card (its lapses counted on the way).
  func bins(ranks rank: [Int32], from base: Int) -> [EvaluationMetrics.CompactBin] {
    var out = [EvaluationMetrics.CompactBin](repeating: EvaluationMetrics.CompactBin(), count: scored.count - base)
    for c in 0..<store.cardCount {
      let r = store.range(ofCard: c)
      var lapses = 0
      for i in r where Self.isScored(index: i - r.lowerBound, elapsedDays: store.elapsedDays[i]) {
        let k = Int(rank[i])
        if k >= base {
          let key = rmseBin(elapsedDays: Int(store.elapsedDays[i]), index: i - r.lowerBound, lapses: lapses)
          out[k - base] = EvaluationMetrics.CompactBin(key)
        }
        if store.ratings[i] == .again { lapses += 1 }
      }
    }
    return out
  }
}
