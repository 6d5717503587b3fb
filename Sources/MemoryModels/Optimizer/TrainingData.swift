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
  public private(set) var reviewCount = 0
  /// Cards in the input.
  public private(set) var cardCount = 0
  /// Training examples (reviews with t > 0 after a card's first).
  public private(set) var exampleCount = 0
  /// Training examples that are recalls (rating > 1).
  public private(set) var recallCount = 0

  /// Cards that contribute at least one example.
  public var trainingCardCount: Int { exampleCounts.count }

  public init(_ cards: [CardHistory]) {
    ratings = []
    elapsed = []
    starts = [0]
    exampleCounts = []
    let total = cards.reduce(0) { $0 + $1.count }
    times = []
    ratings.reserveCapacity(total)
    elapsed.reserveCapacity(total)
    times.reserveCapacity(total)
    for card in cards {
      reviewCount += card.count
      cardCount += 1
      guard card.count > 1 else { continue }
      var last = -1
      var examples = 0
      for i in 1..<card.count where card.elapsedDays[i] > 0 {
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
    var examples: [(Int64, Int)] = []
    examples.reserveCapacity(exampleCount)
    for c in 0..<trainingCardCount {
      for i in (starts[c] + 1)..<starts[c + 1] where elapsed[i] > 0 { examples.append((times[i], i)) }
    }
    examples.sort { $0 < $1 }
    var w = [Double](repeating: 0, count: ratings.count)
    let n = examples.count
    guard n > 1 else { return w.map { _ in 1 } }
    var sum = 0.0
    for (k, e) in examples.enumerated() {
      let x = Double(k) / Double(n - 1)
      w[e.1] = 0.25 + 0.75 * x * x * x
      sum += w[e.1]
    }
    let scale = Double(n) / sum
    for i in w.indices { w[i] *= scale }
    return w
  }

  /// The training data of the examples strictly before `time` (an inner time split: every
  /// card cut before its first review at or after `time`).
  func prefix(before time: Int64) -> TrainingData {
    var cards: [CardHistory] = []
    for c in 0..<trainingCardCount {
      var card = CardHistory(cardID: Int64(c))
      for i in starts[c]..<starts[c + 1] where times[i] < time {
        card.append(time: times[i], elapsedDays: elapsed[i], rating: Rating(rawValue: Int(ratings[i]))!)
      }
      if card.count > 1 { cards.append(card) }
    }
    return TrainingData(cards)
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
