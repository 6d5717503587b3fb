import Foundation
import DailyPlanning
import LearnerStore
import Localization
import Vocabulary

/// `planner remind DIR [--at TIME] [--format text|json] [--locale L]`: the next reminder from now, taking the
/// day's events into account (what was shown, answered, failed since the nightly plan).
enum RemindCommand: PlannerCommand {
  static let spec = CommandSpec(
    name: "remind",
    abstract: "Show the next vocabulary reminder: when, which word, in which mode, with which text.",
    arguments: [
      .positional(.DIR, help: "The learner's folder.")
    ] + AtOption.arguments + FormatOption.arguments + LocaleOption.arguments)

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
    let dir = context.path(try arguments.require(.DIR))
    let format = try FormatOption(arguments)
    let at = try AtOption(arguments)
    let locale = try LocaleOption(arguments).locale
    let profile = try Learner.loadProfile(dir).0
    let now = VocabularyCLI.date(at.time(or: context.now, timezone: profile.timezone))
    // The state `today` plans on (parameters in force): the same recall, so the same priorities.
    let learner = try LearnerDailyPlanner.load(dir)
    let history = learner.events.isEmpty ? try Learner.history(dir).events : learner.events
    let (input, events) = try learner.reminderContext(history: history, now: now)
    let next = try ReminderScheduler.nextReminder(input, after: now, todaysEvents: events)
    if format.isJSON {
      context.stdout.write(JSONOutput.document(Output(version: 1, reminder: next)))
      return 0
    }
    let l = Localizer(locale: locale ?? profile.locale)
    guard let r = next else {
      context.stdout.write(l.string(.remindNone) + "\n")
      return 0
    }
    let mode = l.string(r.mode == .hint ? .remindModeHint : .remindModeTranslation)
    let actions = r.actions.map { action -> String in
      switch action {
      case .checkMe: l.string(.remindActionCheckMe)
      case .iKnow: l.string(.remindActionIKnow)
      case .iDontKnow: l.string(.remindActionIDontKnow)
      }
    }
    context.stdout.write("""
      \(l.format(.text(r.localTime)))  \(mode)
      \(l.format(.text(r.text)))
      \(l.string(.remindActions, ["actions": .text(actions.joined(separator: ", "))]))

      """)
    return 0
  }

  struct Output: Encodable {
    var version: Int
    var reminder: Reminder?

    enum CodingKeys: String, CodingKey { case version, reminder }

    /// `reminder` is written as null when there is none, not left out.
    func encode(to encoder: any Encoder) throws {
      var c = encoder.container(keyedBy: CodingKeys.self)
      try c.encode(version, forKey: .version)
      try c.encode(reminder, forKey: .reminder)
    }
  }
}
