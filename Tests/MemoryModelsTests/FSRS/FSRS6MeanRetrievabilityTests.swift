import Foundation
@testable import MemoryModels
import PlannerCore
import Testing

/// `FSRS6.meanRetrievability`: the closed form against the curve summed numerically.
@Suite("FSRS-6: mean retrievability over a horizon")
struct FSRS6MeanRetrievabilityTests {
  /// The midpoint rule over 20,000 steps of the same curve `retrievability` computes.
  static func numeric(_ m: FSRS6, from t0: Double, days h: Double, stability s: Double) -> Double {
    let n = 20_000, dt = h / Double(n)
    var sum = 0.0
    for k in 0..<n { sum += m.retrievability(elapsedDays: t0 + (Double(k) + 0.5) * dt, stability: s) }
    return sum / Double(n)
  }

  @Test("equals the numeric mean to 1e-7 for seeded stabilities, starts, horizons and decays")
  func closedFormIsTheIntegral() {
    var rng = SplitMix64(seed: 20_261_206)
    for w20 in [0.1, 0.1542, 0.5, 0.8] {
      var w = FSRSParameters.defaults.weights
      w[20] = w20
      let m = FSRS6(parameters: FSRSParameters(uncheckedWeights: w))
      for _ in 0..<40 {
        let s = exp(Double.random(in: log(0.1)...log(3000), using: &rng))
        let t0 = Double.random(in: 0...200, using: &rng), h = Double.random(in: 1...120, using: &rng)
        let closed = m.meanRetrievability(from: t0, days: h, stability: s), sum = Self.numeric(m, from: t0, days: h, stability: s)
        #expect(abs(closed - sum) < 1e-7, "w20 \(w20) S \(s) t0 \(t0) H \(h): \(closed) vs \(sum)")
      }
    }
  }

  @Test("total: a zero or negative horizon is R at t0; the mean lies between R at both ends")
  func total() {
    let m = FSRS6()
    #expect(m.meanRetrievability(from: 12, days: 0, stability: 30) == m.retrievability(elapsedDays: 12, stability: 30))
    #expect(m.meanRetrievability(from: 12, days: -5, stability: 30) == m.retrievability(elapsedDays: 12, stability: 30))
    let mean = m.meanRetrievability(from: 10, days: 60, stability: 20)
    #expect(mean < m.retrievability(elapsedDays: 10, stability: 20) && mean > m.retrievability(elapsedDays: 70, stability: 20))
  }
}
