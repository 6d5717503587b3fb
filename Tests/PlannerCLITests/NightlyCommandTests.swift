import Foundation
import DailyPlanning
import Nightly
import Testing
import TestSupport
@testable import PlannerCLI
import Testing

/// `planner nightly`, run in-process on temporary learner roots.
@Suite("planner nightly")
struct NightlyCommandTests {
  /// 2026-11-30T22:30:00Z.
  static let now = Date(timeIntervalSince1970: 1_796_077_800)

  static func run(_ args: [String], environment: [String: String] = [:], in directory: String? = nil,
                  terminal: Bool = false) -> CLIRun {
    runCLI(args, environment: environment, now: now, in: directory, stderrIsTerminal: terminal)
  }

  static func makeRoot(learners: [String: String]) -> URL {
    let root = URL(fileURLWithPath: TemporaryFolder.newPath("nightly-cli"))
    for (name, profile) in learners {
      let folder = root.appendingPathComponent(name)
      try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try! Data(profile.utf8).write(to: folder.appendingPathComponent("profile.json"))
    }
    try! FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    return root
  }

  /// The summary on stdout, parsed, its timings (which vary) replaced by an empty object; the
  /// output must be one JSON document in the style of docs/cli.md.
  static func summary(_ out: String) -> NSDictionary {
    guard out.hasPrefix("{\n  \""), out.hasSuffix("\n}\n"),
      let object = try? JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any]
    else { return ["unparsed": out] }
    var o = object
    if o["timings"] != nil { o["timings"] = [String: Any]() }
    return o as NSDictionary
  }

  static func read(_ url: URL) -> String? {
    (try? Data(contentsOf: url)).map { String(decoding: $0, as: UTF8.self) }
  }

  static let minimal = #"{"version":1,"id":"learner"}"#
  static let learners = [
    "amina": #"{"version":1,"id":"amina","timezone":"Asia/Riyadh","dayStartHour":4}"#,
    "bohdan": #"{"version":1,"id":"bohdan","timezone":"Europe/Kyiv","dayStartHour":0}"#,
    "chen": #"{"version":1,"timezone":"#,  // corrupt
    "dana": #"{"version":1,"id":"dana","timezone":"America/Chicago"}"#,
  ]

  @Test("one corrupt learner: the others are planned, it is reported, exit 2")
  func corruptLearner() throws {
    let root = Self.makeRoot(learners: Self.learners)
    defer { try? FileManager.default.removeItem(at: root) }
    let r = Self.run(["nightly", root.path, "--jobs", "2"])
    #expect(r.code == 2)
    let chen = root.appendingPathComponent("chen/profile.json").path
    #expect(r.err == "planner: nightly: learner 'chen' was not planned: \(chen):1: expected valid JSON (column 25: unexpected end of input, expected a value)\n")
    let expected: [String: Any] = [
      "date": NSNull(), "dates": ["2026-11-30": 2, "2026-12-01": 1],
      "failed": [["learner": "chen", "reason": "\(chen):1: expected valid JSON (column 25: unexpected end of input, expected a value)"]],
      "learners": 4, "planned": 3, "root": root.path, "shard": "1/1", "skipped": [String](), "timings": [String: Any](),
      "unchanged": 0, "version": 1,
    ]
    #expect(Self.summary(r.out) == expected as NSDictionary)
    let bohdan = try #require(Self.read(root.appendingPathComponent("bohdan/plans/2026-12-01.json")))
    #expect(bohdan.contains(#""learner" : "bohdan""#) && bohdan.contains(#""date" : "2026-12-01""#))
    #expect(Self.read(root.appendingPathComponent("amina/plans/2026-11-30.json")) != nil)
    #expect(Self.read(root.appendingPathComponent("dana/plans/2026-11-30.json")) != nil)

    // Fixed, rerun: everything unchanged, exit 0.
    try Data(#"{"version":1,"id":"chen","timezone":"Asia/Shanghai"}"#.utf8).write(to: root.appendingPathComponent("chen/profile.json"))
    let again = Self.run(["nightly", root.path, "--jobs", "2"])
    #expect(again.code == 0)
    #expect(again.err.isEmpty)
    let rerun = Self.summary(again.out)
    #expect(rerun["dates"] as? NSDictionary == ["2026-11-30": 2, "2026-12-01": 2] as NSDictionary)
    #expect(rerun["failed"] as? NSArray == [] as NSArray)
    #expect(rerun["learners"] as? Int == 4 && rerun["planned"] as? Int == 1 && rerun["unchanged"] as? Int == 3)
  }

  @Test("--date plans everyone for that date; a relative ROOT is resolved against the current directory")
  func dateAndRelativeRoot() throws {
    let root = Self.makeRoot(learners: ["amina": Self.minimal, "bohdan": Self.minimal])
    defer { try? FileManager.default.removeItem(at: root) }
    let r = Self.run(["nightly", root.lastPathComponent, "--date=2027-03-21"],
                     in: root.deletingLastPathComponent().path)
    #expect(r.code == 0)
    let summary = Self.summary(r.out)
    #expect(summary["date"] as? String == "2027-03-21")
    #expect(summary["dates"] as? NSDictionary == ["2027-03-21": 2] as NSDictionary)
    #expect(summary["learners"] as? Int == 2 && summary["planned"] as? Int == 2)
    #expect(Self.read(root.appendingPathComponent("amina/plans/2027-03-21.json")) != nil)
  }

  @Test("the shard comes from --shard, else from a Kubernetes Indexed Job or a Slurm array")
  func shardSources() throws {
    let names = (1...24).map { "learner-\($0)" }
    let root = Self.makeRoot(learners: Dictionary(uniqueKeysWithValues: names.map { ($0, Self.minimal) }))
    defer { try? FileManager.default.removeItem(at: root) }
    func planned(_ r: CLIRun) -> Int {
      Self.summary(r.out)["learners"] as? Int ?? -1
    }
    let explicit = Self.run(["nightly", root.path, "--shard", "2/3"])
    #expect(explicit.code == 0)
    #expect(explicit.out.contains(#""shard" : "2/3""#))
    let kubernetes = Self.run(["nightly", root.path], environment: ["JOB_COMPLETION_INDEX": "1", "JOB_COMPLETIONS": "3"])
    #expect(kubernetes.out.contains(#""shard" : "2/3""#))
    #expect(planned(kubernetes) == planned(explicit))
    #expect(planned(explicit) == names.filter { Shard.shardIndex(of: $0, count: 3) == 2 }.count)
    let slurm = Self.run(["nightly", root.path],
                         environment: ["SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_MIN": "4", "SLURM_ARRAY_TASK_COUNT": "3"])
    #expect(slurm.out.contains(#""shard" : "2/3""#))
    let wins = Self.run(["nightly", root.path, "--shard", "1/1"], environment: ["JOB_COMPLETION_INDEX": "1", "JOB_COMPLETIONS": "3"])
    #expect(wins.out.contains(#""shard" : "1/1""#))
    #expect(planned(wins) == 24)
  }

  @Test("the run itself failing: exit 1 (ROOT, environment) or 64 (--shard, --date, --jobs)", arguments: [
    (["nightly", "/nonexistent-root-for-nightly"], [:], 1,
     "planner: error: /nonexistent-root-for-nightly: no such folder; ROOT must be the folder that holds the learner folders\n"),
    (["nightly", "/", "--shard", "0/3"], [:], 64,
     "planner: error: --shard: '0/3' is not valid: expected K/N with K from 1 to 3 (shards are numbered from 1)\nUsage: planner nightly [--date <YYYY-MM-DD>] [--jobs <N>] [--shard <K/N>] <ROOT>\n  See 'planner nightly --help'.\n"),
    (["nightly", "/", "--date", "2026-02-30"], [:], 64,
     "planner: error: --date: '2026-02-30' is not valid: expected a calendar date that exists, YYYY-MM-DD\nUsage: planner nightly [--date <YYYY-MM-DD>] [--jobs <N>] [--shard <K/N>] <ROOT>\n  See 'planner nightly --help'.\n"),
    (["nightly", "/"], ["JOB_COMPLETION_INDEX": "0"], 1,
     "planner: error: JOB_COMPLETIONS: '' is not valid: expected the Job's spec.completions, set in the pod template next to JOB_COMPLETION_INDEX; it is not set\n"),
    (["nightly", "/", "--jobs", "0"], [:], 64,
     "planner: error: --jobs: '0' is not valid: expected a whole number of at least 1\nUsage: planner nightly [--date <YYYY-MM-DD>] [--jobs <N>] [--shard <K/N>] <ROOT>\n  See 'planner nightly --help'.\n"),
    (["nightly", "/", "--jobs", "two"], [:], 64,
     "planner: error: --jobs: 'two' is not valid: expected a whole number of at least 1\nUsage: planner nightly [--date <YYYY-MM-DD>] [--jobs <N>] [--shard <K/N>] <ROOT>\n  See 'planner nightly --help'.\n"),
  ] as [([String], [String: String], Int32, String)])
  func runFailures(args: [String], environment: [String: String], code: Int32, err: String) {
    let r = Self.run(args, environment: environment)
    #expect(r.code == code)
    #expect(r.out.isEmpty)
    #expect(r.err == err)
  }

  @Test("progress on stderr only when it is a terminal, ending on its own line")
  func progress() throws {
    let names = (1...5).map { "l\($0)" }
    let root = Self.makeRoot(learners: Dictionary(uniqueKeysWithValues: names.map { ($0, Self.minimal) }))
    defer { try? FileManager.default.removeItem(at: root) }
    let quiet = Self.run(["nightly", root.path])
    #expect(quiet.err.isEmpty)
    let shown = Self.run(["nightly", root.path, "--jobs", "2"], terminal: true)
    #expect(shown.code == 0)
    #expect(shown.err.hasPrefix("\r"))
    #expect(shown.err.hasSuffix("\n"))
    let lastLine = shown.err.split(separator: "\r").last.map(String.init) ?? ""
    #expect(lastLine.hasPrefix("5/5 learners  "))
    #expect(lastLine.hasSuffix(" in all\u{1B}[K\n"))
    #expect(shown.out.hasPrefix("{"))
  }

  @Test("the seam points at the daily planner, on the command's clock")
  func seam() {
    let context = CommandContext(environment: [:], now: Self.now, currentDirectory: "/", stdout: .capture(), stderr: .capture())
    let planner = NightlyCommand.makePlanner(context)
    #expect((planner as? LearnerDailyPlanner)?.now == Self.now)
  }
}
