import Foundation

/// FSRS-6, exactly as `shared/specs/FSRS6.md` describes (float64, fsrs-rs clamps).
///
/// A value type: every call is pure, and reviewing returns a new state. The constants that
/// depend only on the parameters (decay, factor, exp(w8), D0(4), …) are computed once here so
/// the per-review work is a handful of `pow`/`exp` calls.
public struct FSRS6: Sendable, Hashable {
  public let parameters: FSRSParameters

  /// Stability clamps (fsrs-rs).
  public static let minStability = 0.001
  public static let maxStability = 36500.0
  /// Difficulty clamps.
  public static let minDifficulty = 1.0
  public static let maxDifficulty = 10.0
  /// The longest interval the scheduler gives, in days.
  public static let maximumInterval = 36500

  /// decay = −w20.
  public let decay: Double
  /// factor = 0.9^(1/decay) − 1, so that R(S, S) = 0.9.
  public let factor: Double
  /// The parameters' recall bias b (0: FSRS-6 exactly).
  public let recallBias: Double
  /// e^b, the bias as an odds ratio.
  @usableFromInline let biasOdds: Double

  // Precomputed per-parameter constants for the hot path.
  @usableFromInline let w: [Double]
  @usableFromInline let expW8: Double
  @usableFromInline let meanReversionTarget: Double  // w7 · D0(4), unclamped D0(4)
  @usableFromInline let lapseCeilingDivisor: Double  // exp(w17 · w18)
  @usableFromInline let inverseDecay: Double
  // The weights the per-review path reads, as stored properties: no array bounds checks or
  // reference counting in the hot loop. Same arithmetic, same bits.
  @usableFromInline let w6, w7, w9, w10, w11, w12, w13, w14, w15, w16, w17, w18, w19: Double
  // Everything that depends on the rating alone, computed once: the first-review states and
  // the same-day factors exp(w17 · (G − 3 + w18)), G = 1…4.
  @usableFromInline let initialAgain, initialHard, initialGood, initialEasy: MemoryState
  @usableFromInline let sameDayAgain, sameDayHard, sameDayGood, sameDayEasy: Double

  public init(parameters: FSRSParameters = .defaults) {
    self.parameters = parameters
    let w = parameters.weights
    self.w = w
    self.decay = -w[20]
    self.factor = Foundation.pow(0.9, 1 / decay) - 1
    self.expW8 = Foundation.exp(w[8])
    self.meanReversionTarget = w[7] * (w[4] - Foundation.exp(w[5] * 3) + 1)
    self.lapseCeilingDivisor = Foundation.exp(w[17] * w[18])
    self.inverseDecay = 1 / decay
    self.recallBias = parameters.recallBias
    self.biasOdds = Foundation.exp(parameters.recallBias)
    (w6, w7, w9, w10, w11, w12, w13, w14) = (w[6], w[7], w[9], w[10], w[11], w[12], w[13], w[14])
    (w15, w16, w17, w18, w19) = (w[15], w[16], w[17], w[18], w[19])
    func initial(_ g: Double) -> MemoryState {
      MemoryState(
        stability: FSRS6.clampStability(w[Int(g) - 1]),
        difficulty: FSRS6.clampDifficulty(w[4] - Foundation.exp(w[5] * (g - 1)) + 1))
    }
    (initialAgain, initialHard, initialGood, initialEasy) = (initial(1), initial(2), initial(3), initial(4))
    func sameDay(_ g: Double) -> Double { Foundation.exp(w[17] * (g - 3 + w[18])) }
    (sameDayAgain, sameDayHard, sameDayGood, sameDayEasy) = (sameDay(1), sameDay(2), sameDay(3), sameDay(4))
  }

  // MARK: Forgetting curve

  /// FSRS-6's R(t, S) = (1 + factor · t / S)^decay, for real t ≥ 0: what the memory-state
  /// updates read, whatever the recall bias.
  ///
  /// Powers on the per-review path are computed as exp(y · ln x): about 10 % faster than `pow`
  /// here; relative error ≈ |y · ln x| · 2⁻⁵³ (a few 1e-16 for real logs, < 1e-13 at the
  /// extremes of Double), far inside the 1e-9 agreement the golden vectors ask for.
  @inlinable
  public func forgettingCurve(elapsedDays t: Double, stability s: Double) -> Double {
    Foundation.exp(decay * Foundation.log(1 + factor * max(t, 0) / s))
  }

