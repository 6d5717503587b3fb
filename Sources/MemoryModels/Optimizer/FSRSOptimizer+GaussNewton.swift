import PlannerCore

extension FSRSOptimizer {
  /// Full-batch projected Gauss–Newton on J(w) = Σ weight·BCE / n + (γ/n)·Σ((w − prior)/σ)², in
  /// the scaled coordinates u = (w − prior)/σ, with the Fisher information as the curvature.
  /// The sums run in two fixed halves of the cards (side by side with `threads` > 1), so the
  /// result does not depend on threads.
  func gaussNewton(
    _ data: TrainingData, start: [Double], prior: [Double], gamma: Double, weights: [Double]?, counter: PassCounter? = nil
  ) -> ([Double], Int) {
    let bounds = Self.trainingBounds
    let sigma = Self.priorScale
    let lower = (0..<21).map { (bounds[$0].lowerBound - prior[$0]) / sigma[$0] }
    let upper = (0..<21).map { (bounds[$0].upperBound - prior[$0]) / sigma[$0] }
    let u0 = (0..<21).map { (start[$0] - prior[$0]) / sigma[$0] }
    let f = fisherObjective(data, prior: prior, gamma: gamma, weights: weights)
    var solver = ProjectedGaussNewton()
    solver.maxIterations = configuration.newtonIterations
    solver.tolerance = configuration.newtonTolerance
    let r = solver.minimize(start: u0, lower: lower, upper: upper, f)
    counter?.reviews += r.evaluations * data.ratings.count * 6 / 5
    return ((0..<21).map { prior[$0] + sigma[$0] * r.x[$0] }, r.iterations)
  }

  /// J(u), its gradient and its Fisher curvature (21×21, row-major) in the scaled coordinates.
  func fisherObjective(_ data: TrainingData, prior: [Double], gamma: Double, weights: [Double]?, prefixes: FitPrefixes? = nil)
    -> ([Double]) -> (Double, [Double], [Double])
  {
    let n = Double(data.exampleCount)
    let sigma = Self.priorScale
    let cards = data.trainingCardCount
    let threads = configuration.threads
    let single = configuration.singlePrecisionPass
    let floatTangents = configuration.singlePrecisionTangents
    let block = FSRS6LossGradient.fisherBlock
    // The Fisher matrix from every `stride`-th card, scaled up by the examples' share.
    let stride = Swift.max(configuration.fisherStride, 1)
    var sampled = 0
    for c in Swift.stride(from: 0, to: cards, by: stride) { sampled += data.exampleCounts[c] }
    let fisherScale = stride == 1 || sampled == 0 ? 1 : Double(data.exampleCount) / Double(sampled)
    // Each half's trie of shared first reviews (``SharedPrefixes``), found once per fit, and
    // the weights its shared examples are added with (pooled, once per objective).
    let prefixes = floatTangents ? prefixes : nil
    let shares = configuration.pooledSharedExamples && stride == 1 ? prefixes?.shareWeights(data, weights: weights) : nil
    let f = { (u: [Double]) -> (Double, [Double], [Double]) in
      let w = (0..<21).map { prior[$0] + sigma[$0] * u[$0] }
      let model = FSRS6LossGradient(w, singlePrecision: single)
      // Per half: loss, gradient, 21 Fisher rows.
      var losses = [0.0, 0.0]
      var grads = [ParameterGradient.zero, .zero]
      var fisher = [FSRS6LossGradient.FisherRow](repeating: .zero, count: 42)
      // Each half holds its examples' Fisher vectors here (``fisherPasses``).
      var buffer = [FSRS6LossGradient.FisherRow](repeating: .zero, count: floatTangents ? 4 * block : 1)
      data.ratings.withUnsafeBufferPointer { ratings in
        data.elapsed.withUnsafeBufferPointer { elapsed in
          (weights ?? []).withUnsafeBufferPointer { wp in
            losses.withUnsafeMutableBufferPointer { lo in
              grads.withUnsafeMutableBufferPointer { go in
                fisher.withUnsafeMutableBufferPointer { fo in
                  buffer.withUnsafeMutableBufferPointer { bo in
                    let lp = lo.baseAddress!, gp = go.baseAddress!, fp = fo.baseAddress!
                    let bp = bo.baseAddress!
                    let work = { (h: Int, views: [SharedPrefixes.View<FSRS6LossGradient.SharedReview<FloatTangent>>]?) in
                      var l = 0.0
                      var g = ParameterGradient.zero
                      let half = h == 0 ? 0..<(cards / 2) : (cards / 2)..<cards
                      if floatTangents {
                        data.starts.withUnsafeBufferPointer { starts in
                          model.fisherPasses(
                            ratings, elapsed, starts, half.lowerBound, half.upperBound, &l, &g,
                            weights: weights == nil ? nil : wp, fisher: fp + 21 * h, buffer: bp + 2 * block * h,
                            fisherStride: stride, prefixes: views?[h], tangents: FloatTangent.self)
                        }
                        lp[h] = l
                        gp[h] = g
                        return
                      }
                      for c in half {
                        let fisher = c % stride == 0 ? fp + 21 * h : nil
                        if floatTangents {
                          model.pass(
                            ratings, elapsed, data.starts[c], data.starts[c + 1], &l, &g,
                            weights: weights == nil ? nil : wp, fisher: fisher, tangents: FloatTangent.self)
                        } else {
                          model.pass(
                            ratings, elapsed, data.starts[c], data.starts[c + 1], &l, &g,
                            weights: weights == nil ? nil : wp, fisher: fisher)
                        }
                      }
                      lp[h] = l
                      gp[h] = g
                    }
                    FitPrefixes.inHalves(
                      prefixes, FSRS6LossGradient.SharedReview<FloatTangent>.self, shareWeights: shares, threads: threads, work)
                  }
                }
              }
            }
          }
        }
      }
      let g = grads[0] + grads[1]
      var value = (losses[0] + losses[1]) / n
      var grad = [Double](repeating: 0, count: 21)
      var hess = [Double](repeating: 0, count: 21 * 21)
      fisher.withUnsafeBufferPointer { f in
        hess.withUnsafeMutableBufferPointer { hess in
          let f = f.baseAddress!
          for j in 0..<21 {
            value += gamma / n * u[j] * u[j]
            let gj = g[j] * sigma[j] / n + 2 * gamma / n * u[j]
            grad[j] = gj.isFinite ? gj : 0
            for k in 0..<21 {
              let entry = FSRS6LossGradient.fisherEntry(f, j, k) + FSRS6LossGradient.fisherEntry(f + 21, j, k)
              let hk = (stride == 1 ? entry : entry * fisherScale) * sigma[j] * sigma[k] / n
              hess[j * 21 + k] = hk.isFinite ? hk : 0
            }
            hess[j * 21 + j] += 2 * gamma / n
          }
        }
      }
      return (value, grad, hess)
    }
    return f
  }

