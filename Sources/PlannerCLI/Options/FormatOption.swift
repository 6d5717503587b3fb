/// What `--format` may name.
enum OutputFormat: String, Sendable, CaseIterable {
  case text, json, csv
}

/// `--format text|json`: the text for people, or JSON in the one style of docs/cli.md.
struct FormatOption: OptionGroup {
  static let arguments: [ArgumentSpec] = [declaration([.text, .json])]

  /// `--format` for a command that also accepts other formats (simulate's csv).
  static func declaration(_ formats: [OutputFormat]) -> ArgumentSpec {
    let names = formats.map(\.rawValue)
    return .option(.format, value: names.joined(separator: "|"), help: "Output format (JSON: docs/cli.md).", default: "text")
  }

  var format: OutputFormat
  var isJSON: Bool { format == .json }

  init(_ arguments: ParsedArguments) throws(CLIError) {
    try self.init(arguments, allowed: [.text, .json])
  }

  init(_ arguments: ParsedArguments, allowed: [OutputFormat]) throws(CLIError) {
    let text = arguments.string(.format) ?? "text"
    guard let format = OutputFormat(rawValue: text), allowed.contains(format) else {
      throw .notOneOf(ArgumentName.format.display, text, choices: allowed.map(\.rawValue))
    }
    self.format = format
  }

  /// Whether the raw command line asks for JSON, for errors found before or while parsing.
  static func requested(in arguments: [String]) -> Bool {
    for (i, a) in arguments.enumerated() {
      if a == "--" { return false }
      if a == "--format=json" { return true }
      if a == "--format", i + 1 < arguments.count, arguments[i + 1] == "json" { return true }
    }
    return false
  }
}
