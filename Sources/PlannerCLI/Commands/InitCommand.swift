import Foundation
import LearnerStore

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
      .positional("DIR", help: "The learner folder to create."),
      .option("id", value: "ID", help: "The learner's id (default: the folder name)."),
      .option("name", value: "NAME", help: "The learner's display name."),
      .option("timezone", value: "TZ", help: "IANA timezone, e.g. Europe/Kyiv.", default: "UTC"),
      .option("day-starts-at", value: "H", help: "Hour (0-23) at which a learning day starts.", default: "4"),
      .option("locale", value: "en|ar|uk", help: "Language of the plans.", default: "en"),
      .option("minutes", value: "M", help: "Daily time budget in minutes.", default: "30"),
      .option("set", value: "KEY=VALUE", help: "Any other setting (see 'planner config').", repeatable: true),
    ])

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
    let dir = context.path(try arguments.require("DIR"))
    let folderName = dir.split(separator: "/").last.map(String.init) ?? "learner"
    var profile = LearnerProfile(id: arguments.string("id") ?? folderName)
    try profile.set("timezone", to: try arguments.require("timezone"))
    try profile.set("dayStartHour", to: try arguments.require("day-starts-at"))
    try profile.set("locale", to: try arguments.require("locale"))
    try profile.set("dailyMinutes", to: try arguments.require("minutes"))
    if let name = arguments.string("name") { try profile.set("name", to: name) }
    for assignment in arguments.strings("set") {
      guard let eq = assignment.firstIndex(of: "=") else {
        throw CLIError.usage("--set expects KEY=VALUE, got '\(assignment)'")
      }
      try profile.set(String(assignment[..<eq]), to: String(assignment[assignment.index(after: eq)...]))
    }
    try Learner.create(dir, profile: profile)
    context.stdout.write("created learner '\(profile.id)' in \(dir) (\(profile.timezone), day starts at \(profile.dayStartHour < 10 ? "0" : "")\(profile.dayStartHour):00, \(profile.dailyMinutes) min/day)\n")
    return ExitCode.success
  }
}
