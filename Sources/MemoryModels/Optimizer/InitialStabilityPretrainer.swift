import Foundation

/// Estimates the initial stabilities w0…w3 from first-rating groups, as fsrs-rs `pretrain`
/// does: for each card whose second review is on a later day, take (first rating G, elapsed
/// days t of that second review, recalled?); per G fit S0 so that R(t, S0) follows the recall
/// rate of each t, then fill missing ratings and keep S0(1) ≤ S0(2) ≤ S0(3) ≤ S0(4).
public enum InitialStabilityPretrainer {
  /// One (first rating, t) group of second reviews.
  struct Group {
    var t: Int32
    var count: Int
    var recalls: Int
  }

  /// Upper bound of the search for S0, days (fsrs-rs INIT_S_MAX).
  static let maxInitialStability = 100.0

  /// The four initial stabilities, and for each rating how many cards supported it (0: filled).
  public struct Result: Sendable, Hashable {
    public var stabilities: [Double]
    public var supportingCards: [Int]
  }

  /// Returns nil when no rating has any data (keep the defaults).
  static func fit(_ data: TrainingData, defaults: [Double], decay w20: Double) -> Result? {
    // (G, t) → counts, from each card's first long-term review: (G, t, recalled) packed so that
    // sorting puts each (G, t) group together.
    var firsts: [UInt64] = []
    firsts.reserveCapacity(data.trainingCardCount)
    for c in 0..<data.trainingCardCount {
      let r = data.range(ofCard: c)
      let g0 = UInt64(data.ratings[r.lowerBound] - 1)
      var i = r.lowerBound + 1
      while i < r.upperBound && data.elapsed[i] <= 0 { i += 1 }
      guard i < r.upperBound else { continue }
      firsts.append(g0 << 33 | UInt64(UInt32(data.elapsed[i])) << 1 | (data.ratings[i] > 1 ? 1 : 0))
    }
    firsts.sort()
    var groups: [[Group]] = Array(repeating: [], count: 4)
    var k = 0
    while k < firsts.count {
      let key = firsts[k] >> 1
      var count = 0, recalls = 0
      while k < firsts.count && firsts[k] >> 1 == key {
        count += 1
        recalls += Int(firsts[k] & 1)
        k += 1
      }
      groups[Int(key >> 32)].append(Group(t: Int32(truncatingIfNeeded: key), count: count, recalls: recalls))
    }

    // Outlier filter (fsrs-rs remove_outliers): per first rating, drop the rarest t groups
    // (smallest first, longer t first among equals) while they hold fewer than
    // max(20, 5 %) of the rating's cards, and t beyond 100 days (365 for Easy). A rating with
    // fewer than 20 cards is dropped whole: measured, S0 from so few cards hurts held-out loss.
    var kept: [[Group]] = Array(repeating: [], count: 4)
    for g in 0..<4 {
      // (count, t) tells every two groups of a rating apart, so this order is the same however
      // the groups were collected.
      let sub = groups[g].sorted { $0.count != $1.count ? $0.count < $1.count : $0.t > $1.t }
      let total = sub.reduce(0) { $0 + $1.count }
      var removed = 0
      for group in sub {
        if removed + group.count >= Swift.max(20, total / 20) {
          if group.t <= (g == 3 ? 365 : 100) { kept[g].append(group) }
        } else {
          removed += group.count
        }
      }
      kept[g].sort { $0.t < $1.t }
    }

    let all = kept.joined()
    let n = all.reduce(0) { $0 + $1.count }
    guard n > 0 else { return nil }
    let averageRecall = Double(all.reduce(0) { $0 + $1.recalls }) / Double(n)

    let decay = -w20
    let factor = pow(0.9, 1 / decay) - 1
    var estimate: [Double?] = Array(repeating: nil, count: 4)
    var support = Array(repeating: 0, count: 4)
    for g in 0..<4 where !kept[g].isEmpty {
      let groupsG = kept[g]
      let count = groupsG.reduce(0) { $0 + $1.count }
      support[g] = count
      // Laplace smoothing toward the overall recall rate, as fsrs-rs: (rate·n + avg)/(n + 1).
      let rates = groupsG.map { (Double($0.recalls) / Double($0.count) * Double(count) + averageRecall) / Double(count + 1) }
      let prior = defaults[g]
      func loss(_ s0: Double) -> Double {
        var sum = 0.0
        for (k, group) in groupsG.enumerated() {
          let p = BinaryCrossEntropy.clamp(pow(1 + factor * Double(group.t) / s0, decay))
          sum -= Double(group.count) * (rates[k] * log(p) + (1 - rates[k]) * log(1 - p))
        }
        return sum + abs(s0 - prior) / 16  // L1 pull toward the default (fsrs-rs)
      }
      // Ternary search on [S_MIN, 100] (the loss is unimodal in S0).
      var lo = FSRS6.minStability
      var hi = maxInitialStability
      var iterations = 0
      while hi - lo > 1e-6 && iterations < 200 {
        iterations += 1
        let m1 = lo + (hi - lo) / 3
        let m2 = hi - (hi - lo) / 3
        if loss(m1) < loss(m2) { hi = m2 } else { lo = m1 }
      }
      estimate[g] = (lo + hi) / 2
    }

    // Where a lower rating got a larger S0 than a higher one, the better-supported estimate wins.
    for (small, big) in [(0, 1), (1, 2), (2, 3), (0, 2), (1, 3), (0, 3)] {
      if let x = estimate[small], let y = estimate[big], x > y {
        if support[small] > support[big] { estimate[big] = x } else { estimate[small] = y }
      }
    }
    // Fill missing ratings in log space: each known rating gives an offset from the default's
    // log; a missing rating takes the offset interpolated between its known neighbours (or the
    // nearest one's), i.e. the default ratios between ratings are kept.
    let known = (0..<4).filter { estimate[$0] != nil }
    var filled = [Double](repeating: 0, count: 4)
    for g in 0..<4 {
      if let e = estimate[g] { filled[g] = e; continue }
      let offset: Double
      let below = known.last { $0 < g }
      let above = known.first { $0 > g }
      func off(_ k: Int) -> Double { log(estimate[k]!) - log(defaults[k]) }
      switch (below, above) {
      case let (b?, a?): offset = off(b) + (off(a) - off(b)) * Double(g - b) / Double(a - b)
      case let (b?, nil): offset = off(b)
      case let (nil, a?): offset = off(a)
      case (nil, nil): offset = 0
      }
      filled[g] = defaults[g] * exp(offset)
    }
    for g in 1..<4 { filled[g] = Swift.max(filled[g], filled[g - 1]) }
    for g in 0..<4 { filled[g] = Swift.min(Swift.max(filled[g], FSRS6.minStability), maxInitialStability) }
    return Result(stabilities: filled, supportingCards: support)
  }
}
