/// Visits the elements of many ascending runs (one per card, laid out back to back) in one
/// ascending order of (time, tie, position), with a binary min-heap holding the head of each
/// run: memory is one entry per run, not a key per element as a sort of all of them needs.
///
/// Each run's elements must ascend in (time, tie, position) — a card's reviews in time order
/// do, since their positions ascend along it — and positions must be distinct. The order is
/// then exactly that of sorting every element by (time, tie, position).
struct AscendingRunMerge {
  struct Head {
    var time: Int64
    /// Compared after the time (a card id; 0 when only time and position order).
    var tie: Int64
    var position: UInt32
    var run: UInt32
  }

  private var heap: [Head]

  /// `heads`: the first element of each non-empty run, in any order.
  init(heads: [Head]) {
    heap = heads
    var i = heap.count / 2
    while i > 0 {
      i -= 1
      siftDown(i)
    }
  }

  @inline(__always) private static func less(_ a: Head, _ b: Head) -> Bool {
    if a.time != b.time { return a.time < b.time }
    if a.tie != b.tie { return a.tie < b.tie }
    return a.position < b.position
  }

  private mutating func siftDown(_ start: Int) {
    heap.withUnsafeMutableBufferPointer { h in
      let n = h.count
      var i = start
      let item = h[i]
      while true {
        var child = 2 * i + 1
        guard child < n else { break }
        if child + 1 < n && Self.less(h[child + 1], h[child]) { child += 1 }
        guard Self.less(h[child], item) else { break }
        h[i] = h[child]
        i = child
      }
      h[i] = item
    }
  }

  /// Visits every element in order until `visit` returns false; `next` gives the element
  /// after a head in its run (nil at the run's end).
  mutating func run(next: (Head) -> Head?, _ visit: (Head) -> Bool) {
    while let top = heap.first {
      guard visit(top) else { return }
      if let following = next(top) {
        heap[0] = following
      } else {
        let last = heap.removeLast()
        guard !heap.isEmpty else { return }
        heap[0] = last
      }
      siftDown(0)
    }
  }
}
