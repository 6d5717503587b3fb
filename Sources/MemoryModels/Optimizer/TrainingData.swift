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
  /// Empty after ``compact(for:)``, which keeps only what the fit reads.
  @usableFromInline var times: [Int64]
  /// The recency weights (``recencyWeights()``) once ``compact(for:)`` has put them in place of
  /// ``times``; nil before.
  @usableFromInline var keptWeights: [Double]? = nil

  /// Reviews in the input (all cards, all reviews).
  public internal(set) var reviewCount = 0
  /// Cards in the input.
  public internal(set) var cardCount = 0
  /// Training examples (reviews with t > 0 after a card's first).
  public internal(set) var exampleCount = 0
  /// Training examples that are recalls (rating > 1).
  public internal(set) var recallCount = 0

  /// Cards that contribute at least one example.
  public var trainingCardCount: Int { exampleCounts.count }

  /// No cards (what ``TrainingDataBuilder`` and ``prefix(before:)`` fill in).
  init(empty: Void) {
    ratings = []
    elapsed = []
    starts = [0]
    exampleCounts = []
    times = []
  }

  public init(_ cards: [CardHistory]) {
    self.init(cards, limit: nil)
  }

  /// The training data of `cards` cut to their reviews strictly before `time` (cards left
  /// empty dropped): the same as `TrainingData(history)` of the cut histories, without them.
  public init(_ cards: [CardHistory], before time: Int64) {
    self.init(cards, limit: time)
  }

  /// The training data of the store's cards (cut to their reviews strictly before `time`,
  /// cards left empty dropped): the same arrays as ``init(_:before:)`` of the store's
  /// histories, without them.
  public init(_ store: CardReviewStore, before time: Int64) {
    self.init(store, limit: time)
  }

  /// The training data of all the store's reviews: the same arrays as ``init(_:)`` of its
  /// histories.
  public init(_ store: CardReviewStore) {
    self.init(store, limit: nil)
  }

  private init(_ cards: [CardHistory], limit: Int64?) {
    // How many of a card's reviews are kept: all, or those before `limit` (times ascend along
    // a card, so a prefix); nil drops the card.
    func kept(_ card: CardHistory) -> Int? {
      guard let limit else { return card.count }
      var k = 0
      while k < card.count && card.times[k] < limit { k += 1 }
      return k > 0 ? k : nil
    }
    var stored = 0, storedCards = 0
    for card in cards {
      guard let n = kept(card) else { continue }
      let length = Self.storedLength(n) { card.elapsedDays[$0] }
      stored += length
      if length > 0 { storedCards += 1 }
    }
    self.init(stored: stored, cards: storedCards, keepingTimes: true) { filler in
      for card in cards {
        guard let n = kept(card) else { continue }
        card.ratings.withUnsafeBufferPointer { r in
          card.elapsedDays.withUnsafeBufferPointer { e in
            card.times.withUnsafeBufferPointer { t in
              filler.add(count: n, time: { t[$0] }, elapsed: { e[$0] }, rating: { r[$0] })
            }
          }
        }
      }
    }
  }

  /// The store's reviews before `limit` (all: nil); without ``times`` when `keepingTimes` is
  /// false (``init(_:before:compactFor:examplesInTimeOrder:)``).
  init(_ store: CardReviewStore, limit: Int64?, keepingTimes: Bool = true) {
    func kept(_ c: Int) -> Int? {
      guard let limit else { return store.range(ofCard: c).count }
      let k = store.countBefore(limit, card: c)
      return k > 0 ? k : nil
    }
    var stored = 0, storedCards = 0
    for c in 0..<store.cardCount {
      let s = store.starts[c]
      guard let n = kept(c) else { continue }
      let length = Self.storedLength(n) { store.elapsedDays[s + $0] }
      stored += length
      if length > 0 { storedCards += 1 }
    }
    self.init(stored: stored, cards: storedCards, keepingTimes: keepingTimes) { filler in
      for c in 0..<store.cardCount {
        guard let n = kept(c) else { continue }
        let s = store.starts[c]
        filler.add(count: n, time: { store.times[s + $0] }, elapsed: { store.elapsedDays[s + $0] },
                   rating: { store.ratings[s + $0] })
      }
    }
  }

  /// How much of a card's first `count` reviews is stored: through its last example (t > 0
  /// after the first), none without one.
  static func storedLength(_ count: Int, elapsed: (Int) -> Int32) -> Int {
    var i = count - 1
    while i >= 1 {
      if elapsed(i) > 0 { return i + 1 }
      i -= 1
    }
    return 0
  }

  mutating func reserve(_ stored: Int, times keepingTimes: Bool = true) {
    ratings.reserveCapacity(stored)
    elapsed.reserveCapacity(stored)
    if keepingTimes { times.reserveCapacity(stored) }
  }

  /// The arrays of `stored` reviews of `cards` stored cards (``storedLength(_:elapsed:)``, summed
  /// first), written card by card by `fill` through a ``Filler``: sized once, each element
  /// written once (no growth, no zeroing first). Without times when not `keepingTimes`.
  private init(stored: Int, cards: Int, keepingTimes: Bool, _ fill: (inout Filler) -> Void) {
    self.init(empty: ())
    var filler = Filler()
    filler.starts.reserveCapacity(cards + 1)
    filler.exampleCounts.reserveCapacity(cards)
    ratings = [UInt8](unsafeUninitializedCapacity: stored) { r, ratingCount in
      elapsed = [Int32](unsafeUninitializedCapacity: stored) { e, elapsedCount in
        times = [Int64](unsafeUninitializedCapacity: keepingTimes ? stored : 0) { t, timeCount in
          filler.ratings = r.baseAddress; filler.elapsed = e.baseAddress; filler.times = keepingTimes ? t.baseAddress : nil
          fill(&filler)
          // Every element written: `stored` is the same cards' stored lengths.
          precondition(filler.at == stored, "stored \(filler.at) of \(stored) reviews")
          timeCount = keepingTimes ? stored : 0
        }
        elapsedCount = stored
      }
      ratingCount = stored
    }
    starts = filler.starts
    exampleCounts = filler.exampleCounts
    reviewCount = filler.reviews
    cardCount = filler.cards
    exampleCount = filler.examples
    recallCount = filler.recalls
  }

  /// Writes cards into the arrays ``init(stored:cards:keepingTimes:_:)`` sized: the one rule of
  /// what a card stores.
  private struct Filler {
    var ratings: UnsafeMutablePointer<UInt8>?, elapsed: UnsafeMutablePointer<Int32>?, times: UnsafeMutablePointer<Int64>?
    var at = 0
    var starts = [0], exampleCounts: [Int] = []
    var reviews = 0, cards = 0, examples = 0, recalls = 0

    /// Adds one card's first `count` reviews: to the counts, and its reviews through its last
    /// example to the arrays (a card without examples is counted, not stored; its first review's
    /// elapsed days stored as −1).
    @inline(__always)
    mutating func add(count: Int, time: (Int) -> Int64, elapsed t: (Int) -> Int32, rating: (Int) -> Rating) {
      reviews += count
      cards += 1
      guard count > 1 else { return }
      var last = -1
      var found = 0
      for i in 1..<count where t(i) > 0 {
        last = i
        found += 1
        if rating(i) != .again { recalls += 1 }
      }
      guard last > 0, let ratings, let elapsed else { return }
      for i in 0...last {
        ratings[at + i] = UInt8(rating(i).rawValue)
        elapsed[at + i] = i == 0 ? -1 : t(i)
      }
      if let times { for i in 0...last { times[at + i] = time(i) } }
      at += last + 1
      starts.append(at)
      exampleCounts.append(found)
      examples += found
    }
  }

  /// The stored reviews that are examples (t > 0 after a card's first).
  func countExamples() -> Int {
    var n = 0
    for c in 0..<trainingCardCount {
      for i in (starts[c] + 1)..<starts[c + 1] where elapsed[i] > 0 { n += 1 }
    }
    return n
  }

  /// Visits the examples' review indices in (time, index) order until `visit` returns false.
  /// Up to ``radixSortLimit`` examples whose (time, index) pack into 64 bits, by a radix sort
  /// of those keys (``examplesByRadixSort()``: a few linear passes, about a quarter of the
  /// merge's CPU). Otherwise cards whose times ascend (as histories do) are merged, one heap
  /// entry per card (no key per example); if any card's do not, the indices are sorted instead
  /// (``sortByTime(_:_:)``). The same order every way.
  func forEachExampleInTimeOrder(radixSortLimit limit: Int = TrainingData.radixSortLimit, _ visit: (Int) -> Bool) {
    precondition(times.count == ratings.count, "the review times were dropped by compact(for:)")
    if let keys = examplesByRadixSort(limit: limit) {
      let mask = (UInt64(1) << Self.indexBits(ratings.count)) - 1
      for key in keys where !visit(Int(key & mask)) { return }
      return
    }
    guard timesAscendAlongCards() else {
      var examples: [UInt32] = []
      for c in 0..<trainingCardCount {
        for i in (starts[c] + 1)..<starts[c + 1] where elapsed[i] > 0 { examples.append(UInt32(i)) }
      }
      Self.sortByTime(&examples, times)
      for e in examples where !visit(Int(e)) { return }
      return
    }
    let times = self.times, elapsed = self.elapsed, starts = self.starts
    func example(after i: Int, card c: Int) -> AscendingRunMerge.Head? {
      var j = i + 1
      while j < starts[c + 1] {
        if elapsed[j] > 0 { return AscendingRunMerge.Head(time: times[j], tie: 0, position: UInt32(j), run: UInt32(c)) }
        j += 1
      }
      return nil
    }
    var heads: [AscendingRunMerge.Head] = []
    heads.reserveCapacity(trainingCardCount)
    for c in 0..<trainingCardCount {
      if let h = example(after: starts[c], card: c) { heads.append(h) }
    }
    var merge = AscendingRunMerge(heads: consume heads)
    merge.run(next: { example(after: Int($0.position), card: Int($0.run)) }) { visit(Int($0.position)) }
  }

  /// The most examples ``forEachExampleInTimeOrder(_:)`` sorts as keys (16 bytes each on the
  /// way, 32 MiB at most); larger data is merged, with no memory per example.
  static let radixSortLimit = 1 << 21

  /// The bits of the largest review index below `count`.
  static func indexBits(_ count: Int) -> Int { Swift.max(Int.bitWidth - (count - 1).leadingZeroBitCount, 1) }

  /// The examples as (time − earliest) << b | index keys (b = ``indexBits(_:)``), ascending;
  /// nil above `limit` examples or when the time span and the index do not fit in
  /// 64 bits together.
  func examplesByRadixSort(limit: Int = TrainingData.radixSortLimit) -> [UInt64]? {
    var n = 0, lo = Int64.max, hi = Int64.min
    for c in 0..<trainingCardCount {
      for i in (starts[c] + 1)..<starts[c + 1] where elapsed[i] > 0 {
        n += 1
        lo = Swift.min(lo, times[i])
        hi = Swift.max(hi, times[i])
      }
    }
    guard n > 0, n <= limit else { return nil }
    let bits = Self.indexBits(ratings.count)
    let (span, overflow) = hi.subtractingReportingOverflow(lo)
    guard !overflow, UInt64(span) < (UInt64(1) << (64 - bits)) else { return nil }
    var keys = [UInt64](repeating: 0, count: n)
    keys.withUnsafeMutableBufferPointer { k in
      var e = 0
      for c in 0..<trainingCardCount {
        for i in (starts[c] + 1)..<starts[c + 1] where elapsed[i] > 0 {
          k[e] = UInt64(times[i] - lo) << bits | UInt64(i)
          e += 1
        }
      }
    }
    // The keys are laid out in ascending index order and each pass is stable, so sorting the
    // time bits alone gives the (time, index) order.
    Self.radixSort(&keys, significantBits: Int.bitWidth - (UInt64(span) << bits | UInt64(ratings.count - 1)).leadingZeroBitCount, from: bits)
    return keys
  }

  /// Sorts `keys` whose values are below 2^`significantBits` by their bits from `lowBit` up,
  /// stably (keys equal there keep their order; ascending when `lowBit` is 0): least significant
  /// 11-bit digit first, each pass a stable counting sort (a digit all keys share is skipped).
  static func radixSort(_ keys: inout [UInt64], significantBits: Int, from lowBit: Int = 0) {
    let radix = 11, buckets = 1 << radix
    let n = keys.count
    guard n > 1 else { return }
    var other = [UInt64](repeating: 0, count: n)
    var count = [Int](repeating: 0, count: buckets)
    var shift = lowBit
    while shift < significantBits {
      let moved = keys.withUnsafeBufferPointer { src in
        other.withUnsafeMutableBufferPointer { dst in
          count.withUnsafeMutableBufferPointer { count in
            let s = UInt64(shift)
            for b in 0..<buckets { count[b] = 0 }
            for key in src { count[Int(truncatingIfNeeded: key >> s) & (buckets - 1)] += 1 }
            guard count[Int(truncatingIfNeeded: src[0] >> s) & (buckets - 1)] < n else { return false }
            var total = 0
            for b in 0..<buckets {
              let m = count[b]
              count[b] = total
              total += m
            }
            for key in src {
              let b = Int(truncatingIfNeeded: key >> s) & (buckets - 1)
              dst[count[b]] = key
              count[b] += 1
            }
            return true
          }
        }
      }
      if moved { swap(&keys, &other) }
      shift += radix
    }
  }

  /// Whether every stored card's times are non-decreasing.
  func timesAscendAlongCards() -> Bool {
    for c in 0..<trainingCardCount where starts[c + 1] - starts[c] > 1 {
      for i in (starts[c] + 1)..<starts[c + 1] where times[i] < times[i - 1] { return false }
    }
    return true
  }

  /// Sorts review indices by (time, index). When the time span and the indices fit in 64 bits
  /// together, as (time − earliest) << b | index keys (b the bits of the largest index): plain
  /// integers compare without reading `times` again, the same order.
  static func sortByTime(_ examples: inout [UInt32], _ times: [Int64]) {
    guard let first = examples.first else { return }
    var lo = times[Int(first)], hi = lo
    var top: UInt32 = 0
    for e in examples {
      let t = times[Int(e)]
      lo = Swift.min(lo, t)
      hi = Swift.max(hi, t)
      top = Swift.max(top, e)
    }
    let bits = UInt64(UInt32.bitWidth - top.leadingZeroBitCount)
    let (span, overflow) = hi.subtractingReportingOverflow(lo)
    guard !overflow, bits < 64, UInt64(span) < (UInt64(1) << (64 - bits)) else {
      times.withUnsafeBufferPointer { t in
        examples.sort { a, b in (t[Int(a)], a) < (t[Int(b)], b) }
      }
      return
    }
    var keys = examples.map { (UInt64(times[Int($0)] - lo) << bits) | UInt64($0) }
    keys.sort()
    let mask = (UInt64(1) << bits) - 1
    for k in keys.indices { examples[k] = UInt32(keys[k] & mask) }
  }

  /// The training data of the examples strictly before `time` (an inner time split: every
  /// card cut before its first review at or after `time`), built straight from these arrays:
  /// the same arrays as the cards cut that way would give ``init(_:)``.
  func prefix(before time: Int64) -> TrainingData {
    precondition(times.count == ratings.count, "the review times were dropped by compact(for:)")
    var d = TrainingData(empty: ())
    d.starts = [0]
    // Times ascend along a card, so the reviews before `time` are a prefix of it.
    func kept(_ c: Int) -> Int {
      var k = starts[c]
      while k < starts[c + 1] && times[k] < time { k += 1 }
      return k - starts[c]
    }
    // Sized first, so the copy is allocated once (no doubling while it grows).
    var stored = 0
    for c in 0..<trainingCardCount {
      let start = starts[c]
      stored += Self.storedLength(kept(c)) { elapsed[start + $0] }
    }
    d.reserve(stored)
    for c in 0..<trainingCardCount {
      let start = starts[c]
      let count = kept(c)
      guard count > 1 else { continue }
      d.reviewCount += count
      d.cardCount += 1
      var last = -1
      var examples = 0
      for i in 1..<count where elapsed[start + i] > 0 {
        last = i
        examples += 1
        if ratings[start + i] != 1 { d.recallCount += 1 }
      }
      guard last > 0 else { continue }
      d.ratings.append(contentsOf: ratings[start...(start + last)])
      d.elapsed.append(-1)
      d.elapsed.append(contentsOf: elapsed[(start + 1)...(start + last)])
      d.times.append(contentsOf: times[start...(start + last)])
      d.starts.append(d.ratings.count)
      d.exampleCounts.append(examples)
      d.exampleCount += examples
    }
    return d
  }

  /// The time of the example at `rank` (0-based) in time order, and how many examples are at
  /// or after that time (ties included): the inner split's cut, found by merging the cards up
  /// to `rank` (no sorted list of the example times).
  func exampleCut(rank: Int) -> (time: Int64, atOrAfter: Int) {
    let n = countExamples()
    precondition(rank >= 0 && rank < n, "rank \(rank) out of \(n) examples")
    var k = 0
    var runStart = 0
    var runTime = Int64.min
    var cut = Int64.min
    forEachExampleInTimeOrder { e in
      let t = times[e]
      if k == 0 || t != runTime {
        runTime = t
        runStart = k
      }
      if k == rank {
        cut = t
        return false
      }
      k += 1
      return true
    }
    return (cut, n - runStart)
  }

  /// The times of the examples, ascending.
  func exampleTimes() -> [Int64] {
    precondition(times.count == ratings.count, "the review times were dropped by compact(for:)")
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
