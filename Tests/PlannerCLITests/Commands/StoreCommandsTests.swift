import Foundation
import DailyPlanning
@testable import LearnerStore
import PlannerCore
import Testing
import TestSupport
@testable import PlannerCLI

/// `record … correct`, `repair`, and the one loading path of the learner commands, in-process.
@Suite struct StoreCommandsTests {
  let root: String
  /// 2026-11-30T12:00:00Z (14:00 in Kyiv).
  let now = Date(timeIntervalSince1970: 1_796_040_000)
  init() { root = TemporaryFolder.make("planner-cli-store") }

  func run(_ args: [String]) -> CLIRun { runCLI(args, now: now, in: root) }
  func events() -> String { (try? String(contentsOfFile: root + "/amina/events.jsonl", encoding: .utf8)) ?? "" }

  func amina() {
    #expect(run(["init", "amina", "--timezone", "Europe/Kyiv"]).code == 0)
    for f in [
      ["recite", "112", "--tier", "old", "--grade", "1", "--at", "2026-11-29T06:10:00+02:00", "--id", "r1"],
      ["word", "add", "run", "бігти", "--at", "2026-11-29T07:00:00+02:00", "--id", "w1"],
      ["quiz", "run", "--answer", "бігати", "--at", "2026-11-29T07:01:00+02:00", "--id", "q1"],
    ] {
      let r = run(["record", "amina"] + f)
      #expect(r.code == 0, "\(f): \(r.err)")
    }
  }

  @Test func correctAGradeAQuizAndVoidAnEvent() throws {
    amina()
    var r = run(["record", "amina", "correct", "r1", "--grade", "4", "--id", "c1", "--at", "2026-11-30T08:00:00+02:00"])
    #expect(r.code == 0 && r.out == "recorded event.corrected c1 (corrects r1, recitation)\n" && r.err == "")
    #expect(events().split(separator: "\n").last == #"{"version":1,"id":"c1","at":"2026-11-30T08:00:00+02:00","type":"event.corrected","payload":{"target":"r1","type":"recitation","payload":{"range":"112","tier":"old","grade":4,"mistakes":0}}}"#)
    let learner = try Learner.load(root + "/amina", now: now)
    #expect(learner.state.items["s112"]?.lapses == 0)
    // The quiz answer checked again.
    r = run(["record", "amina", "correct", "q1", "--answer", "бігти", "--id", "c2", "--at", "2026-11-30T08:01:00+02:00"])
    #expect(r.code == 0 && r.out == "recorded event.corrected c2 (corrects q1, word.quizzed)\n")
    #expect(events().contains(#""payload":{"target":"q1","type":"word.quizzed","payload":{"english":"run","answer":"бігти","verdict":"right"}}"#))
    // Retried: already recorded.
    r = run(["record", "amina", "correct", "q1", "--answer", "бігти", "--id", "c2", "--at", "2026-11-30T08:01:00+02:00"])
    #expect(r.code == 0 && r.out == "already recorded c2\n")
    r = run(["record", "amina", "correct", "w1", "--void", "--id", "c3", "--at", "2026-11-30T08:02:00+02:00"])
    #expect(r.code == 0 && r.out == "recorded event.corrected c3 (corrects w1, word.added)\n")
    let before = events()
    // Refused: an unknown target, a field that does not apply, --void with a field, nothing to change.
    r = run(["record", "amina", "correct", "nope", "--void"])
    #expect(r.code == 64 && r.err.hasPrefix("planner: error: <TARGET>: 'nope' is not valid: expected the id of an event recorded before (no event of the log has it)\n"))
    r = run(["record", "amina", "correct", "r1", "--answer", "x"])
    #expect(r.code == 64 && r.err.hasPrefix("planner: error: --answer does not apply to a recitation event (it takes --grade, --tier, --mistakes, --mistakes-at, --hesitations, --seconds or --void)\n"))
    r = run(["record", "amina", "correct", "r1", "--void", "--grade", "3"])
    #expect(r.code == 64 && r.err.hasPrefix("planner: error: --void corrects an event to nothing; give no field with it (--grade)\n"))
    r = run(["record", "amina", "correct", "r1"])
    #expect(r.code == 64 && r.err.hasPrefix("planner: error: give the fields to correct (e.g. --grade 4), or --void\n"))
    #expect(events() == before)
  }