  /// The value of ``fisherObjective(_:prior:gamma:weights:prefixes:)`` at u alone (the same
  /// bits: the same pass without tangents, ``NoTangent``), for the Gauss–Newton trials that are
  /// likely rejected; nil when that objective's passes do not run through ``FSRS6LossGradient/fisherPasses``.
  func fisherObjectiveValue(_ data: TrainingData, prior: [Double], gamma: Double, weights: [Double]?, prefixes: FitPrefixes? = nil)
    -> (([Double]) -> Double)?
  {
    guard configuration.singlePrecisionTangents else { return nil }
    let n = Double(data.exampleCount)
    let sigma = Self.priorScale
    let cards = data.trainingCardCount
    let threads = configuration.threads
    let single = configuration.singlePrecisionPass
    // Pooled as ``fisherObjective(_:prior:gamma:weights:prefixes:)`` pools them: the same bits.
    let shares = configuration.pooledSharedExamples && configuration.fisherStride <= 1
      ? prefixes?.shareWeights(data, weights: weights) : nil
    return { (u: [Double]) -> Double in
      let w = (0..<21).map { prior[$0] + sigma[$0] * u[$0] }
      let model = FSRS6LossGradient(w, singlePrecision: single)
      var losses = [0.0, 0.0]
      data.ratings.withUnsafeBufferPointer { ratings in
        data.elapsed.withUnsafeBufferPointer { elapsed in
          data.starts.withUnsafeBufferPointer { starts in
            (weights ?? []).withUnsafeBufferPointer { wp in
              losses.withUnsafeMutableBufferPointer { lo in
                let lp = lo.baseAddress!
                let work = { (h: Int, views: [SharedPrefixes.View<FSRS6LossGradient.SharedReview<NoTangent>>]?) in
                  var l = 0.0
                  var g = ParameterGradient.zero
                  let half = h == 0 ? 0..<(cards / 2) : (cards / 2)..<cards
                  model.fisherPasses(
                    ratings, elapsed, starts, half.lowerBound, half.upperBound, &l, &g,
                    weights: weights == nil ? nil : wp, fisher: nil, buffer: nil, prefixes: views?[h], tangents: NoTangent.self)
                  lp[h] = l
                }
                FitPrefixes.inHalves(prefixes, FSRS6LossGradient.SharedReview<NoTangent>.self, shareWeights: shares, threads: threads, work)
              }
            }
          }
        }
      }
      var value = (losses[0] + losses[1]) / n
      for j in 0..<21 { value += gamma / n * u[j] * u[j] }
      return value
    }
  }
}
