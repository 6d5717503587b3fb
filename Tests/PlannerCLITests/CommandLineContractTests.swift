import Foundation
import Testing
import TestSupport
@testable import PlannerCLI
@testable import PlannerCore
import Testing

/// The command-line contract of docs/cli.md, for every command: a malformed or out-of-range
/// argument exits 64 with one `planner: error:` line naming it, the value and what is expected,
/// whichever layer rejects it (the parser, the command's own checks, the engine's validation);
/// errors about data exit 1; `--format json` is one JSON style, and errors under it are one
/// compact JSON line on stderr.
@Suite("command-line contract: exit codes, error lines, JSON style")
struct CommandLineContractTests {
  /// 2026-11-30T12:00:00Z.
  static let now = Date(timeIntervalSince1970: 1_796_040_000)

  /// A folder with a learner `amina` (one word), a learner root `root/` and a review log.
  final class Workspace {
    let path = TemporaryFolder.newPath("planner-contract")

    init() {
      try! FileManager.default.createDirectory(atPath: path + "/root", withIntermediateDirectories: true)
      for args in [
        ["init", "amina", "--timezone", "Europe/Kyiv"],
        ["record", "amina", "word", "add", "walk", "гуляти", "--at", "2026-11-29T09:00:00+02:00", "--id", "w1"],
        ["init", "root/bohdan"],
        ["synth", "--cards", "12", "--days", "60", "--seed", "7", "--out", "r.csv"],
      ] {
        let r = CommandLineContractTests.run(args, in: path)
        precondition(r.code == 0, "workspace setup failed: \(args): \(r.err)")
      }
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
  }

  static func run(_ args: [String], in directory: String) -> CLIRun { runCLI(args, now: now, in: directory) }

  /// Arguments, the error line after `planner: error: `, and the "did you mean" if any.
  typealias BadArgument = (args: [String], message: String, suggestion: String?)

