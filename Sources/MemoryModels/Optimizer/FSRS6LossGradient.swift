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
  /// The gradient pass (``step``) takes its `exp`/`log` in single precision (``ln(_:)``).
  @usableFromInline let single: Bool

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
    lapseShrink = exp(-w17 * w18)
    sameDay = SIMD4(exp(w17 * (-2 + w18)), exp(w17 * (-1 + w18)), exp(w17 * w18), exp(w17 * (1 + w18)))
  }

  /// Where the pass along one card stands: the state after review `i − 1` and its tangents.
  @usableFromInline
  struct Lane {
    @usableFromInline var s: Double
    @usableFromInline var ds: ParameterGradient
    @usableFromInline var d: Double
    @usableFromInline var dd: SIMD8<Double>  // lanes 4…7: dD/dw4…dD/dw7
    @usableFromInline var i: Int
    @usableFromInline var end: Int
    @usableFromInline var loss = 0.0
    @usableFromInline var grad = ParameterGradient.zero
    /// Where this card's Fisher information goes (``passes``), or nil.
    @usableFromInline var fisher: UnsafeMutablePointer<FisherRow>? = nil

    @inlinable init(s: Double, ds: ParameterGradient, d: Double, dd: SIMD8<Double>, i: Int, end: Int) {
      self.s = s; self.ds = ds; self.d = d; self.dd = dd; self.i = i; self.end = end
    }
  }

  /// The lane after the first review of the card `start..<end`.
  @inlinable @inline(__always)
  func begin(_ ratings: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Lane {
    // First review: S = w[G−1], D = clamp(D0(G), 1, 10).
    let g0 = Int(ratings[start])
    var s = w[g0 - 1]
    var ds = ParameterGradient.zero
    if s >= FSRS6.minStability && s <= FSRS6.maxStability {
      ds[g0 - 1] = 1
    } else {
      s = Swift.min(Swift.max(s, FSRS6.minStability), FSRS6.maxStability)
    }
    let e5 = exp(w5 * Double(g0 - 1))
    var d = w[4] - e5 + 1
    var dd = SIMD8<Double>.zero
    if d >= 1 && d <= 10 {
      dd[4] = 1
      dd[5] = -Double(g0 - 1) * e5
    } else {
      d = Swift.min(Swift.max(d, 1), 10)
    }
    return Lane(s: s, ds: ds, d: d, dd: dd, i: start + 1, end: end)
  }

  /// One pass along the reviews `start..<end` of one card: adds the summed BCE of its examples
  /// to `loss` and the gradient of that sum to `grad`.
  @inlinable
  func pass(
    _ ratings: UnsafeBufferPointer<UInt8>, _ elapsed: UnsafeBufferPointer<Int32>,
    _ start: Int, _ end: Int, _ loss: inout Double, _ grad: inout ParameterGradient,
    weights: UnsafeBufferPointer<Double>? = nil, fisher: UnsafeMutablePointer<FisherRow>? = nil
  ) {
    var lane = begin(ratings, start, end)
    lane.loss = loss
    lane.grad = grad
    while lane.i < lane.end { step(&lane, ratings, elapsed, weights: weights, fisher: fisher) }
    loss = lane.loss
    grad = lane.grad
  }

  /// The passes along the cards `first..<last` (their reviews `starts[c]..<starts[c + 1]`),
  /// two cards side by side: the even-numbered cards of the run accumulate into one sum, the
  /// odd ones into another, added at the end. Each card's review chain is serial (every
  /// `exp`/`log` waits for the previous state), so two independent chains let the processor
  /// overlap them. The order of every addition is fixed by the cards alone. (The Fisher passes
  /// walk one card at a time, ``pass``: side by side measured 4 % slower, docs/optimizer.md.)
  @inlinable
  func passes(
    _ ratings: UnsafeBufferPointer<UInt8>, _ elapsed: UnsafeBufferPointer<Int32>, _ starts: UnsafeBufferPointer<Int>,
    _ first: Int, _ last: Int, _ loss: inout Double, _ grad: inout ParameterGradient,
    weights: UnsafeBufferPointer<Double>? = nil
  ) {
    guard first < last else { return }
    func lane(_ c: Int) -> Lane { begin(ratings, starts[c], starts[c + 1]) }
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

  /// ln x, in single precision when ``single``: glibc's `logf`/`expf` cost about two thirds of
  /// `log`/`exp`, and their error (about 10⁻⁷ absolute in R, ln R and the tangents) is far
  /// below what the fit resolves; the losses that decide acceptance come from ``loss``.
  @inlinable @inline(__always)
  func ln(_ x: Double) -> Double { single ? Double(Foundation.log(Float(x))) : Foundation.log(x) }

  /// eˣ, in single precision when ``single`` (as ``ln(_:)``).
  @inlinable @inline(__always)
  func ex(_ x: Double) -> Double { single ? Double(Foundation.exp(Float(x))) : Foundation.exp(x) }

  /// One review of a lane: its example's loss and gradient (if it is on a later day), then the
  /// state and tangents after it.
  @inlinable @inline(__always)
  func step(
    _ lane: inout Lane, _ ratings: UnsafeBufferPointer<UInt8>, _ elapsed: UnsafeBufferPointer<Int32>,
    weights: UnsafeBufferPointer<Double>?, fisher: UnsafeMutablePointer<FisherRow>?
  ) {
    let eps = BinaryCrossEntropy.epsilon
    let i = lane.i
    let s = lane.s, ds = lane.ds, d = lane.d, dd = lane.dd
    let g = Int(ratings[i])
    let gd = Double(g)
    let t = elapsed[i]
    var newS: Double
    var dNew: ParameterGradient
    if t <= 0 {
      // Same day: S' = S · exp(w17·(G − 3 + w18)) · S^(−w19), SInc floored at 1 for G ≥ 2.
      let lnS = ln(s)
      let k = sameDay[g - 1]
      let inc = k * ex(-w19 * lnS)
      if g >= 2 && inc < 1 {
        newS = s
        dNew = ds
      } else {
        newS = s * inc
        dNew = ds * ((1 - w19) * inc)
        dNew.c[1] += newS * (gd - 3 + w18)
        dNew.c[2] += newS * w17
        dNew.c[3] -= newS * lnS
      }
    } else {
      // R = (1 + factor·t/S)^(−w20)
      let tt = Double(t)
      let base = 1 + factor * tt / s
      let lb = ln(base)
      let r = ex(-w20 * lb)
      let dRdS = w20 * r * factor * tt / (base * s * s)
      let dRdw20 = r * (-lb - w20 * (tt / s) * dFactorDw20 / base)

      // The example: BCE of p = clamp(R, ε, 1 − ε) against recall = G > 1.
      let recalled = g > 1
      let p = Swift.min(Swift.max(r, eps), 1 - eps)
      let weight = weights?[i] ?? 1
      let inside = r > eps && r < 1 - eps
      // ln p = −w20·ln(base) when R is not clamped: one log fewer per recall.
      lane.loss -= weight * (recalled ? (inside ? -w20 * lb : log(p)) : log(1 - p))
      if inside {
        let dLdR = weight * (recalled ? -1 / p : 1 / (1 - p))
        lane.grad.add(ds, times: dLdR * dRdS)
        lane.grad.c[4] += dLdR * dRdw20
        if let h = fisher {
          // Fisher information of the example: weight·∇p∇pᵀ / (p(1 − p)), its lower block
          // triangle (``fisherEntry``).
          var dp = ds * dRdS
          dp.c[4] += dRdw20
          Self.accumulateFisher(h, dp, weight / (p * (1 - p)))
        }
      }

      if g == 1 {
        // S_f = w11·D^(−w12)·((S + 1)^w13 − 1)·exp(w14·(1 − R)); S' = min(S_f, S·exp(−w17·w18))
        let lnD = ln(d)
        let dPow = ex(-w12 * lnD)
        let lnS1 = ln(s + 1)
        let s1w13 = ex(w13 * lnS1)
        let e14 = ex(w14 * (1 - r))
        let core = dPow * e14  // S_f / (w11·((S + 1)^w13 − 1))
        let sf = w11 * core * (s1w13 - 1)
        let ceiling = s * lapseShrink
        if sf < ceiling {
          newS = sf
          let dSfdS = w11 * core * w13 * s1w13 / (s + 1)
          let dSfdR = -w14 * sf
          dNew = ds * (dSfdS + dSfdR * dRdS)
          dNew.a += dd * (-w12 * sf / d)
          dNew.b[3] += core * (s1w13 - 1)  // w11
          dNew.b[4] -= sf * lnD  // w12
          dNew.b[5] += w11 * core * s1w13 * lnS1  // w13
          dNew.b[6] += sf * (1 - r)  // w14
          dNew.c[4] += dSfdR * dRdw20
        } else {
          newS = ceiling
          dNew = ds * lapseShrink
          dNew.c[1] -= newS * w18
          dNew.c[2] -= newS * w17
        }
      } else {
        // S' = S·(1 + exp(w8)·(11 − D)·S^(−w9)·(exp(w10·(1 − R)) − 1)·hard·easy)
        let hard = g == 2 ? w15 : 1
        let easy = g == 4 ? w16 : 1
        let he = hard * easy
        let lnS = ln(s)
        let sPow = ex(-w9 * lnS)
        let e10 = ex(w10 * (1 - r))
        let base = expW8 * (11 - d) * sPow
        let kb = base * (e10 - 1)
        let k = kb * he
        newS = s * (1 + k)
        let dSdR = -s * base * he * e10 * w10
        dNew = ds * (1 + k * (1 - w9) + dSdR * dRdS)
        dNew.a += dd * (-s * expW8 * sPow * (e10 - 1) * he)
        dNew.b[0] += s * k  // w8
        dNew.b[1] -= s * k * lnS  // w9
        dNew.b[2] += s * base * he * e10 * (1 - r)  // w10
        if g == 2 { dNew.b[7] += s * kb }  // w15
        if g == 4 { dNew.c[0] += s * kb }  // w16
        dNew.c[4] += dSdR * dRdw20
      }
    }

    // D' = D − w6·(G − 3)·(10 − D)/9; D'' = w7·D0(4) + (1 − w7)·D'; clamp [1, 10].
    let delta = -w6 * (gd - 3)
    let damped = d + delta * (10 - d) / 9
    var nd = w7 * d04 + (1 - w7) * damped
    var ndd = dd * ((1 - w7) * (1 - delta / 9))
    if nd >= 1 && nd <= 10 {
      ndd[4] += w7
      ndd[5] -= w7 * 3 * exp3w5
      ndd[6] -= (1 - w7) * (gd - 3) * (10 - d) / 9
      ndd[7] += d04 - damped
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
  }

  /// One row of the Fisher accumulator: 24 single-precision lanes. The rank-one updates run in
  /// `Float`, half the vector work of `Double` (the accumulation was most of a Fisher pass); the
  /// matrix only shapes the Gauss–Newton step and the evidence γ, and is read back as `Double`.
  @usableFromInline
  struct FisherRow: Sendable {
    @usableFromInline var a: SIMD8<Float>
    @usableFromInline var b: SIMD8<Float>
    @usableFromInline var c: SIMD8<Float>
    @usableFromInline static let zero = FisherRow(a: .zero, b: .zero, c: .zero)
    @inlinable init(a: SIMD8<Float>, b: SIMD8<Float>, c: SIMD8<Float>) { self.a = a; self.b = b; self.c = c }
    @inlinable subscript(_ i: Int) -> Double { Double(i < 8 ? a[i] : (i < 16 ? b[i - 8] : c[i - 16])) }
  }

  /// h += k·v·vᵀ over the lower block triangle: rows 0…7 only their first SIMD8 block (columns
  /// 0…7), rows 8…15 the first two, rows 16…20 all three; the other entries follow by symmetry
  /// (``fisherEntry``). 39 vector multiply-adds instead of 63, written out so they inline.
  @inlinable @inline(__always)
  static func accumulateFisher(_ h: UnsafeMutablePointer<FisherRow>, _ v: ParameterGradient, _ k: Double) {
    let a = SIMD8<Float>(v.a), b = SIMD8<Float>(v.b), c = SIMD8<Float>(v.c)
    let kf = Float(k)
    let sa = a * kf, sb = b * kf, sc = c * kf
    for j in 0..<8 { h[j].a += a * sa[j] }
    for j in 0..<8 {
      h[8 + j].a += a * sb[j]
      h[8 + j].b += b * sb[j]
    }
    for j in 0..<5 {
      h[16 + j].a += a * sc[j]
      h[16 + j].b += b * sc[j]
      h[16 + j].c += c * sc[j]
    }
  }

  /// Entry (i, j) of the symmetric matrix whose lower block triangle ``accumulateFisher`` filled.
  @inlinable
  static func fisherEntry(_ rows: UnsafePointer<FisherRow>, _ i: Int, _ j: Int) -> Double {
    j / 8 <= i / 8 ? rows[i][j] : rows[j][i]
  }
}
