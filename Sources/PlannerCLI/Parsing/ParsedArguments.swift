/// The result of parsing a command line against a ``CommandSpec``.
///
/// Look-ups take an ``ArgumentName``: a misspelt name does not compile. Typed values of the
/// options several commands share come from the option groups in `Options/`.
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
  public func string(_ name: ArgumentName) -> String? {
    optionValues[name.rawValue]?.last ?? defaults[name.rawValue]
  }

  /// Every value given for a repeatable option, in order.
  public func strings(_ name: ArgumentName) -> [String] {
    optionValues[name.rawValue] ?? []
  }

  /// Whether the option was given explicitly (not just defaulted).
  public func isGiven(_ name: ArgumentName) -> Bool {
    optionValues[name.rawValue] != nil || flags.contains(name.rawValue)
  }

  public func flag(_ name: ArgumentName) -> Bool { flags.contains(name.rawValue) }

  public func positional(_ name: ArgumentName) -> String? { positionalValues[name.rawValue]?.first }

  public func positionals(_ name: ArgumentName) -> [String] { positionalValues[name.rawValue] ?? [] }

  /// The option (or positional) value as an integer; a usage error if it is not one or lies
  /// outside `range`.
  public func int(_ name: ArgumentName, in range: ClosedRange<Int>? = nil) throws(CLIError) -> Int? {
    guard let text = string(name) ?? positional(name) else { return nil }
    guard let value = Int(text), range.map({ $0.contains(value) }) ?? true else {
      throw .invalid(name.display, text, expected: Self.describe(range))
    }
    return value
  }

  /// Like ``int(_:in:)`` for an option that always has a value (a declared default).
  public func requiredInt(_ name: ArgumentName, in range: ClosedRange<Int>? = nil) throws(CLIError) -> Int {
    guard let value = try int(name, in: range) else { throw .usage("missing \(name.display)") }
    return value
  }

  /// The option (or positional) value as a finite number; a usage error if it is not one.
  public func double(_ name: ArgumentName) throws(CLIError) -> Double? {
    guard let text = string(name) ?? positional(name) else { return nil }
    guard let value = Double(text), value.isFinite else {
      throw .invalid(name.display, text, expected: "a number")
    }
    return value
  }

  /// The option or positional value, or a usage error naming what is missing.
  public func require(_ name: ArgumentName) throws(CLIError) -> String {
    if let v = string(name) ?? positional(name) { return v }
    throw .usage("missing \(name.display)")
  }

  /// Runs an engine validation of the value of `name` (a date, a locale, a timezone, a range);
  /// an invalid value becomes a usage error naming the option as typed.
  public func validated<T>(
    _ name: ArgumentName, suggestions: [String] = [], _ parse: (String) throws -> T
  ) throws(CLIError) -> T? {
    guard let text = string(name) ?? positional(name) else { return nil }
    return try CLIError.validating(name.display, text, suggestions: suggestions) { try parse(text) }
  }

  static func describe(_ range: ClosedRange<Int>?) -> String {
    guard let range else { return "a whole number" }
    if range.upperBound == Int.max { return "a whole number of at least \(range.lowerBound)" }
    return "a whole number from \(range.lowerBound) to \(range.upperBound)"
  }
}
