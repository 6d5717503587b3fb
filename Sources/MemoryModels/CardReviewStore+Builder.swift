extension CardReviewStore {
  /// Builds a ``CardReviewStore`` from reviews that arrive in any card order (a review log read
  /// row by row) in two passes over them: the first counts each card's reviews, the second
  /// writes each review straight into its place. Cards are laid out sorted by id, each card's
  /// reviews in the order given: the same store as `CardReviewStore(cards)` of the histories
  /// sorted by id. Memory between the passes: 16 bytes a card.
  public struct Builder: Sendable {
    private var ids: [Int64] = []
    private var counts: [Int32] = []
    private var offsets: [Int] = []
    private var store = CardReviewStore()

    public init() {}

    /// First pass: one review of card `card` (0, 1, … in order of first appearance).
    public mutating func count(card: Int, cardID: Int64) {
      if card == ids.count {
        ids.append(cardID)
        counts.append(0)
      }
      counts[card] += 1
    }

    /// Between the passes: lays out the cards (sorted by id) and allocates the arrays.
    public mutating func beginFilling() {
      let order = ids.indices.sorted { ids[$0] < ids[$1] }
      offsets = [Int](repeating: 0, count: ids.count)
      var s = CardReviewStore()
      s.cardIDs.reserveCapacity(order.count)
      s.starts.reserveCapacity(order.count + 1)
      var total = 0
      for k in order {
        offsets[k] = total
        total += Int(counts[k])
        s.cardIDs.append(ids[k])
        s.starts.append(total)
      }
      s.times = [Int64](repeating: 0, count: total)
      s.elapsedDays = [Int32](repeating: 0, count: total)
      s.ratings = [Rating](repeating: .again, count: total)
      ids = []
      counts = []
      store = s
    }

    /// Second pass: the same reviews in the same order as the first.
    public mutating func fill(card: Int, time: Int64, elapsedDays: Int32, rating: Rating) {
      let i = offsets[card]
      offsets[card] = i + 1
      store.times[i] = time
      store.elapsedDays[i] = elapsedDays
      store.ratings[i] = rating
    }

    /// The store (after both passes).
    public mutating func finish() -> CardReviewStore {
      let s = store
      store = CardReviewStore()
      offsets = []
      return s
    }
  }
}
