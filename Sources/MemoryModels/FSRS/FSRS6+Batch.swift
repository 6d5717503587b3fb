import Foundation

/// Many items at once (fsrs-rs `memory_state_batch`).
extension FSRS6 {
  /// The memory state after all the reviews of each item: item k's reviews are
  /// `itemStarts[k]..<itemStarts[k + 1]` of `ratings` and `elapsedDays` (the first starts the
  /// item, its elapsed days are ignored); `out[k]` receives its state (an item without reviews
  /// is skipped and its slot left as it was).
  ///
  /// Each item gets exactly `nextState`'s bits. One item alone waits on every `exp` and `log`
  /// in turn (each review's state feeds the next), so four items are advanced side by side, in
  /// lanes held as SIMD vectors, one *stage* at a time: the four `log`s of R's argument, then
  /// the four `exp`s, then the four powers of S, then the four `exp(c · (1 − R))`, so that each
  /// stage's four calls are independent and the processor overlaps them. Every lane computes
  /// every stage (a same-day review's R and `exp(c · (1 − R))` are computed and not used): the
  /// same work per review whatever its kind, and no branch until the lanes' results are
  /// combined. A lapse then takes its two `pow`s. A lane whose item ends takes the next item.
  public func finalStates(
    ratings: UnsafeBufferPointer<Rating>, elapsedDays: UnsafeBufferPointer<Int32>,
    itemStarts: UnsafeBufferPointer<Int>, into out: UnsafeMutablePointer<MemoryState>
  ) {
    let items = itemStarts.count - 1
    guard items > 0 else { return }
    // Per lane: the item, the next review, the end, the state.
    var item = SIMD4<Int>(repeating: -1)
    var next = SIMD4<Int>(repeating: 0)
    var end = SIMD4<Int>(repeating: 0)
    var s = SIMD4<Double>(repeating: 1)
    var d = SIMD4<Double>(repeating: 1)
    var taken = 0
    // Fills a lane with the next item that has reviews; false when none is left.
    func refill(_ l: Int) -> Bool {
      while taken < items {
        let k = taken
        taken += 1
        let a = itemStarts[k], b = itemStarts[k + 1]
        guard a < b else { continue }
        item[l] = k
        let first = initialState(ratings[a])
        s[l] = first.stability
        d[l] = first.difficulty
        next[l] = a + 1
        end[l] = b
        return true
      }
      item[l] = -1
      return false
    }
    var active = 0
    for l in 0..<4 where refill(l) { active += 1 }
    while active == 4 {
      if all(next .< end) {
        // All four lanes have a review: one each, stage by stage.
        step(&s, &d, ratings, elapsedDays, next)
        next &+= 1
        continue
      }
      for l in 0..<4 where next[l] >= end[l] {
        out[item[l]] = MemoryState(stability: s[l], difficulty: d[l])
        if !refill(l) { active -= 1 }
      }
    }
    // Fewer items than lanes remain: finish each alone.
    for l in 0..<4 where item[l] >= 0 {
      var state = MemoryState(stability: s[l], difficulty: d[l])
      for i in next[l]..<end[l] { state = nextState(state, elapsedDays: Int(elapsedDays[i]), rating: ratings[i]) }
      out[item[l]] = state
    }
  }

