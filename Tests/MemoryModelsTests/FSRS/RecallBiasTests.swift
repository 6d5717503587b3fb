import Foundation
import Testing
@testable import MemoryModels
@testable import PlannerCore

/// The learner's recall bias b: FSRS-6's R calibrated in log-odds, σ(b + logit R), in the
/// model (``FSRS6``), its parameters and file, and its fit (``RecallBias``).
@Suite("Recall bias")
struct RecallBiasTests {
  static let biased = FSRSParameters.defaults.withRecallBias(0.5)

  static func logit(_ p: Double) -> Double { log(p / (1 - p)) }
  static func sigmoid(_ z: Double) -> Double { 1 / (1 + exp(-z)) }

  @Test("b = 0 is FSRS-6 to the bit: the predicted recall is the forgetting curve, 21 values")
  func neutral() {
    let m = FSRS6()
    #expect(m.recallBias == 0 && FSRSParameters.defaults.values.count == 21)
    for (t, s) in [(0.0, 1.0), (3, 2.5), (40, 7.25), (400, 0.5)] {
      #expect(m.retrievability(elapsedDays: t, stability: s) == m.forgettingCurve(elapsedDays: t, stability: s))
    }
    #expect(m.intervalDays(stability: 12.4, desiredRetention: 0.9) == 12)
  }

  @Test("the predicted recall is σ(b + logit R); R = 0 and 1 stay; memory states ignore the bias")
  func calibratedRecall() {
    let plain = FSRS6(), m = FSRS6(parameters: Self.biased)
    for (t, s) in [(1.0, 1.0), (3, 2.5), (40, 7.25), (400, 0.5)] {
      let r = plain.retrievability(elapsedDays: t, stability: s)
      let q = m.retrievability(elapsedDays: t, stability: s)
      #expect(abs(q - Self.sigmoid(0.5 + Self.logit(r))) < 1e-12)
      #expect(q > r)
    }
    #expect(FSRS6.biased(1, odds: exp(0.5)) == 1 && FSRS6.biased(0, odds: exp(0.5)) == 0)
    var a: MemoryState? = nil, b: MemoryState? = nil
    for (t, g) in [(0, Rating.good), (0, .again), (2, .good), (5, .again), (1, .hard), (9, .easy)] {
      a = plain.nextState(a, elapsedDays: t, rating: g)
      b = m.nextState(b, elapsedDays: t, rating: g)
      #expect(a == b)
      let (qa, na) = plain.review(a!, elapsedDays: t, rating: g)
      let (qb, nb) = m.review(b!, elapsedDays: t, rating: g)
      #expect(na == nb)
      #expect(qb == m.retrievability(elapsedDays: Double(t), stability: b!.stability) && (t == 0 || qb > qa))
    }
  }

  @Test("intervals: the predicted recall at the raw interval is the desired retention")
  func intervals() {
    let m = FSRS6(parameters: Self.biased)
    for dr in [0.7, 0.85, 0.9, 0.95] {
      for s in [0.5, 3.0, 40.0] {
        let t = m.rawInterval(stability: s, desiredRetention: dr)
        #expect(abs(m.retrievability(elapsedDays: t, stability: s) - dr) < 1e-9)
      }
    }
    // A positive bias (the learner recalls more than the curve says) lengthens the intervals.
    #expect(m.intervalDays(stability: 20, desiredRetention: 0.9) > FSRS6().intervalDays(stability: 20, desiredRetention: 0.9))
  }

  @Test("mean recall over a horizon with a bias: the mean of σ(b + logit R) (a fine midpoint sum)")
  func meanRecall() {
    let m = FSRS6(parameters: Self.biased)
    for (t0, h, s) in [(0.0, 30.0, 2.0), (5, 365, 0.3), (10, 90, 60)] {
      let k = 200_000
      var sum = 0.0
      for i in 0..<k { sum += m.retrievability(elapsedDays: t0 + h * (Double(i) + 0.5) / Double(k), stability: s) }
      #expect(abs(m.meanRetrievability(from: t0, days: h, stability: s) - sum / Double(k)) < 1e-6)
    }
  }

  @Test("mean recall with a bias: within 2e-8 of a 4,096-panel Simpson sum over the curve's range of stabilities, horizons and biases")
  func meanRecallQuadrature() {
    var worst = 0.0
    for b in [-2.0, -0.5, 0.5, 2] {
      let m = FSRS6(parameters: FSRSParameters.defaults.withRecallBias(b))
      for t0 in [0.0, 5, 200] {
        for h in [1.0, 30, 365] {
          for s in [0.01, 0.3, 40, 10_000] {
            // The same integral in u = ln(1 + c·τ), by Simpson's rule on 4,096 panels.
            let c = m.factor / FSRS6.clampStability(s), lo = log(1 + c * t0), hi = log(1 + c * (t0 + h)), n = 4096
            let step = (hi - lo) / Double(n)
            var sum = 0.0
            for k in 0...n {
              let u = lo + Double(k) * step
              sum += (k == 0 || k == n ? 1 : (k % 2 == 1 ? 4 : 2)) * exp(u) * m.retrievability(elapsedDays: (exp(u) - 1) / c, stability: s)
            }
            worst = max(worst, abs(m.meanRetrievability(from: t0, days: h, stability: s) - sum * step / 3 / (h * c)))
          }
        }
      }
    }
    #expect(worst < 2e-8, "worst \(worst)")
  }