  static let badArguments: [BadArgument] = [
    // The parser.
    (["todya"], "unknown command 'todya'", "today"),
    (["today", "--dmeo"], "unknown option '--dmeo'", "--demo"),
    (["today", "--demo=yes"], "--demo takes no value", nil),
    (["replay", "--revlog"], "--revlog needs a value", nil),
    (["optimize"], "missing --revlog", nil),
    (["show"], "missing <DIR>", nil),
    (["repair"], "missing <DIR>", nil),
    (["export-revlog", "amina", "extra"], "unexpected argument 'extra'", nil),
    (["record", "amina", "word", "ad", "walk"], "unknown subcommand of 'record word' 'ad'", "add"),
    (["record", "amina", "recite", "78", "--tier", "new"], "missing --grade", nil),
    // The commands' own checks.
    (["today"], "give a learner folder DIR, or --demo", nil),
    (["week", "amina", "--format", "csv"], "--format: 'csv' is not valid: expected one of text, json", nil),
    (["today", "amina", "--demo"], "--demo plans the embedded demo learner: give no DIR", nil),
    (["today", "--demo", "--format", "xml"], "--format: 'xml' is not valid: expected one of text, json", nil),
    (["show", "amina", "--format", "jsn"], "--format: 'jsn' is not valid: expected one of text, json", "json"),
    (["words", "amina", "--sort", "size"], "--sort: 'size' is not valid: expected one of date, alpha, popularity, priority", nil),
    (["words", "amina", "exprot", "deck.csv"], "<ACTION>: 'exprot' is not valid: expected one of import, export, suspend, unsuspend", "export"),
    (["stats", "amina", "--format", "yaml"], "--format: 'yaml' is not valid: expected one of text, json", nil),
    (["remind", "amina", "--at", "tomorrow"],
     "--at: 'tomorrow' is not valid: expected an ISO 8601 time with an offset, e.g. 2026-11-30T08:15:00+02:00", nil),
    (["record", "amina"], "missing event: one of recite, word, quiz, reminder, plan, correct (or --events FILE)", nil),
    (["record", "amina", "recite", "78", "--tier", "fresh", "--grade", "3"],
     "--tier: 'fresh' is not valid: expected one of new, recent, old", nil),
    (["record", "amina", "recite", "78", "--tier", "new", "--grade", "5"],
     "--grade: '5' is not valid: expected a whole number from 1 to 4", nil),
    (["record", "amina", "recite", "78", "--tier", "new", "--grade", "3", "--mistakes", "-1"],
     "--mistakes: '-1' is not valid: expected a whole number of at least 0", nil),
    (["record", "amina", "recite", "78", "--tier", "new", "--grade", "3", "--seconds", "soon"],
     "--seconds: 'soon' is not valid: expected a number", nil),
    (["record", "amina", "reminder", "shown", "walk", "--mode", "hnt"],
     "--mode: 'hnt' is not valid: expected one of translation, hint", "hint"),
    (["record", "amina", "reminder", "acted", "--action", "ignore"],
     "--action: 'ignore' is not valid: expected one of quiz, known, unknown, opened, dismissed", nil),
    (["init", "new", "--set", "nokey"], "--set: 'nokey' is not valid: expected KEY=VALUE, e.g. vocabulary.newWordsPerDay=5", nil),
    (["config", "amina", "dailyMinuts", "20"],
     "<KEY>: 'dailyMinuts' is not valid: expected a setting key (listed by 'planner config --help')", "dailyMinutes"),
    (["nightly", "root", "--jobs", "0"], "--jobs: '0' is not valid: expected a whole number of at least 1", nil),
    (["replay", "--revlog", "r.csv", "--model", "fsrs"], "--model: 'fsrs' is not valid: expected one of fsrs6, sm2, hlr", "fsrs6"),
    (["replay", "--revlog", "r.csv", "--retention", "1.2"],
     "--retention: '1.2' is not valid: expected a number strictly between 0 and 1, such as 0.9", nil),
    (["replay", "--revlog", "r.csv", "--day-starts-at", "25"],
     "--day-starts-at: '25' is not valid: expected a whole number from 0 to 23", nil),
    (["optimize", "--revlog", "r.csv", "--threads", "0"], "--threads: '0' is not valid: expected a whole number of at least 1", nil),
    (["evaluate", "--revlog", "r.csv", "--folds", "0"], "--folds: '0' is not valid: expected a whole number of at least 1", nil),
    (["evaluate", "--revlog", "r.csv", "--models", "fsrs7"],
     "--models: 'fsrs7' is not valid: expected one of fsrs6, fsrs6-default, sm2, hlr, average", "fsrs6"),
    (["synth", "--cards", "0", "--days", "10"], "--cards: '0' is not valid: expected a whole number of at least 1", nil),
    (["synth", "--cards", "5", "--days", "10", "--seed", "-1"],
     "--seed: '-1' is not valid: expected a whole number from 0 to 18446744073709551615", nil),
    (["simulate", "--days", "0"], "--days: '0' is not valid: expected a whole number from 1 to 36500", nil),
    (["simulate", "--policy", "best"], "--policy: 'best' is not valid: expected one of planner, planner-defaults, anki, traditional, learn-nothing, cram, all", nil),
    (["simulate", "--format", "csv"], "--format: 'csv' is not valid: expected one of text, json", nil),
    (["simulate", "--retention-sweep", "0.5:0.9:0.1"],
     "--retention-sweep: '0.5:0.9:0.1' is not valid: expected FROM:TO:STEP with 0.70 ≤ FROM ≤ TO ≤ 0.99 and STEP > 0, e.g. 0.80:0.97:0.01", nil),
    // The engine's validation of dates, locales, timezones, ranges, settings and times.
    (["today", "--demo", "--date", "2026-02-30"],
     "--date: '2026-02-30' is not valid: expected a calendar date that exists, YYYY-MM-DD", nil),
    (["today", "--demo", "--locale", "de"], "--locale: 'de' is not valid: expected one of en, ar, uk", nil),
    (["today", "--demo", "--locale", "fr"], "--locale: 'fr' is not valid: expected one of en, ar, uk", nil),
    (["words", "amina", "--date", "2026-11-31"],
     "--date: '2026-11-31' is not valid: expected a calendar date that exists, YYYY-MM-DD", nil),
    (["stats", "amina", "--date", "tomorrow"], "--date: 'tomorrow' is not valid: expected a date YYYY-MM-DD, e.g. 2026-11-30", nil),
    (["nightly", "root", "--date", "2026-02-30"],
     "--date: '2026-02-30' is not valid: expected a calendar date that exists, YYYY-MM-DD", nil),
    (["nightly", "root", "--shard", "0/3"],
     "--shard: '0/3' is not valid: expected K/N with K from 1 to 3 (shards are numbered from 1)", nil),
    (["simulate", "--start", "2026-02-30"],
     "--start: '2026-02-30' is not valid: expected a calendar date that exists, YYYY-MM-DD", nil),
    (["replay", "--revlog", "r.csv", "--timezone", "Mars/X"],
     "--timezone: 'Mars/X' is not valid: expected an IANA timezone name such as UTC, Europe/Kyiv or America/New_York", nil),
    (["optimize", "--revlog", "r.csv", "--timezone", "Europe/Kiev2"],
     "--timezone: 'Europe/Kiev2' is not valid: expected an IANA timezone name such as UTC, Europe/Kyiv or America/New_York", "Europe/Kiev"),
    (["evaluate", "--revlog", "r.csv", "--timezone", "Mars/X"],
     "--timezone: 'Mars/X' is not valid: expected an IANA timezone name such as UTC, Europe/Kyiv or America/New_York", nil),
    (["init", "new", "--locale", "xx"], "--locale: 'xx' is not valid: expected one of en, ar, uk", nil),
    (["init", "new", "--minutes", "many"], "--minutes: 'many' is not valid: expected a whole number", nil),
    (["init", "new", "--set", "vocabulary.mode=loud"],
     "vocabulary.mode: 'loud' is not valid: expected one of translation, hint, mixed", nil),
    (["config", "amina", "dailyMinutes", "abc"], "dailyMinutes: 'abc' is not valid: expected a whole number", nil),
    (["config", "amina", "timezone", "Mars/X"],
     "timezone: 'Mars/X' is not valid: expected an IANA timezone name such as Europe/Kyiv, not 'Mars/X'", nil),
    (["record", "amina", "recite", "2:300", "--tier", "new", "--grade", "3"],
     "<RANGE>: '2:300' is not valid: expected an ayah range ('2:300' is not in the Quran: surah 2 (Al-Baqara) has 286 ayahs)", nil),
    (["record", "amina", "recite", "78", "--tier", "new", "--grade", "3", "--mistakes-at", "2:999"],
     "--mistakes-at: '2:999' is not valid: expected an ayah SURAH:AYAH ('2:999' is not in the Quran: surah 2 (Al-Baqara) has 286 ayahs)", nil),
    (["record", "amina", "plan", "opened", "--date", "2026-13-01"],
     "--date: '2026-13-01' is not valid: expected a calendar date that exists, YYYY-MM-DD", nil),
    (["record", "amina", "plan", "opened", "--at", "2026-12-02T12:00:00Z"],
     "--at: '2026-12-02T12:00:00Z' is not valid: expected a time no more than 10 minutes ahead of now (2026-11-30T12:00:00Z), not 2026-12-02T12:00:00Z", nil),
  ]

