import Foundation
import Testing
@testable import MemoryModels

/// Worked examples of half-life regression with srs-benchmark's θ = (2.5819, −0.8674, 2.7245);
/// expected values computed independently in Python (float64).
@Suite("Half-life regression baseline")
struct HalfLifeRegressionTests {
  // The worked values below are for srs-benchmark's starting weights (the pre-fit defaults).
  let hlr = HalfLifeRegression(theta: HalfLifeRegression.srsBenchmarkInitialTheta)
  typealias S = HalfLifeRegression.State

  @Test("reviews count rights and wrongs; t plays no part")
  func counts() {
    var s: S? = nil
    for (t, g) in [(-1, Rating.good), (2, .again), (0, .hard), (9, .easy)] { s = hlr.next(s, elapsedDays: t, rating: g) }
    #expect(s == S(right: 3, wrong: 1))
  }

  @Test("after one Good: h = 2^(2.5819·√2 − 0.8674 + 2.7245) = 45.52 days")
  func oneRight() {
    let s = hlr.next(nil, elapsedDays: -1, rating: .good)
    #expect(Swift.abs(hlr.halfLife(s) - 45.52092587807895) < 1e-10)
    #expect(Swift.abs(hlr.predictedRecall(s, elapsedDays: 10) - 0.8587563772488368) < 1e-14)
    #expect(Swift.abs(hlr.predictedRecall(s, elapsedDays: hlr.halfLife(s)) - 0.5) < 1e-15)
    #expect(hlr.intervalDays(s, desiredRetention: 0.9) == 7)  // 45.52·log2(1/0.9) = 6.92
  }

  @Test("after one Again: h = 2^(2.5819 − 0.8674·√2 + 2.7245) = 16.91 days; other counts")
  func oneWrong() {
    let s = S(right: 0, wrong: 1)
    #expect(Swift.abs(hlr.halfLife(s) - 16.90890295483327) < 1e-10)
    #expect(Swift.abs(hlr.predictedRecall(s, elapsedDays: 3) - 0.8842821504378385) < 1e-14)
    #expect(hlr.intervalDays(s, desiredRetention: 0.9) == 3)  // 2.57
    #expect(Swift.abs(hlr.halfLife(S(right: 2, wrong: 1)) - 62.673911767221874) < 1e-10)
    #expect(Swift.abs(hlr.halfLife(S(right: 1, wrong: 2)) - 29.313170775768224) < 1e-10)
  }

  @Test("Duolingo's clips: h in [15 min, 274 days], p in [0.0001, 0.9999]")
  func clips() {
    #expect(hlr.halfLife(S(right: 1000, wrong: 0)) == 274)
    #expect(hlr.halfLife(S(right: 0, wrong: 1000)) == 15.0 / 1440)
    #expect(hlr.predictedRecall(S(right: 1, wrong: 0), elapsedDays: 0) == 0.9999)
    #expect(hlr.predictedRecall(S(right: 0, wrong: 1000), elapsedDays: 30) == 0.0001)
    #expect(hlr.stabilityDays(S(right: 1000, wrong: 0)) == 274)
    #expect(hlr.difficulty(S(right: 1, wrong: 1)) == nil && hlr.name == "hlr")
  }
}
