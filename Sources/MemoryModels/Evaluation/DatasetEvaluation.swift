/// The shared dev set's evaluation protocol (`data/reviews/README.md`, "Evaluation protocol")
/// over many learners: per learner the `tss5` and/or `holdout` split with log2 bins, per model
/// log loss, RMSE(bins), AUC and plain RMSE; the aggregate is the mean of per-learner metrics
/// weighted by test targets over learners with at least ``minimumTargets`` targets.
public struct DatasetEvaluation: Sendable {
  /// A split of the protocol, by its name in `reference-results.json`.
  public enum SplitName: String, Sendable, Hashable, CaseIterable {
    case tss5
    case holdout

    public var split: TimeSeriesEvaluation.Split {
      switch self {
      case .tss5: return .timeSeries(folds: 5)
      case .holdout: return .holdout(testFraction: 0.2)
      }
    }
  }

  /// Learners with fewer evaluation targets are not scored (rule 6).
  public static let minimumTargets = 500

  public struct LearnerResult: Sendable {
    public var learner: String
    /// All evaluation targets of the learner (train and test).
    public var targets: Int
    /// Test targets predicted; nil when the learner is not scored.
    public var testTargets: Int?
    /// Per model (in the order asked for); empty when not scored.
    public var metrics: [EvaluationMetrics]
    public var rmse: [Double]
    /// The FSRS-6 fit of each fold, when `fsrs6` was asked for.
    public var fits: [FSRSFitReport]
  }

  public struct Aggregate: Sendable, Hashable {
    public var learners: Int
    public var testTargets: Int
    public var logLoss: Double
    public var rmseBins: Double
    public var auc: Double
    public var rmse: Double
  }

  public var evaluator: ModelEvaluator
  public var models: [EvaluatedModel]

  public init(evaluator: ModelEvaluator = ModelEvaluator(), models: [EvaluatedModel]) {
    self.evaluator = evaluator
    self.models = models
  }

  /// One learner under one protocol (`cards`: the used cards, as ``LearnerReviewFile`` gives).
  public func evaluate(learner: String, cards: [CardHistory], protocol p: SplitName) throws(MemoryModelsError) -> LearnerResult {
    let targets = cards.reduce(0) { $0 + $1.elapsedDays.dropFirst().filter { $0 >= 1 }.count }
    guard targets >= Self.minimumTargets else {
      return LearnerResult(learner: learner, targets: targets, testTargets: nil, metrics: [], rmse: [], fits: [])
    }
    let split = try TimeSeriesEvaluation(cards: cards, split: p.split, bins: .log2)
    let r = evaluator.evaluate(split, models: models)
    return LearnerResult(
      learner: learner, targets: targets, testTargets: r.reviews.count, metrics: r.metrics,
      rmse: r.predictions.map { EvaluationMetrics.rmse($0, recalled: r.recalled) }, fits: r.fits)
  }

  /// Per model, the test-target-weighted mean over the scored learners (nil: none scored).
  public static func aggregate(_ results: [LearnerResult], models: Int) -> [Aggregate]? {
    let scored = results.filter { $0.testTargets != nil && !$0.metrics.isEmpty }
    let total = scored.reduce(0) { $0 + $1.testTargets! }
    guard total > 0 else { return nil }
    return (0..<models).map { m in
      var a = Aggregate(learners: scored.count, testTargets: total, logLoss: 0, rmseBins: 0, auc: 0, rmse: 0)
      var aucWeight = 0
      for r in scored {
        let w = Double(r.testTargets!) / Double(total)
        a.logLoss += w * r.metrics[m].logLoss
        a.rmseBins += w * r.metrics[m].rmseBins
        a.rmse += w * r.rmse[m]
        // A learner whose test targets are all one outcome has no AUC and is left out of the
        // AUC mean (weights renormalised over the others), as the reference does.
        if let auc = r.metrics[m].auc {
          a.auc += Double(r.testTargets!) * auc
          aucWeight += r.testTargets!
        }
      }
      a.auc = aucWeight > 0 ? a.auc / Double(aucWeight) : .nan
      return a
    }
  }
}
