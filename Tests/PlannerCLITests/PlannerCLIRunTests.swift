import Foundation
import Testing
import TestSupport
@testable import PlannerCLI

@Suite("planner runner: version, help, usage errors, exit codes")
struct PlannerCLIRunTests {
  static func run(_ args: [String]) -> CLIRun { runCLI(args) }

  @Test func version() {
    let r = Self.run(["--version"])
    #expect(r.code == 0)
    #expect(r.out == "planner 0.1.0\n")
    #expect(r.err.isEmpty)
  }

  @Test func toolHelpListsEverySubcommand() {
    let r = Self.run(["--help"])
    #expect(r.code == 0)
    #expect(r.out.hasPrefix("OVERVIEW: Adaptive learning plans"))
    for command in PlannerCLI.commands {
      #expect(r.out.contains("  \(command.spec.name) "), "help lists \(command.spec.name)")
    }
    #expect(Self.run([]).out == r.out)
  }

  @Test func everySubcommandHasHelp() {
    for command in PlannerCLI.commands {
      let r = Self.run([command.spec.name, "--help"])
      #expect(r.code == 0)
      #expect(r.out.hasPrefix("OVERVIEW: \(command.spec.abstract)\n"))
      #expect(r.out.contains("USAGE: planner \(command.spec.name)"))
    }
  }

  @Test func unknownCommandIsAUsageErrorWithAHint() {
    let r = Self.run(["--verison"])
    #expect(r.code == 64)
    #expect(r.out.isEmpty)
    #expect(
      r.err == """
        planner: error: unknown option '--verison'
        Usage: planner <subcommand>
          Did you mean '--version'?
          See 'planner --help'.

        """)
  }

  @Test func usageErrorsAsJSON() {
    let r = Self.run(["nosuchcommand", "--format", "json"])
    #expect(r.code == 64)
    #expect(r.err == "{\"error\":{\"code\":\"usage\",\"exitCode\":64,\"message\":\"unknown command 'nosuchcommand'\"}}\n")
  }

  @Test func diagnosticJSONEscapes() {
    let json = Diagnostic(CLIError.failure("a\"b\\c\nd\u{1}")).json
    #expect(json == #"{"error":{"code":"failure","exitCode":1,"message":"a\"b\\c\nd\u0001"}}"#)
  }
}
