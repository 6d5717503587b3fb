import Foundation

/// The binary cross-entropy of FSRS-6 over training examples and its gradient with respect to
/// the 21 weights, by forward-mode differentiation with analytic partial derivatives.
///
/// Along a card the state (S, D) carries its tangents dS/dw (21 components) and dD/dw (only
/// w4…w7 can reach D). Each review applies the same formulas as ``FSRS6`` and the chain rule:
///
///     dS' = ∂S'/∂S · dS + ∂S'/∂D · dD + ∂S'/∂R · dR + ∂S'/∂w (direct terms)
///     dR  = ∂R/∂S · dS + ∂R/∂w20
///
/// A clamp that binds (S to [0.001, 36500], D to [1, 10], p to [ε, 1 − ε]) has derivative 0,
/// the subgradient autograd uses too. Every example on the card is a prefix of that same
/// pass, so the cost is one pass per card, not one per example as in the reference.
@usableFromInline
struct FSRS6LossGradient {
  @usableFromInline let w: [Double]
  @usableFromInline let w5, w6, w7, w8, w9, w10, w11, w12, w13, w14, w15, w16, w17, w18, w19, w20: Double
  @usableFromInline let factor: Double
  @usableFromInline let dFactorDw20: Double
  @usableFromInline let expW8: Double
  @usableFromInline let exp3w5: Double
  @usableFromInline let d04: Double  // unclamped D0(4)
  @usableFromInline let lapseShrink: Double  // exp(−w17·w18)
  /// exp(w17·(G − 3 + w18)) for G = 1…4 (the same-day factor before S^(−w19)).
  @usableFromInline let sameDay: SIMD4<Double>
  /// exp(w5·(G − 1)) for G = 1…4 (the initial difficulty's term; the same value every card
  /// with that first rating computed before).
  @usableFromInline let firstDifficulty: SIMD4<Double>
  /// The gradient pass (``step``) takes its `exp`/`log` in single precision
  /// (``lnAndPower(_:_:_:)``).
  @usableFromInline let single: Bool
  /// w9, w10, w12, w13, w14, w19, w20 in single precision, for the products between two
  /// single-precision calls (``lnAndPower(_:_:_:)``, ``expOfOneMinus(_:_:_:_:)``).
  @usableFromInline let w9f, w10f, w12f, w13f, w14f, w19f, w20f: Float

  @usableFromInline init(_ weights: [Double], singlePrecision: Bool = false) {
    w = weights
    single = singlePrecision
    w5 = w[5]; w6 = w[6]; w7 = w[7]; w8 = w[8]; w9 = w[9]; w10 = w[10]
    w11 = w[11]; w12 = w[12]; w13 = w[13]; w14 = w[14]; w15 = w[15]; w16 = w[16]
    w17 = w[17]; w18 = w[18]; w19 = w[19]; w20 = w[20]
    // factor = 0.9^(1/decay) − 1 = exp(−ln 0.9 / w20) − 1; d/dw20 = (factor + 1)·ln 0.9 / w20².
    let e = exp(-log(0.9) / w20)
    factor = e - 1
    dFactorDw20 = e * log(0.9) / (w20 * w20)
    expW8 = exp(w8)
    exp3w5 = exp(3 * w5)
    d04 = w[4] - exp3w5 + 1
    w9f = Float(w9); w10f = Float(w10); w12f = Float(w12); w13f = Float(w13); w14f = Float(w14)
    w19f = Float(w19); w20f = Float(w20)
    lapseShrink = exp(-w17 * w18)
    sameDay = SIMD4(exp(w17 * (-2 + w18)), exp(w17 * (-1 + w18)), exp(w17 * w18), exp(w17 * (1 + w18)))
    firstDifficulty = SIMD4(exp(w5 * 0), exp(w5 * 1), exp(w5 * 2), exp(w5 * 3))
  }

