import Foundation

/// Gauss–Newton (Fisher scoring) on a box: minimises f(x) subject to lower ≤ x ≤ upper from
/// f's value, exact gradient g and a positive semi-definite curvature matrix H (for a mean
/// binary cross-entropy, the Fisher information Σ ∇p∇pᵀ/(p(1 − p)), plus the regulariser's
/// diagonal), deterministically.
///
/// Each iteration holds the variables at a bound whose gradient pushes outward, solves
/// (H_ff + λI)·d = −g_f over the free ones (Cholesky; λ grows only when H_ff is not positive
/// definite), and backtracks on the projected path x(α) = clamp(x + α·d) until the Armijo
/// condition f(x(α)) ≤ f(x) + 10⁻⁴·g·(x(α) − x) holds. Stops after `maxIterations`, when no
/// step decreases f, when a step gains less than `tolerance`·max(|f|, 1), or (without
/// evaluating it) when the next full step is predicted to gain less than that.
struct ProjectedGaussNewton {
  var maxIterations = 30
  var tolerance = 1e-9

  struct Result {
    var x: [Double]
    var value: Double
    var iterations: Int
    var evaluations: Int
  }

  /// `f(x)` returns the value, the gradient and the n×n curvature matrix (row-major).
  func minimize(
    start: [Double], lower: [Double], upper: [Double], _ f: ([Double]) -> (Double, [Double], [Double])
  ) -> Result {
    let n = start.count
    var x = (0..<n).map { Swift.min(Swift.max(start[$0], lower[$0]), upper[$0]) }
    var (fx, g, h) = f(x)
    var evaluations = 1
    var iterations = 0
    guard fx.isFinite else { return Result(x: x, value: fx, iterations: 0, evaluations: 1) }
    // Levenberg–Marquardt damping λ, relative to the largest curvature: shrinks after a step
    // the quadratic model predicted well, grows after a poor or rejected one.
    var damping = 1e-3
    while iterations < maxIterations {
      let free = Self.freeCoordinates(x, g, lower, upper)
      guard !free.isEmpty else { break }
      var scale = 0.0
      for j in free { scale = Swift.max(scale, h[j * n + j]) }
      iterations += 1
      var accepted = false
      var xNew = x, fNew = fx, gNew = g, hNew = h
      var converged = false
      for _ in 0..<20 {
        guard let step = Self.clampedStep(x, g, h, free, lower, upper, lambda: damping * scale) else { break }
        xNew = step.x
        let gs = step.slope, predicted = step.predictedGain
        if damping <= 1e-3 && predicted <= tolerance * Swift.max(abs(fx), 1) { converged = true; break }
        guard gs < 0 else { damping = Swift.max(damping * 4, 1e-6); continue }
        (fNew, gNew, hNew) = f(xNew)
        evaluations += 1
        if fNew.isFinite && fNew <= fx + 1e-4 * gs {
          accepted = true
          let ratio = (fx - fNew) / Swift.max(predicted, .leastNormalMagnitude)
          if ratio > 0.75 { damping = Swift.max(damping / 3, 1e-7) } else if ratio < 0.25 { damping *= 2 }
          break
        }
        damping = Swift.max(damping * 4, 1e-6)
      }
      if converged || !accepted { if converged { iterations -= 1 }; break }
      let improvement = fx - fNew
      x = xNew; fx = fNew; g = gNew; h = hNew
      if improvement <= tolerance * Swift.max(abs(fx), 1) { break }
    }
    return Result(x: x, value: fx, iterations: iterations, evaluations: evaluations)
  }

  /// The coordinates not held at a bound: those whose gradient does not push outward.
  static func freeCoordinates(_ x: [Double], _ g: [Double], _ lower: [Double], _ upper: [Double]) -> [Int] {
    var free: [Int] = []
    for j in 0..<x.count where !((x[j] <= lower[j] && g[j] > 0) || (x[j] >= upper[j] && g[j] < 0)) { free.append(j) }
    return free
  }

  /// The damped Gauss–Newton step over the free coordinates, clamped to the box, with its
  /// slope g·s and the quadratic model's gain −(g·s + ½·sᵀHs) over the clamped step s.
  static func clampedStep(
    _ x: [Double], _ g: [Double], _ h: [Double], _ free: [Int], _ lower: [Double], _ upper: [Double], lambda: Double
  ) -> (x: [Double], slope: Double, predictedGain: Double)? {
    let n = x.count
    guard let dFree = solve(h, g, free, n, lambda: lambda) else { return nil }
    var xNew = x
    for (a, j) in free.enumerated() { xNew[j] = Swift.min(Swift.max(x[j] + dFree[a], lower[j]), upper[j]) }
    var gs = 0.0, shs = 0.0
    for j in free {
      let sj = xNew[j] - x[j]
      gs += g[j] * sj
      var row = 0.0
      for k in free { row += h[j * n + k] * (xNew[k] - x[k]) }
      shs += sj * row
    }
    return (xNew, gs, -(gs + 0.5 * shs))
  }

  /// d_f solving (H_ff + λI)·d = −g_f by Cholesky, λ = 0 first and raised while H_ff is not
  /// positive definite; nil when nothing works.
  static func solve(_ h: [Double], _ g: [Double], _ free: [Int], _ n: Int, lambda base: Double = 0) -> [Double]? {
    let m = free.count
    guard m > 0 else { return [] }
    var scale = 0.0
    for a in 0..<m { scale = Swift.max(scale, abs(h[free[a] * n + free[a]])) }
    var lambda = base
    for _ in 0..<12 {
      // The factor's columns in vector lanes (``ColumnCholesky``), then the two substitutions.
      let d: [Double]? = h.withUnsafeBufferPointer { h in
        ColumnCholesky.withFactor(order: m, entry: { i, j in h[free[i] * n + free[j]] + (i == j ? lambda : 0) }) { l in
          guard let l else { return nil }
          var z = [Double](repeating: 0, count: m)
          for i in 0..<m {
            var sum = -g[free[i]]
            for k in 0..<i { sum -= l.entry(i, k) * z[k] }
            z[i] = sum / l.entry(i, i)
          }
          var d = [Double](repeating: 0, count: m)
          for i in stride(from: m - 1, through: 0, by: -1) {
            var sum = z[i]
            for k in (i + 1)..<m { sum -= l.entry(k, i) * d[k] }
            d[i] = sum / l.entry(i, i)
          }
          return d
        }
      }
      if let d, d.allSatisfy(\.isFinite) { return d }
      lambda = lambda == 0 ? Swift.max(scale, 1e-12) * 1e-8 : lambda * 100
    }
    return nil
  }
}
