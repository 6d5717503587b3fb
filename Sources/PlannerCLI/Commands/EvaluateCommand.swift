import Foundation
import MemoryModels
import PlannerCore

/// `planner evaluate`: scores memory models on a learner's own history with the open
/// srs-benchmark's protocol (docs/optimizer.md, "Evaluation").
struct EvaluateCommand: PlannerCommand {
  static let spec = CommandSpec(
    name: "evaluate",
    abstract: "Score memory models on a review log with the srs-benchmark protocol.",
    discussion: """
      Scored reviews: every review after a card's first on a later learning day, in time
      order. --folds K cuts them into K+1 chunks (scikit-learn TimeSeriesSplit); fold k learns
      from everything before chunk k+1 and predicts it. Metrics: log loss, RMSE over bins,
      AUC, count. fsrs6 and hlr are fitted per fold on its training part; fsrs6-default and
      sm2 use their defaults; average predicts the training part's recall rate.
      --revlog DIR (a folder of learner review files, or one such file: header
      card_id,review_time_unix_ms,rating,elapsed_days,review_kind) runs the dev-set protocol
      (data/reviews/README.md): tss5 and/or holdout, log2 bins, per-learner and aggregate
      figures in the shape of reference-results.json, beside the reference found in DIR;
      --check TOL fails (exit 1) when an unfitted model's aggregate is off by more.
      """,
    arguments: ReviewLogOptions.arguments + datasetArguments + [
      .option(.models, value: "LIST", help: "Comma-separated: fsrs6, fsrs6-default, sm2, hlr, average (default: all; for learner review files: fsrs6,fsrs6-default,average)."),
      .option(.folds, value: "K", help: "Time-series folds (K+1 chunks).", default: "5"),
      .option(.predictionsOut, value: "FILE", help: "Write every scored review with each model's prediction (CSV)."),
      .option(.threads, value: "N", help: "Folds fitted side by side (the result does not depend on it).", default: "2"),
    ] + FormatOption.arguments)

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
    let format = try FormatOption(arguments)
    let known = EvaluatedModel.allCases.map(\.rawValue)
    // A folder, or a file in the learner review format: the dev-set protocol.
    let dataset = try arguments.string(.revlog).map { try isDataset(context.path($0)) } ?? false
    for name in [ArgumentName.protocol, .reference, .check] where !dataset && arguments.isGiven(name) {
      throw CLIError.usage("\(name.display) applies to learner review files (a folder, or a file with the header \(LearnerReviewFile.columns.joined(separator: ","))) only")
    }
    var models: [EvaluatedModel] = []
    let defaultModels = dataset ? "fsrs6,fsrs6-default,average" : "fsrs6,fsrs6-default,sm2,hlr,average"
    for name in (arguments.string(.models) ?? defaultModels).split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !name.isEmpty {
      guard let m = EvaluatedModel(rawValue: name) else { throw CLIError.notOneOf(ArgumentName.models.display, name, choices: known) }
      if !models.contains(m) { models.append(m) }
    }
    guard !models.isEmpty else {
      throw CLIError.invalid(ArgumentName.models.display, arguments.string(.models) ?? "", expected: "a comma-separated list of \(known.joined(separator: ", "))")
    }
    let folds = try arguments.requiredInt(.folds, in: 1...Int.max)
    let threads = try arguments.requiredInt(.threads, in: 1...Int.max)

    if dataset { return try runDataset(arguments, context: context, models: models, threads: threads, json: format.isJSON) }
    let revlog = try ReviewLogOptions(arguments)
    let (path, store, skipped) = try OptimizeCommand.loadStore(revlog, context: context)
    FreedMemory.release()
    let split = try TimeSeriesEvaluation(store: store, split: .timeSeries(folds: folds), bins: .srsBenchmark)
    var configuration = FSRSOptimizer.Configuration()
    configuration.threads = threads
    // Each model's predictions are kept only when they are written out.
    let result = ModelEvaluator(optimizer: FSRSOptimizer(configuration: configuration))
      .evaluate(split, models: models, keepingPredictions: arguments.isGiven(.predictionsOut))

