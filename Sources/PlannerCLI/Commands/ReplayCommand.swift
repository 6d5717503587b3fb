import Foundation
import MemoryModels
import PlanEngine

/// `planner replay`: runs a review log through a memory model and prints, per review, the
/// prediction before it and the state and interval after it.
struct ReplayCommand: PlannerCommand {
  static let spec = CommandSpec(
    name: "replay",
    abstract: "Replay a review log through a memory model, one CSV row per review.",
    discussion: """
      Reads the review-log CSV of the FSRS optimizer tools (docs/file-formats.md) and writes
      card_id,review_time,elapsed_days,rating,retrievability,stability,difficulty,interval_days
      to stdout, in the input's order. Retrievability is the prediction before the review (empty
      on a card's first); stability, difficulty and the interval are after it. Days are learning
      days in --timezone starting at --day-starts-at (docs/replay.md).
      """,
    arguments: [
      .option("revlog", value: "FILE", help: "The review log (CSV with a header row).", required: true),
      .option("model", value: "NAME", help: "The memory model: fsrs6.", default: "fsrs6"),
      .option("retention", value: "R", help: "Desired retention for the interval, between 0 and 1.", default: "0.9"),
      .option("timezone", value: "TZ", help: "The learner's IANA timezone, e.g. Europe/Kyiv.", default: "UTC"),
      .option("day-starts-at", value: "H", help: "The hour (0-23) a learning day starts.", default: "4"),
      .flag("skip-invalid", help: "Report bad rows on stderr and go on (exit code 2) instead of stopping."),
    ])

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
    let path = try arguments.require("revlog")
    guard let retention = try arguments.double("retention"), retention > 0, retention < 1 else {
      throw CLIError.usage("--retention must be strictly between 0 and 1, such as 0.9")
    }
    guard let hour = try arguments.int("day-starts-at"), (0...23).contains(hour) else {
      throw CLIError.usage("--day-starts-at must be an hour from 0 to 23")
    }
    let clock = try LearningDayClock(timeZoneIdentifier: arguments.string("timezone") ?? "UTC", dayStartHour: hour)
    let modelName = arguments.string("model") ?? "fsrs6"
    let known = ["fsrs6"]
    guard known.contains(modelName) else {
      throw CLIError.usage(
        "unknown model '\(modelName)': expected one of \(known.joined(separator: ", "))",
        suggestion: Suggestions.closest(to: modelName, among: known))
    }

    let reader = ReviewLogReader(clock: clock, skipInvalid: arguments.flag("skip-invalid"))
    let log = try reader.parse(try ReviewLogReader.readBytes(path: context.path(path)), fileName: path)
    for diagnostic in log.diagnostics {
      context.stderr.write("planner: skipped: \(diagnostic)\n")
    }
    let result = try ReviewReplay.replay(log, model: FSRS6(), desiredRetention: retention)
    ReplayCSVWriter.write(result) { context.stdout.write(bytes: $0) }
    if !log.diagnostics.isEmpty {
      context.stderr.write("planner: replayed \(log.count) reviews; skipped \(log.diagnostics.count) bad rows\n")
      return ExitCode.partialFailure
    }
    return ExitCode.success
  }
}
