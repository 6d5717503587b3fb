/// One declared argument of a command: an option with a value, a flag, or a positional.
///
/// The same declaration drives parsing, validation and `--help`.
public struct ArgumentSpec: Sendable, Hashable {
  public enum Kind: Sendable, Hashable {
    /// `--name VALUE` or `--name=VALUE`.
    case option(valueName: String, defaultValue: String?, repeatable: Bool, required: Bool)
    /// `--name`, no value.
    case flag
    /// A bare word in a fixed place.
    case positional(optional: Bool, variadic: Bool)
  }

  /// The option's long name without dashes, or the positional's display name.
  public var name: String
  public var kind: Kind
  public var help: String

  public static func option(
    _ name: ArgumentName, value: String = "VALUE", help: String, default defaultValue: String? = nil,
    repeatable: Bool = false, required: Bool = false
  ) -> ArgumentSpec {
    ArgumentSpec(
      name: name.rawValue,
      kind: .option(valueName: value, defaultValue: defaultValue, repeatable: repeatable, required: required),
      help: help)
  }

  public static func flag(_ name: ArgumentName, help: String) -> ArgumentSpec {
    ArgumentSpec(name: name.rawValue, kind: .flag, help: help)
  }

  public static func positional(_ name: ArgumentName, help: String, optional: Bool = false, variadic: Bool = false)
    -> ArgumentSpec
  {
    ArgumentSpec(name: name.rawValue, kind: .positional(optional: optional, variadic: variadic), help: help)
  }

  var isPositional: Bool {
    if case .positional = kind { return true }
    return false
  }

  var isOptionOrFlag: Bool { !isPositional }
}
