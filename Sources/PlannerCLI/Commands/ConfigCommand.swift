import Foundation
import LearnerStore
import PlannerCore

/// `planner config DIR [KEY [VALUE]]`: shows or changes one setting of a learner's profile.
enum ConfigCommand: PlannerCommand {
  static let spec = CommandSpec(
    name: "config",
    abstract: "Show or change a learner's settings (profile.json).",
    discussion: """
      With KEY and VALUE: validate, write the profile atomically and record a settings.changed
      event. With KEY only: print the value. With neither: print every setting.
      Keys: \(LearnerProfile.settingKeys.joined(separator: ", ")).
      Lists are comma-separated (quran.memorised: RANGE[@RATING],…; quran.target: RANGE@YYYY-MM-DD);
      an empty VALUE clears an optional setting.
      """,
    arguments: [
      .positional(.DIR, help: "The learner folder."),
      .positional(.KEY, help: "A dotted setting key, e.g. vocabulary.newWordsPerDay.", optional: true),
      .positional(.VALUE, help: "The new value.", optional: true),
      .option(.id, value: "ID", help: "Id of the settings.changed event (default: a new unique id)."),
    ])

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
    let dir = context.path(try arguments.require(.DIR))
    guard let key = arguments.positional(.KEY) else {
      let profile = try Learner.loadProfile(dir).0
      for key in LearnerProfile.settingKeys {
        context.stdout.write("\(key) = \(try profile.setting(key))\n")
      }
      return ExitCode.success
    }
    guard let value = arguments.positional(.VALUE) else {
      let profile = try Learner.loadProfile(dir).0
      context.stdout.write(try setting(key, to: nil) { try profile.setting(key) } + "\n")
      return ExitCode.success
    }
    let (previous, current) = try setting(key, to: value) {
      try Learner.configure(
        dir, key: key, value: value, now: context.now, id: arguments.string(.id),
        lockTimeout: try RecordCommand.lockTimeout(context))
    }
    context.stdout.write("\(key): \(previous.isEmpty ? "(unset)" : previous) -> \(current.isEmpty ? "(unset)" : current)\n")
    return ExitCode.success
  }

  /// Runs `body`, which reads or sets `key`; the engine's refusal of the key or of the value
  /// typed is a usage error (exit 64), naming the key, the value and what is expected.
  static func setting<T>(
    _ key: String, to value: String?, as argument: String = ArgumentName.KEY.display, _ body: () throws -> T
  ) throws -> T {
    do {
      return try body()
    } catch let error as PlanEngineError {
      guard case .invalidValue(_, let given, let expected) = error else { throw error }
      if !LearnerProfile.settingKeys.contains(key) {
        throw CLIError.invalid(
          argument, key, expected: "a setting key (listed by 'planner config --help')",
          suggestion: Suggestions.closest(to: key, among: LearnerProfile.settingKeys))
      }
      throw CLIError.invalid(key, given, expected: expected)
    }
  }
}
