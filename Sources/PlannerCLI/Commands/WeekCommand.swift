import Foundation
import DailyPlanning
import Localization
import PlannerCore

/// `planner week DIR [--date D] [--format text|json] [--locale L]`: the next seven days' sabaq,
/// sabqi and manzil, one line a day, as a teacher writes them on a card (``WeekView``).
enum WeekCommand: PlannerCommand {
  static let spec = CommandSpec(
    name: "week",
    abstract: "Print the next seven days' new lesson, recent and old revision, one line a day.",
    discussion: """
      Each day is planned by the same code as 'planner today', assuming every day before it is \
      done as planned and passes (no grade is known yet: real grades change the days after). \
      Starts on --date, or the learner's own today. Records nothing. See docs/cli.md.
      """,
    arguments: [.positional(.DIR, help: "The learner folder.")]
      + DateOption.arguments + FormatOption.arguments + LocaleOption.arguments)

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
    let format = try FormatOption(arguments)
    let locale = try LocaleOption(arguments).locale
    let date = try DateOption(arguments).date
    let loaded = try LearnerDailyPlanner.load(context.path(try arguments.require(.DIR)))
    if let torn = loaded.torn { context.stderr.write(Warning.tornLine(line: torn.line, bytes: torn.bytes.count)) }
    let start = date ?? LearnerDailyPlanner.today(loaded.profile, now: context.now)
    let week = try WeekView.plan(loaded, from: start)
    if format.isJSON {
      context.stdout.write(JSONOutput.document(week))
    } else {
      context.stdout.write(week.text(locale: locale ?? loaded.profile.locale))
    }
    return ExitCode.success
  }
}
