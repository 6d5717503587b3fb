/// Card histories flattened into contiguous arrays for the optimizer's hot loop.
///
/// A *training example* is every review after a card's first whose elapsed days t > 0 (a
/// previous review on an earlier day); its label is recall (rating > 1) and its input the
/// card's history before it, same-day reviews included. Because each example is a prefix of its
/// card's history, one pass along the card yields all of the card's examples, so a card is
/// stored once, cut after its last example (later same-day reviews change nothing).
public struct TrainingData: Sendable {
  /// Ratings 1…4, all cards back to back.
  @usableFromInline var ratings: [UInt8]
  /// Elapsed days; ≤ 0 means same day (the first review of each card is never read).
  @usableFromInline var elapsed: [Int32]
  /// Start offset of each card with at least one example; `starts[i + 1]` is its end.
  @usableFromInline var starts: [Int]
  /// Examples per stored card.
  @usableFromInline var exampleCounts: [Int]
  /// Review times (ms), aligned with ``ratings``: what recency weights and inner time splits read.
  @usableFromInline var times: [Int64]

  /// Reviews in the input (all cards, all reviews).
  public internal(set) var reviewCount = 0
  /// Cards in the input.
  public internal(set) var cardCount = 0
  /// Training examples (reviews with t > 0 after a card's first).
  public internal(set) var exampleCount = 0
  /// Training examples that are recalls (rating > 1).
  public internal(set) var recallCount = 0

  /// Cards that contribute at least one example.
  public var trainingCardCount: Int { exampleCounts.count }

  /// No cards (what ``TrainingDataBuilder`` and ``prefix(before:)`` fill in).
  init(empty: Void) {
    ratings = []
    elapsed = []
    starts = [0]
    exampleCounts = []
    times = []
  }

  public init(_ cards: [CardHistory]) {
    self.init(cards, limit: nil)
  }

  /// The training data of `cards` cut to their reviews strictly before `time` (cards left
  /// empty dropped): the same as `TrainingData(history)` of the cut histories, without them.
  public init(_ cards: [CardHistory], before time: Int64) {
    self.init(cards, limit: time)
  }

  private init(_ cards: [CardHistory], limit: Int64?) {
    self.init(empty: ())
    var total = 0
    for card in cards { total += card.count }
    ratings.reserveCapacity(total)
    elapsed.reserveCapacity(total)
    times.reserveCapacity(total)
    for card in cards {
      var count = card.count
      if let limit {
        // Times ascend along a card: the reviews before `limit` are a prefix.
        count = 0
        while count < card.count && card.times[count] < limit { count += 1 }
        guard count > 0 else { continue }
      }
      reviewCount += count
      cardCount += 1
      guard count > 1 else { continue }
      var last = -1
      var examples = 0
      for i in 1..<count where card.elapsedDays[i] > 0 {
        last = i
        examples += 1
        if card.ratings[i] != .again { recallCount += 1 }
      }
      guard last > 0 else { continue }
      for i in 0...last {
        ratings.append(UInt8(card.ratings[i].rawValue))
        elapsed.append(i == 0 ? -1 : card.elapsedDays[i])
        times.append(card.times[i])
      }
      starts.append(ratings.count)
      exampleCounts.append(examples)
      exampleCount += examples
    }
  }

  /// Per stored review, the weight of its example in a recency-weighted loss (0 on reviews
  /// that are not examples): with the examples ranked by time, k = 0…n−1,
  /// weight = 0.25 + 0.75·(k/(n − 1))³, fsrs-rs's curve, scaled so the weights sum to n.
  func recencyWeights() -> [Double] {
    // The examples' review indices, ranked by (time, index): 4 bytes each while sorting.
    var examples: [UInt32] = []
    examples.reserveCapacity(exampleCount)
    for c in 0..<trainingCardCount {
      for i in (starts[c] + 1)..<starts[c + 1] where elapsed[i] > 0 { examples.append(UInt32(i)) }
    }
    Self.sortByTime(&examples, times)
    var w = [Double](repeating: 0, count: ratings.count)
    let n = examples.count
    guard n > 1 else { return w.map { _ in 1 } }
    var sum = 0.0
    for (k, e) in examples.enumerated() {
      let x = Double(k) / Double(n - 1)
      w[Int(e)] = 0.25 + 0.75 * x * x * x
      sum += w[Int(e)]
    }
    let scale = Double(n) / sum
    for i in w.indices { w[i] *= scale }
    return w
  }