  @Test("parameters: 22 values carry the bias, 21 mean none; the bias is validated")
  func parameters() throws {
    let p = try FSRSParameters(validating: FSRSParameters.defaults.weights + [-0.75])
    #expect(p.recallBias == -0.75 && p.weights == FSRSParameters.defaults.weights)
    #expect(p.values == FSRSParameters.defaults.weights + [-0.75])
    #expect(FSRSParameters(uncheckedWeights: p.values) == p)
    #expect(p != .defaults && p.withRecallBias(0) == .defaults)
    #expect(FSRSParameters.defaults.withRecallBias(7).recallBias == 2)
    #expect(throws: MemoryModelsError.self) { try FSRSParameters(validating: FSRSParameters.defaults.weights + [2.5]) }
    #expect(throws: MemoryModelsError.self) { try FSRSParameters(validating: FSRSParameters.defaults.weights + [0, 0]) }
  }

  @Test("the parameter file: recall_bias (version 2) round-trips; a version-1 file loads with none and is written as before")
  func parameterFile() throws {
    let old = #"{"version": 1, "model": "fsrs6", "parameters": \#(FSRSParameterFileTests.list(FSRSParameters.defaults.weights))}"#
    let f = try FSRSParameterFile.decode(Data(old.utf8))
    #expect(f.parameters == .defaults && f.parameters.recallBias == 0 && f.version == 1)
    #expect(!f.jsonText().contains("recall_bias") && f.jsonText().contains(#""version": 1"#))
    let withBias = FSRSParameterFile(parameters: Self.biased, reviews: 100)
    let text = withBias.jsonText()
    #expect(text.contains(#""recall_bias": 0.5"#) && text.contains(#""version": 2"#))
    let back = try FSRSParameterFile.decode(Data(text.utf8))
    #expect(back.parameters == Self.biased && back.version == 2 && back.extra.isEmpty)
    FSRSParameterFileTests.expectMalformed(
      #"{"parameters": \#(FSRSParameterFileTests.list(FSRSParameters.defaults.weights)), "recall_bias": 3}"#,
      keyPath: "recall_bias", containing: "found 3")
  }

  @Test("the solver: close to the exact minimiser of the weighted cross-entropy plus the pull")
  func solve() {
    // 400 targets at p = 0.8 with 90 % recalled, weights 1: the unpulled optimum is
    // logit 0.9 − logit 0.8 ≈ 0.811, the pull moves it toward 0.
    var m = RecallBias.Moments()
    for i in 0..<400 { m.add(0.8, recalled: i % 10 != 0, weight: 1) }
    let b = RecallBias.solve(m)
    // The exact minimiser by Newton's method on the same objective.
    var x = 0.0
    for _ in 0..<50 {
      let q = Self.sigmoid(x + Self.logit(0.8))
      let g = 400 * (q - 0.9) + x / (RecallBias.priorScale * RecallBias.priorScale)
      let h = 400 * q * (1 - q) + 1 / (RecallBias.priorScale * RecallBias.priorScale)
      x -= g / h
    }
    #expect(x > 0.5 && x < 0.811)
    #expect(abs(b - x) < 0.03)
    #expect(RecallBias.solve(RecallBias.Moments()) == 0)
    // Few targets: the pull keeps it near 0.
    var few = RecallBias.Moments()
    for i in 0..<10 { few.add(0.8, recalled: i != 0, weight: 1) }
    #expect(abs(RecallBias.solve(few)) < 0.1)
  }

  @Test("the optimizer fits the bias of a learner who recalls more than the curve says, and none when off")
  func optimizerFitsTheBias() {
    let truth = FSRSHistorySimulator.custom.withRecallBias(1.0)
    let cards = FSRSHistorySimulator.histories(parameters: truth, cards: 300, reviewsPerCard: 8, seed: 11)
    let fit = FSRSOptimizer().fit(cards)
    #expect(fit.scope == .all)
    // The 21 weights absorb most of it (a steeper or shallower curve); what they cannot is left.
    #expect(fit.parameters.recallBias > 0.02)
    var off = FSRSOptimizer.Configuration()
    off.recallBias = false
    let plain = FSRSOptimizer(configuration: off).fit(cards)
    #expect(plain.parameters.recallBias == 0 && plain.parameters.weights == fit.parameters.weights)
    // In sample, the bias lowers the plain log loss.
    let data = TrainingData(cards)
    #expect(FSRSOptimizer.referenceLogLoss(data, fit.parameters) < FSRSOptimizer.referenceLogLoss(data, plain.parameters))
  }
}
