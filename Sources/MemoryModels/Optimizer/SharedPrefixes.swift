/// Which cards of a run begin with the same reviews as an earlier card of the run, so a pass can
/// take their state from that earlier card instead of recomputing it.
///
/// A card's state after its first k reviews depends only on those reviews' ratings and elapsed
/// days (t ≤ 0 all count as the same day) and on the weights, so two cards with the same first
/// k (rating, t) pairs share it: on real logs about 40 % of the reviews after a card's first
/// repeat an earlier card's prefix (learning steps, the first intervals). The prefixes form a
/// trie over the run's cards, found once per data set (it does not depend on the weights); a
/// pass computes each node once, on the first card that reaches it, keeps it in a slot if a
/// later card reaches it too, and the later cards start from it. Only the first ``depth``
/// reviews after a card's first are looked up, so the slots are at most ``depth`` per card.
///
/// Every example still adds its own loss, gradient and Fisher terms, with its own weight, in
/// its card's order: a pass with the slots gives the same bits as without.
@usableFromInline
struct SharedPrefixes: Sendable {
  /// Reviews after a card's first that are looked up in the trie.
  @usableFromInline static let depth = 24
  /// The run's cards `first..<last`.
  @usableFromInline let first: Int
  @usableFromInline let last: Int
  /// Per card of the run: how many reviews after its first are an earlier card's (their state
  /// is read from the slots), 0 for none.
  @usableFromInline var shared: [Int32]
  /// Per card of the run: where its slot ids start in ``slots``.
  @usableFromInline var slotStarts: [Int32]
  /// Per looked-up review (its card's reviews 1…min(``depth``, count − 1), card after card): the
  /// slot that holds the state after it, or −1 when no later card shares it.
  @usableFromInline var slots: [Int32]
  /// Slots the run needs.
  @usableFromInline var slotCount: Int

  /// The trie of the cards `first..<last` (reviews `starts[c]..<starts[c + 1]`).
  init(ratings: UnsafeBufferPointer<UInt8>, elapsed: UnsafeBufferPointer<Int32>, starts: UnsafeBufferPointer<Int>, first: Int, last: Int) {
    self.first = first
    self.last = last
    let cards = Swift.max(last - first, 0)
    shared = [Int32](repeating: 0, count: cards)
    slotStarts = [Int32](repeating: 0, count: cards + 1)
    var looked = 0
    for c in first..<Swift.max(first, last) {
      slotStarts[c - first] = Int32(looked)
      looked += Swift.min(Self.depth, starts[c + 1] - starts[c] - 1)
    }
    slotStarts[cards] = Int32(looked)
    // Node of each looked-up review; nodes 0…3 are the first reviews (rating 1…4).
    var nodes = [Int32](repeating: 0, count: looked)
    var visits = [Int32](repeating: 0, count: looked + 4)
    var table = NodeTable(capacity: looked)
    var nodeCount: Int32 = 4
    for c in first..<Swift.max(first, last) {
      let start = starts[c]
      var node = Int32(ratings[start]) - 1
      var fresh = false
      var k = 0
      let base = Int(slotStarts[c - first])
      let n = Int(slotStarts[c - first + 1]) - base
      for j in 0..<n {
        let i = start + 1 + j
        // Parent node (32 bits), rating (3), t (29; every t ≤ 0 is the same day).
        let key = UInt64(UInt32(node)) << 32 | UInt64(ratings[i] & 7) << 29 | UInt64(UInt32(Swift.max(elapsed[i], 0)) & 0x1FFF_FFFF)
        let (id, inserted) = table.find(key, next: nodeCount)
        if inserted { nodeCount += 1; fresh = true }
        if !fresh { k = j + 1 }
        node = id
        nodes[base + j] = id
        visits[Int(id)] += 1
      }
      shared[c - first] = Int32(k)
    }
    // A slot for every node that a second card reaches.
    var slotOf = [Int32](repeating: -1, count: Int(nodeCount))
    var count: Int32 = 0
    for id in 4..<Int(nodeCount) where visits[id] >= 2 {
      slotOf[id] = count
      count += 1
    }
    slots = nodes.map { slotOf[Int($0)] }
    slotCount = Int(count)
  }

