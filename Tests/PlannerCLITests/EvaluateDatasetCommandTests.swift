import Foundation
import MemoryModels
import PlannerCore
import Testing
@testable import PlannerCLI

@Suite("planner evaluate --revlog")
struct EvaluateDatasetCommandTests {
  typealias T = OptimizeEvaluateCommandTests

  /// A synthetic learner written in the learner review file format (every card starts `learn`).
  static func learnerCSV(cards: Int, days: Int, seed: UInt64) -> String {
    var rows: [(Int64, Int64, Int, Int32, String)] = []
    for c in SyntheticReviewLog(cards: cards, days: days, seed: seed).cardHistories {
      for i in 0..<c.count {
        rows.append((c.cardID, c.times[i], c.ratings[i].rawValue, i == 0 ? -1 : c.elapsedDays[i], i == 0 ? "learn" : "review"))
      }
    }
    rows.sort { ($0.1, $0.0) < ($1.1, $1.0) }
    return "card_id,review_time_unix_ms,rating,elapsed_days,review_kind\n" + rows.map { "\($0.0),\($0.1),\($0.2),\($0.3),\($0.4)\n" }.joined()
  }

  @Test func printsTheReferenceShapeAndChecksAgainstIt() throws {
    let dir = try T.tempDir()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try FileManager.default.createDirectory(atPath: dir + "/set", withIntermediateDirectories: true)
    let big = Self.learnerCSV(cards: 150, days: 200, seed: 2)
    try T.write(big, dir + "/set/anki-big.csv")
    try T.write(Self.learnerCSV(cards: 10, days: 30, seed: 3), dir + "/set/anki-small.csv")

    // The figures the library computes, as a reference file rounded the reference's way.
    let cards = try LearnerReviewFile(text: big).cards
    let r = try DatasetEvaluation(models: [.fsrs6Default]).evaluate(learner: "anki-big", cards: cards, protocol: .tss5)
    let n = try #require(r.testTargets)
    let a = DatasetEvaluation.aggregate([r], models: 1)![0]
    func reference(logLoss: Double) -> String {
      """
      {"protocols": {"tss5": {"aggregate": {"FSRS-6 default": {"auc": \(a.auc), "learners": 1, "log_loss": \(logLoss), "rmse": \(a.rmse), "rmse_bins": \(a.rmseBins), "test_targets": \(n)}}, "learners": {}}}}
      """
    }
    try T.write(reference(logLoss: a.logLoss), dir + "/set/reference-results.json")

    let ok = T.run(["evaluate", "--revlog", "set", "--models", "fsrs6-default", "--check", "1e-4"], cwd: dir)
    #expect(ok.code == 0, "\(ok.err)")
    #expect(ok.out.hasPrefix("dataset: set; protocol tss5; 2 learners, 1 scored (at least 500 targets); \(n) test targets\n"))
    #expect(ok.out.contains("aggregate"))
    #expect(ok.out.hasSuffix("check: every compared aggregate is within 0.0001 of the reference\n"))

    try T.write(reference(logLoss: a.logLoss + 0.001), dir + "/set/reference-results.json")
    let off = T.run(["evaluate", "--revlog", "set", "--models", "fsrs6-default", "--check", "1e-4"], cwd: dir)
    #expect(off.code == 1)
    #expect(off.err.contains("planner: evaluate --check: tss5 FSRS-6 default log_loss:"))

    let json = T.run(["evaluate", "--revlog", "set", "--models", "fsrs6-default,average", "--format", "json"], cwd: dir)
    #expect(json.code == 0)
    let root = try JSONParser.parse(json.out)
    guard case .object(let top)? = Optional(root), case .object(let protocols)? = top["protocols"],
      case .object(let tss5)? = protocols["tss5"], case .object(let learners)? = tss5["learners"],
      case .object(let aggregate)? = tss5["aggregate"], case .object(let big1)? = learners["anki-big"],
      case .object(let small)? = learners["anki-small"]
    else { Issue.record("unexpected JSON: \(json.out)"); return }
    #expect(small["n_test"] == .null)
    #expect(big1["n_test"] == .number(Double(n)))
    #expect(Set(aggregate.keys) == ["FSRS-6 default", "Baseline (train recall rate)"])
    // Same input, same bytes.
    #expect(T.run(["evaluate", "--revlog", "set", "--models", "fsrs6-default,average", "--format", "json"], cwd: dir).out == json.out)
  }

  @Test func usageAndInputErrors() throws {
    let dir = try T.tempDir()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try T.write("card_id,review_time_unix_ms,rating,elapsed_days,review_kind\n1,0,3,-1,learn\n1,5,9,0,learn\n", dir + "/bad.csv")
    #expect(T.run(["evaluate", "--revlog", "bad.csv", "--protocol", ""], cwd: dir).code == 64)
    #expect(T.run(["evaluate", "--revlog", "bad.csv", "--protocol", "tss6"], cwd: dir).code == 64)
    let bad = T.run(["evaluate", "--revlog", "bad.csv"], cwd: dir)
    #expect(bad.code == 1)
    #expect(bad.err.contains("bad.csv: line 3: expected a rating 1, 2, 3 or 4, found '9'"))
    #expect(T.run(["evaluate", "--revlog", "missing"], cwd: dir).code == 1)
  }
}
