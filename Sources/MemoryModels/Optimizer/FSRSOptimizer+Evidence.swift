import Foundation
import PlannerCore

extension FSRSOptimizer {
  /// Projected Gauss–Newton from the start on J(u) = Σ ρ·BCE / n + (γ/n)·|u|² (scaled
  /// coordinates u = (w − start)/σ), with γ re-estimated between steps from the data instead of
  /// by inner refits.
  ///
  /// With ``Configuration/evidenceRegularization`` γ is the evidence (type-II maximum
  /// likelihood) choice of MacKay's framework: the pull is a Gaussian prior of precision 2γ on u,
  /// and the Laplace approximation of the marginal likelihood is maximal where
  ///
  ///     2γ·|u|² = γ_eff,   γ_eff = Σ_k λ_k / (λ_k + 2γ) = 21 − 2γ·tr((A + 2γI)⁻¹),
  ///
  /// A = n·F the Fisher information of the data term (the curvature the step uses anyway), so
  /// γ_eff counts the parameters the data determines. Each iteration solves that fixed point at
  /// the current u and F (a few 21×21 Cholesky factorisations, no pass), then takes one damped
  /// Gauss–Newton step on J at that γ. Otherwise γ stays ``Configuration/regularization``
  /// scaled by (n/10⁴)^``Configuration/regularizationExponent``.
  /// Returns the weights, the final γ, the iterations and, when the last pass was the
  /// loss-only one at the returned weights, their plain mean log loss and (with
  /// ``Configuration/recallBias``) the recall bias's moments from that same pass.
  func evidenceGaussNewton(
    _ data: TrainingData, start: [Double], weights: [Double]?, counter: PassCounter?, prefixes: FitPrefixes? = nil
  ) -> ([Double], Double, Int, Double?, RecallBias.Moments?) {
    let n = Double(data.exampleCount)
    let bounds = Self.trainingBounds
    let sigma = Self.priorScale
    let lower = (0..<21).map { (bounds[$0].lowerBound - start[$0]) / sigma[$0] }
    let upper = (0..<21).map { (bounds[$0].upperBound - start[$0]) / sigma[$0] }
    let c = configuration
    var gamma = c.regularization * (c.regularizationExponent == 0 ? 1 : pow(n / 1e4, c.regularizationExponent))
    // The data term alone (γ = 0); the pull is added here, so γ can change between steps.
    let f = fisherObjective(data, prior: start, gamma: 0, weights: weights, prefixes: prefixes)
    // A retry (the step before it rejected) is rejected again more often than not: its value
    // first, from the same pass without tangents (the same bits), and the rest only if accepted.
    let value = c.valueFirstOnRetry ? fisherObjectiveValue(data, prior: start, gamma: 0, weights: weights, prefixes: prefixes) : nil
    let passCost = data.ratings.count * 6 / 5
    var u = [Double](repeating: 0, count: 21)
    for j in 0..<21 { u[j] = Swift.min(Swift.max(u[j], lower[j]), upper[j]) }
    var (fd, gd, hd) = f(u)
    counter?.reviews += passCost
    var iterations = 0
    guard fd.isFinite else { return (start, gamma, 0, nil, nil) }

    func total(_ u: [Double], _ fd: Double, _ gd: [Double], _ hd: [Double], _ gamma: Double) -> (Double, [Double], [Double]) {
      var value = fd
      var g = gd
      var h = hd
      let k = gamma / n
      for j in 0..<21 {
        value += k * u[j] * u[j]
        g[j] += 2 * k * u[j]
        h[j * 21 + j] += 2 * k
      }
      return (value, g, h)
    }

    var damping = 1e-3
    var plainLoss: Double? = nil
    var biasMoments: RecallBias.Moments? = nil
    while iterations < c.newtonIterations {
      if c.evidenceRegularization {
        let uu = u.reduce(0) { $0 + $1 * $1 }
        if uu > 0 {
          for _ in 0..<c.evidenceSteps {
            guard let trace = Self.traceOfInverse(hd, shift: 2 * gamma / n) else { break }
            let effective = Swift.max(21 - 2 * gamma / n * trace, 0)
            let next = Swift.min(Swift.max(effective / (2 * uu), c.evidenceRange.lowerBound), c.evidenceRange.upperBound)
            if abs(next - gamma) <= 1e-6 * gamma { gamma = next; break }
            gamma = next
          }
        }
      }
      let (fx, g, h) = total(u, fd, gd, hd, gamma)
      let free = ProjectedGaussNewton.freeCoordinates(u, g, lower, upper)
      guard !free.isEmpty else { break }
      var scale = 0.0
      for j in free { scale = Swift.max(scale, h[j * 21 + j]) }
      iterations += 1
      var accepted = false
      var converged = false
      var uNew = u, fdNew = fd, gdNew = gd, hdNew = hd
      var plainNew: Double? = nil
      var momentsNew: RecallBias.Moments? = nil
      for attempt in 0..<20 {
        guard let step = ProjectedGaussNewton.clampedStep(u, g, h, free, lower, upper, lambda: damping * scale) else { break }
        uNew = step.x
        let gs = step.slope, predicted = step.predictedGain
        if damping <= 1e-3 && predicted <= c.newtonTolerance * Swift.max(abs(fx), 1) { converged = true; break }
        guard gs < 0 else { damping = Swift.max(damping * 4, 1e-6); continue }
        let last = iterations == c.newtonIterations && c.lossOnlyLastStep
        if last {
          // The last step's trial needs only its value (nothing is solved after it); the same
          // pass gives the plain loss the acceptance test needs.
          var plain = 0.0
          var moments = RecallBias.Moments()
          let trial = (0..<21).map { start[$0] + sigma[$0] * uNew[$0] }
          fdNew = c.recallBias
            ? Self.weightedLoss(data, trial, weights: weights, threads: c.threads, plain: &plain, moments: &moments, prefixes: prefixes)
            : Self.weightedLoss(data, trial, weights: weights, threads: c.threads, plain: &plain, prefixes: prefixes)
          plainNew = plain
          momentsNew = c.recallBias ? moments : nil
          counter?.reviews += data.ratings.count / 3
        } else if attempt > 0, let value {
          fdNew = value(uNew)
          counter?.reviews += data.ratings.count / 3
        } else {
          (fdNew, gdNew, hdNew) = f(uNew)
          counter?.reviews += passCost
        }
        var fNew = fdNew
        for j in 0..<21 { fNew += gamma / n * uNew[j] * uNew[j] }
        if fNew.isFinite && fNew <= fx + 1e-4 * gs {
          if !last && attempt > 0 && value != nil {
            (fdNew, gdNew, hdNew) = f(uNew)
            counter?.reviews += passCost
          }
          accepted = true
          let ratio = (fx - fNew) / Swift.max(predicted, .leastNormalMagnitude)
          if ratio > 0.75 { damping = Swift.max(damping / 3, 1e-7) } else if ratio < 0.25 { damping *= 2 }
          break
        }
        damping = Swift.max(damping * 4, 1e-6)
      }
      if converged || !accepted {
        if converged { iterations -= 1 }
        break
      }
      u = uNew; fd = fdNew; gd = gdNew; hd = hdNew
      plainLoss = plainNew
      biasMoments = momentsNew
    }
    return ((0..<21).map { start[$0] + sigma[$0] * u[$0] }, gamma, iterations, plainLoss, biasMoments)
  }

