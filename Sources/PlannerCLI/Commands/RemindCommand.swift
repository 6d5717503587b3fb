import Foundation
import DailyPlanning
import LearnerStore
import Vocabulary

/// `planner remind DIR [--at TIME] [--format text|json]`: the next reminder from now, taking the
/// day's events into account (what was shown, answered, failed since the nightly plan).
enum RemindCommand: PlannerCommand {
  static let spec = CommandSpec(
    name: "remind",
    abstract: "Show the next vocabulary reminder: when, which word, in which mode, with which text.",
    arguments: [
      .positional(.DIR, help: "The learner's folder.")
    ] + AtOption.arguments + FormatOption.arguments)

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
    let dir = context.path(try arguments.require(.DIR))
    let format = try FormatOption(arguments)
    let at = try AtOption(arguments)
    // The state `today` plans on (parameters in force): the same recall, so the same priorities.
    let learner = try LearnerDailyPlanner.load(dir)
    let now = VocabularyCLI.date(at.time(or: context.now, timezone: learner.profile.timezone))
    // The day's start state from the snapshot's recent events, or (a day older than the
    // snapshot's watermark, a refit) from the history.
    let (input, events): (ReminderScheduler.Input, [ReminderDayEvent])
    if learner.events.isEmpty, let fromSnapshot = try learner.recentReminderContext(now: now) {
      (input, events) = fromSnapshot
    } else {
      let history = learner.events.isEmpty ? try Learner.history(dir).events : learner.events
      (input, events) = try learner.reminderContext(history: history, now: now)
    }
    let next = try ReminderScheduler.nextReminder(input, after: now, todaysEvents: events)
    if format.isJSON {
      context.stdout.write(JSONOutput.document(Output(version: 1, reminder: next)))
      return 0
    }
    guard let r = next else {
      context.stdout.write("No reminder due: no word to remind of before tomorrow's waking hours end.\n")
      return 0
    }
    context.stdout.write("""
      \(r.localTime)  \(r.mode.rawValue)
      \(r.text)
      actions: \(r.actions.map(\.rawValue).joined(separator: ", "))

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
