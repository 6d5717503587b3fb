import Foundation

extension FSRS6LossGradient {
  /// The loss-only pass's state along one card: S, D, the next review and the card's sums.
  @usableFromInline
  struct LossLane {
    @usableFromInline var s: Double
    @usableFromInline var d: Double
    @usableFromInline var i: Int
    @usableFromInline let end: Int
    @usableFromInline var sum = 0.0
    @usableFromInline var plain = 0.0
    /// The recall bias's moments of the card's examples, when asked for.
    @usableFromInline var moments = RecallBias.Moments()
    /// With ``SharedPrefixes``: the card's slot ids, how many, and its second review's index.
    @usableFromInline var slots: UnsafePointer<Int32>? = nil
    @usableFromInline var looked = 0
    @usableFromInline var second = 0

    @inlinable init(s: Double, d: Double, i: Int, end: Int) {
      self.s = s; self.d = d; self.i = i; self.end = end
    }
  }

  /// The lane after the first review of the card `start..<end`.
  @inlinable @inline(__always)
  func lossLane(_ ratings: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> LossLane {
    let g0 = Int(ratings[start])
    let s = Swift.min(Swift.max(w[g0 - 1], FSRS6.minStability), FSRS6.maxStability)
    let d = Swift.min(Swift.max(w[4] - firstDifficulty[g0 - 1] + 1, 1), 10)
    return LossLane(s: s, d: d, i: start + 1, end: end)
  }

  /// The lane of the run's card `k` (reviews `start..<end`) after the reviews that an earlier
  /// card shares (``SharedPrefixes``): their examples added from the slots as ``lossStep`` adds
  /// them, the state taken from the last one.
  @inlinable @inline(__always)
  func lossLane(
    _ ratings: UnsafeBufferPointer<UInt8>, _ elapsed: UnsafeBufferPointer<Int32>, _ start: Int, _ end: Int,
    _ k: Int, _ prefixes: SharedPrefixes.View<SharedLoss>, weights: UnsafeBufferPointer<Double>?, collect: Bool
  ) -> LossLane {
    var lane = lossLane(ratings, start, end)
    let (shared, slots, looked) = prefixes.card(k)
    lane.slots = slots
    lane.looked = looked
    lane.second = start + 1
    guard shared > 0 else { return lane }
    for j in 0..<shared {
      let i = start + 1 + j
      guard elapsed[i] > 0 else { continue }
      let e = prefixes.cache + Int(slots[j])
      let l = e.pointee.term
      lane.sum -= (weights?[i] ?? 1) * l
      lane.plain -= l
      if collect { lane.moments.add(e.pointee.p, recalled: ratings[i] > 1, weight: weights?[i] ?? 1) }
    }
    let e = prefixes.cache + Int(slots[shared - 1])
    lane.s = e.pointee.s
    lane.d = e.pointee.d
    lane.i = start + 1 + shared
    return lane
  }

  /// ``lossStep`` keeping the review in its slot when a later card shares it.
  @inlinable @inline(__always)
  func lossStep(
    _ lane: inout LossLane, _ ratings: UnsafeBufferPointer<UInt8>, _ elapsed: UnsafeBufferPointer<Int32>,
    weights: UnsafeBufferPointer<Double>?, collect: Bool, prefixes: SharedPrefixes.View<SharedLoss>?
  ) {
    var record: UnsafeMutablePointer<SharedLoss>? = nil
    if let prefixes, let slots = lane.slots {
      let j = lane.i - lane.second
      if j < lane.looked && slots[j] >= 0 { record = prefixes.cache + Int(slots[j]) }
    }
    lossStep(&lane, ratings, elapsed, weights: weights, times: nil, from: .min, collect: collect, record: record)
  }

  /// One review of a loss-only lane: its example's BCE (weighted into `sum`, plain into
  /// `plain`) if it is on a later day and, with `times`, at or after `cut`; then S and D.
  /// With `collect`, the example also adds to the lane's ``RecallBias/Moments``; with `record`,
  /// the review goes into that slot (``SharedPrefixes``; only without `times`).
  @inlinable @inline(__always)
  func lossStep(
    _ lane: inout LossLane, _ ratings: UnsafeBufferPointer<UInt8>, _ elapsed: UnsafeBufferPointer<Int32>,
    weights: UnsafeBufferPointer<Double>?, times: UnsafeBufferPointer<Int64>?, from cut: Int64, collect: Bool = false,
    record: UnsafeMutablePointer<SharedLoss>? = nil
  ) {
    let eps = BinaryCrossEntropy.epsilon
    let i = lane.i
    let s = lane.s, d = lane.d
    let g = Int(ratings[i])
    let gd = Double(g)
    let t = elapsed[i]
    var newS: Double
    if t <= 0 {
      let inc = sameDay[g - 1] * exp(-w19 * log(s))
      newS = g >= 2 && inc < 1 ? s : s * inc
    } else {
      let lb = log(1 + factor * Double(t) / s)
      let r = exp(-w20 * lb)
      let p = Swift.min(Swift.max(r, eps), 1 - eps)
      if times == nil || times![i] >= cut {
        let l = g > 1 ? (r > eps && r < 1 - eps ? -w20 * lb : log(p)) : log(1 - p)
        lane.sum -= (weights?[i] ?? 1) * l
        lane.plain -= l
        if collect { lane.moments.add(p, recalled: g > 1, weight: weights?[i] ?? 1) }
        if let record {
          record.pointee.term = l
          record.pointee.p = p
        }
      }
      if g == 1 {
        let sf = w11 * exp(-w12 * log(d)) * (exp(w13 * log(s + 1)) - 1) * exp(w14 * (1 - r))
        newS = Swift.min(sf, s * lapseShrink)
      } else {
        let he = (g == 2 ? w15 : 1) * (g == 4 ? w16 : 1)
        newS = s * (1 + expW8 * (11 - d) * exp(-w9 * log(s)) * (exp(w10 * (1 - r)) - 1) * he)
      }
    }
    let delta = -w6 * (gd - 3)
    let nd = w7 * d04 + (1 - w7) * (d + delta * (10 - d) / 9)
    lane.d = nd.isNaN ? 10 : Swift.min(Swift.max(nd, 1), 10)
    lane.s = newS.isNaN ? FSRS6.minStability : Swift.min(Swift.max(newS, FSRS6.minStability), FSRS6.maxStability)
    lane.i = i + 1
    if let record {
      record.pointee.s = lane.s
      record.pointee.d = lane.d
    }
  }

  /// The same pass without tangents: the summed BCE of the card's examples, same arithmetic.
  /// With `times`, only the examples at or after `from` count (the same sum as weights 1 on
  /// those and 0 elsewhere). With `plain`, the unweighted sum of the card is added to it too
  /// (the same bits as a second call without `weights`).
  @inlinable
  func loss(
    _ ratings: UnsafeBufferPointer<UInt8>, _ elapsed: UnsafeBufferPointer<Int32>, _ start: Int, _ end: Int,
    weights: UnsafeBufferPointer<Double>? = nil, times: UnsafeBufferPointer<Int64>? = nil, from cut: Int64 = .min,
    plain: UnsafeMutablePointer<Double>? = nil, moments: UnsafeMutablePointer<RecallBias.Moments>? = nil
  ) -> Double {
    var lane = lossLane(ratings, start, end)
    let collect = moments != nil
    while lane.i < lane.end { lossStep(&lane, ratings, elapsed, weights: weights, times: times, from: cut, collect: collect) }
    if let plain { plain.pointee += lane.plain }
    if let moments { moments.pointee += lane.moments }
    return lane.sum
  }

  /// Σ ``loss`` over the cards `first..<last` (their reviews `starts[c]..<starts[c + 1]`),
  /// each card's sum added in card order (`plain` likewise): the same bits as calling ``loss``
  /// card by card. Cards are walked two at a time side by side: a card's reviews form one serial
  /// chain of `exp`/`log` calls, and two independent chains let the processor overlap them.
  /// With `moments`, the recall bias's moments are added to it too (card by card, in order).
  @inlinable
  func losses(
    _ ratings: UnsafeBufferPointer<UInt8>, _ elapsed: UnsafeBufferPointer<Int32>, _ starts: UnsafeBufferPointer<Int>,
    _ first: Int, _ last: Int, weights: UnsafeBufferPointer<Double>? = nil, plain: UnsafeMutablePointer<Double>? = nil,
    moments: UnsafeMutablePointer<RecallBias.Moments>? = nil, prefixes: SharedPrefixes.View<SharedLoss>? = nil
  ) -> Double {
    var total = 0.0
    var c = first
    let collect = moments != nil
    func lane(_ c: Int) -> LossLane {
      guard let prefixes else { return lossLane(ratings, starts[c], starts[c + 1]) }
      return lossLane(ratings, elapsed, starts[c], starts[c + 1], c - first, prefixes, weights: weights, collect: collect)
    }
    while c + 1 < last {
      var a = lane(c)
      var b = lane(c + 1)
      while a.i < a.end && b.i < b.end {
        lossStep(&a, ratings, elapsed, weights: weights, collect: collect, prefixes: prefixes)
        lossStep(&b, ratings, elapsed, weights: weights, collect: collect, prefixes: prefixes)
      }
      while a.i < a.end { lossStep(&a, ratings, elapsed, weights: weights, collect: collect, prefixes: prefixes) }
      while b.i < b.end { lossStep(&b, ratings, elapsed, weights: weights, collect: collect, prefixes: prefixes) }
      total += a.sum
      total += b.sum
      if let plain {
        plain.pointee += a.plain
        plain.pointee += b.plain
      }
      if let moments {
        moments.pointee += a.moments
        moments.pointee += b.moments
      }
      c += 2
    }
    if c < last {
      if prefixes != nil {
        var a = lane(c)
        while a.i < a.end { lossStep(&a, ratings, elapsed, weights: weights, collect: collect, prefixes: prefixes) }
        if let plain { plain.pointee += a.plain }
        if let moments { moments.pointee += a.moments }
        total += a.sum
      } else {
        total += loss(ratings, elapsed, starts[c], starts[c + 1], weights: weights, plain: plain, moments: moments)
      }
    }
    return total
  }
}
