import Foundation
import Testing
@testable import MemoryModels

/// The warm-start and line-search options of the fit's L-BFGS, on an ill-conditioned quadratic
/// whose minimum is known: they must reach the same minimum with less work.
@Suite("Projected L-BFGS: carried curvature and interpolating backtracking")
struct ProjectedLBFGSTests {
  /// f(x) = Σ a_j (x_j − 1)², a_j from 0.1 to 100: the minimum is x = 1, inside the box.
  static let a: [Double] = (0..<21).map { 0.1 * Foundation.pow(1000, Double($0) / 20) }
  static func f(_ x: [Double]) -> (Double, [Double]) {
    var v = 0.0
    var g = [Double](repeating: 0, count: x.count)
    for j in x.indices {
      v += a[j] * (x[j] - 1) * (x[j] - 1)
      g[j] = 2 * a[j] * (x[j] - 1)
    }
    return (v, g)
  }
  static let lower = [Double](repeating: -10, count: 21)
  static let upper = [Double](repeating: 10, count: 21)

  @Test("interpolation needs fewer evaluations than halving and reaches the same minimum")
  func interpolationSavesEvaluations() {
    var halving = ProjectedLBFGS()
    halving.maxIterations = 200
    halving.tolerance = 1e-14
    var interpolating = halving
    interpolating.interpolate = true
    let start = [Double](repeating: 3, count: 21)
    let h = halving.minimize(start: start, lower: Self.lower, upper: Self.upper, Self.f)
    let q = interpolating.minimize(start: start, lower: Self.lower, upper: Self.upper, Self.f)
    #expect(h.value < 1e-6 && q.value < 1e-6)
    #expect(q.evaluations < h.evaluations, "interpolating \(q.evaluations), halving \(h.evaluations)")
  }

  @Test("a warm start with the previous run's pairs gets further in the same iterations than a cold one")
  func carriedCurvatureSavesIterations() {
    var solver = ProjectedLBFGS()
    solver.maxIterations = 200
    solver.tolerance = 1e-14
    let first = solver.minimize(start: [Double](repeating: 3, count: 21), lower: Self.lower, upper: Self.upper, Self.f)
    #expect(!first.pairs.isEmpty && first.pairs.count <= solver.memory)
    // Restart away from the minimum for 5 iterations, once cold and once with the pairs.
    let restart = (0..<21).map { 1 + 0.5 * Foundation.sin(Double($0)) }
    solver.maxIterations = 5
    let cold = solver.minimize(start: restart, lower: Self.lower, upper: Self.upper, Self.f)
    var warm = solver
    warm.initialPairs = first.pairs
    let hot = warm.minimize(start: restart, lower: Self.lower, upper: Self.upper, Self.f)
    #expect(hot.value < cold.value, "warm \(hot.value), cold \(cold.value)")
  }
}
