/// A `planner` subcommand: a declaration and a function. One file per command in `Commands/`.
public protocol PlannerCommand: Sendable {
  /// Drives parsing and `--help`.
  static var spec: CommandSpec { get }
  /// Runs the command; returns the exit code (0, or 2 for a batch where some items failed).
  /// Failures are thrown: the runner prints them and chooses the exit code.
  static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32
}