  /// Where the pass along one card stands: the state after review `i − 1` and its tangents
  /// (in `Double`, or in `Float` for the Gauss–Newton passes: ``PassTangent``).
  @usableFromInline
  struct Lane<T: PassTangent> {
    @usableFromInline var s: Double
    @usableFromInline var ds: T
    @usableFromInline var d: Double
    @usableFromInline var dd: T.Difficulty  // dD/dw4…dD/dw7
    @usableFromInline var i: Int
    @usableFromInline var end: Int
    @usableFromInline var loss = 0.0
    @usableFromInline var grad = T.zero
    /// Where this lane holds its examples' Fisher vectors until ``flushFisher(_:into:)`` (pairs
    /// of rows: ∇p and its weighted copy), or nil to add each at once.
    @usableFromInline var pending: UnsafeMutablePointer<FisherRow>? = nil
    @usableFromInline var pendingCount = 0

    @inlinable init(s: Double, ds: T, d: Double, dd: T.Difficulty, i: Int, end: Int) {
      self.s = s; self.ds = ds; self.d = d; self.dd = dd; self.i = i; self.end = end
    }
  }

  /// The lane after the first review of the card `start..<end`.
  @inlinable @inline(__always)
  func begin<T: PassTangent>(_ ratings: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _: T.Type = T.self) -> Lane<T> {
    // First review: S = w[G−1], D = clamp(D0(G), 1, 10).
    let g0 = Int(ratings[start])
    var s = w[g0 - 1]
    var ds = T.zero
    if s >= FSRS6.minStability && s <= FSRS6.maxStability {
      ds[g0 - 1] = 1
    } else {
      s = Swift.min(Swift.max(s, FSRS6.minStability), FSRS6.maxStability)
    }
    let e5 = firstDifficulty[g0 - 1]
    var d = w[4] - e5 + 1
    var dd = T.Difficulty.zero
    if d >= 1 && d <= 10 {
      dd[0] = 1
      dd[1] = -Double(g0 - 1) * e5
    } else {
      d = Swift.min(Swift.max(d, 1), 10)
    }
    return Lane(s: s, ds: ds, d: d, dd: dd, i: start + 1, end: end)
  }

  /// One pass along the reviews `start..<end` of one card: adds the summed BCE of its examples
  /// to `loss` and the gradient of that sum to `grad`, with tangents of type `T`.
  @inlinable
  func pass<T: PassTangent>(
    _ ratings: UnsafeBufferPointer<UInt8>, _ elapsed: UnsafeBufferPointer<Int32>,
    _ start: Int, _ end: Int, _ loss: inout Double, _ grad: inout ParameterGradient,
    weights: UnsafeBufferPointer<Double>? = nil, fisher: UnsafeMutablePointer<FisherRow>? = nil,
    tangents: T.Type = ParameterGradient.self
  ) {
    var lane = begin(ratings, start, end, T.self)
    lane.loss = loss
    lane.grad = T.carried(grad)
    while lane.i < lane.end { step(&lane, ratings, elapsed, weights: weights, fisher: fisher) }
    loss = lane.loss
    T.flush(lane.grad, into: &grad)
  }

  /// The passes along the cards `first..<last` (their reviews `starts[c]..<starts[c + 1]`),
  /// two cards side by side: the even-numbered cards of the run accumulate into one sum, the
  /// odd ones into another, added at the end. Each card's review chain is serial (every
  /// `exp`/`log` waits for the previous state), so two independent chains let the processor
  /// overlap them. The order of every addition is fixed by the cards alone. (The Fisher passes
  /// walk one card at a time, ``fisherPasses``: side by side measured no faster, docs/optimizer.md.)
  @inlinable
  func passes(
    _ ratings: UnsafeBufferPointer<UInt8>, _ elapsed: UnsafeBufferPointer<Int32>, _ starts: UnsafeBufferPointer<Int>,
    _ first: Int, _ last: Int, _ loss: inout Double, _ grad: inout ParameterGradient,
    weights: UnsafeBufferPointer<Double>? = nil
  ) {
    guard first < last else { return }
    func lane(_ c: Int) -> Lane<ParameterGradient> { begin(ratings, starts[c], starts[c + 1]) }
    var c = first
    var a = lane(c)
    c += 1
    guard c < last else {
      pass(ratings, elapsed, starts[first], starts[first + 1], &loss, &grad, weights: weights, fisher: nil)
      return
    }
    var b = lane(c)
    c += 1
    while true {
      if a.i < a.end && b.i < b.end {
        step(&a, ratings, elapsed, weights: weights, fisher: nil)
        step(&b, ratings, elapsed, weights: weights, fisher: nil)
        continue
      }
      // A lane whose card ended takes the next card, its sums carried over.
      if a.i >= a.end {
        guard c < last else { break }
        let (l, g) = (a.loss, a.grad)
        a = lane(c)
        a.loss = l
        a.grad = g
        c += 1
      }
      if b.i >= b.end {
        guard c < last else { break }
        let (l, g) = (b.loss, b.grad)
        b = lane(c)
        b.loss = l
        b.grad = g
        c += 1
      }
    }
    while a.i < a.end { step(&a, ratings, elapsed, weights: weights, fisher: nil) }
    while b.i < b.end { step(&b, ratings, elapsed, weights: weights, fisher: nil) }
    loss += a.loss + b.loss
    grad += a.grad + b.grad
  }

