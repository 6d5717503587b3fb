import Dispatch
import PlannerCore

/// Runs ``TimeSeriesEvaluation`` for a list of models and collects metrics and predictions.
///
/// Memory beyond the split's store and scored positions: the fits (one fold's training data at
/// a time from 2¹⁸ reviews on; below, at most `threads` folds' at once), then one per-review
/// rank (4 bytes), one bin (3 bytes) and label (1 byte) per test review, and each model's
/// predictions (8 bytes per test review: one model's at a time unless they are kept).
public struct ModelEvaluator: Sendable {
  public var optimizer: FSRSOptimizer
  /// From this many reviews in the store on, the folds are fitted one at a time
  /// (``fitFolds(_:)``); below it, side by side.
  var foldsOneAtATime = 1 << 18

  public init(optimizer: FSRSOptimizer = FSRSOptimizer()) {
    self.optimizer = optimizer
  }

  public struct Result: Sendable {
    public var models: [EvaluatedModel]
    /// Per model, in the order of ``models``.
    public var metrics: [EvaluationMetrics]
    /// The test reviews of all folds, in time order.
    public var reviews: ScoredReviews
    /// Whether each of ``reviews`` was a recall.
    public var recalled: [Bool]
    /// Per model, the predicted recall of each of ``reviews`` (empty when not kept).
    public var predictions: [[Double]]
    /// The FSRS-6 fit of each fold (empty when `fsrs6` was not asked for; a fold with an empty
    /// test chunk is fitted all the same).
    public var fits: [FSRSFitReport]
    /// The HLR fit of each fold (empty when `hlr` was not asked for).
    public var hlrFits: [HalfLifeRegression.FitReport] = []
    public var folds: Int
  }

  /// Every model's metrics on the split's test reviews; `keepingPredictions: false` drops each
  /// model's predictions once its metrics are computed (``Result/predictions`` is then empty).
  public func evaluate(_ split: TimeSeriesEvaluation, models: [EvaluatedModel], keepingPredictions keep: Bool = true) -> Result {
    let testStart = split.boundaries[1]
    let testRange = testStart..<split.scored.count
    // The fits first: they need only the store, and are done before the per-review arrays.
    let fits = models.contains(.fsrs6) ? fitFolds(split) : []
    let hlrFits = models.contains(.hlr) ? Self.fitHLRFolds(split) : []
    let ranks = split.ranks()
    let labels = testRange.map { split.scored.recalled($0) }
    let bins = split.bins(ranks: ranks, from: testStart)
    var metrics: [EvaluationMetrics] = []
    var predictions: [[Double]] = []
    for model in models {
      var p = [Double](repeating: .nan, count: testRange.count)
      switch model {
      case .fsrs6:
        for f in 0..<split.folds {
          let test = split.boundaries[f + 1]..<split.boundaries[f + 2]
          guard !test.isEmpty else { continue }
          split.predict(FSRS6(parameters: fits[f].parameters), ranks: ranks, scoredIn: test, into: &p, from: testStart)
        }
      case .fsrs6Default:
        split.predict(FSRS6(), ranks: ranks, scoredIn: testRange, into: &p, from: testStart)
      case .hlr:
        for f in 0..<split.folds {
          let test = split.boundaries[f + 1]..<split.boundaries[f + 2]
          guard !test.isEmpty else { continue }
          split.predict(HalfLifeRegression(theta: hlrFits[f].theta), ranks: ranks, scoredIn: test, into: &p, from: testStart)
        }
      case .sm2:
        split.predict(SM2(), ranks: ranks, scoredIn: testRange, into: &p, from: testStart)
      case .average:
        var recalls = 0
        var counted = 0
        for f in 0..<split.folds {
          let trainEnd = split.boundaries[f + 1]
          while counted < trainEnd {
            if split.scored.recalled(counted) { recalls += 1 }
            counted += 1
          }
          let rate = trainEnd == 0 ? 0.5 : Double(recalls) / Double(trainEnd)
          for k in split.boundaries[f + 1]..<split.boundaries[f + 2] { p[k - testStart] = rate }
        }
      }
      metrics.append(EvaluationMetrics(predictions: p, recalled: labels, bins: bins.lazy.map(\.key)))
      if keep { predictions.append(p) }
    }
    return Result(
      models: models, metrics: metrics, reviews: split.scored.tail(from: testStart), recalled: labels,
      predictions: predictions, fits: fits, hlrFits: hlrFits, folds: split.folds)
  }
}

extension ModelEvaluator {
  /// One fit per fold on the history before its test chunk. Each fold's training data is
  /// built from the store when its fit starts, compacted to what the fit reads
  /// (``TrainingData/compact(for:)``) and freed when it ends. A large store's folds are fitted
  /// one at a time, each fit's passes on `threads` threads: memory is one fold's data, the
  /// largest. A small store's folds run side by side, each fit on one thread (small fits gain
  /// more from that than from halving their passes). The fit does not depend on threads, so
  /// the reports are the same either way.
  func fitFolds(_ split: TimeSeriesEvaluation) -> [FSRSFitReport] {
    let folds = split.folds
    let threads = optimizer.configuration.threads
    let configuration = optimizer.configuration
    // Fold f's examples are the scored reviews before chunk f + 1, in the fit's recency order
    // when the store's card ids ascend (ties in time then fall the same way): its data is then
    // built without the times.
    let ids = split.store.cardIDs
    let scoredOrder = zip(ids, ids.dropFirst()).allSatisfy { $0 < $1 }
    let data = { (f: Int) -> TrainingData in
      let cut = split.cutoffTime(fold: f) ?? Int64.max
      if scoredOrder {
        return TrainingData(split.store, before: cut, compactFor: configuration) { split.scored.position($0) }
      }
      var d = TrainingData(split.store, before: cut)
      d.compact(for: configuration)
      return d
    }
    if threads <= 1 || folds == 1 || split.store.reviewCount >= foldsOneAtATime {
      return (0..<folds).map { optimizer.fit(data($0)) }
    }
    var single = optimizer
    single.configuration.threads = 1
    let fitter = single
    // The largest fold (the last) first, then the others from the smallest: while it runs, the
    // small ones fill the other threads, so the two largest rarely hold their data at once.
    let order = [folds - 1] + Array(0..<(folds - 1))
    var reports = [FSRSFitReport?](repeating: nil, count: folds)
    reports.withUnsafeMutableBufferPointer { out in
      let o = out.baseAddress!
      let shared = UncheckedBox { (i: Int) in
        let f = order[i]
        o[f] = fitter.fit(data(f))
      }
      DispatchQueue.concurrentPerform(iterations: folds) { shared.value($0) }
    }
    return reports.map { $0! }
  }

  /// HLR's θ fitted on each fold's history before its test chunk (the same training reviews as
  /// fsrs6's: scored reviews strictly before the fold's cutoff), grouped straight from the store.
  static func fitHLRFolds(_ split: TimeSeriesEvaluation) -> [HalfLifeRegression.FitReport] {
    (0..<split.folds).map { f in
      HalfLifeRegression.fit(HalfLifeRegression.trainingExamples(split.store, before: split.cutoffTime(fold: f) ?? Int64.max))
    }
  }
}
