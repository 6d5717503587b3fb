import Foundation
import PlannerCore

/// The `planner` command-line tool as a library: parse, run, report, choose the exit code.
public enum PlannerCLI {
  static var rootSpec: CommandSpec {
    CommandSpec(
      name: HelpFormatter.toolName,
      abstract: "Adaptive learning plans: Quran memorization and vocabulary, on FSRS-6.",
      discussion: "Run 'planner <subcommand> --help' for the options of each subcommand.",
      subcommands: commands.map { $0.spec })
  }

  /// Runs `planner` with `arguments` (without the program name). Nothing here touches the
  /// process's own streams, environment or clock: tests pass them in.
  public static func run(
    _ arguments: [String],
    environment: [String: String] = [:],
    stdout: CLIOutput,
    stderr: CLIOutput,
    now: Date = Date(),
    currentDirectory: String = FileManager.default.currentDirectoryPath,
    stdin: CLIInput = .empty,
    stderrIsTerminal: Bool = false
  ) -> Int32 {
    defer {
      stdout.flush()
      stderr.flush()
    }
    if arguments.first == "--version" {
      stdout.write("planner \(PlanEngine.version)\n")
      return ExitCode.success
    }
    let root = rootSpec
    let parser = ArgumentParser(root: root)
    let wantsJSON = FormatOption.requested(in: arguments)
    switch parser.parse(arguments) {
    case .failure(let failure):
      report(failure.error, specPath: failure.specPath, json: wantsJSON, stderr: stderr)
      return ExitCode.usage
    case .success(.help(let path)):
      stdout.write(HelpFormatter.help(path))
      return ExitCode.success
    case .success(.run(let parsed, let path)):
      guard let command = commands.first(where: { $0.spec.name == parsed.commandPath.first }) else {
        return ExitCode.failure
      }
      let context = CommandContext(
        environment: environment, now: now, currentDirectory: currentDirectory, stdout: stdout,
        stderr: stderr, stderrIsTerminal: stderrIsTerminal, stdin: stdin)
      do {
        return try command.run(parsed, context: context)
      } catch {
        report(error, specPath: path, json: wantsJSON || parsed.string(.format) == "json", stderr: stderr)
        if case CLIError.usage = error { return ExitCode.usage }
        return ExitCode.failure
      }
    }
  }

  /// The process entry point used by `planner/main.swift`.
  public static func main() -> Never {
    let code = run(
      Array(CommandLine.arguments.dropFirst()),
      environment: ProcessInfo.processInfo.environment,
      stdout: .standardOutput(),
      stderr: .standardError(),
      stdin: .standardInput,
      stderrIsTerminal: isatty(2) == 1)
    exit(code)
  }

  /// Prints an error on stderr, as text or (with `--format json`) as one JSON object.
  static func report(_ error: any Error, specPath: [CommandSpec], json: Bool, stderr: CLIOutput) {
    let diagnostic = Diagnostic(error)
    if json {
      stderr.write(diagnostic.json + "\n")
      return
    }
    if case CLIError.usage(let message, let suggestion) = error {
      stderr.write("planner: error: \(message)\n")
      stderr.write("Usage: \(HelpFormatter.usageLine(specPath))\n")
      if let suggestion { stderr.write("  Did you mean '\(suggestion)'?\n") }
      let prefix = ([HelpFormatter.toolName] + specPath.dropFirst().map(\.name)).joined(separator: " ")
      stderr.write("  See '\(prefix) --help'.\n")
    } else {
      stderr.write("planner: error: \(diagnostic.message)\n")
    }
  }
}
