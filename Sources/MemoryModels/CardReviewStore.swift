/// Every card's reviews in one set of flat arrays, cards back to back, each card's reviews in
/// time order: what ``TimeSeriesEvaluation`` keeps of a learner's history. 13 bytes a review
/// and 16 a card, where a ``CardHistory`` per card costs three arrays (their headers and
/// allocations: about 100 bytes a card more). Built from histories, or from reviews in any
/// card order by ``CardReviewStore/Builder`` (two passes, no per-card arrays).
public struct CardReviewStore: Sendable, Hashable {
  /// The cards' ids, in store order.
  public internal(set) var cardIDs: [Int64] = []
  /// Card c's reviews are `starts[c]..<starts[c + 1]`.
  public internal(set) var starts: [Int] = [0]
  /// Review times in milliseconds since the Unix epoch, ascending along each card.
  public internal(set) var times: [Int64] = []
  /// Whole learning days since the card's previous review; −1 on its first review.
  public internal(set) var elapsedDays: [Int32] = []
  public internal(set) var ratings: [Rating] = []

  public init() {}

  /// The histories' reviews, cards in the given order.
  public init(_ cards: [CardHistory]) {
    var total = 0
    for card in cards { total += card.count }
    times.reserveCapacity(total)
    elapsedDays.reserveCapacity(total)
    ratings.reserveCapacity(total)
    cardIDs.reserveCapacity(cards.count)
    starts.reserveCapacity(cards.count + 1)
    for card in cards {
      cardIDs.append(card.cardID)
      times.append(contentsOf: card.times)
      elapsedDays.append(contentsOf: card.elapsedDays)
      ratings.append(contentsOf: card.ratings)
      starts.append(times.count)
    }
  }

  public var cardCount: Int { cardIDs.count }
  public var reviewCount: Int { times.count }

  /// Card c's review positions.
  @inlinable public func range(ofCard c: Int) -> Range<Int> { starts[c]..<starts[c + 1] }

  /// Card c as a history (a copy of its reviews).
  public func card(_ c: Int) -> CardHistory {
    let r = range(ofCard: c)
    return CardHistory(
      cardID: cardIDs[c], times: Array(times[r]), elapsedDays: Array(elapsedDays[r]), ratings: Array(ratings[r]))
  }

  /// Every card as a history (copies).
  public var cardHistories: [CardHistory] { (0..<cardCount).map(card) }

  /// The card holding review position `p` (binary search of ``starts``).
  public func card(atPosition p: Int) -> Int {
    var lo = 0, hi = cardCount - 1
    while lo < hi {
      let mid = (lo + hi + 1) / 2
      if starts[mid] <= p { lo = mid } else { hi = mid - 1 }
    }
    return lo
  }

  /// How many of card c's reviews fall strictly before `time` (times ascend along a card, so
  /// they are a prefix of it).
  public func countBefore(_ time: Int64, card c: Int) -> Int {
    let r = range(ofCard: c)
    var k = r.lowerBound
    while k < r.upperBound && times[k] < time { k += 1 }
    return k - r.lowerBound
  }
}
