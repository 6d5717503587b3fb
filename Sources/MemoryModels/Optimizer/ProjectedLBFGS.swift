import Foundation

/// Limited-memory BFGS on a box: minimises f(x) subject to lower ≤ x ≤ upper, from the exact
/// gradient, deterministically.
///
/// Each iteration: the two-loop recursion gives d = −H·g over the free variables (a variable at
/// a bound whose gradient pushes outward is held fixed), then a backtracking line search on the
/// projected path x(α) = clamp(x + α·d) until the Armijo condition
/// f(x(α)) ≤ f(x) + 10⁻⁴·g·(x(α) − x) holds. Curvature pairs with sᵀy ≤ 10⁻¹⁰ are skipped.
/// Stops after `maxIterations`, when no step decreases f, or when the decrease falls below
/// `tolerance`·max(|f|, 1).
struct ProjectedLBFGS {
  var memory = 8
  var maxIterations = 60
  var tolerance = 1e-9
  /// An n×n positive definite matrix B (row-major): the recursion starts from B⁻¹ instead of
  /// a scalar multiple of the identity.
  var preconditioner: [Double]? = nil
  /// Curvature pairs (s, y) to begin with, oldest first: those of a previous run on a nearby
  /// objective (a warm start), so the first step is already quasi-Newton.
  var initialPairs: [(s: [Double], y: [Double])] = []
  /// After a rejected trial step, the next is the minimiser of the quadratic through f(x),
  /// the slope and the rejected value, kept within [0.1, 0.5] of the step (instead of halving).
  var interpolate = false

  struct Result {
    var x: [Double]
    var value: Double
    var iterations: Int
    var evaluations: Int
    /// The curvature pairs at the end, oldest first.
    var pairs: [(s: [Double], y: [Double])]
  }

  func minimize(
    start: [Double], lower: [Double], upper: [Double], _ f: ([Double]) -> (Double, [Double])
  ) -> Result {
    let n = start.count
    var x = (0..<n).map { Swift.min(Swift.max(start[$0], lower[$0]), upper[$0]) }
    var (fx, g) = f(x)
    var evaluations = 1
    var s: [[Double]] = []
    var y: [[Double]] = []
    var rho: [Double] = []
    for p in initialPairs.suffix(memory) {
      let sy = zip(p.s, p.y).reduce(0) { $0 + $1.0 * $1.1 }
      if sy > 1e-10 { s.append(p.s); y.append(p.y); rho.append(1 / sy) }
    }
    var iterations = 0
    guard fx.isFinite else { return Result(x: x, value: fx, iterations: 0, evaluations: 1, pairs: initialPairs) }
    while iterations < maxIterations {
      iterations += 1
      // Variables held at a bound this step.
      var free = [Bool](repeating: true, count: n)
      for j in 0..<n {
        if (x[j] <= lower[j] && g[j] > 0) || (x[j] >= upper[j] && g[j] < 0) { free[j] = false }
      }
      var q = (0..<n).map { free[$0] ? g[$0] : 0 }
      var alpha = [Double](repeating: 0, count: s.count)
      for k in stride(from: s.count - 1, through: 0, by: -1) {
        alpha[k] = rho[k] * dot(s[k], q, free)
        for j in 0..<n where free[j] { q[j] -= alpha[k] * y[k][j] }
      }
      if let b = preconditioner {
        var freeIndices: [Int] = []
        var rhs = [Double](repeating: 0, count: n)
        for j in 0..<n where free[j] {
          freeIndices.append(j)
          rhs[j] = -q[j]
        }
        if let z = ProjectedGaussNewton.solve(b, rhs, freeIndices, n) {
          for j in 0..<n { q[j] = 0 }
          for a in 0..<freeIndices.count { q[freeIndices[a]] = z[a] }
        }
      } else if let last = s.indices.last {
        let yy = dot(y[last], y[last], free)
        let sy = dot(s[last], y[last], free)
        let scale = yy > 0 && sy > 0 ? sy / yy : 1
        for j in 0..<n { q[j] *= scale }
      } else {
        // First step: a unit-length move in the scaled coordinates.
        let norm = dot(q, q, free).squareRoot()
        if norm > 0 { for j in 0..<n { q[j] /= Swift.max(norm, 1) } }
      }
      for k in 0..<s.count {
        let beta = rho[k] * dot(y[k], q, free)
        for j in 0..<n where free[j] { q[j] += s[k][j] * (alpha[k] - beta) }
      }
      var d = (0..<n).map { free[$0] ? -q[$0] : 0 }
      if dot(d, g, free) >= 0 {
        // Not a descent direction (curvature went stale): steepest descent, memory cleared.
        s.removeAll(); y.removeAll(); rho.removeAll()
        let norm = dot(g, g, free).squareRoot()
        guard norm > 0 else { break }
        d = (0..<n).map { free[$0] ? -g[$0] / Swift.max(norm, 1) : 0 }
      }
      var step = 1.0
      var accepted = false
      var xNew = x, fNew = fx, gNew = g
      for _ in 0..<30 {
        xNew = (0..<n).map { Swift.min(Swift.max(x[$0] + step * d[$0], lower[$0]), upper[$0]) }
        var decrease = 0.0
        for j in 0..<n { decrease += g[j] * (xNew[j] - x[j]) }
        (fNew, gNew) = f(xNew)
        evaluations += 1
        if fNew.isFinite && fNew <= fx + 1e-4 * decrease { accepted = true; break }
        if interpolate && fNew.isFinite && decrease < 0 {
          // φ(a) ≈ fx + (decrease/step)·a + c·a², through φ(step) = fNew.
          let slope = decrease / step
          let c = (fNew - fx - decrease) / (step * step)
          let next = c > 0 ? -slope / (2 * c) : 0.5 * step
          step = Swift.min(Swift.max(next, 0.1 * step), 0.5 * step)
        } else {
          step *= 0.5
        }
      }
      guard accepted else { break }
      let sk = (0..<n).map { xNew[$0] - x[$0] }
      let yk = (0..<n).map { gNew[$0] - g[$0] }
      let sy = zip(sk, yk).reduce(0) { $0 + $1.0 * $1.1 }
      if sy > 1e-10 {
        s.append(sk); y.append(yk); rho.append(1 / sy)
        if s.count > memory { s.removeFirst(); y.removeFirst(); rho.removeFirst() }
      }
      let improvement = fx - fNew
      x = xNew; fx = fNew; g = gNew
      if improvement <= tolerance * Swift.max(abs(fx), 1) { break }
    }
    return Result(x: x, value: fx, iterations: iterations, evaluations: evaluations, pairs: zip(s, y).map { ($0, $1) })
  }

  private func dot(_ a: [Double], _ b: [Double], _ mask: [Bool]) -> Double {
    var sum = 0.0
    for j in a.indices where mask[j] { sum += a[j] * b[j] }
    return sum
  }
}