  /// (ln x, e^(k·ln x)) = (ln x, x^k), in single precision when ``single``: glibc's
  /// `logf`/`expf` cost about two thirds of `log`/`exp`, and their error (about 10⁻⁷ relative
  /// in R, ln R and the tangents) is far below what the fit resolves; the losses that decide
  /// acceptance come from ``loss``. The product k·ln x is taken in `Float` (`kf` = k), so the
  /// review's serial chain of calls pays one conversion in and none in between.
  @inlinable @inline(__always)
  func lnAndPower(_ x: Double, _ k: Double, _ kf: Float) -> (Double, Double) {
    guard single else {
      let l = Foundation.log(x)
      return (l, Foundation.exp(k * l))
    }
    let l = Foundation.log(Float(x))
    return (Double(l), Double(Foundation.exp(kf * l)))
  }

  /// e^(k·(1 − r)) with r = ``lnAndPower(_:_:_:)``'s power, in `Float` when ``single``.
  @inlinable @inline(__always)
  func expOfOneMinus(_ r: Double, _ rf: Float, _ k: Double, _ kf: Float) -> Double {
    single ? Double(Foundation.exp(kf * (1 - rf))) : Foundation.exp(k * (1 - r))
  }

  /// One review of a lane: its example's loss and gradient (if it is on a later day), then the
  /// state and tangents after it. `sharedWeight` is added to the example's weight: the weights
  /// of the same example on the cards that share this review (``SharedPrefixes``), added here
  /// once instead of on each of them.
  @inlinable @inline(__always)
  func step<T: PassTangent>(
    _ lane: inout Lane<T>, _ ratings: UnsafeBufferPointer<UInt8>, _ elapsed: UnsafeBufferPointer<Int32>,
    weights: UnsafeBufferPointer<Double>?, fisher: UnsafeMutablePointer<FisherRow>?,
    record: UnsafeMutablePointer<SharedReview<T>>? = nil, sharedWeight: Double = 0
  ) {
    let eps = BinaryCrossEntropy.epsilon
    let i = lane.i
    let s = lane.s, ds = lane.ds, d = lane.d, dd = lane.dd
    let g = Int(ratings[i])
    let gd = Double(g)
    let t = elapsed[i]
    var newS: Double
    var dNew: T
    if t <= 0 {
      // Same day: S' = S · exp(w17·(G − 3 + w18)) · S^(−w19), SInc floored at 1 for G ≥ 2.
      let (lnS, sPow) = lnAndPower(s, -w19, -w19f)
      let k = sameDay[g - 1]
      let inc = k * sPow
      if g >= 2 && inc < 1 {
        newS = s
        dNew = ds
      } else {
        newS = s * inc
        dNew = ds * ((1 - w19) * inc)
        dNew.add(newS * (gd - 3 + w18), at: 17)
        dNew.add(newS * w17, at: 18)
        dNew.add(-(newS * lnS), at: 19)
      }
    } else {
      // R = (1 + factor·t/S)^(−w20)
      let tt = Double(t)
      let base = 1 + factor * tt / s
      // With T.reassociates, dR/dS's division is taken before R is known, so it overlaps the calls.
      let dRdSOverR = T.reassociates ? w20 * factor * tt / (base * s * s) : 0
      let (lb, r) = lnAndPower(base, -w20, -w20f)
      let rf = Float(r)
      let dRdS = T.reassociates ? dRdSOverR * r : w20 * r * factor * tt / (base * s * s)
      let dRdw20 = r * (-lb - w20 * (tt / s) * dFactorDw20 / base)

      // The example: BCE of p = clamp(R, ε, 1 − ε) against recall = G > 1.
      let recalled = g > 1
      let p = Swift.min(Swift.max(r, eps), 1 - eps)
      let weight = (weights?[i] ?? 1) + sharedWeight
      let inside = r > eps && r < 1 - eps
      // ln p = −w20·ln(base) when R is not clamped: one log fewer per recall.
      let term = recalled ? (inside ? -w20 * lb : log(p)) : log(1 - p)
      lane.loss -= weight * term
      if inside {
        exampleTerms(&lane, ds, p: p, dRdS: dRdS, dRdw20: dRdw20, weight: weight, recalled: recalled, fisher: fisher)
      }
      if let record {
        record.pointee.term = term
        record.pointee.p = p
        record.pointee.dRdS = dRdS
        record.pointee.dRdw20 = dRdw20
        record.pointee.inside = inside
      }

      if g == 1 {
        // S_f = w11·D^(−w12)·((S + 1)^w13 − 1)·exp(w14·(1 − R)); S' = min(S_f, S·exp(−w17·w18))
        let (lnD, dPow) = lnAndPower(d, -w12, -w12f)
        let (lnS1, s1w13) = lnAndPower(s + 1, w13, w13f)
        let e14 = expOfOneMinus(r, rf, w14, w14f)
        let core = dPow * e14  // S_f / (w11·((S + 1)^w13 − 1))
        let sf = w11 * core * (s1w13 - 1)
        let ceiling = s * lapseShrink
        if sf < ceiling {
          newS = sf
          let dSfdS = w11 * core * w13 * s1w13 / (s + 1)
          let dSfdR = -w14 * sf
          dNew = ds * (dSfdS + dSfdR * dRdS)
          dNew.add(difficulty: dd, times: -w12 * sf / d)
          dNew.add(core * (s1w13 - 1), at: 11)  // w11
          dNew.add(-(sf * lnD), at: 12)  // w12
          dNew.add(w11 * core * s1w13 * lnS1, at: 13)  // w13
          dNew.add(sf * (1 - r), at: 14)  // w14
          dNew.add(dSfdR * dRdw20, at: 20)
        } else {
          newS = ceiling
          dNew = ds * lapseShrink
          dNew.add(-(newS * w18), at: 17)
          dNew.add(-(newS * w17), at: 18)
        }
      } else {
        // S' = S·(1 + exp(w8)·(11 − D)·S^(−w9)·(exp(w10·(1 − R)) − 1)·hard·easy)
        let hard = g == 2 ? w15 : 1
        let easy = g == 4 ? w16 : 1
        let he = hard * easy
        let (lnS, sPow) = lnAndPower(s, -w9, -w9f)
        let e10 = expOfOneMinus(r, rf, w10, w10f)
        let base = expW8 * (11 - d) * sPow
        let kb = base * (e10 - 1)
        let k = kb * he
        newS = s * (1 + k)
        let dSdR = -s * base * he * e10 * w10
        dNew = ds * (1 + k * (1 - w9) + dSdR * dRdS)
        dNew.add(difficulty: dd, times: -s * expW8 * sPow * (e10 - 1) * he)
        dNew.add(s * k, at: 8)  // w8
        dNew.add(-(s * k * lnS), at: 9)  // w9
        dNew.add(s * base * he * e10 * (1 - r), at: 10)  // w10
        if g == 2 { dNew.add(s * kb, at: 15) }  // w15
        if g == 4 { dNew.add(s * kb, at: 16) }  // w16
        dNew.add(dSdR * dRdw20, at: 20)
      }
    }

    // D' = D − w6·(G − 3)·(10 − D)/9; D'' = w7·D0(4) + (1 − w7)·D'; clamp [1, 10].
    let delta = -w6 * (gd - 3)
    let damped = d + delta * (10 - d) / 9
    var nd = w7 * d04 + (1 - w7) * damped
    var ndd = dd * ((1 - w7) * (1 - delta / 9))
    if nd >= 1 && nd <= 10 {
      ndd.add(w7, at: 0)
      ndd.add(-(w7 * 3 * exp3w5), at: 1)
      ndd.add(-((1 - w7) * (gd - 3) * (10 - d) / 9), at: 2)
      ndd.add(d04 - damped, at: 3)
    } else {
      nd = nd.isNaN ? 10 : Swift.min(Swift.max(nd, 1), 10)
      ndd = .zero
    }

    if !(newS >= FSRS6.minStability && newS <= FSRS6.maxStability) {
      newS = newS.isNaN ? FSRS6.minStability : Swift.min(Swift.max(newS, FSRS6.minStability), FSRS6.maxStability)
      dNew = .zero
    }
    lane.s = newS
    lane.ds = dNew
    lane.d = nd
    lane.dd = ndd
    lane.i = i + 1
    if let record {
      record.pointee.s = newS
      record.pointee.ds = dNew
      record.pointee.d = nd
      record.pointee.dd = ndd
    }
  }