  /// One review in each of the four lanes (reviews `at[l]`): `nextState`'s arithmetic, the same
  /// operations on the same operands in the same order, so the same bits.
  @inline(__always)
  func step(
    _ s: inout SIMD4<Double>, _ d: inout SIMD4<Double>, _ ratings: UnsafeBufferPointer<Rating>,
    _ elapsedDays: UnsafeBufferPointer<Int32>, _ at: SIMD4<Int>
  ) {
    let g0 = ratings[at[0]], g1 = ratings[at[1]], g2 = ratings[at[2]], g3 = ratings[at[3]]
    let t = SIMD4<Int64>(Int64(elapsedDays[at[0]]), Int64(elapsedDays[at[1]]), Int64(elapsedDays[at[2]]), Int64(elapsedDays[at[3]]))
    let sc = Self.clampStability(s), dc = Self.clampDifficulty(d)
    // R = exp(decay · ln(1 + factor · t / S)) (`retrievability`; t ≤ 0: unused).
    let days = SIMD4<Double>(t.replacing(with: 0, where: t .< 0))
    let x = 1 + factor * days / sc
    let lnX = SIMD4(Foundation.log(x[0]), Foundation.log(x[1]), Foundation.log(x[2]), Foundation.log(x[3]))
    let y = decay * lnX
    let r = SIMD4(Foundation.exp(y[0]), Foundation.exp(y[1]), Foundation.exp(y[2]), Foundation.exp(y[3]))
    // S^(−w9) after a recall, S^(−w19) on the same day (a lapse: unused).
    let lnS = SIMD4(Foundation.log(sc[0]), Foundation.log(sc[1]), Foundation.log(sc[2]), Foundation.log(sc[3]))
    let sameDay = t .<= 0
    let k = SIMD4<Double>(repeating: -w9).replacing(with: -w19, where: sameDay) * lnS
    let power = SIMD4(Foundation.exp(k[0]), Foundation.exp(k[1]), Foundation.exp(k[2]), Foundation.exp(k[3]))
    // exp(w10 · (1 − R)) after a recall, exp(w14 · (1 − R)) after a lapse (same day: unused).
    let again = SIMD4<Int64>(Int64(g0.rawValue), Int64(g1.rawValue), Int64(g2.rawValue), Int64(g3.rawValue)) .== 1
    let c = SIMD4<Double>(repeating: w10).replacing(with: w14, where: again) * (1 - r)
    let q = SIMD4(Foundation.exp(c[0]), Foundation.exp(c[1]), Foundation.exp(c[2]), Foundation.exp(c[3]))
    s = Self.clampStability(SIMD4(
      combine(sc[0], dc[0], t[0], g0, power[0], q[0]), combine(sc[1], dc[1], t[1], g1, power[1], q[1]),
      combine(sc[2], dc[2], t[2], g2, power[2], q[2]), combine(sc[3], dc[3], t[3], g3, power[3], q[3])))
    // ``nextDifficulty(_:_:)`` in the four lanes at once (one vector division for four).
    let g = SIMD4<Double>(Double(g0.rawValue), Double(g1.rawValue), Double(g2.rawValue), Double(g3.rawValue))
    let delta = SIMD4<Double>(repeating: -w6) * (g - 3)
    let damped = dc + delta * (10 - dc) / 9
    d = Self.clampDifficulty(meanReversionTarget + (1 - w7) * damped)
  }

  /// ``clampStability(_:)`` of four lanes: NaN to the minimum, then into the clamps.
  @inline(__always)
  static func clampStability(_ s: SIMD4<Double>) -> SIMD4<Double> {
    let v = s.replacing(with: FSRS6.minStability, where: s .!= s)
    return pointwiseMin(pointwiseMax(v, SIMD4(repeating: FSRS6.minStability)), SIMD4(repeating: FSRS6.maxStability))
  }

  /// ``clampDifficulty(_:)`` of four lanes: NaN to the maximum, then into the clamps.
  @inline(__always)
  static func clampDifficulty(_ d: SIMD4<Double>) -> SIMD4<Double> {
    let v = d.replacing(with: FSRS6.maxDifficulty, where: d .!= d)
    return pointwiseMin(pointwiseMax(v, SIMD4(repeating: FSRS6.minDifficulty)), SIMD4(repeating: FSRS6.maxDifficulty))
  }

  /// The new stability from the stages' results: ``shortTermStability(_:_:)``,
  /// ``forgetStability(_:_:_:)`` or ``recallStability(_:_:_:_:)`` with their calls already made.
  @inline(__always)
  func combine(_ s: Double, _ d: Double, _ t: Int64, _ g: Rating, _ power: Double, _ q: Double) -> Double {
    if t <= 0 {
      let base: Double
      switch g {
      case .again: base = sameDayAgain
      case .hard: base = sameDayHard
      case .good: base = sameDayGood
      case .easy: base = sameDayEasy
      }
      var inc = base * power
      if g != .again { inc = Swift.max(inc, 1) }
      return s * inc
    }
    if g == .again {
      let sf = w11 * Foundation.pow(d, -w12) * (Foundation.pow(s + 1, w13) - 1) * q
      return Swift.min(sf, s / lapseCeilingDivisor)
    }
    let hard = g == .hard ? w15 : 1
    let easy = g == .easy ? w16 : 1
    return s * (1 + expW8 * (11 - d) * power * (q - 1) * hard * easy)
  }
}
