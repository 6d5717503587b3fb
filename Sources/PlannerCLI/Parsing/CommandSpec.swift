/// The declaration of a command: its name, help text, arguments and subcommands.
public struct CommandSpec: Sendable, Hashable {
  public var name: String
  /// One line, shown in the parent's list and at the top of `--help`.
  public var abstract: String
  /// Longer text for `--help`.
  public var discussion: String
  public var arguments: [ArgumentSpec]
  public var subcommands: [CommandSpec]
  /// Whether the command also runs without one of its subcommands (`record DIR --events F`).
  public var runsWithoutSubcommand: Bool

  public init(
    name: String, abstract: String, discussion: String = "", arguments: [ArgumentSpec] = [],
    subcommands: [CommandSpec] = [], runsWithoutSubcommand: Bool = false
  ) {
    self.runsWithoutSubcommand = runsWithoutSubcommand
    self.name = name
    self.abstract = abstract
    self.discussion = discussion
    self.arguments = arguments
    self.subcommands = subcommands
  }

  var positionals: [ArgumentSpec] { arguments.filter(\.isPositional) }
  var options: [ArgumentSpec] { arguments.filter(\.isOptionOrFlag) }

  func subcommand(named name: String) -> CommandSpec? {
    subcommands.first { $0.name == name }
  }
}
