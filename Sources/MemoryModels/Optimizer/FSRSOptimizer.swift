import Dispatch
import Foundation
import PlannerCore

/// Fits the 21 FSRS-6 parameters to one learner's review history (fsrs-rs
/// `compute_parameters`, FSRS6.md §7), in memory and deterministically.
///
/// Pipeline (the default ``Configuration``): training examples (``TrainingData``) → thresholds
/// (< 8 examples: defaults; < 64: initial stabilities only) → pre-train w0…w3
/// (``InitialStabilityPretrainer``) → a few projected Gauss–Newton steps on the whole training
/// part, on the recency-weighted binary cross-entropy plus a pull toward the start whose strength
/// γ is re-estimated before each step by the evidence rule
/// (``evidenceGaussNewton(_:start:weights:counter:)``) → the learner's recall bias on the same
/// targets (``RecallBias``). The fit shipped before it (γ chosen by an inner time split, then
/// L-BFGS) is ``Configuration/innerSplitLBFGS``. See docs/optimizer.md.
public struct FSRSOptimizer: Sendable {
  public struct Configuration: Sendable, Hashable {
    /// Passes over the data (fsrs-rs: 5).
    public var epochs = 5
    /// Training examples per Adam step, rounded up to whole cards (fsrs-rs: 512).
    public var batchSize = 512
    /// Adam's peak learning rate, annealed by a cosine to 0 over the run (fsrs-rs: 0.04).
    public var learningRate = 0.04
    /// Seed of the card shuffle (fsrs-rs: 2023).
    public var seed: UInt64 = 2023
    /// Worker threads for the gradient (1 or more). The result does not depend on it: each
    /// batch is always cut into the same ``partitions`` and their sums added in order.
    public var threads = 1
    /// Fixed number of gradient partitions per batch.
    public var partitions = 2
    /// γ in the penalty (γ/n)·Σ((w − w_start)/σ)²; 0 turns it off.
    public var regularization = 1.0
    /// Pre-train w0…w3 from first-rating groups before Adam (fsrs-rs does).
    public var pretrainInitialStabilities = true
    /// How the 21 weights are trained.
    public var solver = Solver.lbfgs
    /// Weigh the training examples by recency (``TrainingData/recencyWeights()``).
    public var recencyWeighting = true
    /// Candidates for γ; when not empty, γ is chosen among them by an inner time split of the
    /// training data (fit on the first part, score the plain log loss of the last
    /// ``innerValidationFraction`` of the examples) and ``regularization`` is ignored.
    public var regularizationCandidates: [Double] = [0.3, 1, 3, 10]
    /// The share of the training examples (the latest) that scores the γ candidates.
    public var innerValidationFraction = 0.2
    /// L-BFGS iterations at most (``Solver/lbfgs``).
    public var lbfgsIterations = 60
    /// L-BFGS iterations at most in the inner fits that choose γ (nil: ``lbfgsIterations``).
    public var innerLBFGSIterations: Int? = nil
    /// L-BFGS stops when an iteration lowers the objective by less than this (relative).
    public var lbfgsTolerance = 1e-9
    /// L-BFGS starts its curvature from the Fisher information at the start point (one pass
    /// more per fit, far fewer iterations; measured in docs/optimizer.md, not the default).
    public var fisherPreconditioner = false
    /// Gauss–Newton iterations at most (``Solver/gaussNewton``, ``directGaussNewton``). The
    /// default fit takes 5: 3 (with ``fisherStride`` 2) is 5× faster than fsrs-rs but planned
    /// worse for simulated learners (docs/optimizer.md "Three steps").
    public var newtonIterations = 5
    /// Gauss–Newton iterations at most in the inner fits that choose γ (nil: ``newtonIterations``).
    public var innerNewtonIterations: Int? = nil
    /// Gauss–Newton stops when a step gains (or the next is predicted to gain) less than this.
    public var newtonTolerance = 1e-9
    /// L-BFGS's gradient passes walk two cards side by side (``FSRS6LossGradient/passes``):
    /// the same arithmetic per card, sums in another fixed order, faster.
    public var pairedCards = true
    /// Each warm-started L-BFGS run (the next γ candidate, the full fit) begins with the
    /// curvature pairs of the run it starts from, corrected for the change of the pull's
    /// curvature 2γ/n (exact for that term), instead of a first steepest-descent step.
    public var carryCurvature = true
    /// L-BFGS backtracks by quadratic interpolation instead of halving (``ProjectedLBFGS``).
    public var interpolatingLineSearch = true
    /// The γ candidates stop at the first whose inner validation loss is worse than the best so
    /// far (the validation loss taken as unimodal in γ): the weaker pulls are not fitted.
    public var stopAtWorseCandidate = true
    /// All 21 weights by Gauss–Newton from the start on the whole training data
    /// (``FSRSOptimizer/evidenceGaussNewton(_:start:weights:counter:)``): no inner split, no
    /// γ candidates (the default).
    public var directGaussNewton = true
    /// With ``directGaussNewton``: γ re-estimated before each step by the evidence fixed point.
    public var evidenceRegularization = true
    /// Fixed-point iterations of the evidence γ per step.
    public var evidenceSteps = 5
    /// The evidence γ is kept within this range.
    public var evidenceRange: ClosedRange<Double> = 0.1...10
    /// With ``directGaussNewton`` and a fixed γ: γ = ``regularization``·(n/10⁴)^this.
    public var regularizationExponent = 0.0
    /// With ``directGaussNewton``: the trial points of the last allowed step are scored by a
    /// loss-only pass (no gradient or Fisher matrix is needed after it).
    public var lossOnlyLastStep = true
    /// The Fisher matrix of the Gauss–Newton solvers from every this-many-th card only, scaled
    /// by the examples' share (the gradient, the loss and the acceptance test stay exact; 1:
    /// every card, the default).
    public var fisherStride = 1
    /// The Gauss–Newton passes (gradient and Fisher matrix) take `exp`/`log` in single
    /// precision (``FSRS6LossGradient/lnAndPower(_:_:_:)``): ≈ 4 % less CPU per fit, the dev-set figures
    /// unchanged to the fifth decimal. The plain losses that decide acceptance and are reported
    /// come from double-precision passes either way.
    public var singlePrecisionPass = true
    /// The Gauss–Newton passes carry their tangents (dS/dw, dD/dw) in `Float` (``FloatTangent``)
    /// and add the Fisher information in blocks of examples (``FSRS6LossGradient/fisherPasses``):
    /// half the vector work, a row loaded and stored once per block. Like ``singlePrecisionPass``
    /// it only steers the steps; the pass's loss is the same bits either way.
    public var singlePrecisionTangents = true
    /// After the 21 weights (when all were fitted), fit the learner's recall bias b on the same
    /// recency-weighted training targets (``RecallBias``): the predicted recall becomes
    /// σ(b + logit R). Measured out of sample on the dev set (docs/optimizer.md, "Recall bias").
    public var recallBias = true
    /// The Gauss–Newton passes take the state after reviews that an earlier card of the pass
    /// shares from that card (``SharedPrefixes``): the same bits, less work.
    public var sharedPrefixes = true
    /// With ``sharedPrefixes``: a Gauss–Newton pass adds an example that several cards of a
    /// half share once, on the card that computes it, with their summed weight (its loss,
    /// gradient and Fisher terms are linear in the weight), instead of replaying it on each
    /// card: the same sums up to their rounding, and the shared reviews cost nothing.
    public var pooledSharedExamples = true
    /// A Gauss–Newton trial after a rejected one is first scored by the same pass without
    /// tangents (``FSRSOptimizer/fisherObjectiveValue``; the same bits), the full pass only if
    /// it is accepted: the same steps, fewer passes.
    public var valueFirstOnRetry = true