  /// Shared options come from one declaration: wherever `--format`, `--date`, `--locale`, `--at`
  /// or the review-log options appear, they are spelt and explained the same, and no command
  /// path declares a name twice.
  @Test func sharedOptionsAreDeclaredOnce() {
    let groups = FormatOption.arguments + DateOption.arguments + LocaleOption.arguments + AtOption.arguments
      + ReviewLogOptions.arguments
    func paths(_ spec: CommandSpec, _ prefix: [CommandSpec]) -> [[CommandSpec]] {
      let path = prefix + [spec]
      return [path] + spec.subcommands.flatMap { paths($0, path) }
    }
    for path in PlannerCLI.commands.flatMap({ paths($0.spec, []) }) {
      let names = path.flatMap(\.arguments).map(\.name)
      #expect(Set(names).count == names.count, "\(path.map(\.name)) declares an argument twice: \(names)")
      for argument in path.flatMap(\.arguments) {
        guard let shared = groups.first(where: { $0.name == argument.name }), argument.name != "format",
          argument.name != "locale" else { continue }
        #expect(argument == shared, "\(path.map(\.name)): --\(argument.name) is not the shared declaration")
      }
    }
  }

  /// Every command appears in the table.
  @Test func theTableCoversEveryCommand() {
    let covered = Set(Self.badArguments.compactMap(\.args.first))
    for command in PlannerCLI.commands where !covered.contains(command.spec.name) && command.spec.name != "export-revlog" {
      Issue.record("no bad argument for '\(command.spec.name)'")
    }
    #expect(covered.contains("export-revlog"))
  }

  @Test("a bad argument: exit 64, one error line naming it, the usage, a hint when one is close")
  func badArgumentsExit64() {
    let workspace = Workspace()
    for (args, message, suggestion) in Self.badArguments {
      let r = Self.run(args, in: workspace.path)
      #expect(r.code == 64, "\(args): \(r.err)")
      #expect(r.out.isEmpty, "\(args)")
      let lines = r.err.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      #expect(lines.first == "planner: error: " + message, "\(args)")
      #expect(lines.filter { $0.hasPrefix("planner: error:") }.count == 1, "\(args)")
      #expect(lines.dropFirst().first?.hasPrefix("Usage: planner ") == true, "\(args)")
      #expect(lines.contains("  Did you mean '\(suggestion ?? "")'?") == (suggestion != nil), "\(args): \(r.err)")
      #expect(lines.last == "" && lines.dropLast().last?.hasPrefix("  See 'planner") == true, "\(args)")
      #expect(!FileManager.default.fileExists(atPath: workspace.path + "/new"), "\(args) wrote nothing")
    }
  }

