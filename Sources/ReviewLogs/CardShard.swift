/// One shard's cards in a pass over a review log whose cards are split over the workers by
/// ``ReviewLogReader/shard(of:_:)``: each card's number in the shard, its previous review's
/// time, learning day and line and the pass's own per-card value (a model state, or nothing),
/// side by side in one record so that a row costs one look-up in the map and one record; and
/// the per-card order rule (a row before its card's previous review is out of order and
/// skipped, leaving the card as it was).
struct CardShard<Value> {
  /// 32 bytes with an FSRS-6 state: a learning day fits 32 bits (years 1 to 9999 are about
  /// ±3.7 million days).
  struct Card {
    var time: Int64
    var day: Int32
    var line: Int32
    var value: Value
  }

  /// What admitting a row found.
  struct Admission {
    /// The card's number in this shard (0, 1, … in order of first appearance).
    var card: Int
    /// t: whole learning days since the card's previous review (the log's `elapsed_days` when
    /// given); −1 on its first review.
    var elapsed: Int32
    var isFirst: Bool
    /// False when the row is before its card's previous review (`cards[card]` is that review).
    var inOrder: Bool
  }

  private var map = CardIndexMap(capacity: 1 << 12)
  private(set) var cards: [Card] = []
  /// A new card's value until the pass sets it.
  let initial: Value
  var count: Int { cards.count }

  init(initial: Value) { self.initial = initial }

  /// Admits a row with card `id` at `time` (learning day `day`, `given` the log's elapsed days
  /// or −1), then hands the card's value to `body` (not for a row out of order).
  @inline(__always)
  mutating func admit(
    id: Int64, time: Int64, day: Int64, line: Int32, given: Int32, useGiven: Bool,
    _ body: (Admission, inout Value) -> Void
  ) -> Admission {
    if let slot = map.get(id) {
      let k = Int(slot)
      return cards.withUnsafeMutableBufferPointer { c in
        if time < c[k].time { return Admission(card: k, elapsed: -1, isFirst: false, inOrder: false) }
        let t = useGiven && given >= 0 ? given : Int32(clamping: day - Int64(c[k].day))
        c[k].time = time
        c[k].day = Int32(truncatingIfNeeded: day)
        c[k].line = line
        let a = Admission(card: k, elapsed: t, isFirst: false, inOrder: true)
        body(a, &c[k].value)
        return a
      }
    }
    let k = cards.count
    map.set(id, Int32(k))
    cards.append(Card(time: time, day: Int32(truncatingIfNeeded: day), line: line, value: initial))
    let a = Admission(card: k, elapsed: -1, isFirst: true, inOrder: true)
    cards.withUnsafeMutableBufferPointer { body(a, &$0[k].value) }
    return a
  }
}
