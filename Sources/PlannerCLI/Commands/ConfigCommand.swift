import Foundation
import LearnerStore
import PlannerCore

/// `planner config DIR [KEY [VALUE [KEY VALUE]…]]`: shows a learner's settings, or changes one
/// or several of them together.
enum ConfigCommand: PlannerCommand {
  static let spec = CommandSpec(
    name: "config",
    abstract: "Show or change a learner's settings (profile.json).",
    discussion: """
      With KEY and VALUE (more KEY VALUE pairs may follow): validate the settings together, in
      any order, write the profile atomically and record a settings.changed event for each. With
      KEY only: print the value. With neither: print every setting.
      Keys: \(LearnerProfile.settingKeys.joined(separator: ", ")).
      Lists are comma-separated (quran.memorised: RANGE[@RATING],…; quran.target: RANGE@YYYY-MM-DD);
      an empty VALUE clears an optional setting.
      """,
    arguments: [
      .positional(.DIR, help: "The learner folder."),
      .positional(.KEY, help: "A dotted setting key, e.g. vocabulary.newWordsPerDay.", optional: true),
      .positional(.VALUE, help: "The new value, then more KEY VALUE pairs to set together.", optional: true, variadic: true),
      .option(.id, value: "ID", help: "Id of the settings.changed event (default: a new unique id); ID.2, ID.3, … for the next pairs."),
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
    let rest = Array(arguments.positionals(.VALUE).dropFirst())
    guard rest.count % 2 == 0 else {
      throw CLIError.usage("'\(rest.last!)' has no value: give KEY VALUE pairs (an empty VALUE, '', clears a setting)")
    }
    var changes = [(key: key, value: value)]
    for k in stride(from: 0, to: rest.count, by: 2) { changes.append((rest[k], rest[k + 1])) }
    try checkKeys(changes.map(\.key))
    let done = try setting(key, to: value, among: changes) {
      try Learner.configure(
        dir, changes: changes, now: context.now, id: arguments.string(.id),
        lockTimeout: try RecordCommand.lockTimeout(context))
    }
    for (key, previous, current) in done {
      context.stdout.write("\(key): \(previous.isEmpty ? "(unset)" : previous) -> \(current.isEmpty ? "(unset)" : current)\n")
    }
    return ExitCode.success
  }

  /// Refuses a key that is not a setting (exit 64), suggesting the closest.
  /// `--set KEY=VALUE` options (init, simulate) as settings, each key checked (exit 64 otherwise).
  static func assignments(_ given: [String]) throws -> [(key: String, value: String)] {
    var changes: [(key: String, value: String)] = []
    for assignment in given {
      guard let eq = assignment.firstIndex(of: "=") else {
        throw CLIError.invalid(ArgumentName.set.display, assignment, expected: "KEY=VALUE, e.g. vocabulary.newWordsPerDay=5")
      }
      changes.append((String(assignment[..<eq]), String(assignment[assignment.index(after: eq)...])))
    }
    try checkKeys(changes.map(\.key), as: ArgumentName.set.display + " KEY")
    return changes
  }

  static func checkKeys(_ keys: [String], as argument: String = ArgumentName.KEY.display) throws {
    for key in keys where !LearnerProfile.settingKeys.contains(key) {
      throw CLIError.invalid(
        argument, key, expected: "a setting key (listed by 'planner config --help')",
        suggestion: Suggestions.closest(to: key, among: LearnerProfile.settingKeys))
    }
  }

  /// Runs `body`, which reads or sets `key` (with the other `changes` of the same batch); the
  /// engine's refusal of a key or of a value typed is a usage error (exit 64), naming the key at
  /// fault, the value and what is expected.
  static func setting<T>(
    _ key: String, to value: String?, among changes: [(key: String, value: String)] = [],
    as argument: String = ArgumentName.KEY.display, _ body: () throws -> T
  ) throws -> T {
    do {
      return try body()
    } catch let error as PlanEngineError {
      guard case .invalidValue(let keyPath, let given, let expected) = error else { throw error }
      try checkKeys([key], as: argument)
      let named = LearnerProfile.settingKeys.contains(keyPath) ? keyPath : key
      throw CLIError.invalid(named, given, expected: expected)
    }
  }
}