  @Test func repairSetsAsideACorruptLineAndSaysSo() throws {
    amina()
    let dir = root + "/amina"
    var lines = events().split(separator: "\n").map(String.init)
    lines[1] = String(repeating: "x", count: lines[1].utf8.count)
    try Data((lines.joined(separator: "\n") + "\n{\"torn").utf8).write(to: URL(fileURLWithPath: dir + "/events.jsonl"))
    try? FileManager.default.removeItem(atPath: dir + "/" + Learner.snapshotFile)
    var r = run(["show", "amina"])
    #expect(r.code == 1 && r.err == "planner: error: \(dir)/events.jsonl:2: expected one JSON event per line (column 1: unexpected character 'x', expected a value)\n")
    r = run(["repair", "amina"])
    #expect(r.code == 0 && r.err == "")
    #expect(r.out == """
      \(dir)/events.jsonl:2: set aside (\(lines[1].utf8.count) bytes: \(String(repeating: "x", count: 60))…)
      \(dir)/events.jsonl:4: torn last line set aside (6 bytes)
      repaired: set aside 1 line to events.corrupt.jsonl and a torn line to events.torn.jsonl; 2 events kept

      """)
    #expect((try? String(contentsOfFile: dir + "/events.corrupt.jsonl", encoding: .utf8)) == lines[1] + "\n")
    #expect((try? String(contentsOfFile: dir + "/events.torn.jsonl", encoding: .utf8)) == "{\"torn\n")
    #expect(events() == lines[0] + "\n" + lines[2] + "\n")
    #expect(run(["show", "amina"]).code == 0)
    r = run(["repair", "amina"])
    #expect(r.out == "\(dir)/events.jsonl: every line is an event (2 kept); nothing set aside\n")
  }

  /// Every learner command reads and parses profile.json once, and folds from the snapshot
  /// (no whole-history read) once it is warm.
  @Test func everyCommandLoadsOnce() throws {
    amina()
    _ = run(["today", "amina", "--date", "2026-11-30"])  // warms the snapshots
    for args in [["today", "amina", "--date", "2026-11-30"], ["show", "amina"], ["words", "amina"], ["stats", "amina"],
                 ["remind", "amina"], ["config", "amina", "dailyMinutes"],
                 ["record", "amina", "plan", "opened", "--id", "p9", "--at", "2026-11-30T13:00:00+02:00"]] {
      let (r, counts) = Instrumentation.counting { run(args) }
      #expect(r.code == 0, "\(args): \(r.err)")
      #expect(counts[.profileRead] == 1 && counts[.profileParse] == 1, "\(args): \(counts)")
      #expect(counts[.historyRead] == nil && counts[.fullFold] == nil, "\(args): \(counts)")
      #expect((counts[.snapshotLoad] ?? 0) <= 1, "\(args): \(counts)")
    }
  }

  /// A refit folds the history at most twice (one fold for the review count and the fit's
  /// input, one with the fitted parameters), with or without a cached fit.
  @Test func aRefitFoldsTheHistoryAtMostTwice() throws {
    let profile = LearnerProfile(id: "r")
    let events = (0..<700).map { d in
      LearnerEvent(id: "e\(d)", time: EventTime(epochMillis: 1_700_000_000_000 + Int64(d) * 86_400_000, offsetSeconds: 0),
                   payload: .recitation(Recitation(range: "p\(d % 300 + 1)", tier: .oldRevision, grade: d % 7 == 0 ? 1 : 3)))
    }
    let ((first, fitted), counts) = Instrumentation.counting { LearnerDailyPlanner.Loaded.folding(profile: profile, events: events, cached: nil) }
    #expect(first.parameters.source == "fitted" && fitted != nil)
    #expect(counts[.fullFold] == 2)
    let ((again, refit), cachedCounts) = Instrumentation.counting { LearnerDailyPlanner.Loaded.folding(profile: profile, events: events, cached: fitted) }
    #expect(refit == nil && again.state == first.state && again.profile.parameters == first.profile.parameters)
    #expect(cachedCounts[.fullFold] == 2)
  }
}
