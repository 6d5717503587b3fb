import Foundation
import PlannerCLI

/// One in-process run of the command line: exit code and captured stdout and stderr.
public struct CLIRun: Sendable {
  public var code: Int32
  public var out: String
  public var err: String
  public init(code: Int32, out: String, err: String) {
    self.code = code
    self.out = out
    self.err = err
  }
}

/// The fixed clock of CLI tests unless one passes `now`: 2026-09-21T13:46:40Z.
public let cliTestNow = Date(timeIntervalSince1970: 1_790_000_000)

/// Runs `planner ARGUMENTS` in-process through `PlannerCLI.run`, capturing both streams.
/// The working folder defaults to this test process's temporary folder, so relative paths
/// never land in the real working directory or `$TMPDIR`.
public func runCLI(
  _ arguments: [String], environment: [String: String] = [:], now: Date = cliTestNow,
  in currentDirectory: String? = nil, stdin: [UInt8]? = nil, stderrIsTerminal: Bool = false
) -> CLIRun {
  let out = CLIOutput.capture(), err = CLIOutput.capture()
  let code = PlannerCLI.run(
    arguments, environment: environment, stdout: out, stderr: err, now: now,
    currentDirectory: currentDirectory ?? TemporaryFolder.root, stdin: stdin.map { .bytes($0) } ?? .empty,
    stderrIsTerminal: stderrIsTerminal)
  return CLIRun(code: code, out: out.text, err: err.text)
}
