import Foundation

/// The srs-benchmark metrics of one model over a set of scored reviews.
public struct EvaluationMetrics: Sendable, Hashable, Codable {
  /// Plain mean binary cross-entropy (p clamped to [1e−6, 1 − 1e−6]).
  public var logLoss: Double
  /// RMSE over bins (``rmseBins(_:recalled:bins:)``).
  public var rmseBins: Double
  /// Area under the ROC curve; nil when every review had the same outcome.
  public var auc: Double?
  /// Scored reviews.
  public var count: Int

  public init(logLoss: Double, rmseBins: Double, auc: Double?, count: Int) {
    self.logLoss = logLoss
    self.rmseBins = rmseBins
    self.auc = auc
    self.count = count
  }

  public init<Bins: Collection<BinKey>>(predictions p: [Double], recalled y: [Bool], bins: Bins) {
    self.init(
      logLoss: BinaryCrossEntropy.mean(p, y), rmseBins: Self.rmseBins(p, recalled: y, bins: bins),
      auc: Self.auc(p, recalled: y), count: p.count)
  }

  /// A review's bin, srs-benchmark's `rmse_matrix`: the elapsed days t, the review's 1-based
  /// position i in its card's history and the lapses before it, each on a geometric grid:
  ///
  ///     t bin = ⌊ln t / ln 3.62⌋        (srs-benchmark labels it round(2.48·3.62^bin, 2))
  ///     i bin = ⌊ln i / ln 1.89⌋        (label round(1.99·1.89^bin))
  ///     lapse bin = lapses == 0 ? −1 : ⌊ln lapses / ln 1.73⌋   (label round(1.65·1.73^bin))
  ///
  /// The labels are one-to-one with the floors, so grouping by the floors is the same grouping.
  public struct BinKey: Sendable, Hashable {
    public var elapsed: Int
    public var position: Int
    public var lapses: Int

    public init(elapsedDays t: Int, position i: Int, lapses: Int) {
      elapsed = Int((log(Double(Swift.max(t, 1))) / log(3.62)).rounded(.down))
      position = Int((log(Double(Swift.max(i, 1))) / log(1.89)).rounded(.down))
      self.lapses = lapses == 0 ? -1 : Int((log(Double(lapses)) / log(1.73)).rounded(.down))
    }

    /// The dev set's bins: (⌊log2 t⌋, ⌊log2 k⌋, lapses = 0 ? 0 : ⌊log2 lapses⌋ + 1), with k the
    /// number of earlier reviews of the card (exact integer floors, no floating point).
    public init(log2ElapsedDays t: Int, earlierReviews k: Int, lapses: Int) {
      func floorLog2(_ x: Int) -> Int { x <= 1 ? 0 : Int.bitWidth - 1 - x.leadingZeroBitCount }
      elapsed = floorLog2(t)
      position = floorLog2(k)
      self.lapses = lapses == 0 ? 0 : floorLog2(lapses) + 1
    }

    init(elapsedBin: Int, positionBin: Int, lapsesBin: Int) {
      elapsed = elapsedBin
      position = positionBin
      lapses = lapsesBin
    }
  }

  /// A ``BinKey`` in 3 bytes (each of its floors fits in an Int8: at most 63), as the
  /// evaluator keeps one per test review.
  struct CompactBin: Sendable, Hashable {
    var elapsed: Int8 = 0
    var position: Int8 = 0
    var lapses: Int8 = 0

    init() {}

    init(_ key: BinKey) {
      elapsed = Int8(key.elapsed)
      position = Int8(key.position)
      lapses = Int8(key.lapses)
    }

    var key: BinKey { BinKey(elapsedBin: Int(elapsed), positionBin: Int(position), lapsesBin: Int(lapses)) }
  }

  /// Plain RMSE √(mean (p − y)²) over the reviews (srs-benchmark's `rmse`).
  public static func rmse(_ p: [Double], recalled y: [Bool]) -> Double {
    guard !p.isEmpty else { return 0 }
    var sum = 0.0
    for k in p.indices {
      let d = (p[k].isNaN ? 0.5 : p[k]) - (y[k] ? 1 : 0)
      sum += d * d
    }
    return (sum / Double(p.count)).squareRoot()
  }

  /// RMSE(bins) = √( Σ_b n_b · (ȳ_b − p̄_b)² / Σ_b n_b ), over the bins b of ``BinKey``, with ȳ_b
  /// the recall rate and p̄_b the mean prediction in bin b.
  public static func rmseBins<Bins: Collection<BinKey>>(_ p: [Double], recalled y: [Bool], bins: Bins) -> Double {
    precondition(p.count == y.count && p.count == bins.count)
    guard !p.isEmpty else { return 0 }
    var sums: [BinKey: (n: Double, y: Double, p: Double)] = [:]
    var k = 0
    for bin in bins {
      var s = sums[bin] ?? (0, 0, 0)
      s.n += 1
      s.y += y[k] ? 1 : 0
      s.p += p[k].isNaN ? 0.5 : p[k]
      sums[bin] = s
      k += 1
    }
    // Sum in a fixed order so the result does not depend on dictionary order.
    let ordered = sums.sorted { a, b in
      (a.key.elapsed, a.key.position, a.key.lapses) < (b.key.elapsed, b.key.position, b.key.lapses)
    }
    var num = 0.0
    var den = 0.0
    for (_, s) in ordered {
      let d = s.y / s.n - s.p / s.n
      num += s.n * d * d
      den += s.n
    }
    return (num / den).squareRoot()
  }

  /// AUC = P(p of a random recall > p of a random lapse), ties counting one half: the
  /// Mann–Whitney statistic with average ranks for tied predictions. nil without both classes.
  public static func auc(_ p: [Double], recalled y: [Bool]) -> Double? {
    let positives = y.reduce(0) { $0 + ($1 ? 1 : 0) }
    let negatives = y.count - positives
    guard positives > 0 && negatives > 0 else { return nil }
    // 4-byte indices (sorted by the same strict order as any index type would be).
    precondition(p.count < Int(UInt32.max))
    var order = (0..<UInt32(p.count)).map { $0 }
    p.withUnsafeBufferPointer { p in
      order.sort { p[Int($0)] < p[Int($1)] || (p[Int($0)] == p[Int($1)] && $0 < $1) }
    }
    var rankSum = 0.0
    var k = 0
    while k < order.count {
      var j = k
      while j + 1 < order.count && p[Int(order[j + 1])] == p[Int(order[k])] { j += 1 }
      let averageRank = Double(k + j) / 2 + 1  // ranks k+1 … j+1
      for m in k...j where y[Int(order[m])] { rankSum += averageRank }
      k = j + 1
    }
    let np = Double(positives), nn = Double(negatives)
    return (rankSum - np * (np + 1) / 2) / (np * nn)
  }
}
