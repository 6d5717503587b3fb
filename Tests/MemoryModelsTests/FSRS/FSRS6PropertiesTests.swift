import Foundation
import Testing
@testable import MemoryModels
@testable import PlannerCore

/// The properties of FSRS6.md §4.4, with the default parameters, over seeded random states.
@Suite("FSRS-6 properties (spec §4.4)")
struct FSRS6PropertiesTests {
  let model = FSRS6()
  let w = FSRSParameters.defaults.weights

  /// Seeded states spread over the whole range: S log-uniform in [0.001, 36500], D in [1, 10].
  static func states(_ n: Int, seed: UInt64) -> [MemoryState] {
    var rng = SplitMix64(seed: seed)
    return (0..<n).map { _ in
      MemoryState(
        stability: Foundation.exp(Foundation.log(0.001) + rng.nextDouble() * Foundation.log(36500 / 0.001)),
        difficulty: 1 + 9 * rng.nextDouble())
    }
  }

  @Test("same-day Hard never changes S")
  func sameDayHard() {
    for s in Self.states(2000, seed: 1) {
      #expect(model.nextState(s, elapsedDays: 0, rating: .hard).stability == s.stability)
    }
  }

  @Test("same-day Good grows S only below (exp(w17·w18))^(1/w19) ≈ 2.12 days, and never past it")
  func sameDayGoodLimit() {
    let limit = Foundation.pow(Foundation.exp(w[17] * w[18]), 1 / w[19])
    #expect(Swift.abs(limit - 2.12105773023677) < 1e-9)
    for s in Self.states(2000, seed: 2) {
      let next = model.nextState(s, elapsedDays: 0, rating: .good).stability
      if s.stability < limit * (1 - 1e-9) {
        #expect(next > s.stability && next <= limit * (1 + 1e-12))
      } else if s.stability > limit * (1 + 1e-9) {
        #expect(next == s.stability)
      }
    }
    // Repeated same-day Good converges to the limit from below.
    var state = MemoryState(stability: 0.5, difficulty: 5)
    for _ in 0..<2000 { state = model.nextState(state, elapsedDays: 0, rating: .good) }
    #expect(Swift.abs(state.stability - limit) < 1e-6)
  }

  @Test("same-day Easy grows S toward (exp(w17·(1 + w18)))^(1/w19) ≈ 8076 days, never past it")
  func sameDayEasyLimit() {
    let limit = Foundation.pow(Foundation.exp(w[17] * (1 + w[18])), 1 / w[19])
    #expect(Swift.abs(limit - 8075.545860913166) < 1e-6)
    var state = MemoryState(stability: 10, difficulty: 5)
    var previous = 0.0
    for _ in 0..<3000 {
      state = model.nextState(state, elapsedDays: 0, rating: .easy)
      #expect(state.stability >= previous && state.stability <= limit * (1 + 1e-12))
      previous = state.stability
    }
    #expect(state.stability > 8000)
    // A card above the limit stays where it is (the success floor SInc ≥ 1).
    let high = MemoryState(stability: 20000, difficulty: 3)
    #expect(model.nextState(high, elapsedDays: 0, rating: .easy).stability == 20000)
  }

  @Test("same-day Again shrinks S by exp(w17·(w18 − 2))·S^(−w19) ≈ 0.355·S^(−0.0658)")
  func sameDayAgain() {
    let factor = Foundation.exp(w[17] * (w[18] - 2))
    #expect(Swift.abs(factor - 0.35504029106114915) < 1e-12)
    for s in Self.states(500, seed: 3) where s.stability > 0.01 {
      let expected = Swift.max(s.stability * factor * Foundation.pow(s.stability, -w[19]), FSRS6.minStability)
      let next = model.nextState(s, elapsedDays: 0, rating: .again).stability
      #expect(Swift.abs(next - expected) <= 1e-12 * expected)
    }
  }

  @Test("a lapse never leaves S above S / exp(w17·w18) = S / 1.0507")
  func lapseCeiling() {
    let divisor = Foundation.exp(w[17] * w[18])
    #expect(Swift.abs(divisor - 1.0507203746232234) < 1e-12)
    var rng = SplitMix64(seed: 4)
    for s in Self.states(2000, seed: 5) where s.stability >= 0.01 {
      let t = 1 + rng.nextInt(in: 0...3650)
      let next = model.nextState(s, elapsedDays: t, rating: .again).stability
      #expect(next <= s.stability / divisor * (1 + 1e-12), "S \(s.stability) t \(t)")
    }
  }

  @Test("repeated Again at 1-day gaps: D climbs toward 10, S falls to S_MIN")
  func repeatedAgain() {
    var state = model.nextState(nil, elapsedDays: 0, rating: .again)
    #expect(state == MemoryState(stability: 0.212, difficulty: 6.4133))
    for _ in 0..<300 {
      let next = model.nextState(state, elapsedDays: 1, rating: .again)
      #expect(next.difficulty >= state.difficulty)
      #expect(next.stability <= state.stability)
      state = next
    }
    #expect(state.difficulty > 9.9 && state.difficulty <= 10)
    #expect(state.stability == FSRS6.minStability)
  }

  @Test("a success never lowers S; at DR = 0.9 the raw interval is S itself")
  func successAndInterval() {
    var rng = SplitMix64(seed: 6)
    for s in Self.states(2000, seed: 7) {
      let g: Rating = [.hard, .good, .easy][rng.nextInt(in: 0...2)]
      let t = 1 + rng.nextInt(in: 0...1000)
      #expect(model.nextState(s, elapsedDays: t, rating: g).stability >= s.stability)
      #expect(Swift.abs(model.rawInterval(stability: s.stability, desiredRetention: 0.9) - s.stability) <= 1e-12 * s.stability)
      #expect(Swift.abs(model.retrievability(elapsedDays: s.stability, stability: s.stability) - 0.9) < 1e-12)
    }
    #expect(model.intervalDays(stability: 12.5, desiredRetention: 0.9) == 12)
    #expect(model.intervalDays(stability: 0.01, desiredRetention: 0.9) == 1)
    #expect(model.intervalDays(stability: 36500, desiredRetention: 0.5) == 36500)
  }

  @Test("an interval from the retention's term taken once is the rounded I_raw, with and without a recall bias")
  func intervalFromItsTerm() {
    for m in [model, FSRS6(parameters: FSRSParameters.defaults.withRecallBias(0.4)), FSRS6(parameters: FSRSParameters.defaults.withRecallBias(-0.3))] {
      for dr in [0.9, 0.85, 0.7, 0.97] {
        let term = m.intervalTerm(desiredRetention: dr)
        for s in Self.states(300, seed: 9) {
          // I = round(S / factor · (DR'^(1/decay) − 1)), at least 1 day, at most the maximum.
          let raw = m.rawInterval(stability: s.stability, desiredRetention: dr).rounded(.toNearestOrEven)
          let expected = Swift.min(Swift.max(Int(Swift.min(raw, 1e9)), 1), FSRS6.maximumInterval)
          #expect(m.intervalDays(stability: s.stability, term: term) == expected, "S \(s.stability) DR \(dr) b \(m.recallBias)")
        }
      }
    }
  }

  @Test("the mean-reversion target is the unclamped D0(4) ≈ −4.7716")
  func meanReversionTarget() {
    let d0easy = model.initialDifficultyUnclamped(.easy)
    #expect(Swift.abs(d0easy - -4.771630703161737) < 1e-9)
    let next = model.nextDifficulty(5, .good)
    #expect(Swift.abs(next - (w[7] * d0easy + (1 - w[7]) * 5)) < 1e-15)
  }
}