    /// The default: the evidence Gauss–Newton fit (docs/optimizer.md).
    public init() {}

    /// The fit shipped before the evidence Gauss–Newton one, kept for benchmarks and ablations:
    /// γ among ``regularizationCandidates`` by an inner time split, then full-batch L-BFGS to
    /// convergence (30 Gauss–Newton iterations where a Gauss–Newton solver is chosen).
    public static var innerSplitLBFGS: Configuration {
      var c = Configuration()
      c.directGaussNewton = false
      c.evidenceRegularization = false
      c.newtonIterations = 30
      c.fisherStride = 1
      c.evidenceRange = 0.1...100
      c.lossOnlyLastStep = false
      c.singlePrecisionPass = false
      c.singlePrecisionTangents = false
      return c
    }
  }

  /// How the weights are trained.
  public enum Solver: String, Sendable, Hashable, Codable {
    /// fsrs-rs's: mini-batch Adam, a fixed number of epochs.
    case adam
    /// Full-batch projected L-BFGS on the exact gradient, to convergence (``ProjectedLBFGS``).
    case lbfgs
    /// Adam's epochs, then L-BFGS from where Adam stopped.
    case adamThenLBFGS = "adam-lbfgs"
    /// Full-batch projected Gauss–Newton (Fisher scoring) on the exact gradient
    /// (``ProjectedGaussNewton``).
    case gaussNewton = "gn"
  }

