import PlannerCore

/// Counts the reviews the fit's passes walked (a gradient pass over data of m reviews adds m;
/// a loss-only pass about m/3), so a fit's work is measured without a clock.
final class PassCounter: @unchecked Sendable {
  var reviews = 0
}

extension FSRSOptimizer {
  /// γ among ``Configuration/regularizationCandidates`` by the same inner time split as
  /// ``chooseRegularization(_:start:counter:)``, but with one inner fit: L-BFGS at the anchor
  /// γₐ (``Configuration/modelAnchor``), then at its end uₐ the Gauss–Newton model of the inner
  /// objective
  ///
  ///     J_γ(uₐ + δ) ≈ J_γₐ(uₐ) + (g + 2(γ − γₐ)/n·uₐ)ᵀδ + ½ δᵀ(F + 2γ/n·I)δ,
  ///
  /// g the gradient of J_γₐ at uₐ and F the Fisher information of the data term (scaled
  /// coordinates), gives each candidate's inner fit as one 21×21 solve (variables at a bound
  /// whose gradient pushes outward stay there), clamped into the bounds. Each is scored by the
  /// exact plain log loss of the inner validation examples; ties: the larger γ. With
  /// ``Configuration/modelSteps`` > 1 each candidate takes that many Gauss–Newton steps,
  /// re-linearised at the last. Returns γ, the chosen candidate's weights (the full fit's warm
  /// start) and the anchor run's curvature pairs.
  func chooseRegularizationByModel(_ data: TrainingData, start: [Double], counter: PassCounter?) -> (Double, [Double]?, Curvature?) {
    let candidates = configuration.regularizationCandidates.sorted(by: >)
    // Validation: the examples at or after the cut (ties with the k-th included).
    guard let split = innerSplit(data) else { return (candidates[0], nil, nil) }
    let (inner, cut, held) = split

    let anchor = configuration.modelChain ? candidates[0] : configuration.modelAnchor
    let weights = configuration.recencyWeighting ? inner.recencyWeights() : nil
    var innerOptimizer = self
    innerOptimizer.configuration.lbfgsIterations = configuration.innerLBFGSIterations ?? configuration.lbfgsIterations
    let (wa, _, curvature) = innerOptimizer.lbfgs(inner, start: start, prior: start, gamma: anchor, weights: weights, counter: counter)

    let n = Double(inner.exampleCount)
    let sigma = Self.priorScale
    let bounds = Self.trainingBounds
    let lower = (0..<21).map { (bounds[$0].lowerBound - start[$0]) / sigma[$0] }
    let upper = (0..<21).map { (bounds[$0].upperBound - start[$0]) / sigma[$0] }
    let ua = (0..<21).map { (wa[$0] - start[$0]) / sigma[$0] }
    let objective = fisherObjective(inner, prior: start, gamma: anchor, weights: weights)
    let (_, gradA, hessA) = objective(ua)
    counter?.reviews += inner.ratings.count * 6 / 5

    /// One projected Gauss–Newton step for strength γ from u, given J_γₐ's gradient and
    /// curvature at u.
    func step(_ u: [Double], _ gradient: [Double], _ hessian: [Double], _ gamma: Double) -> [Double] {
      let shift = 2 * (gamma - anchor) / n
      var g = gradient
      var h = hessian
      for j in 0..<21 {
        g[j] += shift * u[j]
        h[j * 21 + j] += shift
      }
      var free: [Int] = []
      for j in 0..<21 where !((u[j] <= lower[j] && g[j] > 0) || (u[j] >= upper[j] && g[j] < 0)) { free.append(j) }
      guard let d = ProjectedGaussNewton.solve(h, g, free, 21) else { return u }
      var next = u
      for (a, j) in free.enumerated() { next[j] = Swift.min(Swift.max(u[j] + d[a], lower[j]), upper[j]) }
      return next
    }

    var best = candidates[0]
    var bestLoss = Double.infinity
    var bestFit: [Double]? = nil
    // Chain: each candidate starts from the previous one's point (re-linearised there).
    var from = ua
    var fromModel = (gradA, hessA)
    for (c, gamma) in candidates.enumerated() {
      var u = step(from, fromModel.0, fromModel.1, gamma)
      for _ in 1..<Swift.max(configuration.modelSteps, 1) {
        let (_, g, h) = objective(u)
        counter?.reviews += inner.ratings.count * 6 / 5
        u = step(u, g, h, gamma)
      }
      if configuration.modelChain && c + 1 < candidates.count {
        let (_, g, h) = objective(u)
        counter?.reviews += inner.ratings.count * 6 / 5
        from = u
        fromModel = (g, h)
      }
      let w = (0..<21).map { start[$0] + sigma[$0] * u[$0] }
      let loss = Self.summedLoss(data, FSRSParameters.clipped(w).weights, from: cut) / Double(held)
      counter?.reviews += data.ratings.count / 3
      if loss < bestLoss - 1e-12 {
        best = gamma
        bestLoss = loss
        bestFit = w
      } else if configuration.modelChain && configuration.stopAtWorseCandidate {
        break
      }
    }
    return (best, bestFit, curvature)
  }
}
