import Foundation
import DailyPlanning
import Localization
import PlannerCore

/// `planner today DIR [--date D] [--format text|json] [--locale en|ar|uk]` and
/// `planner today --demo`: the day's plan (docs/plans.md).
enum TodayCommand: PlannerCommand {
  static let spec = CommandSpec(
    name: "today",
    abstract: "Print a learner's plan for the day: Quran and vocabulary within their minutes.",
    discussion: """
      Without --date, the learner's own learning day now (their timezone and day-start hour). \
      --demo plans the demo learner embedded in planner, on the demo's own date unless --date \
      is given. The JSON is what `planner nightly` writes to plans/DATE.json. See docs/plans.md.
      """,
    arguments: [
      .positional(.DIR, help: "The learner folder (omit with --demo).", optional: true),
      .flag(.demo, help: "Plan the demo learner shipped with planner."),
      .option(.deck, value: "TAG", help: "Study one deck: only the words with this tag (docs/vocabulary.md)."),
    ] + DateOption.arguments + FormatOption.arguments + LocaleOption.arguments)

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
    let format = try FormatOption(arguments)
    let locale = try LocaleOption(arguments).locale
    var date = try DateOption(arguments).date
    var loaded: LearnerDailyPlanner.Loaded
    if arguments.flag(.demo) {
      if arguments.positional(.DIR) != nil { throw CLIError.usage("--demo plans the embedded demo learner: give no DIR") }
      loaded = try DemoLearner.load()
      date = date ?? DemoLearner.day
    } else {
      guard let dir = arguments.positional(.DIR) else { throw CLIError.usage("give a learner folder DIR, or --demo") }
      loaded = try LearnerDailyPlanner.load(context.path(dir))
      if let torn = loaded.torn {
        context.stderr.write(Warning.tornLine(line: torn.line, bytes: torn.bytes.count))
      }
    }
    if let raw = arguments.string(.deck) {
      let deck = try VocabularyCLI.deck(raw, name: .deck, words: loaded.vocabularyWords)
      loaded.state = loaded.state.studying(deck: deck)
    }
    let plan = try LearnerDailyPlanner(now: context.now).dailyPlan(loaded, date: date)
    if format.isJSON {
      // plan.jsonBytes() is the plan file's encoding, the same style as JSONOutput.document.
      context.stdout.write(String(decoding: plan.jsonBytes(), as: UTF8.self))
    } else {
      context.stdout.write(plan.text(locale: locale ?? PlanLocale(rawValue: plan.locale) ?? .english))
    }
    return ExitCode.success
  }
}
