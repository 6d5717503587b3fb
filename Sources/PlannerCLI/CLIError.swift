import PlannerCore

/// Errors of the command-line layer. Other layers' errors (`PlanEngineError`,
/// `MemoryModelsError`) pass through and are shown as failures (exit 1), except where the CLI
/// validated a value typed on the command line: those become ``usage(_:suggestion:)`` (exit 64).
public enum CLIError: Error, Sendable, Equatable {
  /// The command line itself is wrong: exit 64 with the usage line and a hint.
  case usage(String, suggestion: String? = nil)
  /// The command ran and failed: exit 1.
  case failure(String)
}

extension CLIError: CustomStringConvertible {
  public var description: String {
    switch self {
    case .usage(let message, _), .failure(let message): return message
    }
  }
}

extension CLIError {
  /// The one shape of a bad value: `--date: '2026-02-30' is not valid: expected …`.
  public static func invalid(
    _ argument: String, _ given: String, expected: String, suggestion: String? = nil
  ) -> CLIError {
    .usage("\(argument): '\(given)' is not valid: expected \(expected)", suggestion: suggestion)
  }

  /// A value not among `choices`: names them and suggests the closest.
  public static func notOneOf(_ argument: String, _ given: String, choices: [String]) -> CLIError {
    invalid(
      argument, given, expected: "one of " + choices.joined(separator: ", "),
      suggestion: Suggestions.closest(to: given, among: choices))
  }

  /// Runs an engine validation of a value typed as `argument`; the engine's verdict on the
  /// value (not on a file) becomes a usage error naming `argument`, the value and what was
  /// expected, with the closest of `suggestions` if one is close.
  public static func validating<T>(
    _ argument: String, _ given: String, suggestions: [String] = [], _ body: () throws -> T
  ) throws(CLIError) -> T {
    do {
      return try body()
    } catch let error as CLIError {
      throw error
    } catch {
      guard let usage = usageError(from: error, argument: argument, given: given, suggestions: suggestions) else {
        throw .failure(String(describing: error))
      }
      throw usage
    }
  }

  /// The usage error for an engine error about a value typed on the command line, or nil when
  /// the error is about data (a file, a learner).
  static func usageError(from error: any Error, argument: String, given: String, suggestions: [String] = []) -> CLIError? {
    guard let e = error as? PlanEngineError else { return nil }
    let suggestion = Suggestions.closest(to: given, among: suggestions)
    switch e {
    case .invalidValue(_, let value, let expected):
      return invalid(argument, value, expected: expected, suggestion: suggestion)
    case .malformed(_, _, _, let expected):
      return invalid(argument, given, expected: expected, suggestion: suggestion)
    case .unknownQuranReference(_, let reason):
      return invalid(argument, given, expected: "a range in the Quran (\(reason))")
    default:
      return nil
    }
  }
}

/// The process exit codes planner uses (documented in docs/cli.md).
public enum ExitCode {
  public static let success: Int32 = 0
  public static let failure: Int32 = 1
  /// A batch (nightly) where some items failed.
  public static let partialFailure: Int32 = 2
  /// The command line was wrong (sysexits EX_USAGE).
  public static let usage: Int32 = 64
}