  /// The predicted recall t days after a review: FSRS-6's R(t, S) (``forgettingCurve``) with
  /// the recall bias b applied, ``biased(_:odds:)``. With b = 0 (the defaults, every FSRS-6
  /// vector) it is R itself, the same bits.
  @inlinable
  public func retrievability(elapsedDays t: Double, stability s: Double) -> Double {
    let r = forgettingCurve(elapsedDays: t, stability: s)
    return recallBias == 0 ? r : Self.biased(r, odds: biasOdds)
  }

  /// The recall bias applied to R: σ(b + logit R) = R·e^b / (R·e^b + 1 − R), with `odds` = e^b
  /// (R = 0 and R = 1 stay where they are).
  @inlinable
  public static func biased(_ r: Double, odds: Double) -> Double {
    let x = r * odds
    return x / (x + (1 - r))
  }

  /// The retention the forgetting curve must reach for the biased recall to be `dr`: the
  /// inverse of ``biased(_:odds:)``, DR' = DR / (DR + (1 − DR)·e^b).
  @inlinable
  public func curveRetention(forRecall dr: Double) -> Double {
    recallBias == 0 ? dr : dr / (dr + (1 - dr) * biasOdds)
  }

  /// I_raw(S, DR) = S / factor · (DR'^(1/decay) − 1): the real-valued days until the predicted
  /// recall falls to DR (DR' = ``curveRetention(forRecall:)``, DR itself without a bias).
  @inlinable
  public func rawInterval(stability s: Double, desiredRetention dr: Double) -> Double {
    s / factor * (Foundation.pow(curveRetention(forRecall: dr), inverseDecay) - 1)
  }

  /// The scheduled interval: I_raw rounded half-to-even, then at least 1, then at most
  /// `maximumInterval` (py-fsrs rule).
  ///
  /// At the usual retention 0.9 the term DR^(1/decay) − 1 is `factor` itself (the same `pow`
  /// of the same inputs), so no `pow` is computed: same bits, one transcendental call fewer.
  @inlinable
  public func intervalDays(stability s: Double, desiredRetention dr: Double, maximumInterval: Int = FSRS6.maximumInterval) -> Int {
    intervalDays(stability: s, term: intervalTerm(desiredRetention: dr), maximumInterval: maximumInterval)
  }

  /// DR'^(1/decay) − 1, the factor of S / factor in ``rawInterval(stability:desiredRetention:)``:
  /// the same for every stability, so a caller scheduling many items at one retention takes it
  /// once (``intervalDays(stability:term:maximumInterval:)``). At 0.9 without a bias it is
  /// `factor` itself (see ``intervalDays(stability:desiredRetention:maximumInterval:)``).
  @inlinable
  public func intervalTerm(desiredRetention dr: Double) -> Double {
    dr == 0.9 && recallBias == 0 ? factor : Foundation.pow(curveRetention(forRecall: dr), inverseDecay) - 1
  }

  /// ``intervalDays(stability:desiredRetention:maximumInterval:)`` with its retention's
  /// ``intervalTerm(desiredRetention:)`` given: S / factor · term, rounded and bounded (the same bits).
  @inlinable
  public func intervalDays(stability s: Double, term: Double, maximumInterval: Int = FSRS6.maximumInterval) -> Int {
    let raw = (s / factor * term).rounded(.toNearestOrEven)
    guard raw.isFinite else { return maximumInterval }
    return Swift.min(Swift.max(Int(Swift.min(raw, 1e9)), 1), maximumInterval)
  }

  // MARK: Initial state

  /// D0(G) = w4 − exp(w5 · (G − 1)) + 1, unclamped.
  @inlinable
  public func initialDifficultyUnclamped(_ g: Rating) -> Double {
    w[4] - Foundation.exp(w[5] * Double(g.rawValue - 1)) + 1
  }

  /// First review: S = w[G−1], D = clamp(D0(G), 1, 10).
  @inlinable
  public func initialState(_ g: Rating) -> MemoryState {
    switch g {
    case .again: return initialAgain
    case .hard: return initialHard
    case .good: return initialGood
    case .easy: return initialEasy
    }
  }

  // MARK: Updates

  /// D' = D − w6·(G − 3)·(10 − D)/9; D'' = w7·D0(4) + (1 − w7)·D'; clamped to [1, 10].
  @inlinable
  public func nextDifficulty(_ d: Double, _ g: Rating) -> Double {
    let delta = -w6 * Double(g.rawValue - 3)
    let damped = d + delta * (10 - d) / 9
    return Self.clampDifficulty(meanReversionTarget + (1 - w7) * damped)
  }

