import Foundation
import LearnerStore
import PlannerCore

/// `planner init DIR`: creates a learner folder with a profile and an empty history.
enum InitCommand: PlannerCommand {
  static let spec = CommandSpec(
    name: "init",
    abstract: "Create a learner folder (profile.json and an empty events.jsonl).",
    discussion: """
      Any setting of 'planner config' can be given with --set KEY=VALUE (repeatable).
      Example: planner init learners/amina --timezone Europe/Kyiv --locale uk --minutes 30
      """,
    arguments: [
      .positional(.DIR, help: "The learner folder to create."),
      .option(.id, value: "ID", help: "The learner's id (default: the folder name)."),
      .option(.name, value: "NAME", help: "The learner's display name."),
    ] + ClockOptions.arguments + [
      LocaleOption.declaration(help: "Language of the plans.", default: "en"),
      .option(.minutes, value: "M", help: "Daily time budget in minutes.", default: "30"),
      .option(.set, value: "KEY=VALUE", help: "Any other setting (see 'planner config').", repeatable: true),
    ])

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
    let dir = context.path(try arguments.require(.DIR))
    let folderName = dir.split(separator: "/").last.map(String.init) ?? "learner"
    var profile = LearnerProfile(id: arguments.string(.id) ?? folderName)
    let clock = try ClockOptions(arguments)
    profile.timezone = clock.timezone
    profile.dayStartHour = clock.dayStartHour
    // Every setting typed, validated together (``LearnerProfile/set(_:today:)``): the options
    // first, then --set in the order given; the Quran's share follows --minutes.
    let locale = (try LocaleOption(arguments).locale ?? .english).rawValue
    try CLIError.validating(ArgumentName.locale.display, locale) { try profile.set("locale", to: locale) }
    let minutes = try arguments.require(.minutes)
    try CLIError.validating(ArgumentName.minutes.display, minutes) { try profile.set("dailyMinutes", to: minutes) }
    if let name = arguments.string(.name) {
      try CLIError.validating(ArgumentName.name.display, name) { try profile.set("name", to: name) }
    }
    let changes = try ConfigCommand.assignments(arguments.strings(.set))
    if let first = changes.first {
      // A goal the --set starts begins on the learner's day now (as `planner config`'s would).
      var clock = LearningDayClock(profile: profile)
      let today = EpochDay(clock.day(atMillis: Int64((context.now.timeIntervalSince1970 * 1000).rounded(.down))))
      try ConfigCommand.setting(first.key, to: first.value, among: changes) { try profile.set(changes, today: today) }
    }
    try Learner.create(dir, profile: profile)
    context.stdout.write("created learner '\(profile.id)' in \(dir) (\(profile.timezone), day starts at \(profile.dayStartHour < 10 ? "0" : "")\(profile.dayStartHour):00, \(profile.dailyMinutes) min/day)\n")
    return ExitCode.success
  }
}
