import Foundation
import PlannerCore
import Testing
import TestSupport
@testable import PlannerCLI

/// `quran.stableCycleDays` from the command line: `planner config` and `planner simulate --set`.
@Suite("planner config / simulate --set: quran.stableCycleDays")
struct StableCycleCommandTests {
  let root: String
  /// 2026-11-30T12:00:00Z.
  let now = Date(timeIntervalSince1970: 1_796_040_000)
  init() { root = TemporaryFolder.make("planner-stable-cycle") }
  func run(_ args: [String]) -> CLIRun { runCLI(args, now: now, in: root) }

  @Test("config reads, sets and clears it; a value outside the cycle and twice it is refused with exit 64")
  func config() throws {
    #expect(run(["init", "amina", "--timezone", "UTC", "--set", "quran.scope=juz30"]).code == 0)
    #expect(run(["config", "amina", "quran.stableCycleDays"]).out == "\n")
    #expect(run(["config", "amina", "quran.stableCycleDays", "45"]).code == 0)
    #expect(run(["config", "amina", "quran.stableCycleDays"]).out == "45\n")
    let profile = try String(contentsOfFile: root + "/amina/profile.json", encoding: .utf8)
    #expect(profile.contains(#""stableCycleDays" : 45"#) || profile.contains(#""stableCycleDays":45"#), "\(profile)")
    let bad = run(["config", "amina", "quran.stableCycleDays", "61"])
    #expect(bad.code == 64)
    #expect(bad.err.hasPrefix("planner: error: quran.stableCycleDays: '61' is not valid: expected days from cycleDays (30) to twice it (60), or nothing for off"),
            "\(bad.err)")
    #expect(run(["config", "amina", "quran.stableCycleDays", ""]).code == 0)
    #expect(run(["config", "amina", "quran.stableCycleDays"]).out == "\n")
  }

  @Test("simulate --set: every learner's profile takes it; a bad key, value or form is a usage error")
  func simulateSet() throws {
    let out = root + "/sim"
    let r = run(["simulate", "--learners", "2", "--days", "20", "--out", out, "--set", "quran.stableCycleDays=60"])
    #expect(r.code == 0, "\(r.err)")
    for learner in ["learner-0001", "learner-0002"] {
      let profile = try String(contentsOfFile: "\(out)/\(learner)/profile.json", encoding: .utf8)
      #expect(profile.contains("stableCycleDays"), "\(learner): \(profile)")
    }
    let key = run(["simulate", "--set", "quran.stabelCycleDays=60"])
    #expect(key.code == 64 && key.err.contains("Did you mean 'quran.stableCycleDays'?"), "\(key.err)")
    let value = run(["simulate", "--set", "quran.stableCycleDays=100"])
    #expect(value.code == 64 && value.err.hasPrefix("planner: error: quran.stableCycleDays: '100' is not valid"), "\(value.err)")
    let form = run(["simulate", "--set", "quran.stableCycleDays"])
    #expect(form.code == 64 && form.err.contains("expected KEY=VALUE"), "\(form.err)")
  }

  @Test("simulate --report --set: the report says which settings the learners had")
  func reportRecordsTheSettings() throws {
    let dir = root + "/report"
    let r = run(["simulate", "--report", dir, "--truths", "actr", "--scenarios", "noisy", "--policies", "planner", "--seeds", "1",
                 "--learners", "1", "--days", "20", "--resamples", "10", "--set", "quran.stableCycleDays=45"])
    #expect(r.code == 0, "\(r.err)")
    let summary = try JSONParser.parse(String(contentsOfFile: dir + "/summary.json", encoding: .utf8))
    #expect(summary["settings"]?.arrayValue?.compactMap(\.stringValue) == ["quran.stableCycleDays=45"])
    let report = try String(contentsOfFile: dir + "/report.md", encoding: .utf8)
    #expect(report.contains("every learner's profile with `quran.stableCycleDays=45`"))
  }
}
