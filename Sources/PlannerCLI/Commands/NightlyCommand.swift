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
      .positional("ROOT", help: "The folder holding one folder per learner."),
      .option("date", value: "YYYY-MM-DD", help: "Plan every learner for this date instead of their own."),
      .option("jobs", value: "N", help: "Learners planned in parallel (use the number of cores).", default: "1"),
      .option("shard", value: "K/N",
              help: "Plan only shard K of N (FNV-1a of the folder name). Default: from JOB_COMPLETION_INDEX/JOB_COMPLETIONS or the SLURM_ARRAY_TASK_* variables, else 1/1."),
    ])

  public static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
    let root = URL(fileURLWithPath: context.path(try arguments.require("ROOT")), isDirectory: true)
    let jobs = try arguments.int("jobs") ?? 1
    guard jobs >= 1 else { throw CLIError.usage("--jobs expects at least 1, got \(jobs)") }
    let shard = try Shard.resolve(option: arguments.string("shard"), environment: context.environment)
    var date: EpochDay?
    if let text = arguments.string("date") { date = try EpochDay(parsing: text, keyPath: "--date") }

    let reporter = context.stderrIsTerminal ? ProgressReporter(output: context.stderr, unit: "learners") : nil
    let options = NightlyOptions(
      date: date, jobs: jobs, shard: shard,
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
      context.stderr.write("planner: nightly: learner '\(failure.learner)' was not planned: \(failure.reason)\n")
    }
    context.stdout.write(summary.json + "\n")
    return summary.allPlanned ? ExitCode.success : ExitCode.partialFailure
  }
}