  /// What the fit changed.
  public enum Scope: String, Sendable, Hashable, Codable {
    /// Too little data (or nothing beat them): the default parameters.
    case defaults
    /// Only w0…w3 from first-rating groups; the rest are the defaults.
    case initialStabilities = "initial-stabilities"
    /// All 21 parameters.
    case all
  }

  /// Below this many training examples the defaults are kept (fsrs-rs).
  public static let minimumExamples = 8
  /// Below this many, only the initial stabilities are fitted (fsrs-rs).
  public static let minimumExamplesForTraining = 64

  /// Per-parameter prior scale σ of the regulariser: roughly how far parameters spread across
  /// learners (close to fsrs-rs's PARAMS_STDDEV), so each weight is pulled in its own units.
  public static let priorScale: [Double] = [
    6.43, 9.66, 17.58, 27.85, 0.57, 0.28, 0.6, 0.12, 0.39, 0.18, 0.33,
    0.3, 0.09, 0.16, 0.57, 0.25, 1.03, 0.31, 0.32, 0.14, 0.27,
  ]

  /// Bounds while training: the spec's, with w19 ≥ 0.01 (fsrs-rs short-term training).
  public static let trainingBounds: [ClosedRange<Double>] = {
    var b = FSRSParameters.bounds
    b[19] = 0.01...b[19].upperBound
    return b
  }()

  public var configuration: Configuration

  public init(configuration: Configuration = Configuration()) {
    self.configuration = configuration
  }

  /// Fits parameters to `cards` (each card's reviews in time order). Never throws: with too
  /// little data the report says so and carries the defaults.
  public func fit(_ cards: [CardHistory]) -> FSRSFitReport {
    fit(TrainingData(cards))
  }

  public func fit(_ data: TrainingData) -> FSRSFitReport {
    let counter = PassCounter()
    var report = fit(data, counter: counter)
    report.passes = data.ratings.isEmpty ? 0 : Double(counter.reviews) / Double(data.ratings.count)
    return report
  }

  func fit(_ data: TrainingData, counter: PassCounter) -> FSRSFitReport {
    let defaults = FSRSParameters.defaults
    // The tries of shared first reviews, for every pass of the direct fit (found once).
    let prefixes = configuration.sharedPrefixes && configuration.directGaussNewton
      && data.exampleCount >= Self.minimumExamplesForTraining ? FitPrefixes(data) : nil
    let defaultLoss = Self.meanLogLoss(data, defaults, threads: configuration.threads, prefixes: prefixes)
    var report = FSRSFitReport(
      parameters: defaults, scope: .defaults, reason: "", reviews: data.reviewCount, cards: data.cardCount,
      trainingExamples: data.exampleCount, logLossBefore: defaultLoss, logLossAfter: defaultLoss)
    let n = data.exampleCount
    guard n >= Self.minimumExamples else {
      report.reason = n == 0
        ? "no review has a previous review on an earlier day; kept the default parameters"
        : "only \(n) training reviews (fewer than \(Self.minimumExamples)); kept the default parameters"
      return report
    }

    var start = defaults.weights
    let pre = configuration.pretrainInitialStabilities
      ? InitialStabilityPretrainer.fit(data, defaults: defaults.weights, decay: defaults[20]) : nil
    if let pre {
      for g in 0..<4 { start[g] = pre.stabilities[g] }
      report.initialStabilities = pre
    }
    if n < Self.minimumExamplesForTraining {
      let candidate = FSRSParameters.clipped(start)
      let loss = Self.meanLogLoss(data, candidate, threads: configuration.threads)
      if pre != nil && loss <= defaultLoss {
        report.parameters = candidate
        report.scope = .initialStabilities
        report.logLossAfter = loss
        report.reason = "only \(n) training reviews (fewer than \(Self.minimumExamplesForTraining)); fitted the initial stabilities w0-w3 only"
      } else if pre == nil {
        report.reason = "only \(n) training reviews and no first-rating group to estimate initial stabilities from; kept the default parameters"
      } else {
        report.reason = "only \(n) training reviews and the initial stabilities did not improve on the defaults; kept the default parameters"
      }
      return report
    }

    if configuration.directGaussNewton {
      let weights = configuration.recencyWeighting ? data.recencyWeights() : nil
      let (trained, gamma, it, loss, moments) = evidenceGaussNewton(
        data, start: start, weights: weights, counter: counter, prefixes: prefixes)
      report.regularization = gamma
      report.steps = it
      return accept(
        trained, data: data, defaultLoss: defaultLoss, report: report, loss: loss, moments: moments, recency: weights,
        counter: counter, prefixes: prefixes)
    }
    var gamma = configuration.regularization
    var warm: [Double]? = nil
    var curvature: Curvature? = nil
    if !configuration.regularizationCandidates.isEmpty {
      (gamma, warm, curvature) = chooseRegularization(data, start: start, counter: counter)
    }
    report.regularization = gamma
    let (trained, steps, epochs, _) = solve(data, start: start, gamma: gamma, warmStart: warm, curvature: curvature, counter: counter)
    report.steps = steps
    report.epochs = epochs
    let recency = configuration.recallBias && configuration.recencyWeighting ? data.recencyWeights() : nil
    return accept(trained, data: data, defaultLoss: defaultLoss, report: report, recency: recency, counter: counter)
  }

