/// Errors of the command-line layer. Other layers' errors (`PlanEngineError`,
/// `MemoryModelsError`) pass through and are shown as failures (exit 1).
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

/// The process exit codes planner uses (documented in docs/cli.md).
public enum ExitCode {
  public static let success: Int32 = 0
  public static let failure: Int32 = 1
  /// A batch (nightly, record --events with --skip-invalid) where some items failed.
  public static let partialFailure: Int32 = 2
  /// The command line was wrong (sysexits EX_USAGE).
  public static let usage: Int32 = 64
}