  /// Sorts review indices by (time, index). When the time span and the indices fit in 64 bits
  /// together, as (time − earliest) << b | index keys (b the bits of the largest index): plain
  /// integers compare without reading `times` again, the same order.
  static func sortByTime(_ examples: inout [UInt32], _ times: [Int64]) {
    guard let first = examples.first else { return }
    var lo = times[Int(first)], hi = lo
    var top: UInt32 = 0
    for e in examples {
      let t = times[Int(e)]
      lo = Swift.min(lo, t)
      hi = Swift.max(hi, t)
      top = Swift.max(top, e)
    }
    let bits = UInt64(UInt32.bitWidth - top.leadingZeroBitCount)
    let (span, overflow) = hi.subtractingReportingOverflow(lo)
    guard !overflow, bits < 64, UInt64(span) < (UInt64(1) << (64 - bits)) else {
      times.withUnsafeBufferPointer { t in
        examples.sort { a, b in (t[Int(a)], a) < (t[Int(b)], b) }
      }
      return
    }
    var keys = examples.map { (UInt64(times[Int($0)] - lo) << bits) | UInt64($0) }
    keys.sort()
    let mask = (UInt64(1) << bits) - 1
    for k in keys.indices { examples[k] = UInt32(keys[k] & mask) }
  }

  /// The training data of the examples strictly before `time` (an inner time split: every
  /// card cut before its first review at or after `time`), built straight from these arrays:
  /// the same arrays as the cards cut that way would give ``init(_:)``.
  func prefix(before time: Int64) -> TrainingData {
    var d = TrainingData(empty: ())
    d.starts = [0]
    for c in 0..<trainingCardCount {
      let start = starts[c]
      var k = start
      // Times ascend along a card, so the reviews before `time` are a prefix of it.
      while k < starts[c + 1] && times[k] < time { k += 1 }
      let count = k - start
      guard count > 1 else { continue }
      d.reviewCount += count
      d.cardCount += 1
      var last = -1
      var examples = 0
      for i in 1..<count where elapsed[start + i] > 0 {
        last = i
        examples += 1
        if ratings[start + i] != 1 { d.recallCount += 1 }
      }
      guard last > 0 else { continue }
      d.ratings.append(contentsOf: ratings[start...(start + last)])
      d.elapsed.append(-1)
      d.elapsed.append(contentsOf: elapsed[(start + 1)...(start + last)])
      d.times.append(contentsOf: times[start...(start + last)])
      d.starts.append(d.ratings.count)
      d.exampleCounts.append(examples)
      d.exampleCount += examples
    }
    return d
  }

  /// The time of the example at `rank` (0-based) in time order, and how many examples are at
  /// or after that time (ties included): the inner split's cut, without keeping the sorted list.
  func exampleCut(rank: Int) -> (time: Int64, atOrAfter: Int) {
    let times = exampleTimes()
    let cut = times[rank]
    var first = rank
    while first > 0 && times[first - 1] >= cut { first -= 1 }
    return (cut, times.count - first)
  }

  /// The times of the examples, ascending.
  func exampleTimes() -> [Int64] {
    var t: [Int64] = []
    t.reserveCapacity(exampleCount)
    for c in 0..<trainingCardCount {
      for i in (starts[c] + 1)..<starts[c + 1] where elapsed[i] > 0 { t.append(times[i]) }
    }
    return t.sorted()
  }

  /// The stored card `i`'s review range.
  @inlinable func range(ofCard i: Int) -> Range<Int> { starts[i]..<starts[i + 1] }
}