  /// The report with `trained` (clipped) if its plain in-sample loss is not worse than the
  /// defaults', else with the defaults and the reason. `loss`: that loss of `trained` when the
  /// solver already has it (used only if clipping leaves `trained` as it is), `moments` the
  /// recall bias's moments from the same pass. With ``Configuration/recallBias`` the accepted
  /// weights get the recall bias fitted on the training targets under the weights `recency`
  /// (``RecallBias``; its moments from one more loss-only pass when the solver has none).
  /// ``FSRSFitReport/logLossAfter`` stays the 21 weights' loss, the one the acceptance compares.
  func accept(
    _ trained: [Double], data: TrainingData, defaultLoss: Double, report: FSRSFitReport, loss known: Double? = nil,
    moments knownMoments: RecallBias.Moments? = nil, recency: [Double]? = nil, counter: PassCounter? = nil,
    prefixes: FitPrefixes? = nil
  ) -> FSRSFitReport {
    var report = report
    let n = data.exampleCount
    let fitted = FSRSParameters.clipped(trained)
    let reuse = fitted.weights == trained
    var moments = reuse ? knownMoments : nil
    let loss: Double
    if let k = known, reuse, !configuration.recallBias || moments != nil {
      loss = k
    } else if configuration.recallBias {
      var plain = 0.0
      var m = RecallBias.Moments()
      _ = Self.weightedLoss(
        data, fitted.weights, weights: recency, threads: configuration.threads, plain: &plain, moments: &m, prefixes: prefixes)
      counter?.reviews += data.ratings.count / 3
      loss = plain
      moments = m
    } else {
      loss = Self.meanLogLoss(data, fitted, threads: configuration.threads, prefixes: prefixes)
    }
    if loss.isFinite && loss <= defaultLoss {
      report.parameters = fitted
      if configuration.recallBias, let moments { report.parameters = fitted.withRecallBias(RecallBias.solve(moments)) }
      report.scope = .all
      report.logLossAfter = loss
      report.reason = "fitted all 21 parameters on \(n) training reviews"
    } else {
      report.reason = "the fit did not improve on the defaults on \(n) training reviews; kept the default parameters"
    }
    return report
  }

  /// The configured solver from `start` with regulariser strength `gamma`.
  /// `warmStart`: where L-BFGS begins (the prior stays `start`).
  func solve(
    _ data: TrainingData, start: [Double], gamma: Double, warmStart: [Double]? = nil, curvature: Curvature? = nil,
    counter: PassCounter? = nil, recency: [Double]? = nil
  ) -> ([Double], Int, Int, Curvature?) {
    let weights = configuration.recencyWeighting ? (recency ?? data.recencyWeights()) : nil
    switch configuration.solver {
    case .adam:
      let (w, steps, epochs) = train(data, start: start, gamma: gamma, weights: weights)
      return (w, steps, epochs, nil)
    case .lbfgs:
      let (w, it, c) = lbfgs(data, start: warmStart ?? start, prior: start, gamma: gamma, weights: weights, curvature: curvature, counter: counter)
      return (w, it, 0, c)
    case .adamThenLBFGS:
      let (a, steps, epochs) = train(data, start: start, gamma: gamma, weights: weights)
      let (w, it, c) = lbfgs(data, start: a, prior: start, gamma: gamma, weights: weights)
      return (w, steps + it, epochs, c)
    case .gaussNewton:
      let (w, it) = gaussNewton(data, start: warmStart ?? start, prior: start, gamma: gamma, weights: weights, counter: counter)
      return (w, it, 0, nil)
    }
  }

