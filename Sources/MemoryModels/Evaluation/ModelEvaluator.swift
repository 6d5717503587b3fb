import Dispatch
import PlannerCore

/// Runs ``TimeSeriesEvaluation`` for a list of models and collects metrics and predictions.
public struct ModelEvaluator: Sendable {
  public var optimizer: FSRSOptimizer

  public init(optimizer: FSRSOptimizer = FSRSOptimizer()) {
    self.optimizer = optimizer
  }

  public struct Result: Sendable {
    public var models: [EvaluatedModel]
    /// Per model, in the order of ``models``.
    public var metrics: [EvaluationMetrics]
    /// The test reviews of all folds, in time order.
    public var reviews: [ScoredReview]
    /// Per model, the predicted recall of each of ``reviews``.
    public var predictions: [[Double]]
    /// The FSRS-6 fit of each fold (empty when `fsrs6` was not asked for; a fold with an empty
    /// test chunk is fitted all the same).
    public var fits: [FSRSFitReport]
    /// The HLR fit of each fold (empty when `hlr` was not asked for).
    public var hlrFits: [HalfLifeRegression.FitReport] = []
    public var folds: Int
  }

  public func evaluate(_ split: TimeSeriesEvaluation, models: [EvaluatedModel]) -> Result {
    let testRange = split.boundaries[1]..<split.scored.count
    let reviews = Array(split.scored[testRange])
    let labels = reviews.map(\.recalled)
    var fits: [FSRSFitReport] = []
    var hlrFits: [HalfLifeRegression.FitReport] = []
    var predictions: [[Double]] = []
    for model in models {
      var p = [Double](repeating: .nan, count: reviews.count)
      switch model {
      case .fsrs6:
        fits = fitFolds(split)
        for f in 0..<split.folds {
          let test = split.boundaries[f + 1]..<split.boundaries[f + 2]
          guard !test.isEmpty else { continue }
          let all = split.predictions(FSRS6(parameters: fits[f].parameters))
          for k in test { p[k - testRange.lowerBound] = all[k] }
        }
      case .fsrs6Default:
        let all = split.predictions(FSRS6())
        p = Array(all[testRange])
      case .hlr:
        hlrFits = Self.fitHLRFolds(split)
        for f in 0..<split.folds {
          let test = split.boundaries[f + 1]..<split.boundaries[f + 2]
          guard !test.isEmpty else { continue }
          let all = split.predictions(HalfLifeRegression(theta: hlrFits[f].theta))
          for k in test { p[k - testRange.lowerBound] = all[k] }
        }
      case .sm2:
        let all = split.predictions(SM2())
        p = Array(all[testRange])
      case .average:
        for f in 0..<split.folds {
          let train = split.scored[0..<split.boundaries[f + 1]]
          let rate = train.isEmpty ? 0.5 : Double(train.reduce(0) { $0 + ($1.recalled ? 1 : 0) }) / Double(train.count)
          for k in split.boundaries[f + 1]..<split.boundaries[f + 2] { p[k - testRange.lowerBound] = rate }
        }
      }
      predictions.append(p)
    }
    let bins = reviews.map(split.rmseBin)
    let metrics = predictions.map { EvaluationMetrics(predictions: $0, recalled: labels, bins: bins) }
    return Result(
      models: models, metrics: metrics, reviews: reviews, predictions: predictions, fits: fits, hlrFits: hlrFits,
      folds: split.folds)
  }
}

extension ModelEvaluator {
  /// One fit per fold on the history before its test chunk. With more than one thread the
  /// folds run side by side, each fit on one thread (the fit does not depend on threads).
  func fitFolds(_ split: TimeSeriesEvaluation) -> [FSRSFitReport] {
    var single = optimizer
    single.configuration.threads = 1
    let fitter = single
    let folds = split.folds
    // Each fold's training data is built when its fit starts and freed when it ends (no cut
    // copies of the histories): memory is the fits running at once, not every fold's.
    let data = { (f: Int) in TrainingData(split.cards, before: split.cutoffTime(fold: f) ?? Int64.max) }
    if optimizer.configuration.threads <= 1 || folds == 1 {
      return (0..<folds).map { fitter.fit(data($0)) }
    }
    var reports = [FSRSFitReport?](repeating: nil, count: folds)
    reports.withUnsafeMutableBufferPointer { out in
      let o = out.baseAddress!
      let shared = UncheckedBox { (f: Int) in o[f] = fitter.fit(data(f)) }
      DispatchQueue.concurrentPerform(iterations: folds) { shared.value($0) }
    }
    return reports.map { $0! }
  }

  /// HLR's θ fitted on each fold's history before its test chunk (the same training reviews as
  /// fsrs6's: scored reviews strictly before the fold's cutoff).
  static func fitHLRFolds(_ split: TimeSeriesEvaluation) -> [HalfLifeRegression.FitReport] {
    (0..<split.folds).map { f in
      HalfLifeRegression.fit(split.history(before: split.cutoffTime(fold: f) ?? Int64.max))
    }
  }
}