  /// An example's gradient and Fisher terms (p not clamped), from the tangent dS/dw `ds` of
  /// the state before it: what ``step`` adds and what a pass adds for an example whose state
  /// a ``SharedPrefixes`` slot holds (``replay``), the same arithmetic.
  @inlinable @inline(__always)
  func exampleTerms<T: PassTangent>(
    _ lane: inout Lane<T>, _ ds: T, p: Double, dRdS: Double, dRdw20: Double, weight: Double, recalled: Bool,
    fisher: UnsafeMutablePointer<FisherRow>?
  ) {
    // With T.reassociates, one division for dL/dR and the Fisher weight.
    let q = T.reassociates ? weight / (p * (1 - p)) : 0
    let dLdR = T.reassociates ? (recalled ? -(q * (1 - p)) : q * p) : weight * (recalled ? -1 / p : 1 / (1 - p))
    lane.grad.add(ds, times: dLdR * dRdS)
    lane.grad.add(dLdR * dRdw20, at: 20)
    if let h = fisher {
      // Fisher information of the example: weight·∇p∇pᵀ / (p(1 − p)), its lower block
      // triangle (``fisherEntry``).
      var dp = ds * dRdS
      dp.add(dRdw20, at: 20)
      let k = T.reassociates ? q : weight / (p * (1 - p))
      if let buffer = lane.pending {
        let (a, b, c) = dp.single
        let kf = Float(k)
        buffer[2 * lane.pendingCount] = FisherRow(a: a, b: b, c: c)
        buffer[2 * lane.pendingCount + 1] = FisherRow(a: a * kf, b: b * kf, c: c * kf)
        lane.pendingCount += 1
        if lane.pendingCount == Self.fisherBlock { Self.flushFisher(&lane, into: h) }
      } else {
        Self.accumulateFisher(h, dp.single, k)
      }
    }
  }

  /// The review `i` of a lane whose state before it (tangent `ds`) and after it a slot holds:
  /// its example's loss, gradient and Fisher terms as ``step`` adds them (nothing for a same-day
  /// review), without recomputing the state.
  @inlinable @inline(__always)
  func replay<T: PassTangent>(
    _ lane: inout Lane<T>, _ ds: T, _ e: UnsafePointer<SharedReview<T>>, _ i: Int, _ ratings: UnsafeBufferPointer<UInt8>,
    _ elapsed: UnsafeBufferPointer<Int32>, weights: UnsafeBufferPointer<Double>?, fisher: UnsafeMutablePointer<FisherRow>?
  ) {
    guard elapsed[i] > 0 else { return }
    let weight = weights?[i] ?? 1
    lane.loss -= weight * e.pointee.term
    if e.pointee.inside {
      exampleTerms(
        &lane, ds, p: e.pointee.p, dRdS: e.pointee.dRdS, dRdw20: e.pointee.dRdw20, weight: weight,
        recalled: ratings[i] > 1, fisher: fisher)
    }
  }
}
