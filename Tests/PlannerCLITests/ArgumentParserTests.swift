import Testing
@testable import PlannerCLI

@Suite("Argument parser")
struct ArgumentParserTests {
  static let root = CommandSpec(
    name: "planner", abstract: "root",
    subcommands: [
      CommandSpec(
        name: "replay", abstract: "Replay a review log.",
        arguments: [
          .option(.revlog, value: "FILE", help: "The review log.", required: true),
          .option(.model, value: "NAME", help: "The model.", default: "fsrs6"),
          .option(.retention, value: "R", help: "Desired retention.", default: "0.9"),
          .flag(.skipInvalid, help: "Skip bad rows."),
        ]),
      CommandSpec(
        name: "record", abstract: "Record an event.",
        arguments: [
          .positional(.DIR, help: "The learner folder."),
          .option(.at, value: "TIME", help: "When."),
        ],
        subcommands: [
          CommandSpec(
            name: "word", abstract: "Word events.",
            subcommands: [
              CommandSpec(
                name: "add", abstract: "Add a word.",
                arguments: [
                  .positional(.EN, help: "English."),
                  .positional(.UK, help: "Ukrainian.", variadic: true),
                ])
            ]),
          CommandSpec(
            name: "recite", abstract: "A recitation.",
            arguments: [
              .positional(.RANGE, help: "Ayahs."),
              .option(.mistakesAt, value: "REFS", help: "Where.", repeatable: true),
            ]),
        ]),
    ])

  func parse(_ args: [String]) -> Result<ArgumentParser.Outcome, ArgumentParser.Failure> {
    ArgumentParser(root: Self.root).parse(args)
  }

  func parsed(_ args: [String]) throws -> ParsedArguments {
    guard case .success(.run(let p, _)) = parse(args) else {
      Issue.record("expected a run for \(args)")
      throw CLIError.failure("no run")
    }
    return p
  }

  func usageError(_ args: [String]) -> CLIError? {
    if case .failure(let f) = parse(args) { return f.error }
    return nil
  }

  @Test func optionsWithSpaceAndEquals() throws {
    let p = try parsed(["replay", "--revlog", "a.csv", "--model=sm2", "--skip-invalid"])
    #expect(p.commandPath == ["replay"])
    #expect(p.string(.revlog) == "a.csv")
    #expect(p.string(.model) == "sm2")
    #expect(p.string(.retention) == "0.9")
    #expect(try p.double(.retention) == 0.9)
    #expect(p.flag(.skipInvalid))
    #expect(!p.isGiven(.retention))
  }

  @Test func lastValueWinsAndRepeatableCollects() throws {
    let p = try parsed(["record", "d", "recite", "78:1-5", "--mistakes-at", "78:2", "--mistakes-at=78:4"])
    #expect(p.strings(.mistakesAt) == ["78:2", "78:4"])
    let q = try parsed(["replay", "--revlog", "a", "--revlog", "b"])
    #expect(q.string(.revlog) == "b")
  }

  @Test func nestedSubcommandsAfterParentPositionals() throws {
    let p = try parsed(["record", "learners/amina", "word", "add", "cat", "кіт", "кішка", "--at", "2026-01-01T10:00:00Z"])
    #expect(p.commandPath == ["record", "word", "add"])
    #expect(p.positional(.DIR) == "learners/amina")
    #expect(p.positional(.EN) == "cat")
    #expect(p.positionals(.UK) == ["кіт", "кішка"])
    #expect(p.string(.at) == "2026-01-01T10:00:00Z")
  }

  @Test func doubleDashEndsOptions() throws {
    let p = try parsed(["record", "d", "word", "add", "--", "--odd", "-x"])
    #expect(p.positional(.EN) == "--odd")
    #expect(p.positionals(.UK) == ["-x"])
  }

  @Test func negativeNumbersArePositionals() throws {
    let p = try parsed(["record", "d", "word", "add", "minus", "-1"])
    #expect(p.positionals(.UK) == ["-1"])
  }

  @Test func misspeltOptionSuggestsTheClosest() {
    #expect(usageError(["replay", "--revlgo", "x"]) == .usage("unknown option '--revlgo'", suggestion: "--revlog"))
    #expect(usageError(["replay", "--retension=0.8"]) == .usage("unknown option '--retension'", suggestion: "--retention"))
  }

  @Test func misspeltCommandSuggestsTheClosest() {
    #expect(usageError(["replya"]) == .usage("unknown command 'replya'", suggestion: "replay"))
    #expect(usageError(["zzzzzzzz"]) == .usage("unknown command 'zzzzzzzz'", suggestion: nil))
  }

  @Test func missingPiecesAreUsageErrors() {
    #expect(usageError(["replay"]) == .usage("missing --revlog"))
    #expect(usageError(["replay", "--revlog"]) == .usage("--revlog needs a value"))
    #expect(usageError(["record"]) == .usage("missing <DIR>"))
    #expect(usageError(["record", "d"]) == .usage("missing subcommand: one of word, recite"))
    #expect(usageError(["replay", "--revlog", "a", "extra"]) == .usage("unexpected argument 'extra'"))
    #expect(usageError(["replay", "--revlog", "a", "--skip-invalid=yes"]) == .usage("--skip-invalid takes no value"))
  }

  @Test func helpAnywhereAsksForHelpOfTheCommandSoFar() {
    guard case .success(.help(let path)) = parse(["record", "d", "word", "--help"]) else {
      Issue.record("expected help")
      return
    }
    #expect(path.map(\.name) == ["planner", "record", "word"])
  }

  @Test func helpIsGeneratedFromTheDeclaration() {
    let replay = Self.root.subcommands[0]
    #expect(
      HelpFormatter.help([Self.root, replay]) == """
        OVERVIEW: Replay a review log.

        USAGE: planner replay --revlog <FILE> [--model <NAME>] [--retention <R>] [--skip-invalid]

        OPTIONS:
          --revlog <FILE>         The review log.
          --model <NAME>          The model. (default: fsrs6)
          --retention <R>         Desired retention. (default: 0.9)
          --skip-invalid          Skip bad rows.
          -h, --help              Show help information.

        """)
  }

  @Test func typedAccessorsRejectJunk() throws {
    let p = try parsed(["replay", "--revlog", "a", "--retention", "high"])
    #expect(throws: CLIError.usage("--retention: 'high' is not valid: expected a number")) { try p.double(.retention) }
  }

  @Test func suggestionDistanceCountsASwapOnce() {
    #expect(Suggestions.distance("revlog", "rveolg") == 2)
    #expect(Suggestions.distance("ab", "ba") == 1)
    #expect(Suggestions.distance("", "abc") == 3)
  }
}
