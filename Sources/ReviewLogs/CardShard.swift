/// One shard's cards in a pass over a review log whose cards are split over the workers by
/// ``ReviewLogReader/shard(of:_:)``: each card's number in the shard and its previous review's
/// time, learning day and line, and the per-card order rule (a row before its card's previous
/// review is out of order and skipped, leaving the card as it was).
struct CardShard {
  struct Previous {
    var time: Int64
    var day: Int64
    var line: Int32
  }

  /// What admitting a row found.
  struct Admission {
    /// The card's number in this shard (0, 1, … in order of first appearance).
    var card: Int
    /// t: whole learning days since the card's previous review (the log's `elapsed_days` when
    /// given); −1 on its first review.
    var elapsed: Int32
    var isFirst: Bool
    /// False when the row is before its card's previous review (then `previous` is that review).
    var inOrder: Bool
  }

  private var map = CardIndexMap(capacity: 1 << 12)
  private(set) var previous: [Previous] = []
  var count: Int { previous.count }

  /// Admits a row with card `id` at `time` (learning day `day`, `given` the log's elapsed days
  /// or −1): the card's number and t, or out of order.
  @inline(__always)
  mutating func admit(id: Int64, time: Int64, day: Int64, line: Int32, given: Int32, useGiven: Bool) -> Admission {
    if let slot = map.get(id) {
      let k = Int(slot)
      return previous.withUnsafeMutableBufferPointer { p in
        if time < p[k].time { return Admission(card: k, elapsed: -1, isFirst: false, inOrder: false) }
        let t = useGiven && given >= 0 ? given : Int32(clamping: day - p[k].day)
        p[k] = Previous(time: time, day: day, line: line)
        return Admission(card: k, elapsed: t, isFirst: false, inOrder: true)
      }
    }
    let k = previous.count
    map.set(id, Int32(k))
    previous.append(Previous(time: time, day: day, line: line))
    return Admission(card: k, elapsed: -1, isFirst: true, inOrder: true)
  }
}