  /// L-BFGS curvature pairs in the scaled coordinates u (the prior is the same for every run of
  /// one fit), with the pull's curvature 2γ/n they were measured under.
  struct Curvature {
    var pairs: [(s: [Double], y: [Double])]
    var penalty: Double
  }

  /// γ among ``Configuration/regularizationCandidates`` by an inner time split of `data`: each
  /// candidate fitted on the examples before the cut, scored by the plain mean log loss of the
  /// examples at or after it (their cards' full histories before them). Ties: the larger γ.
  /// Candidates run from the strongest pull to the weakest, each L-BFGS run starting where the
  /// previous one stopped. Returns γ and the inner fit it gave (a warm start for the full fit).
  func chooseRegularization(_ data: TrainingData, start: [Double], counter: PassCounter? = nil) -> (Double, [Double]?, Curvature?) {
    let candidates = configuration.regularizationCandidates.sorted(by: >)
    // Validation: the examples at or after the cut (ties with the k-th included).
    guard let split = innerSplit(data) else { return (candidates[0], nil, nil) }
    let (inner, cut, held) = split
    var best = candidates[0]
    var bestLoss = Double.infinity
    var bestFit: [Double]? = nil
    var previous: [Double]? = nil
    var previousCurvature: Curvature? = nil
    var bestCurvature: Curvature? = nil
    let recency = configuration.recencyWeighting ? inner.recencyWeights() : nil
    for gamma in candidates {
      var innerOptimizer = self
      innerOptimizer.configuration.lbfgsIterations = configuration.innerLBFGSIterations ?? configuration.lbfgsIterations
      innerOptimizer.configuration.newtonIterations = configuration.innerNewtonIterations ?? configuration.newtonIterations
      let (w, _, _, curvature) = innerOptimizer.solve(inner, start: start, gamma: gamma, warmStart: previous, curvature: previousCurvature, counter: counter, recency: recency)
      previous = w
      previousCurvature = curvature
      let loss = Self.summedLoss(data, FSRSParameters.clipped(w).weights, from: cut) / Double(held)
      counter?.reviews += data.ratings.count / 3
      if loss < bestLoss - 1e-12 {
        best = gamma
        bestLoss = loss
        bestFit = w
        bestCurvature = curvature
      } else if configuration.stopAtWorseCandidate {
        break
      }
    }
    return (best, bestFit, bestCurvature)
  }

  /// Σ BCE over the examples at or after `cut` (the inner validation part).
  static func summedLoss(_ data: TrainingData, _ w: [Double], from cut: Int64) -> Double {
    let model = FSRS6LossGradient(w)
    var sum = 0.0
    data.ratings.withUnsafeBufferPointer { ratings in
      data.elapsed.withUnsafeBufferPointer { elapsed in
        data.times.withUnsafeBufferPointer { times in
          for c in 0..<data.trainingCardCount {
            sum += model.loss(ratings, elapsed, data.starts[c], data.starts[c + 1], times: times, from: cut)
          }
        }
      }
    }
    return sum
  }

