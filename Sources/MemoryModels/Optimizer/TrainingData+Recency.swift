extension TrainingData {
  /// Per stored review, the weight of its example in a recency-weighted loss (0 on reviews
  /// that are not examples): with the examples ranked by time, k = 0…n−1,
  /// weight = 0.25 + 0.75·(k/(n − 1))³, fsrs-rs's curve, scaled so the weights sum to n.
  /// The ranks come from merging the cards (``forEachExampleInTimeOrder(_:)``): no sorted copy
  /// of the examples beside the weights. After ``compact(for:)``, the weights it kept.
  func recencyWeights() -> [Double] {
    if let keptWeights { return keptWeights }
    var w = [Double](repeating: 0, count: ratings.count)
    let n = countExamples()
    guard n > 1 else { return w.map { _ in 1 } }
    // The curve in rank order, summed as ``recencyScale(examples:)`` sums it, then scaled: the
    // same weights with one division per example instead of two.
    var sum = 0.0
    var k = 0
    forEachExampleInTimeOrder { e in
      let curve = Self.recencyCurve(rank: k, of: n)
      w[e] = curve
      sum += curve
      k += 1
      return true
    }
    let scale = Double(n) / sum
    w.withUnsafeMutableBufferPointer { w in
      for i in w.indices { w[i] *= scale }
    }
    return w
  }

  /// The recency curve before scaling: 0.25 + 0.75·(k/(n − 1))³ for the example of rank k of n.
  @inline(__always) static func recencyCurve(rank k: Int, of n: Int) -> Double {
    let x = Double(k) / Double(n - 1)
    return 0.25 + 0.75 * x * x * x
  }

  /// n / Σ_k curve(k): the factor that makes the n weights sum to n (summed in rank order, so
  /// it depends on n alone).
  static func recencyScale(examples n: Int) -> Double {
    var sum = 0.0
    for k in 0..<n { sum += recencyCurve(rank: k, of: n) }
    return Double(n) / sum
  }

  /// Keeps only what a fit with `configuration` reads: without an inner time split the times
  /// are read only to rank the examples for the recency weights, so they are replaced by those
  /// weights (or dropped when the fit is unweighted). The fit is the same, bit for bit; at its
  /// peak the data holds 13 bytes per stored review instead of 21 (times and weights side by
  /// side). The ranks are found first (4 bytes per stored review), the times freed, then the
  /// weights written: 17 bytes at most on the way. A fit with an inner split keeps the times.
  /// The times are freed only if this value holds them alone (move it in, don't copy it).
  public mutating func compact(for configuration: FSRSOptimizer.Configuration) {
    guard !configuration.readsReviewTimes, keptWeights == nil else { return }
    guard configuration.recencyWeighting else {
      times = []
      return
    }
    let n = countExamples()
    guard n > 1 else {
      keptWeights = recencyWeights()
      times = []
      return
    }
    var rank = [UInt32](repeating: 0, count: ratings.count)
    var k: UInt32 = 0
    forEachExampleInTimeOrder { e in
      rank[e] = k
      k += 1
      return true
    }
    times = []
    let scale = Self.recencyScale(examples: n)
    var w = [Double](repeating: 0, count: ratings.count)
    for c in 0..<trainingCardCount {
      for i in (starts[c] + 1)..<starts[c + 1] where elapsed[i] > 0 {
        w[i] = Self.recencyCurve(rank: Int(rank[i]), of: n) * scale
      }
    }
    keptWeights = w
  }

  /// `TrainingData(store, before: time)` compacted for `configuration` (``compact(for:)``),
  /// built without ever holding the times when the fit reads none: the examples' time order
  /// is given instead of found by merging the cards. `examplesInTimeOrder(k)` is the store
  /// position of the k-th example (k < the number of examples before `time`) in the order
  /// ``forEachExampleInTimeOrder(_:)`` visits them, (time, stored index); for a store whose
  /// card ids ascend that is ``TimeSeriesEvaluation``'s scored order. 13 bytes per stored
  /// review on the way instead of 17; the same arrays and weights, bit for bit.
  init(
    _ store: CardReviewStore, before time: Int64, compactFor configuration: FSRSOptimizer.Configuration,
    examplesInTimeOrder position: (Int) -> Int
  ) {
    guard !configuration.readsReviewTimes else {
      self.init(store, before: time)
      return
    }
    self.init(store, limit: time, keepingTimes: false)
    guard configuration.recencyWeighting else { return }
    let n = countExamples()
    guard n > 1 else {
      keptWeights = [Double](repeating: 1, count: ratings.count)
      return
    }
    // Where each store card begins in these arrays (−1: not stored), as the build laid them.
    var offset = [Int](repeating: -1, count: store.cardCount)
    var stored = 0
    for c in 0..<store.cardCount {
      let k = store.countBefore(time, card: c)
      let s = store.starts[c]
      guard k > 1, Self.storedLength(k, elapsed: { store.elapsedDays[s + $0] }) > 0 else { continue }
      offset[c] = starts[stored]
      stored += 1
    }
    precondition(stored == trainingCardCount)
    let scale = Self.recencyScale(examples: n)
    var w = [Double](repeating: 0, count: ratings.count)
    for k in 0..<n {
      let p = position(k)
      let c = store.card(atPosition: p)
      let i = offset[c] + (p - store.starts[c])
      precondition(offset[c] >= 0 && p > store.starts[c] && elapsed[i] > 0, "position \(p) is not an example")
      w[i] = Self.recencyCurve(rank: k, of: n) * scale
    }
    keptWeights = w
  }
}

extension FSRSOptimizer.Configuration {
  /// Whether the fit reads the review times beyond ranking the examples for the recency
  /// weights: only the inner time split that chooses γ does (``FSRSOptimizer/fit(_:)``: not the
  /// direct Gauss–Newton fit, and only with γ candidates).
  var readsReviewTimes: Bool { !directGaussNewton && !regularizationCandidates.isEmpty }
}
