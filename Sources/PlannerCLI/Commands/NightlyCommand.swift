import Foundation
import DailyPlanning
import Nightly
import PlannerCore

/// `planner nightly ROOT [--date D] [--jobs N] [--shard K/N]`: plan every learner under ROOT
/// and write each plan to `<learner>/plans/<date>.json`; the JSON summary goes to stdout.
/// See docs/operations.md.
public enum NightlyCommand: PlannerCommand {
  /// The plan producer the command runs, given the command's context (its clock): the daily
  /// plan, the same bytes as `planner today --format json`. The runner does not depend on which.
  public static let makePlanner: @Sendable (CommandContext) -> any LearnerPlanner = { context in
    LearnerDailyPlanner(now: context.now)
  }

  public static let spec = CommandSpec(
    name: "nightly",
    abstract: "Plan every learner under ROOT and write each plan to <learner>/plans/<date>.json.",
    discussion: """
      Each learner is planned for their own date (their timezone and day-start hour) unless \
      --date is given. A plan identical to the file already there is left untouched, so \
      rerunning (after an interruption too) is safe. A learner that cannot be planned is \
      reported and the others are planned: exit code 2. Prints a JSON summary on stdout, and \
      progress on stderr when it is a terminal. See docs/operations.md.
      """,
    arguments: [
      .positional(.ROOT, help: "The folder holding one folder per learner."),
    ] + DateOption.arguments + [
      .option(.jobs, value: "N", help: "Learners planned in parallel (use the number of cores).", default: "1"),
      .option(.shard, value: "K/N",
              help: "Plan only shard K of N (FNV-1a of the folder name). Default: from JOB_COMPLETION_INDEX/JOB_COMPLETIONS or the SLURM_ARRAY_TASK_* variables, else 1/1."),
    ])

  public static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
    let root = URL(fileURLWithPath: context.path(try arguments.require(.ROOT)), isDirectory: true)
    let jobs = try arguments.requiredInt(.jobs, in: 1...Int.max)
    let date = try DateOption(arguments).date
    let option = arguments.string(.shard)
    let shard = try option.map { text throws(CLIError) in
      try CLIError.validating(ArgumentName.shard.display, text) { try Shard.resolve(option: text, environment: context.environment) }
    } ?? Shard.resolve(option: nil, environment: context.environment)

    let lockTimeout = try RecordCommand.lockTimeout(context)
    FreedMemory.keepForReuse(environment: context.environment)

    let reporter = context.stderrIsTerminal ? ProgressReporter(output: context.stderr, unit: "learners") : nil
    let options = NightlyOptions(
      date: date, jobs: jobs, shard: shard,
      lockTimeout: lockTimeout,
      progress: reporter.map { reporter in
        { @Sendable progress in reporter.update(done: progress.done, total: progress.total) }
      })
    let summary: NightlySummary
    do {
      summary = try NightlyRunner.run(root: root, planner: makePlanner(context), options: options)
      reporter?.finish()
    } catch {
      reporter?.finish()
      throw error
    }
    for failure in summary.failed {
      context.stderr.write(Warning.notPlanned(learner: failure.learner, reason: failure.reason))
    }
    context.stdout.write(JSONOutput.document(json(summary)))
    return summary.allPlanned ? ExitCode.success : ExitCode.partialFailure
  }

  /// The summary in the one JSON style (docs/operations.md lists the keys); seconds rounded
  /// to milliseconds, the rate to a tenth.
  static func json(_ s: NightlySummary) -> JSONNode {
    func rounded(_ x: Double, _ places: Double) -> JSONNode {
      let scale = pow(10, places)
      return .number(x.isFinite && x > 0 ? (x * scale).rounded() / scale : 0)
    }
    var dates = JSONObject()
    for day in s.dates.keys.sorted() { dates[day.description] = .number(Double(s.dates[day]!)) }
    let t = s.timings
    var o = JSONObject()
    o["version"] = .number(Double(NightlySummary.version))
    o["root"] = .string(s.root)
    o["shard"] = .string(s.shard.description)
    o["date"] = s.date.map { .string($0.description) } ?? .null
    o["dates"] = .object(dates)
    o["learners"] = .number(Double(s.learners))
    o["planned"] = .number(Double(s.planned))
    o["unchanged"] = .number(Double(s.unchanged))
    o["failed"] = .array(s.failed.map { .object(JSONObject(["learner": .string($0.learner), "reason": .string($0.reason)])) })
    o["skipped"] = .array(s.skipped.map(JSONNode.string))
    o["timings"] = .object(JSONObject([
      "learnersPerSecond": rounded(t.learnersPerSecond(s.learners), 1),
      "listingSeconds": rounded(t.listing, 3), "readingSeconds": rounded(t.reading, 3),
      "planningSeconds": rounded(t.planning, 3), "writingSeconds": rounded(t.writing, 3),
      "totalSeconds": rounded(t.total, 3),
    ]))
    return .object(o)
  }
}
