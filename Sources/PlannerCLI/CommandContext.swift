import Foundation

/// Everything a command may touch outside its arguments, passed in so tests control it.
public struct CommandContext: Sendable {
  public var environment: [String: String]
  /// The clock: the moment the command runs.
  public var now: Date
  public var currentDirectory: String
  public var stdout: CLIOutput
  public var stderr: CLIOutput
  /// Progress lines go to stderr only when it is a terminal.
  public var stderrIsTerminal: Bool
  public var stdin: CLIInput

  public init(
    environment: [String: String], now: Date, currentDirectory: String, stdout: CLIOutput,
    stderr: CLIOutput, stderrIsTerminal: Bool = false, stdin: CLIInput = .empty
  ) {
    self.environment = environment
    self.now = now
    self.currentDirectory = currentDirectory
    self.stdout = stdout
    self.stderr = stderr
    self.stderrIsTerminal = stderrIsTerminal
    self.stdin = stdin
  }

  /// Resolves `path` against the current directory (absolute paths pass through).
  public func path(_ path: String) -> String {
    if path.hasPrefix("/") || currentDirectory.isEmpty { return path }
    return currentDirectory.hasSuffix("/") ? currentDirectory + path : currentDirectory + "/" + path
  }
}
