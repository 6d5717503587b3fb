import Foundation
import Testing
@testable import MemoryModels
@testable import PlannerCore

@Suite("Half-life regression: fitting θ")
struct HalfLifeRegressionFitTests {
  typealias HLR = HalfLifeRegression

  /// Cards reviewed on random gaps with outcomes drawn from HLR itself with θ.
  static func hlrLog(theta: [Double], cards: Int, seed: UInt64) -> [CardHistory] {
    let model = HLR(theta: theta)
    var rng = SplitMix64(seed: seed)
    var out: [CardHistory] = []
    for id in 0..<cards {
      var c = CardHistory(cardID: Int64(id))
      var state = model.next(nil, elapsedDays: 0, rating: rng.nextDouble() < 0.7 ? .good : .again)
      var day = 0
      c.append(time: 0, elapsedDays: -1, rating: state.right > 0 ? .good : .again)
      for _ in 0..<rng.nextInt(in: 2...8) {
        let gap = rng.nextInt(in: 0...3) == 0 ? 0 : rng.nextInt(in: 1...30)
        day += gap
        let rating: Rating = rng.nextDouble() < model.predictedRecall(state, elapsedDays: Double(gap)) ? .good : .again
        c.append(time: Int64(day) * 86_400_000 + Int64(c.count), elapsedDays: Int32(gap), rating: rating)
        state = model.next(state, elapsedDays: gap, rating: rating)
      }
      out.append(c)
    }
    return out
  }

  @Test("examples: later-day reviews only, counts of every earlier review as State counts them")
  func examples() {
    // Good day 0, Again day 0 (same day: history), Good day 3, Again day 5.
    let c = CardHistory(cardID: 1, times: [0, 1, 2, 3], elapsedDays: [-1, 0, 3, 2], ratings: [.good, .again, .good, .again])
    let e = HLR.trainingExamples([c, c])
    #expect(e == [
      HLR.TrainingExample(right: 1, wrong: 1, elapsedDays: 3, recalled: true, weight: 2),
      HLR.TrainingExample(right: 2, wrong: 1, elapsedDays: 2, recalled: false, weight: 2),
    ])
    // The same state the evaluator replays through `next`.
    var s = HLR().next(nil, elapsedDays: 0, rating: .good)
    s = HLR().next(s, elapsedDays: 0, rating: .again)
    #expect(s == HLR.State(right: 1, wrong: 1))
  }

  @Test("analytic gradient matches central finite differences at seeded θ")
  func gradientMatchesFiniteDifferences() {
    let examples = HLR.trainingExamples(Self.hlrLog(theta: HLR.defaultTheta, cards: 200, seed: 11))
    var rng = SplitMix64(seed: 42)
    for _ in 0..<8 {
      let theta = (0..<3).map { j in HLR.defaultTheta[j] + (rng.nextDouble() - 0.5) * 2 }
      let (_, g) = HLR.loss(theta: theta, examples: examples, l2: 0.01)
      for j in 0..<3 {
        let eps = 1e-6
        var a = theta, b = theta
        a[j] += eps
        b[j] -= eps
        let fd = (HLR.loss(theta: a, examples: examples, l2: 0.01).loss - HLR.loss(theta: b, examples: examples, l2: 0.01).loss) / (2 * eps)
        #expect(abs(fd - g[j]) < 1e-6 * max(1, abs(fd)), "θ \(theta) j \(j): fd \(fd) analytic \(g[j])")
      }
    }
  }

  @Test("gradient is zero where h is clipped")
  func clippedGradient() {
    let e = [HLR.TrainingExample(right: 0, wrong: 0, elapsedDays: 5, recalled: true)]
    #expect(HLR.loss(theta: [0, 0, 20], examples: e).gradient == [0, 0, 0])  // h = 2^20 > 274 days
    #expect(HLR.loss(theta: [0, 0, -20], examples: e).gradient == [0, 0, 0])  // h < 15 minutes
  }

  /// Data from HLR with a known θ, fitted from the defaults: predicted recall on a grid of
  /// states and gaps within 0.03 of the truth (4 000 cards, about 16 000 scored reviews).
  @Test("fitting recovers θ from data HLR generated")
  func recoversTheta() {
    let truth = [3.0, -2.0, 2.0]
    let cards = Self.hlrLog(theta: truth, cards: 4000, seed: 3)
    let fit = HLR.fit(cards, configuration: .init(l2: 0, steps: 1500))
    #expect(fit.logLossAfter < fit.logLossBefore)
    let (a, b) = (HLR(theta: truth), HLR(theta: fit.theta))
    for right in 0...5 {
      for wrong in 0...2 {
        for gap in [1.0, 3, 10, 30] {
          let s = HLR.State(right: right, wrong: wrong)
          #expect(abs(a.predictedRecall(s, elapsedDays: gap) - b.predictedRecall(s, elapsedDays: gap)) < 0.03,
            "\(s) Δ \(gap): truth θ \(truth), fitted \(fit.theta)")
        }
      }
    }
    #expect(fit.trainingExamples == HLR.trainingExamples(cards).reduce(0) { $0 + $1.weight })
  }

  @Test("no training reviews: the start θ, unchanged")
  func empty() {
    let fit = HLR.fit([CardHistory(cardID: 1, times: [0], elapsedDays: [-1], ratings: [.good])])
    #expect(fit.theta == HLR.defaultTheta && fit.trainingExamples == 0 && fit.steps == 0)
  }

  /// On a log from the power-law memory of ``SyntheticReviewLog`` (not HLR; 200 cards, 180
  /// days, seed 7, 5 folds, 1 565 held-out reviews), measured log loss: fitted per fold
  /// 0.47748, the new defaults unfitted 0.52086, srs-benchmark's starting θ 0.80241, and the
  /// `average` model 0.47311. HLR's form (p → 1 as Δ → 0, one half-life per count pair) does
  /// not quite reach the constant rate here, so the bound on `average` is a margin, not a win.
  @Test("fitted per fold on a non-HLR log: beats both default θs, within 0.01 of average")
  func heldOutOnSyntheticLog() throws {
    let cards = SyntheticReviewLog(cards: 200, days: 180, seed: 7).cardHistories
    let split = try TimeSeriesEvaluation(cards: cards, folds: 5)
    let r = ModelEvaluator().evaluate(split, models: [.hlr, .average])
    let testRange = split.boundaries[1]..<split.scored.count
    func logLoss(_ model: HLR) -> Double {
      let p = Array(split.predictions(model)[testRange])
      return EvaluationMetrics(predictions: p, recalled: r.reviews.map(\.recalled), bins: r.reviews.map(\.bin)).logLoss
    }
    let (fitted, average) = (r.metrics[0].logLoss, r.metrics[1].logLoss)
    #expect(r.hlrFits.count == 5)
    #expect(abs(fitted - 0.47748) < 5e-5 && abs(average - 0.47311) < 5e-5)
    #expect(fitted < logLoss(HLR()) - 0.04)
    #expect(fitted < logLoss(HLR(theta: HLR.srsBenchmarkInitialTheta)) - 0.3)
    #expect(fitted < average + 0.01)
  }
}
