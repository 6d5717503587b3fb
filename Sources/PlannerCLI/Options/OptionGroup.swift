/// Options several commands share, declared once with their parsing and validation, in the
/// spirit of swift-argument-parser's `OptionGroup`: a command lists `Group.arguments` in its
/// spec and reads `try Group(arguments)`, a typed value checked the same way everywhere.
protocol OptionGroup: Sendable {
  /// The declarations, for parsing and `--help`.
  static var arguments: [ArgumentSpec] { get }
  /// The typed values; a malformed or out-of-range value is a usage error (exit 64).
  init(_ arguments: ParsedArguments) throws(CLIError)
}