  /// Σ ρ·BCE / n at `w` (ρ = `weights`, or 1), without tangents (``FSRS6LossGradient/losses``),
  /// in the two fixed halves of the cards (added in order, so the value does not depend on
  /// `threads`). `plain` receives
  /// Σ BCE / n from the same pass, the same bits as ``meanLogLoss(_:_:threads:)``; `moments`
  /// the recall bias's moments (``RecallBias``) under the same weights ρ.
  static func weightedLoss(
    _ data: TrainingData, _ w: [Double], weights: [Double]?, threads: Int, plain: UnsafeMutablePointer<Double>? = nil,
    moments: UnsafeMutablePointer<RecallBias.Moments>? = nil, prefixes: FitPrefixes? = nil
  ) -> Double {
    let model = FSRS6LossGradient(w)
    let cards = data.trainingCardCount
    var halves = [0.0, 0.0]
    var plainHalves = [0.0, 0.0]
    var momentHalves = [RecallBias.Moments(), RecallBias.Moments()]
    data.ratings.withUnsafeBufferPointer { ratings in
      data.elapsed.withUnsafeBufferPointer { elapsed in
        (weights ?? []).withUnsafeBufferPointer { wp in
          halves.withUnsafeMutableBufferPointer { out in
            plainHalves.withUnsafeMutableBufferPointer { plainOut in
              momentHalves.withUnsafeMutableBufferPointer { momentOut in
                let o = out.baseAddress!, po = plainOut.baseAddress!, mo = momentOut.baseAddress!
                data.starts.withUnsafeBufferPointer { starts in
                  let work = { (h: Int, views: [SharedPrefixes.View<FSRS6LossGradient.SharedLoss>]?) in
                    o[h] = model.losses(
                      ratings, elapsed, starts, h == 0 ? 0 : cards / 2, h == 0 ? cards / 2 : cards,
                      weights: weights == nil ? nil : wp, plain: plain == nil ? nil : po + h,
                      moments: moments == nil ? nil : mo + h, prefixes: views?[h])
                  }
                  FitPrefixes.inHalves(prefixes, FSRS6LossGradient.SharedLoss.self, paired: true, threads: threads, work)
                }
              }
            }
          }
        }
      }
    }
    plain?.pointee = (plainHalves[0] + plainHalves[1]) / Double(data.exampleCount)
    if let moments {
      moments.pointee = momentHalves[0]
      moments.pointee += momentHalves[1]
    }
    return (halves[0] + halves[1]) / Double(data.exampleCount)
  }

  /// tr((H + shift·I)⁻¹) of a symmetric 21×21 matrix H (row-major; its lower triangle is read)
  /// by Cholesky: H + shift·I = LLᵀ, tr = ‖L⁻¹‖²_F (``ColumnCholesky``). Nil when it is not
  /// positive definite.
  static func traceOfInverse(_ h: [Double], shift: Double = 0) -> Double? {
    h.withUnsafeBufferPointer { h in
      ColumnCholesky.withFactor(order: 21, entry: { i, j in i == j ? h[i * 21 + i] + shift : h[i * 21 + j] }) {
        $0?.traceOfInverse()
      }
    }
  }
}
