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
    /// The FSRS-6 fit of each fold (empty when `fsrs6` was not asked for).
    public var fits: [FSRSFitReport]
    public var folds: Int
  }

  public func evaluate(_ split: TimeSeriesEvaluation, models: [EvaluatedModel]) -> Result {
    let testRange = split.boundaries[1]..<split.scored.count
    let reviews = Array(split.scored[testRange])
    let labels = reviews.map(\.recalled)
    var fits: [FSRSFitReport] = []
    var predictions: [[Double]] = []
    for model in models {
      var p = [Double](repeating: .nan, count: reviews.count)
      switch model {
      case .fsrs6:
        for f in 0..<split.folds {
          let test = split.boundaries[f + 1]..<split.boundaries[f + 2]
          guard !test.isEmpty, let cutoff = split.cutoffTime(fold: f) else { continue }
          let report = optimizer.fit(split.history(before: cutoff))
          fits.append(report)
          let all = split.predictions(FSRS6(parameters: report.parameters))
          for k in test { p[k - testRange.lowerBound] = all[k] }
        }
      case .fsrs6Default:
        let all = split.predictions(FSRS6())
        p = Array(all[testRange])
      case .sm2, .hlr:
        let all = Self.baselinePredictions(model, split)
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
    let bins = reviews.map(\.bin)
    let metrics = predictions.map { EvaluationMetrics(predictions: $0, recalled: labels, bins: bins) }
    return Result(models: models, metrics: metrics, reviews: reviews, predictions: predictions, fits: fits, folds: split.folds)
  }
}

extension ModelEvaluator {
  /// SM-2 and HLR with their defaults (no per-learner fit), through ``MemoryModel``.
  static func baselinePredictions(_ model: EvaluatedModel, _ split: TimeSeriesEvaluation) -> [Double] {
    switch model {
    case .sm2: return split.predictions(SM2())
    case .hlr: return split.predictions(HalfLifeRegression())
    default: preconditionFailure("not a baseline: \(model)")
    }
  }
}
