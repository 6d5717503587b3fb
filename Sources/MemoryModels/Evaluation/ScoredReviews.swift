/// Scored reviews in time order, kept as their positions in a ``CardReviewStore`` (4 bytes
/// each); each ``ScoredReview`` is made when read (its card found by binary search, its lapses
/// counted along the card), so reading all of them costs more than the fast accessors
/// (``position(_:)``, ``time(_:)``, ``recalled(_:)``).
public struct ScoredReviews: RandomAccessCollection, Sendable {
  public let store: CardReviewStore
  /// Store positions in time order (shared, never copied by ``tail(from:)``).
  let positions: [UInt32]
  let first: Int
  public let endIndex: Int

  init(store: CardReviewStore, positions: [UInt32]) {
    self.store = store
    self.positions = positions
    first = 0
    endIndex = positions.count
  }

  private init(_ base: ScoredReviews, from k: Int) {
    store = base.store
    positions = base.positions
    first = base.first + k
    endIndex = base.endIndex - k
  }

  public var startIndex: Int { 0 }

  /// The reviews from `k` on, indexed from 0.
  public func tail(from k: Int) -> ScoredReviews {
    ScoredReviews(self, from: Swift.min(Swift.max(k, 0), endIndex))
  }

  /// The store position of review `k`.
  @inline(__always) public func position(_ k: Int) -> Int { Int(positions[first + k]) }
  public func time(_ k: Int) -> Int64 { store.times[position(k)] }
  public func recalled(_ k: Int) -> Bool { store.ratings[position(k)] != .again }

  public subscript(k: Int) -> ScoredReview {
    let p = position(k)
    let card = store.card(atPosition: p)
    let start = store.starts[card]
    var lapses = 0
    for i in (start + 1)..<p where store.elapsedDays[i] > 0 && store.ratings[i] == .again { lapses += 1 }
    return ScoredReview(
      card: card, index: p - start, cardID: store.cardIDs[card], time: store.times[p], rating: store.ratings[p],
      elapsedDays: Int(store.elapsedDays[p]), lapses: lapses)
  }
}