  /// Same-day (t = 0): SInc = exp(w17·(G − 3 + w18)) · S^(−w19), floored at 1 for G ≥ 2.
  @inlinable
  public func shortTermStability(_ s: Double, _ g: Rating) -> Double {
    let base: Double
    switch g {
    case .again: base = sameDayAgain
    case .hard: base = sameDayHard
    case .good: base = sameDayGood
    case .easy: base = sameDayEasy
    }
    var inc = base * Foundation.exp(-w19 * Foundation.log(s))
    if g != .again { inc = Swift.max(inc, 1) }
    return s * inc
  }

  /// After a successful recall at retrievability R:
  /// S' = S · (1 + exp(w8) · (11 − D) · S^(−w9) · (exp(w10·(1 − R)) − 1) · hard · easy).
  @inlinable
  public func recallStability(_ s: Double, _ d: Double, _ r: Double, _ g: Rating) -> Double {
    let hard = g == .hard ? w15 : 1
    let easy = g == .easy ? w16 : 1
    return s * (1 + expW8 * (11 - d) * Foundation.exp(-w9 * Foundation.log(s)) * (Foundation.exp(w10 * (1 - r)) - 1) * hard * easy)
  }

  /// After a lapse at retrievability R:
  /// S_f = w11 · D^(−w12) · ((S + 1)^w13 − 1) · exp(w14·(1 − R)); S' = min(S_f, S / exp(w17·w18)).
  @inlinable
  public func forgetStability(_ s: Double, _ d: Double, _ r: Double) -> Double {
    let sf = w11 * Foundation.pow(d, -w12) * (Foundation.pow(s + 1, w13) - 1) * Foundation.exp(w14 * (1 - r))
    return Swift.min(sf, s / lapseCeilingDivisor)
  }

  /// One review of an item with state `state` (nil for a new item), `t` whole days after the
  /// previous review, rated `g`. Returns the new state; the input is clamped first, as fsrs-rs does.
  @inlinable
  public func nextState(_ state: MemoryState?, elapsedDays t: Int, rating g: Rating) -> MemoryState {
    guard let state else { return initialState(g) }
    let s = Self.clampStability(state.stability)
    let d = Self.clampDifficulty(state.difficulty)
    let newS: Double
    if t <= 0 {
      newS = shortTermStability(s, g)
    } else {
      let r = forgettingCurve(elapsedDays: Double(t), stability: s)
      newS = g == .again ? forgetStability(s, d, r) : recallStability(s, d, r, g)
    }
    return MemoryState(stability: Self.clampStability(newS), difficulty: nextDifficulty(d, g))
  }

  /// The predicted recall before a review (t clamped at 0) and the state after it, in one call:
  /// the same bits as `retrievability` followed by `nextState`, with R computed once when S is
  /// within its clamps (a replay needs both). The update reads the curve's R, not the biased one.
  @inlinable
  public func review(_ state: MemoryState, elapsedDays t: Int, rating g: Rating) -> (retrievability: Double, next: MemoryState) {
    let s = Self.clampStability(state.stability)
    let d = Self.clampDifficulty(state.difficulty)
    let newS: Double
    let r: Double
    if t <= 0 {
      r = forgettingCurve(elapsedDays: 0, stability: state.stability)
      newS = shortTermStability(s, g)
    } else {
      r = forgettingCurve(elapsedDays: Double(t), stability: state.stability)
      // The update reads R of the clamped S; a state this model produced is already clamped.
      let rs = s == state.stability ? r : forgettingCurve(elapsedDays: Double(t), stability: s)
      newS = g == .again ? forgetStability(s, d, rs) : recallStability(s, d, rs, g)
    }
    return (recallBias == 0 ? r : Self.biased(r, odds: biasOdds), MemoryState(stability: Self.clampStability(newS), difficulty: nextDifficulty(d, g)))
  }

  @inlinable static func clampStability(_ s: Double) -> Double {
    Swift.min(Swift.max(s.isNaN ? FSRS6.minStability : s, FSRS6.minStability), FSRS6.maxStability)
  }

  @inlinable static func clampDifficulty(_ d: Double) -> Double {
    Swift.min(Swift.max(d.isNaN ? FSRS6.maxDifficulty : d, FSRS6.minDifficulty), FSRS6.maxDifficulty)
  }
}