    if let out = arguments.string(.predictionsOut) {
      try CLIFileOutput.write(Array(predictionsCSV(result).utf8), to: context.path(out), named: out)
    }
    context.stdout.write(format.isJSON ? JSONOutput.document(json(result, path: path)) : table(result, path: path))
    return skipped > 0 ? ExitCode.partialFailure : ExitCode.success
  }

  static func table(_ r: ModelEvaluator.Result, path: String) -> String {
    var s = "review log: \(path); \(r.folds) folds; \(r.reviews.count) scored reviews predicted\n"
    let header = ["model", "log loss", "RMSE(bins)", "AUC", "count"]
    var rows: [[String]] = []
    for (m, x) in zip(r.models, r.metrics) {
      rows.append([m.rawValue, fixed(x.logLoss), fixed(x.rmseBins), x.auc.map { fixed($0) } ?? "n/a", String(x.count)])
    }
    let widths = header.indices.map { c in ([header[c]] + rows.map { $0[c] }).map(\.count).max()! }
    func line(_ cells: [String]) -> String {
      cells.enumerated().map { c, v in c == 0 ? v.padding(toLength: widths[c], withPad: " ", startingAt: 0) : String(repeating: " ", count: widths[c] - v.count) + v }
        .joined(separator: "  ") + "\n"
    }
    s += line(header)
    for row in rows { s += line(row) }
    if !r.fits.isEmpty {
      s += "fsrs6 fitted per fold: " + r.fits.map { "\($0.scope.rawValue) (\($0.trainingExamples) training reviews)" }.joined(separator: "; ") + "\n"
    }
    if !r.hlrFits.isEmpty {
      s += "hlr fitted per fold: " + r.hlrFits.map {
        "θ (" + $0.theta.map { fixed($0, 3) }.joined(separator: ", ") + ") (\($0.trainingExamples) training reviews)"
      }.joined(separator: "; ") + "\n"
    }
    return s
  }

  /// The result as JSON (written in the one style of docs/cli.md); numbers as the shortest
  /// round-trip decimal, a missing AUC as null.
  static func json(_ r: ModelEvaluator.Result, path: String) -> JSONNode {
    func num(_ x: Double) -> JSONNode { x.isFinite ? .number(x) : .null }
    var o = JSONObject()
    o["revlog"] = .string(path)
    o["folds"] = .number(Double(r.folds))
    o["scored_reviews"] = .number(Double(r.reviews.count))
    o["models"] = .array(zip(r.models, r.metrics).map { m, x in
      .object(JSONObject([
        "model": .string(m.rawValue), "log_loss": num(x.logLoss), "rmse_bins": num(x.rmseBins),
        "auc": x.auc.map(num) ?? .null, "count": .number(Double(x.count)),
      ]))
    })
    if !r.fits.isEmpty {
      o["fsrs6_fits"] = .array(r.fits.map { f in
        let fitted = JSONNode.string(f.scope.rawValue), reviews = JSONNode.number(Double(f.trainingExamples))
        let weights = JSONNode.array(f.parameters.weights.map(num))
        guard f.parameters.recallBias != 0 else {
          return .object(JSONObject(["fitted": fitted, "training_reviews": reviews, "parameters": weights]))
        }
        return .object(JSONObject([
          "fitted": fitted, "training_reviews": reviews, "parameters": weights, "recall_bias": num(f.parameters.recallBias),
        ]))
      })
    }
    if !r.hlrFits.isEmpty {
      o["hlr_fits"] = .array(r.hlrFits.map { f in
        .object(JSONObject(["training_reviews": .number(Double(f.trainingExamples)), "theta": .array(f.theta.map(num))]))
      })
    }
    return .object(o)
  }

  /// card_id,review_time,rating,p_<model>… for every predicted review, in time order.
  static func predictionsCSV(_ r: ModelEvaluator.Result) -> String {
    var s = "card_id,review_time,rating," + r.models.map { "p_" + $0.rawValue }.joined(separator: ",") + "\n"
    for (k, review) in r.reviews.enumerated() {
      s += "\(review.cardID),\(review.time),\(review.rating.rawValue)"
      for p in r.predictions { s += "," + shortest(p[k]) }
      s += "\n"
    }
    return s
  }

  /// The shortest decimal that reads back as the same Double.
  static func shortest(_ x: Double) -> String { x.isFinite ? "\(x)" : "" }

  static func fixed(_ x: Double, _ digits: Int = 5) -> String { String(format: "%.\(digits)f", x) }
}
