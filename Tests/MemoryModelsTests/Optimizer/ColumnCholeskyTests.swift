import Testing
@testable import MemoryModels
@testable import PlannerCore

/// The column-by-column Cholesky (ColumnCholesky.swift) against the row-by-row scalar loops it
/// replaced, bit for bit, on seeded matrices like the Gauss–Newton steps' (a sum of weighted
/// outer products, slightly asymmetric above the diagonal, a shifted diagonal).
@Suite("FSRS-6 optimizer: the column-by-column Cholesky")
struct ColumnCholeskyTests {
  /// The scalar tr(H⁻¹) the evidence rule used before (row by row, then columns of L⁻¹).
  static func scalarTraceOfInverse(_ h: [Double]) -> Double? {
    let m = 21
    var l = [Double](repeating: 0, count: m * m)
    for i in 0..<m {
      for j in 0...i {
        var sum = h[i * m + j]
        for k in 0..<j { sum -= l[i * m + k] * l[j * m + k] }
        if i == j {
          guard sum > 0, sum.isFinite else { return nil }
          l[i * m + i] = sum.squareRoot()
        } else {
          l[i * m + j] = sum / l[j * m + j]
        }
      }
    }
    var trace = 0.0
    var x = [Double](repeating: 0, count: m)
    for k in 0..<m {
      for i in k..<m {
        var sum = i == k ? 1.0 : 0.0
        for j in k..<i { sum -= l[i * m + j] * x[j] }
        x[i] = sum / l[i * m + i]
        trace += x[i] * x[i]
      }
    }
    return trace
  }

  /// The scalar damped solve ProjectedGaussNewton used before.
  static func scalarSolve(_ h: [Double], _ g: [Double], _ free: [Int], _ n: Int, lambda base: Double) -> [Double]? {
    let m = free.count
    var scale = 0.0
    for a in 0..<m { scale = Swift.max(scale, abs(h[free[a] * n + free[a]])) }
    var lambda = base
    for _ in 0..<12 {
      var l = [Double](repeating: 0, count: m * m)
      var ok = true
      for i in 0..<m where ok {
        for j in 0...i {
          var sum = h[free[i] * n + free[j]] + (i == j ? lambda : 0)
          for k in 0..<j { sum -= l[i * m + k] * l[j * m + k] }
          if i == j {
            if !(sum > 0) || !sum.isFinite { ok = false; break }
            l[i * m + i] = sum.squareRoot()
          } else {
            l[i * m + j] = sum / l[j * m + j]
          }
        }
      }
      if ok {
        var z = [Double](repeating: 0, count: m)
        for i in 0..<m {
          var sum = -g[free[i]]
          for k in 0..<i { sum -= l[i * m + k] * z[k] }
          z[i] = sum / l[i * m + i]
        }
        var d = [Double](repeating: 0, count: m)
        for i in stride(from: m - 1, through: 0, by: -1) {
          var sum = z[i]
          for k in (i + 1)..<m { sum -= l[k * m + i] * d[k] }
          d[i] = sum / l[i * m + i]
        }
        if d.allSatisfy(\.isFinite) { return d }
      }
      lambda = lambda == 0 ? Swift.max(scale, 1e-12) * 1e-8 : lambda * 100
    }
    return nil
  }

  /// A 21 × 21 matrix like a Fisher pass's: Σ w·vvᵀ over `rank` random vectors of mixed scales
  /// (rank < 21: singular), each entry then scaled by σ_j·σ_k in the objective's order, which
  /// leaves it slightly asymmetric.
  static func fisherLike(_ rng: inout SplitMix64, rank: Int) -> [Double] {
    var h = [Double](repeating: 0, count: 441)
    for _ in 0..<rank {
      let v = (0..<21).map { _ in (rng.nextDouble() - 0.5) * (rng.nextDouble() < 0.2 ? 0 : 10) }
      let w = rng.nextDouble() * 3
      for j in 0..<21 { for k in 0..<21 { h[j * 21 + k] += w * v[j] * v[k] } }
    }
    let sigma = FSRSOptimizer.priorScale
    for j in 0..<21 { for k in 0..<21 { h[j * 21 + k] = h[j * 21 + k] * sigma[j] * sigma[k] / 97 } }
    return h
  }

