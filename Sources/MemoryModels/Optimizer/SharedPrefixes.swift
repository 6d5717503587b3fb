import PlannerCore

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
  /// Reviews after a card's first that are looked up in the trie (on the dev set 99.7 % of the
  /// shared reviews are among a card's first 8).
  @usableFromInline static let depth = 8
  /// Nodes a trie holds at most (then it stops growing: later cards share only what it has), so
  /// its table and a pass's slots stay a few MB on any log while the per-review part is 4 bytes.
  static let maxNodes = 1 << 16
  /// The run's cards `first..<last`.
  @usableFromInline let first: Int
  @usableFromInline let last: Int
  /// Per card of the run: how many reviews after its first are an earlier card's (their state
  /// is read from the slots), 0 for none; for a pass that walks one card at a time.
  @usableFromInline var shared: [Int32]
  /// The same for a pass that walks two cards side by side (``FSRS6LossGradient/losses``:
  /// cards first + 2k and first + 2k + 1 together), where a card can take only what the cards
  /// of earlier pairs computed.
  @usableFromInline var sharedPaired: [Int32]
  /// Per card of the run: where its slot ids start in ``slots``.
  @usableFromInline var slotStarts: [Int32]
  /// Per looked-up review (its card's reviews 1…min(``depth``, count − 1), card after card): the
  /// slot that holds the state after it, or −1 when no other card reaches it.
  @usableFromInline var slots: [Int32]
  /// Slots the run needs.
  @usableFromInline var slotCount: Int

  /// The trie of the cards `first..<last` (reviews `starts[c]..<starts[c + 1]`), walked as one
  /// run; at most `maxNodes` nodes besides the four first reviews.
  init(
    ratings: UnsafeBufferPointer<UInt8>, elapsed: UnsafeBufferPointer<Int32>, starts: UnsafeBufferPointer<Int>,
    first: Int, last: Int, maxNodes: Int = Self.maxNodes
  ) {
    self.first = first
    self.last = last
    let cards = Swift.max(last - first, 0)
    var slotStarts = [Int32](repeating: 0, count: cards + 1)
    var looked = 0
    slotStarts.withUnsafeMutableBufferPointer { slotStarts in
      for k in 0..<cards {
        slotStarts[k] = Int32(looked)
        looked += Swift.min(Self.depth, starts[first + k + 1] - starts[first + k] - 1)
      }
      slotStarts[cards] = Int32(looked)
    }
    // Node of each looked-up review; nodes 0…3 are the first reviews (rating 1…4). The run's
    // first card that reached each node (the first reviews: before every card).
    var nodes = [Int32](repeating: 0, count: looked)
    let capacity = Swift.min(looked, maxNodes)
    var visits = [Int32](repeating: 0, count: capacity + 4)
    var creator = [Int32](repeating: -1, count: capacity + 4)
    let table = NodeTable(capacity: capacity)
    defer { table.free() }
    var nodeCount: Int32 = 4
    nodes.withUnsafeMutableBufferPointer { nodes in
      visits.withUnsafeMutableBufferPointer { visits in
        creator.withUnsafeMutableBufferPointer { creator in
          slotStarts.withUnsafeBufferPointer { slotStarts in
            for k in 0..<cards {
              let start = starts[first + k]
              var node = Int32(ratings[start]) - 1
              let base = Int(slotStarts[k])
              for j in 0..<(Int(slotStarts[k + 1]) - base) {
                let i = start + 1 + j
                // Parent node (32 bits), rating (3), t (29; every t ≤ 0 is the same day).
                let key = UInt64(UInt32(node)) << 32 | UInt64(ratings[i] & 7) << 29
                  | UInt64(UInt32(Swift.max(elapsed[i], 0)) & 0x1FFF_FFFF)
                node = table.find(key, next: nodeCount, insert: Int(nodeCount) < capacity + 4)
                if node < 0 {
                  // A full trie: this review and the card's later ones have no node.
                  for r in j..<(Int(slotStarts[k + 1]) - base) { nodes[base + r] = -1 }
                  break
                }
                if node == nodeCount {
                  nodeCount += 1
                  creator[Int(node)] = Int32(k)
                }
                nodes[base + j] = node
                visits[Int(node)] += 1
              }
            }
          }
        }
      }
    }
    // Per card, the leading nodes that an earlier card (or an earlier pair's card) created;
    // pairs start at the run's first card.
    var shared = [Int32](repeating: 0, count: cards)
    var sharedPaired = [Int32](repeating: 0, count: cards)
    shared.withUnsafeMutableBufferPointer { shared in
      sharedPaired.withUnsafeMutableBufferPointer { sharedPaired in
        slotStarts.withUnsafeBufferPointer { slotStarts in
          nodes.withUnsafeBufferPointer { nodes in
            creator.withUnsafeBufferPointer { creator in
              for k in 0..<cards {
                let base = Int(slotStarts[k])
                let n = Int(slotStarts[k + 1]) - base
                let pair = k & ~1
                var j = 0
                while j < n && nodes[base + j] >= 0 && creator[Int(nodes[base + j])] < Int32(pair) { j += 1 }
                sharedPaired[k] = Int32(j)
                while j < n && nodes[base + j] >= 0 && creator[Int(nodes[base + j])] < Int32(k) { j += 1 }
                shared[k] = Int32(j)
              }
            }
          }
        }
      }
    }
    // A slot for every node that a second card reaches.
    var slotOf = [Int32](repeating: -1, count: Int(nodeCount))
    var count: Int32 = 0
    slotOf.withUnsafeMutableBufferPointer { slotOf in
      visits.withUnsafeBufferPointer { visits in
        for id in 4..<Int(nodeCount) where visits[id] >= 2 {
          slotOf[id] = count
          count += 1
        }
      }
    }
    self.shared = shared
    self.sharedPaired = sharedPaired
    self.slotStarts = slotStarts
    // Each looked-up review's node's slot, written in place of its node.
    slotOf.withUnsafeBufferPointer { slotOf in
      nodes.withUnsafeMutableBufferPointer { nodes in
        for r in nodes.indices where nodes[r] >= 0 { nodes[r] = slotOf[Int(nodes[r])] }
      }
    }
    slots = nodes
    slotCount = Int(count)
  }

  /// Open addressing from a (parent node, rating, t) key to its node.
  struct NodeTable {
    var keys: UnsafeMutableBufferPointer<UInt64>
    var values: UnsafeMutableBufferPointer<Int32>
    let mask: Int

    init(capacity: Int) {
      var size = 16
      while size < 2 * capacity { size <<= 1 }
      keys = .allocate(capacity: size)
      keys.initialize(repeating: 0)
      // A value is read only where its key was written.
      values = .allocate(capacity: size)
      mask = size - 1
    }

    func free() {
      keys.deallocate()
      values.deallocate()
    }

    /// The node of `key`, inserting it as `next` if absent (−1 if absent and not `insert`).
    @inline(__always)
    func find(_ key: UInt64, next: Int32, insert: Bool) -> Int32 {
      let stored = key &+ 1  // 0 marks an empty bucket
      var h = Int(truncatingIfNeeded: (stored &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
      while true {
        let k = keys[h]
        if k == stored { return values[h] }
        if k == 0 {
          guard insert else { return -1 }
          keys[h] = stored
          values[h] = next
          return next
        }
        h = (h + 1) & mask
      }
    }
  }
}

extension FSRS6LossGradient {
  /// What a loss-only pass keeps of one review in a ``SharedPrefixes`` slot: the state after it
  /// and, if it is an example, its BCE (ln p or ln(1 − p), unweighted) and p.
  @usableFromInline
  struct SharedLoss {
    @usableFromInline var s: Double
    @usableFromInline var d: Double
    @usableFromInline var term: Double
    @usableFromInline var p: Double
    @inlinable init() { s = 0; d = 0; term = 0; p = 0 }
  }

  /// What a Gauss–Newton pass keeps of one review in a ``SharedPrefixes`` slot: the state after it and, if it
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

/// The tries of one fit's data for its passes' two fixed halves of the cards, one per half,
/// whether the halves run one after the other (one thread) or side by side: a Gauss–Newton pass
/// adds the examples a half's cards share once, with their summed weight
/// (``SharedPrefixes/shareWeights(ratings:elapsed:starts:weights:)``), so what a half shares
/// must not depend on the threads.
@usableFromInline
struct FitPrefixes: Sendable {
  @usableFromInline let tries: [SharedPrefixes]

  init(_ data: TrainingData, maxNodes: Int = SharedPrefixes.maxNodes) {
    let cards = data.trainingCardCount
    let mid = cards / 2
    tries = data.ratings.withUnsafeBufferPointer { ratings in
      data.elapsed.withUnsafeBufferPointer { elapsed in
        data.starts.withUnsafeBufferPointer { starts in
          [(0, mid), (mid, cards)].map {
            SharedPrefixes(ratings: ratings, elapsed: elapsed, starts: starts, first: $0.0, last: $0.1, maxNodes: maxNodes)
          }
        }
      }
    }
  }

  /// Each trie's ``SharedPrefixes/shareWeights(ratings:elapsed:starts:weights:)`` under the
  /// examples' `weights` (nil: 1 each): found once per fit, for every Gauss–Newton pass.
  func shareWeights(_ data: TrainingData, weights: [Double]?) -> [[Double]] {
    data.ratings.withUnsafeBufferPointer { ratings in
      data.elapsed.withUnsafeBufferPointer { elapsed in
        data.starts.withUnsafeBufferPointer { starts in
          (weights ?? []).withUnsafeBufferPointer { w in
            tries.map { $0.shareWeights(ratings: ratings, elapsed: elapsed, starts: starts, weights: weights == nil ? nil : w) }
          }
        }
      }
    }
  }

  /// Runs `work` on the two halves of the cards (`inHalves`), each with its view of slots of type
  /// `Slot` (``withViews(_:paired:shareWeights:_:)``), or with nil when the fit shares no
  /// prefixes: the one dispatch of every pass.
  static func inHalves<Slot>(_ prefixes: FitPrefixes?, _: Slot.Type, paired: Bool = false, shareWeights: [[Double]]? = nil,
                             threads: Int, _ work: (Int, [SharedPrefixes.View<Slot>]?) -> Void) {
    guard let prefixes else { return PlannerCore.inHalves(threads: threads) { work($0, nil) } }
    prefixes.withViews(Slot.self, paired: paired, shareWeights: shareWeights) { views in
      PlannerCore.inHalves(threads: threads) { work($0, views) }
    }
  }

  /// Runs `body` with each half's view (for a pass that walks `paired` cards side by side) and
  /// slots of type `Slot`, kept for the whole call; with `shareWeights` (one array per trie) the
  /// views carry them.
  @inlinable
  func withViews<Slot, R>(_: Slot.Type, paired: Bool = false, shareWeights: [[Double]]? = nil,
                          _ body: ([SharedPrefixes.View<Slot>]) -> R) -> R {
    tries[0].withView(Slot.self, paired: paired, shareWeights: shareWeights?[0]) { a in
      tries[1].withView(Slot.self, paired: paired, shareWeights: shareWeights?[1]) { b in body([a, b]) }
    }
  }
}

extension SharedPrefixes {
  /// The trie's arrays and a pass's slots, for the pass's loop (no array access in it).
  @usableFromInline
  struct View<Slot> {
    @usableFromInline let shared: UnsafePointer<Int32>
    @usableFromInline let slotStarts: UnsafePointer<Int32>
    @usableFromInline let slots: UnsafePointer<Int32>
    @usableFromInline let cache: UnsafeMutablePointer<Slot>
    /// Per slot, the summed weight of the examples that the cards sharing its review take from
    /// it (``SharedPrefixes/shareWeights(ratings:elapsed:starts:weights:)``), or nil: a Gauss–Newton
    /// pass then replays each shared example from its slot.
    @usableFromInline let shareWeights: UnsafePointer<Double>?

    @inlinable init(
      shared: UnsafePointer<Int32>, slotStarts: UnsafePointer<Int32>, slots: UnsafePointer<Int32>,
      cache: UnsafeMutablePointer<Slot>, shareWeights: UnsafePointer<Double>? = nil
    ) {
      self.shared = shared; self.slotStarts = slotStarts; self.slots = slots; self.cache = cache
      self.shareWeights = shareWeights
    }

    /// The run's card `k`: its shared reviews, its slot ids and how many it has.
    @inlinable @inline(__always)
    func card(_ k: Int) -> (Int, UnsafePointer<Int32>, Int) {
      let base = Int(slotStarts[k])
      return (Int(shared[k]), slots + base, Int(slotStarts[k + 1]) - base)
    }
  }

  /// Runs `body` with a view of the trie (for a pass that walks `paired` cards side by side)
  /// and slots of type `Slot` (``slotCount`` of them), carrying `shareWeights` (one per slot).
  @inlinable
  func withView<Slot, R>(_: Slot.Type, paired: Bool = false, shareWeights: [Double]? = nil, _ body: (View<Slot>) -> R) -> R {
    let cache = UnsafeMutablePointer<Slot>.allocate(capacity: Swift.max(slotCount, 1))
    defer { cache.deallocate() }
    return (paired ? sharedPaired : shared).withUnsafeBufferPointer { sh in
      slotStarts.withUnsafeBufferPointer { ss in
        slots.withUnsafeBufferPointer { sl in
          (shareWeights ?? []).withUnsafeBufferPointer { sw in
            body(View(shared: sh.baseAddress ?? ss.baseAddress!, slotStarts: ss.baseAddress!, slots: sl.baseAddress ?? ss.baseAddress!,
                      cache: cache, shareWeights: shareWeights == nil ? nil : sw.baseAddress))
          }
        }
      }
    }
  }

  /// Per slot, the summed weight (`weights[i]`, or 1 each) of the examples that the cards sharing
  /// the slot's review take from it, in card order: a Gauss–Newton pass adds such an example
  /// once, on the card that computes the review, with its own weight plus this one. An example's
  /// loss, gradient and Fisher terms are its weight times what its state, rating and elapsed
  /// days give, and cards sharing a review share all three, so the sums are the same up to the
  /// rounding of their grouping.
  func shareWeights(
    ratings: UnsafeBufferPointer<UInt8>, elapsed: UnsafeBufferPointer<Int32>, starts: UnsafeBufferPointer<Int>,
    weights: UnsafeBufferPointer<Double>?
  ) -> [Double] {
    var out = [Double](repeating: 0, count: slotCount)
    out.withUnsafeMutableBufferPointer { out in
      for k in 0..<Swift.max(last - first, 0) {
        let n = Int(shared[k])
        guard n > 0 else { continue }
        let start = starts[first + k], base = Int(slotStarts[k])
        for j in 0..<n where elapsed[start + 1 + j] > 0 {
          out[Int(slots[base + j])] += weights?[start + 1 + j] ?? 1
        }
      }
    }
    return out
  }
}
