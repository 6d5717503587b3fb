import Foundation
import Simulation
import Testing
import TestSupport
@testable import PlannerCLI

@Suite("planner simulate --truth-model")
struct SimulateTruthModelTests {
  @Test("each truth model runs end to end; the default output is the one without the option")
  func endToEnd() throws {
    let plain = runPlanner(["simulate", "--learners", "2", "--days", "30", "--seed", "4"])
    let power = runPlanner(["simulate", "--learners", "2", "--days", "30", "--seed", "4", "--truth-model", "power"])
    #expect(plain.code == 0 && power.code == 0)
    #expect(plain.out == power.out)
    #expect(!plain.out.contains("truth model"))
    for model in ["power-calibrated", "actr", "exponential"] {
      let tmp = simulateTemporaryFolder()
      defer { try? FileManager.default.removeItem(atPath: tmp) }
      let r = runPlanner(["simulate", "--learners", "2", "--days", "30", "--seed", "4", "--truth-model", model, "--out", tmp + "/root"])
      #expect(r.code == 0, "\(r.err)")
      let lines = r.out.split(separator: "\n").map(String.init)
      #expect(lines[1] == "truth model: \(model) (docs/simulation.md)")
      #expect(lines.contains { $0.hasPrefix("planner ") })
      let truth = try LearnerTruth.read(tmp + "/root.truth.jsonl")
      #expect(truth.map(\.truthModel.rawValue) == [model, model])
      let json = runPlanner(["simulate", "--learners", "1", "--days", "20", "--truth-model", model, "--format", "json"])
      #expect(json.code == 0 && json.out.contains("\"truthModel\" : \"\(model)\""), "\(json.out)")
    }
  }

  @Test("an unknown truth model is a malformed argument (exit 64) naming the choices")
  func unknownModel() {
    let r = runPlanner(["simulate", "--learners", "1", "--days", "5", "--truth-model", "fsrs"])
    #expect(r.code == 64)
    #expect(r.err.contains("--truth-model") && r.err.contains("actr") && r.err.contains("exponential"), "\(r.err)")
  }
}