  @Test("with --format json, every error is one compact JSON line on stderr, the same message")
  func errorsAsJSONLines() throws {
    let workspace = Workspace()
    let formatted = Self.badArguments.filter { args, _, _ in
      ["today", "show", "words", "stats", "remind", "evaluate", "simulate"].contains(args[0]) && !args.contains("--format")
    }
    #expect(formatted.count >= 10)
    for (args, message, suggestion) in formatted + [(["show", "nobody"], "", nil)] {
      let r = Self.run(args + ["--format", "json"], in: workspace.path)
      #expect(r.out.isEmpty)
      #expect(r.err.hasSuffix("}\n") && r.err.filter { $0 == "\n" }.count == 1, "\(args): \(r.err)")
      let node = try JSONParser.parse(String(r.err.dropLast()))
      #expect(JSONOutput.line(node) + "\n" == r.err, "compact, keys sorted")
      let error = try #require(node["error"])
      #expect(error["exitCode"]?.intValue == Int(r.code))
      if message.isEmpty {
        #expect(r.code == 1 && error["code"]?.stringValue == "io")
        #expect(error["message"]?.stringValue?.hasSuffix("/nobody/profile.json: no learner here (create one with `planner init \(workspace.path)/nobody`)") == true, "\(r.err)")
        continue
      }
      #expect(r.code == 64)
      #expect(error["code"]?.stringValue == "usage")
      #expect(error["message"]?.stringValue == message + (suggestion.map { " (did you mean '\($0)'?)" } ?? ""), "\(args)")
    }
  }

  @Test("errors about data exit 1 with one error line and no usage")
  func dataErrorsExit1() {
    let workspace = Workspace()
    for args in [["show", "nobody"], ["replay", "--revlog", "nope.csv"], ["record", "amina", "word", "lookup", "zyzzyva"],
                 ["init", "amina"], ["words", "amina", "import", "nope.csv"]] {
      let r = Self.run(args, in: workspace.path)
      #expect(r.code == 1, "\(args): \(r.err)")
      #expect(r.err.hasPrefix("planner: error: ") && r.err.filter { $0 == "\n" }.count == 1, "\(args): \(r.err)")
    }
  }

  /// `--format json` of every command that has it, and nightly's summary: each parses, and is
  /// byte for byte the one style (pretty, two spaces, sorted keys, final newline).
  @Test("--format json: every command's output is one document in the documented style")
  func jsonOutputStyle() throws {
    let workspace = Workspace()
    let runs: [[String]] = [
      ["today", "--demo", "--format", "json"],
      ["today", "amina", "--date", "2026-11-30", "--format", "json"],
      ["show", "amina", "--format", "json"],
      ["words", "amina", "--format", "json"],
      ["stats", "amina", "--date", "2026-11-30", "--format", "json"],
      ["remind", "amina", "--at", "2026-11-30T09:00:00+02:00", "--format", "json"],
      ["evaluate", "--revlog", "r.csv", "--models", "fsrs6-default,sm2,average", "--folds", "2", "--format", "json"],
      ["simulate", "--learners", "1", "--days", "3", "--format", "json"],
      ["simulate", "--learners", "1", "--days", "3", "--retention-sweep", "0.85:0.9:0.05", "--format", "json"],
      ["words", "amina", "import", "deck.csv", "--at", "2026-11-30T09:00:00+02:00", "--format", "json"],
      ["nightly", "root", "--date", "2026-11-30"],
    ]
    try Data("english,ukrainian\ncat,кіт;кішка\n".utf8).write(to: URL(fileURLWithPath: workspace.path + "/deck.csv"))
    for args in runs {
      let r = Self.run(args, in: workspace.path)
      #expect(r.code == 0, "\(args): \(r.err)")
      let parsed = try? JSONSerialization.jsonObject(with: Data(r.out.utf8))
      #expect(parsed != nil, "\(args) parses as JSON")
      let node = try JSONParser.parse(r.out)
      #expect(JSONOutput.document(node) == r.out, "\(args) is in the one style")
      #expect(r.out.hasPrefix("{\n  \"") || r.out.hasPrefix("[\n  {"), "\(args)")
    }
    // The plan file nightly writes is the same bytes as `today --format json` for that day.
    let file = try String(contentsOfFile: workspace.path + "/root/bohdan/plans/2026-11-30.json", encoding: .utf8)
    #expect(file == Self.run(["today", "root/bohdan", "--date", "2026-11-30", "--format", "json"], in: workspace.path).out)
    #expect(JSONOutput.document(try JSONParser.parse(file)) == file)
  }
}