  /// Full-batch projected L-BFGS on J(w) = Σ weight·BCE / n + (γ/n)·Σ((w − prior)/σ)², in the
  /// scaled coordinates u = (w − prior)/σ. The gradient is summed in two fixed halves of the
  /// cards (side by side with `threads` > 1), so the result does not depend on threads.
  func lbfgs(
    _ data: TrainingData, start: [Double], prior: [Double], gamma: Double, weights: [Double]?, curvature: Curvature? = nil,
    counter: PassCounter? = nil
  ) -> ([Double], Int, Curvature?) {
    let n = Double(data.exampleCount)
    let bounds = Self.trainingBounds
    let sigma = Self.priorScale
    let lower = (0..<21).map { (bounds[$0].lowerBound - prior[$0]) / sigma[$0] }
    let upper = (0..<21).map { (bounds[$0].upperBound - prior[$0]) / sigma[$0] }
    let u0 = (0..<21).map { (start[$0] - prior[$0]) / sigma[$0] }
    let cards = data.trainingCardCount
    let threads = configuration.threads
    let paired = configuration.pairedCards
    let f = { (u: [Double]) -> (Double, [Double]) in
      let w = (0..<21).map { prior[$0] + sigma[$0] * u[$0] }
      let model = FSRS6LossGradient(w)
      var losses = [0.0, 0.0]
      var grads = [ParameterGradient.zero, .zero]
      data.ratings.withUnsafeBufferPointer { ratings in
        data.elapsed.withUnsafeBufferPointer { elapsed in
          (weights ?? []).withUnsafeBufferPointer { wp in
            losses.withUnsafeMutableBufferPointer { lo in
              grads.withUnsafeMutableBufferPointer { go in
                let lp = lo.baseAddress!, gp = go.baseAddress!
                data.starts.withUnsafeBufferPointer { starts in
                  let work = { (h: Int) in
                    var l = 0.0
                    var g = ParameterGradient.zero
                    let half = h == 0 ? 0..<(cards / 2) : (cards / 2)..<cards
                    if paired {
                      model.passes(ratings, elapsed, starts, half.lowerBound, half.upperBound, &l, &g, weights: weights == nil ? nil : wp)
                    } else {
                      for c in half {
                        model.pass(ratings, elapsed, starts[c], starts[c + 1], &l, &g, weights: weights == nil ? nil : wp)
                      }
                    }
                    lp[h] = l
                    gp[h] = g
                  }
                  inHalves(threads: threads, work)
                }
              }
            }
          }
        }
      }
      let g = grads[0] + grads[1]
      var value = (losses[0] + losses[1]) / n
      var grad = [Double](repeating: 0, count: 21)
      for j in 0..<21 {
        value += gamma / n * u[j] * u[j]
        let gj = g[j] * sigma[j] / n + 2 * gamma / n * u[j]
        grad[j] = gj.isFinite ? gj : 0
      }
      return (value, grad)
    }
    var solver = ProjectedLBFGS()
    solver.maxIterations = configuration.lbfgsIterations
    solver.tolerance = configuration.lbfgsTolerance
    solver.interpolate = configuration.interpolatingLineSearch
    let penalty = 2 * gamma / n
    if configuration.carryCurvature, let curvature {
      let shift = penalty - curvature.penalty
      solver.initialPairs = curvature.pairs.map { p in (p.s, (0..<21).map { p.y[$0] + shift * p.s[$0] }) }
    }
    if configuration.fisherPreconditioner {
      // The Fisher curvature at the start, as the initial inverse-Hessian of the recursion.
      let objective = fisherObjective(data, prior: prior, gamma: gamma, weights: weights)
      let (_, _, curvature) = objective(u0)
      counter?.reviews += data.ratings.count * 6 / 5
      solver.preconditioner = curvature
    }
    let r = solver.minimize(start: u0, lower: lower, upper: upper, f)
    counter?.reviews += r.evaluations * data.ratings.count
    return ((0..<21).map { prior[$0] + sigma[$0] * r.x[$0] }, r.iterations, Curvature(pairs: r.pairs, penalty: penalty))
  }