  /// Open addressing from a (parent node, rating, t) key to its node.
  struct NodeTable {
    var keys: [UInt64]
    var values: [Int32]
    let mask: Int

    init(capacity: Int) {
      var size = 16
      while size < 2 * capacity { size <<= 1 }
      keys = [UInt64](repeating: 0, count: size)
      values = [Int32](repeating: 0, count: size)
      mask = size - 1
    }

    /// The node of `key`, inserting it as `next` if absent (then `inserted`).
    mutating func find(_ key: UInt64, next: Int32) -> (Int32, inserted: Bool) {
      let stored = key &+ 1  // 0 marks an empty bucket
      var h = Int(truncatingIfNeeded: (stored &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
      while true {
        let k = keys[h]
        if k == stored { return (values[h], false) }
        if k == 0 {
          keys[h] = stored
          values[h] = next
          return (next, true)
        }
        h = (h + 1) & mask
      }
    }
  }
}

extension FSRS6LossGradient {
  /// What a pass keeps of one review in a ``SharedPrefixes`` slot: the state after it and, if it
  /// is an example, what its loss, gradient and Fisher terms need besides the example's weight.
  @usableFromInline
  struct SharedReview<T: PassTangent> {
    @usableFromInline var s: Double
    @usableFromInline var d: Double
    @usableFromInline var ds: T
    @usableFromInline var dd: T.Difficulty
    /// ln p (recalled) or ln(1 − p): the example's loss is −weight·term.
    @usableFromInline var term: Double
    @usableFromInline var p: Double
    @usableFromInline var dRdS: Double
    @usableFromInline var dRdw20: Double
    @usableFromInline var inside: Bool

    @inlinable init() {
      s = 0; d = 0; ds = .zero; dd = .zero; term = 0; p = 0; dRdS = 0; dRdw20 = 0; inside = false
    }
  }
}

extension SharedPrefixes {
  /// The trie's arrays and a pass's slots, for the pass's loop (no array access in it).
  @usableFromInline
  struct View {
    @usableFromInline let shared: UnsafePointer<Int32>
    @usableFromInline let slotStarts: UnsafePointer<Int32>
    @usableFromInline let slots: UnsafePointer<Int32>
    @usableFromInline let cache: UnsafeMutablePointer<FSRS6LossGradient.SharedReview<FloatTangent>>

    @inlinable init(
      shared: UnsafePointer<Int32>, slotStarts: UnsafePointer<Int32>, slots: UnsafePointer<Int32>,
      cache: UnsafeMutablePointer<FSRS6LossGradient.SharedReview<FloatTangent>>
    ) {
      self.shared = shared; self.slotStarts = slotStarts; self.slots = slots; self.cache = cache
    }

    /// The run's card `k`: its shared reviews, its slot ids and how many it has.
    @inlinable @inline(__always)
    func card(_ k: Int) -> (Int, UnsafePointer<Int32>, Int) {
      let base = Int(slotStarts[k])
      return (Int(shared[k]), slots + base, Int(slotStarts[k + 1]) - base)
    }
  }

  /// Runs `body` with a view of the trie and `cache` (``slotCount`` slots).
  @inlinable
  func withView<R>(
    cache: UnsafeMutablePointer<FSRS6LossGradient.SharedReview<FloatTangent>>, _ body: (View) -> R
  ) -> R {
    shared.withUnsafeBufferPointer { sh in
      slotStarts.withUnsafeBufferPointer { ss in
        slots.withUnsafeBufferPointer { sl in
          body(View(shared: sh.baseAddress ?? ss.baseAddress!, slotStarts: ss.baseAddress!, slots: sl.baseAddress ?? ss.baseAddress!, cache: cache))
        }
      }
    }
  }
}
