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
    ratings.reserveCapacity(total)
    elapsed.reserveCapacity(total)
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
      }
      starts.append(ratings.count)
      exampleCounts.append(examples)
      exampleCount += examples
    }
  }

  /// The stored card `i`'s review range.
  @inlinable func range(ofCard i: Int) -> Range<Int> { starts[i]..<starts[i + 1] }
}