  /// Mini-batch Adam from `start`; returns the weights, the steps and the epochs.
  func train(_ data: TrainingData, start: [Double], gamma: Double? = nil, weights: [Double]? = nil) -> ([Double], Int, Int) {
    let c = configuration
    let n = data.exampleCount
    let bounds = Self.trainingBounds
    var w = start
    for j in w.indices { w[j] = min(max(w[j], bounds[j].lowerBound), bounds[j].upperBound) }
    let prior = w
    let penalty = (gamma ?? c.regularization) / Double(n)
    var inverseVariance = [Double](repeating: 0, count: 21)
    for j in 0..<21 { inverseVariance[j] = 1 / (Self.priorScale[j] * Self.priorScale[j]) }

    // Batches: cards in a seeded shuffle, cut when a batch reaches batchSize examples.
    var order = Array(0..<data.trainingCardCount)
    var rng = SplitMix64(seed: c.seed)
    var batches: [[Range<Int>]] = []  // per epoch: ranges into that epoch's order
    var orders: [[Int]] = []
    // A fixed number of epochs, also on small histories: there Adam takes only a few steps of
    // about the learning rate each, which keeps the fit near its start (early stopping). Running
    // it to convergence was measured to overfit: docs/optimizer.md.
    let epochs = max(c.epochs, 0)
    for _ in 0..<epochs {
      for i in stride(from: order.count - 1, to: 0, by: -1) {
        order.swapAt(i, rng.nextInt(in: 0...i))
      }
      var ranges: [Range<Int>] = []
      var lo = 0
      var count = 0
      for (k, card) in order.enumerated() {
        count += data.exampleCounts[card]
        if count >= c.batchSize {
          ranges.append(lo..<(k + 1))
          lo = k + 1
          count = 0
        }
      }
      if lo < order.count { ranges.append(lo..<order.count) }
      batches.append(ranges)
      orders.append(order)
    }
    let totalSteps = batches.reduce(0) { $0 + $1.count }
    guard totalSteps > 0 else { return (w, 0, 0) }

    var m = [Double](repeating: 0, count: 21)
    var v = [Double](repeating: 0, count: 21)
    let beta1 = 0.9, beta2 = 0.999, adamEps = 1e-8
    var step = 0
    let parts = max(c.partitions, 1)
    var partialGrads = [ParameterGradient](repeating: .zero, count: parts)
    var partialLoss = [Double](repeating: 0, count: parts)

    // Helper threads for partitions 1…, when more than one thread is allowed.
    // (Typed AnyObject so the code still builds for Apple targets older than `Atomic`.)
    var workerBox: AnyObject? = nil
    if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *), c.threads > 1 && parts > 1 {
      workerBox = PartitionWorkers(helpers: parts - 1)
    }
    defer {
      if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) { (workerBox as? PartitionWorkers)?.stop() }
    }

    let recency = weights ?? []
    let weighted = weights != nil
    recency.withUnsafeBufferPointer { wp in
    data.ratings.withUnsafeBufferPointer { ratings in
      data.elapsed.withUnsafeBufferPointer { elapsed in
        data.starts.withUnsafeBufferPointer { starts in
          for (epoch, ranges) in batches.enumerated() {
            let order = orders[epoch]
            for range in ranges {
              let model = FSRS6LossGradient(w)
              // Partition the batch's cards into `parts` runs of about equal review count.
              var reviews = 0
              for k in range { reviews += starts[order[k] + 1] - starts[order[k]] }
              var cuts = [range.lowerBound]
              var acc = 0
              for k in range {
                acc += starts[order[k] + 1] - starts[order[k]]
                if cuts.count < parts && acc * parts >= reviews * cuts.count { cuts.append(k + 1) }
              }
              while cuts.count <= parts { cuts.append(range.upperBound) }
              var examples = 0
              for k in range { examples += data.exampleCounts[order[k]] }

              let work = { (p: Int, grads: UnsafeMutablePointer<ParameterGradient>, losses: UnsafeMutablePointer<Double>) in
                var g = ParameterGradient.zero
                var l = 0.0
                for k in cuts[p]..<cuts[p + 1] {
                  let card = order[k]
                  model.pass(ratings, elapsed, starts[card], starts[card + 1], &l, &g, weights: weighted ? wp : nil)
                }
                grads[p] = g
                losses[p] = l
              }
              partialGrads.withUnsafeMutableBufferPointer { grads in
                partialLoss.withUnsafeMutableBufferPointer { losses in
                  let gp = grads.baseAddress!, lp = losses.baseAddress!
                  if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *), let workers = workerBox as? PartitionWorkers {
                    // Each partition writes only its own slot.
                    workers.run { p in work(p, gp, lp) }
                  } else if c.threads > 1 && parts > 1 {
                    let shared = UncheckedBox { (p: Int) in work(p, gp, lp) }
                    DispatchQueue.concurrentPerform(iterations: parts) { p in shared.value(p) }
                  } else {
                    for p in 0..<parts { work(p, gp, lp) }
                  }
                }
              }
              var grad = partialGrads[0]
              for p in 1..<parts { grad += partialGrads[p] }

              // Adam on mean BCE of the batch + (γ/n)·Σ((w − prior)/σ)².
              step += 1
              let lr = c.learningRate * 0.5 * (1 + cos(Double.pi * Double(step - 1) / Double(totalSteps)))
              let scale = 1 / Double(max(examples, 1))
              let bc1 = 1 - pow(beta1, Double(step))
              let bc2 = 1 - pow(beta2, Double(step))
              for j in 0..<21 {
                var gj = grad[j] * scale + 2 * penalty * (w[j] - prior[j]) * inverseVariance[j]
                if !gj.isFinite { gj = 0 }
                m[j] = beta1 * m[j] + (1 - beta1) * gj
                v[j] = beta2 * v[j] + (1 - beta2) * gj * gj
                let update = lr * (m[j] / bc1) / ((v[j] / bc2).squareRoot() + adamEps)
                w[j] = min(max(w[j] - update, bounds[j].lowerBound), bounds[j].upperBound)
              }
            }
          }
        }
      }
    }
    }
    return (w, step, epochs)
  }

  /// The plain mean binary cross-entropy of `parameters` over the training examples, in two
  /// fixed halves (added in order, so the value does not depend on `threads`).
  public static func meanLogLoss(_ data: TrainingData, _ parameters: FSRSParameters, threads: Int = 1) -> Double {
    meanLogLoss(data, parameters, threads: threads, prefixes: nil)
  }

  /// ``meanLogLoss(_:_:threads:)`` taking the states of shared first reviews from the earlier
  /// card (``SharedPrefixes``): the same bits.
  static func meanLogLoss(_ data: TrainingData, _ parameters: FSRSParameters, threads: Int, prefixes: FitPrefixes?) -> Double {
    guard data.exampleCount > 0 else { return 0 }
    let model = FSRS6LossGradient(parameters.weights)
    let cards = data.trainingCardCount
    var halves = [0.0, 0.0]
    data.ratings.withUnsafeBufferPointer { ratings in
      data.elapsed.withUnsafeBufferPointer { elapsed in
        halves.withUnsafeMutableBufferPointer { out in
          let o = out.baseAddress!
          data.starts.withUnsafeBufferPointer { starts in
            let work = { (h: Int, views: [SharedPrefixes.View<FSRS6LossGradient.SharedLoss>]?) in
              let (first, last) = h == 0 ? (0, cards / 2) : (cards / 2, cards)
              o[h] = model.losses(ratings, elapsed, starts, first, last, prefixes: views?[h])
            }
            FitPrefixes.inHalves(prefixes, FSRS6LossGradient.SharedLoss.self, paired: true, threads: threads, work)
          }
        }
      }
    }
    return (halves[0] + halves[1]) / Double(data.exampleCount)
  }

  /// The same mean replayed with ``FSRS6`` itself (pow-based, independent of the optimizer's
  /// code), for the tests that check the fast passes against the model.
  public static func referenceLogLoss(_ data: TrainingData, _ parameters: FSRSParameters) -> Double {
    guard data.exampleCount > 0 else { return 0 }
    let model = FSRS6(parameters: parameters)
    var sum = 0.0
    for c in 0..<data.trainingCardCount {
      let r = data.range(ofCard: c)
      var state = model.initialState(Rating(rawValue: Int(data.ratings[r.lowerBound]))!)
      for i in (r.lowerBound + 1)..<r.upperBound {
        let t = Int(data.elapsed[i])
        let g = Rating(rawValue: Int(data.ratings[i]))!
        if t > 0 {
          sum += BinaryCrossEntropy.loss(model.retrievability(elapsedDays: Double(t), stability: state.stability), recalled: g != .again)
        }
        state = model.nextState(state, elapsedDays: t, rating: g)
      }
    }
    return sum / Double(data.exampleCount)
  }

  /// The summed BCE over all examples and its gradient at `weights`, from the forward-mode
  /// code the trainer uses (exposed for the gradient tests and for diagnostics).
  public static func lossAndGradient(_ data: TrainingData, weights: [Double]) -> (loss: Double, gradient: [Double]) {
    let model = FSRS6LossGradient(weights)
    var loss = 0.0
    var grad = ParameterGradient.zero
    data.ratings.withUnsafeBufferPointer { ratings in
      data.elapsed.withUnsafeBufferPointer { elapsed in
        for c in 0..<data.trainingCardCount {
          model.pass(ratings, elapsed, data.starts[c], data.starts[c + 1], &loss, &grad)
        }
      }
    }
    return (loss, grad.values)
  }
}

extension FSRSOptimizer {
  /// The inner time-series split that chooses γ: the training part's examples before the cut at
  /// rank ⌊n·(1 − innerValidationFraction)⌋ (ties with the k-th held out), and the cut; nil when
  /// either side is too small to choose on.
  func innerSplit(_ data: TrainingData) -> (inner: TrainingData, cut: Int64, held: Int)? {
    let examples = data.exampleCount
    let k = Int((Double(examples) * (1 - configuration.innerValidationFraction)).rounded(.down))
    guard k >= Self.minimumExamplesForTraining, k < examples else { return nil }
    let (cut, held) = data.exampleCut(rank: k)
    let inner = data.prefix(before: cut)
    guard inner.exampleCount >= Self.minimumExamplesForTraining, held > 0 else { return nil }
    return (inner, cut, held)
  }
}
