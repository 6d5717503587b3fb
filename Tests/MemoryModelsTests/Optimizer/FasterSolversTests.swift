import Foundation
import Testing
@testable import MemoryModels
@testable import PlannerCore

/// The Fisher curvature the Gauss–Newton solver and the preconditioned L-BFGS use, and those
/// two solvers inside the inner-split pipeline (measured options, not the default: docs/optimizer.md).
@Suite("FSRS-6 optimizer: Fisher curvature and the faster solvers")
struct FasterSolversTests {
  /// On a card with exactly one example, the BCE gradient is (p − y)/(p(1 − p))·∇p, so the
  /// Fisher matrix ∇p∇pᵀ/(p(1 − p)) must equal g·gᵀ·p(1 − p)/(p − y)²: checked against the
  /// gradient the finite-difference test verifies, for every kind of history before it.
  @Test func fisherIsTheGradientsOuterProductOnOneExample() {
    let w = FSRSHistorySimulator.custom.weights
    let model = FSRS6LossGradient(w)
    let histories: [[(Int32, Rating)]] = [
      [(-1, .good), (3, .good)],
      [(-1, .again), (0, .good), (2, .again)],
      [(-1, .hard), (0, .again), (0, .easy), (5, .hard)],
      [(-1, .easy), (0, .hard), (9, .easy)],
    ]
    for (index, history) in histories.enumerated() {
      var card = CardHistory(cardID: Int64(index))
      for (k, (t, g)) in history.enumerated() { card.append(time: Int64(k) * 86_400_000, elapsedDays: t, rating: g) }
      let data = TrainingData([card])
      #expect(data.exampleCount == 1)
      var loss = 0.0
      var grad = ParameterGradient.zero
      var fisher = [FSRS6LossGradient.FisherRow](repeating: .zero, count: 21)
      data.ratings.withUnsafeBufferPointer { r in
        data.elapsed.withUnsafeBufferPointer { e in
          fisher.withUnsafeMutableBufferPointer { f in
            model.pass(r, e, data.starts[0], data.starts[1], &loss, &grad, fisher: f.baseAddress!)
          }
        }
      }
      let recalled = history.last!.1 != .again
      let p = recalled ? exp(-loss) : 1 - exp(-loss)
      let y = recalled ? 1.0 : 0.0
      let k = p * (1 - p) / ((p - y) * (p - y))
      for i in 0..<21 {
        for j in 0..<21 {
          let expected = grad[i] * grad[j] * k
          let entry = fisher.withUnsafeBufferPointer { FSRS6LossGradient.fisherEntry($0.baseAddress!, i, j) }
          #expect(abs(entry - expected) <= 1e-5 * max(1, abs(expected)), "card \(index) H[\(i)][\(j)]")
        }
      }
    }
  }

  /// Gauss–Newton and the Fisher-preconditioned L-BFGS give bit-identical parameters with one
  /// and two threads, fit all 21 weights and land within 0.002 of the inner-split L-BFGS fit's
  /// in-sample loss.
  @Test(arguments: ["gauss-newton", "preconditioned"])
  func fasterSolversAreDeterministicAndConverge(_ name: String) {
    let cards = FSRSHistorySimulator.histories(parameters: FSRSHistorySimulator.custom, cards: 120, reviewsPerCard: 7, seed: 5)
    var c = FSRSOptimizer.Configuration.innerSplitLBFGS
    if name == "gauss-newton" { c.solver = .gaussNewton } else { c.fisherPreconditioner = true }
    c.threads = 1
    var two = c
    two.threads = 2
    let a = FSRSOptimizer(configuration: c).fit(cards)
    let b = FSRSOptimizer(configuration: two).fit(cards)
    #expect(a.parameters == b.parameters)
    #expect(a.scope == .all, "\(a.reason)")
    let shipped = FSRSOptimizer(configuration: .innerSplitLBFGS).fit(cards)
    #expect(a.logLossAfter < a.logLossBefore)
    #expect(abs(a.logLossAfter - shipped.logLossAfter) < 0.002, "\(a.logLossAfter) vs \(shipped.logLossAfter)")
  }
}
