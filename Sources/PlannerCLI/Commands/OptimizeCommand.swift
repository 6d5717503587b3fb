import Foundation
import MemoryModels
import PlannerCore
import ReviewLogs

/// `planner optimize`: fits FSRS-6 to a review log and writes the parameter file that
/// `replay --parameters` reads (docs/optimizer.md).
struct OptimizeCommand: PlannerCommand {
  static let spec = CommandSpec(
    name: "optimize",
    abstract: "Fit the FSRS-6 parameters to a review log.",
    discussion: """
      Training examples are the reviews on a later learning day than their card's previous
      review; the loss is the plain mean binary cross-entropy of recall (rating > 1). Fewer
      than 8 examples keep the defaults; fewer than 64 fit the initial stabilities w0-w3 only.
      The summary says which. The fit is deterministic. Details: docs/optimizer.md.
      """,
    arguments: ReviewLogOptions.arguments + [
      .option(.out, value: "FILE", help: "Write the parameter file (JSON) here, atomically."),
      .option(.threads, value: "N", help: "Threads for the gradient (the result does not depend on it).", default: "2"),
    ])

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
    let threads = try arguments.requiredInt(.threads, in: 1...Int.max)
    var (path, data, skipped) = try loadTrainingData(ReviewLogOptions(arguments), context: context)
    FreedMemory.release()
    var configuration = FSRSOptimizer.Configuration()
    configuration.threads = threads
    // The fit reads the times only to rank the recency weights: weights in their place.
    data.compact(for: configuration)
    let report = FSRSOptimizer(configuration: configuration).fit(data)
    context.stdout.write(summary(report, path: path))
    if let out = arguments.string(.out) {
      let file = parameterFile(report)
      try CLIFileOutput.write(Array(file.encoded()), to: context.path(out), named: out)
      context.stdout.write("wrote \(out)\n")
    }
    return skipped > 0 ? ExitCode.partialFailure : ExitCode.success
  }

  /// Reads the review log named by --revlog into one flat store of every card's reviews, in
  /// the learner's days (two streamed passes, no card histories: 13 bytes per review,
  /// docs/optimizer.md). Returns the path as given, the store and the number of rows skipped
  /// (--skip-invalid).
  static func loadStore(_ options: ReviewLogOptions, context: CommandContext) throws -> (String, CardReviewStore, Int) {
    let path = options.path
    let stream = ReviewLogStream(clock: options.clock, skipInvalid: options.skipInvalid)
    let (store, outcome) = try stream.cardReviewStore(path: context.path(path), fileName: path)
    for diagnostic in outcome.diagnostics { context.stderr.write(Warning.skippedRow("\(diagnostic)")) }
    guard outcome.rows > 0 else { throw CLIError.failure("\(path) holds no reviews: nothing to fit or evaluate") }
    return (path, store, outcome.diagnostics.count)
  }

  /// Reads the review log named by --revlog straight into the optimizer's training data (two
  /// passes over the file, no card histories: 13 bytes per review, docs/optimizer.md).
  static func loadTrainingData(_ options: ReviewLogOptions, context: CommandContext) throws -> (String, TrainingData, Int) {
    let path = options.path
    let stream = ReviewLogStream(clock: options.clock, skipInvalid: options.skipInvalid)
    let (data, outcome) = try stream.trainingData(path: context.path(path), fileName: path)
    for diagnostic in outcome.diagnostics { context.stderr.write(Warning.skippedRow("\(diagnostic)")) }
    guard outcome.rows > 0 else { throw CLIError.failure("\(path) holds no reviews: nothing to fit or evaluate") }
    return (path, data, outcome.diagnostics.count)
  }

  static func summary(_ r: FSRSFitReport, path: String) -> String {
    var s = "review log: \(path)\n"
    s += "reviews: \(r.reviews) of \(r.cards) cards; training reviews (on a later day than the card's previous review): \(r.trainingExamples)\n"
    switch r.scope {
    case .all: s += "fitted: all 21 parameters\n"
    case .initialStabilities: s += "fitted: the initial stabilities w0-w3 only (\(r.reason))\n"
    case .defaults: s += "fitted: nothing, the default parameters are kept (\(r.reason))\n"
    }
    s += "log loss (mean binary cross-entropy over the training reviews): before \(fixed(r.logLossBefore)), after \(fixed(r.logLossAfter))\n"
    s += "parameters: " + r.parameters.weights.map { fixed($0, 4) }.joined(separator: ", ") + "\n"
    if r.parameters.recallBias != 0 {
      s += "recall bias (log-odds added to the predicted recall, fitted after the 21 parameters): \(fixed(r.parameters.recallBias, 4))\n"
    }
    return s
  }

  static func parameterFile(_ r: FSRSFitReport) -> FSRSParameterFile {
    var fit: [String: JSONNode] = [
      "cards": .number(Double(r.cards)),
      "reviews_in_log": .number(Double(r.reviews)),
      "reason": .string(r.reason),
      "epochs": .number(Double(r.epochs)),
      "steps": .number(Double(r.steps)),
    ]
    if let pre = r.initialStabilities {
      fit["initial_stability_cards"] = .array(pre.supportingCards.map { .number(Double($0)) })
    }
    return FSRSParameterFile(
      parameters: r.parameters, reviews: r.trainingExamples, logLossBefore: r.logLossBefore,
      logLossAfter: r.logLossAfter, fitted: r.scope.rawValue, fit: fit)
  }

  static func fixed(_ x: Double, _ digits: Int = 5) -> String { String(format: "%.\(digits)f", x) }
}
