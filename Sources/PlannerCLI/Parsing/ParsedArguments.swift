/// The result of parsing a command line against a ``CommandSpec``.
public struct ParsedArguments: Sendable {
  /// The command and subcommands chosen, e.g. `["record", "word", "add"]`.
  public var commandPath: [String]
  var optionValues: [String: [String]]
  var defaults: [String: String]
  var flags: Set<String>
  var positionalValues: [String: [String]]

  public init(
    commandPath: [String], options: [String: [String]] = [:], defaults: [String: String] = [:],
    flags: Set<String> = [], positionals: [String: [String]] = [:]
  ) {
    self.commandPath = commandPath
    self.optionValues = options
    self.defaults = defaults
    self.flags = flags
    self.positionalValues = positionals
  }

  /// The option's value (the last one given wins), or its declared default.
  public func string(_ name: String) -> String? {
    optionValues[name]?.last ?? defaults[name]
  }

  /// Every value given for a repeatable option, in order.
  public func strings(_ name: String) -> [String] {
    optionValues[name] ?? []
  }

  /// Whether the option was given explicitly (not just defaulted).
  public func isGiven(_ name: String) -> Bool {
    optionValues[name] != nil || flags.contains(name)
  }

  public func flag(_ name: String) -> Bool { flags.contains(name) }

  public func positional(_ name: String) -> String? { positionalValues[name]?.first }

  public func positionals(_ name: String) -> [String] { positionalValues[name] ?? [] }

  /// The option (or positional) value as an integer; a usage error if it is not one.
  public func int(_ name: String) throws(CLIError) -> Int? {
    guard let text = string(name) ?? positional(name) else { return nil }
    guard let value = Int(text) else {
      throw .usage("--\(name) expects a whole number, got '\(text)'")
    }
    return value
  }

  /// The option (or positional) value as a finite number; a usage error if it is not one.
  public func double(_ name: String) throws(CLIError) -> Double? {
    guard let text = string(name) ?? positional(name) else { return nil }
    guard let value = Double(text), value.isFinite else {
      throw .usage("--\(name) expects a number, got '\(text)'")
    }
    return value
  }

  /// The option or positional value, or a usage error naming what is missing.
  public func require(_ name: String) throws(CLIError) -> String {
    if let v = string(name) ?? positional(name) { return v }
    let shown = name == name.uppercased() ? "<\(name)>" : "--\(name)"
    throw .usage("missing \(shown)")
  }
}