  @Test func traceOfInverseIsTheScalarOneBitForBit() {
    var rng = SplitMix64(seed: 20_261_207)
    var compared = 0, singular = 0
    for trial in 0..<200 {
      let h = Self.fisherLike(&rng, rank: trial % 5 == 0 ? 12 : 40)
      for shift in [0, 1e-9, 0.02, 3.7] {
        var shifted = h
        for j in 0..<21 { shifted[j * 21 + j] += shift }
        let reference = Self.scalarTraceOfInverse(shifted)
        let fast = FSRSOptimizer.traceOfInverse(h, shift: shift)
        #expect(fast?.bitPattern == reference?.bitPattern, "trial \(trial), shift \(shift)")
        if reference == nil { singular += 1 } else { compared += 1 }
      }
    }
    #expect(compared > 500)
    #expect(singular > 0)
  }

  @Test func gaussNewtonSolveIsTheScalarOneBitForBit() {
    var rng = SplitMix64(seed: 77)
    var solved = 0
    for trial in 0..<200 {
      let h = Self.fisherLike(&rng, rank: trial % 4 == 0 ? 8 : 30)
      let g = (0..<21).map { _ in rng.nextDouble() - 0.5 }
      // Every coordinate free, or a seeded subset (held variables drop out of the system).
      let free = trial % 3 == 0 ? Array(0..<21) : (0..<21).filter { _ in rng.nextDouble() < 0.7 }
      guard !free.isEmpty else { continue }
      for lambda in [0, 1e-6, 0.5] {
        let reference = Self.scalarSolve(h, g, free, 21, lambda: lambda)
        let fast = ProjectedGaussNewton.solve(h, g, free, 21, lambda: lambda)
        #expect(fast?.map(\.bitPattern) == reference?.map(\.bitPattern), "trial \(trial), λ \(lambda)")
        if reference != nil { solved += 1 }
      }
    }
    #expect(solved > 300)
  }

  /// Any order (the factor's columns rounded up to whole chunks), not only the fit's 21: a
  /// system of 1 to 30 free coordinates, and none (an empty step).
  @Test(arguments: [1, 3, 4, 5, 8, 25, 30])
  func solveOfAnyOrderIsTheScalarOneBitForBit(n: Int) {
    var rng = SplitMix64(seed: 4_000 + UInt64(n))
    var solved = 0
    for trial in 0..<40 {
      var h = [Double](repeating: 0, count: n * n)
      for _ in 0..<(trial % 4 == 0 ? max(1, n / 2) : 2 * n) {
        let v = (0..<n).map { _ in rng.nextDouble() - 0.5 }
        for j in 0..<n { for k in 0..<n { h[j * n + k] += v[j] * v[k] } }
      }
      let g = (0..<n).map { _ in rng.nextDouble() - 0.5 }
      for lambda in [0, 1e-6] {
        let reference = Self.scalarSolve(h, g, Array(0..<n), n, lambda: lambda)
        let fast = ProjectedGaussNewton.solve(h, g, Array(0..<n), n, lambda: lambda)
        #expect(fast?.map(\.bitPattern) == reference?.map(\.bitPattern), "order \(n), trial \(trial), λ \(lambda)")
        if reference != nil { solved += 1 }
      }
    }
    #expect(solved > 40)
    #expect(ProjectedGaussNewton.solve([Double](repeating: 0, count: n * n), [Double](repeating: 1, count: n), [], n) == [])
  }

  @Test func notPositiveDefiniteGivesNil() {
    var h = [Double](repeating: 0, count: 441)
    for j in 0..<21 { h[j * 21 + j] = 1 }
    #expect(FSRSOptimizer.traceOfInverse(h) == 21)
    h[10 * 21 + 10] = -1
    #expect(FSRSOptimizer.traceOfInverse(h) == nil)
    h[10 * 21 + 10] = .nan
    #expect(FSRSOptimizer.traceOfInverse(h) == nil)
    #expect(FSRSOptimizer.traceOfInverse(h, shift: .infinity) == nil)
  }
}
