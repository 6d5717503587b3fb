import Foundation
import LearnerStore
import Simulation

/// `planner export-revlog DIR [--out FILE]`: the learner's reviews as a review-log CSV, so
/// `replay`, `optimize` and `evaluate` run on exactly the same data (docs/simulation.md).
struct ExportRevlogCommand: PlannerCommand {
  static let spec = CommandSpec(
    name: "export-revlog",
    abstract: "Write a learner's reviews as a review-log CSV (card_id,review_time,review_rating,review_state,review_duration).",
    discussion: """
      One row per item per learning day, as the memory model saw it (the day's lowest rating, \
      at the day's first scheduling event), in time order. Run replay/optimize/evaluate on it \
      with the learner's --timezone and --day-starts-at (printed on stderr). See docs/simulation.md.
      """,
    arguments: [
      .positional(.DIR, help: "The learner folder."),
      .option(.out, value: "FILE", help: "Write the CSV here (atomically) instead of stdout."),
    ])

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
    let dir = context.path(try arguments.require(.DIR))
    let (profile, _) = try Learner.loadProfile(dir)
    let log = try Learner.history(dir)
    let (bytes, summary) = ReviewLogExport.csv(profile: profile, events: log.events)
    let note = "\(summary.reviews) review\(summary.reviews == 1 ? "" : "s") of \(summary.items) item\(summary.items == 1 ? "" : "s"); "
      + "use --timezone \(profile.timezone) --day-starts-at \(profile.dayStartHour) with replay, optimize and evaluate\n"
    if let out = arguments.string(.out) {
      try CLIFileOutput.write(bytes, to: context.path(out), named: out)
      context.stdout.write("wrote \(out): " + note)
    } else {
      bytes.withUnsafeBytes { context.stdout.write(bytes: $0) }
      context.stderr.write(note)
    }
    return ExitCode.success
  }
}
