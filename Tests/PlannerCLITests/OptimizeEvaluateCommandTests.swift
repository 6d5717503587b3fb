import Foundation
import MemoryModels
import Testing
import TestSupport
@testable import PlannerCLI
import Testing

@Suite("planner optimize and evaluate")
struct OptimizeEvaluateCommandTests {
  static func run(_ args: [String], cwd: String) -> CLIRun { runCLI(args, in: cwd) }

  static func tempDir() throws -> String {
    let dir = TemporaryFolder.newPath("planner-opt")
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    return dir
  }

  static func write(_ text: String, _ path: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  }

  /// Noon UTC on day d (+ minutes): learning days with the default 04:00 start are plain days.
  static func ms(_ day: Int, _ minute: Int = 0) -> Int64 { Int64(day) * 86_400_000 + 43_200_000 + Int64(minute) * 60_000 }

  /// The tiny log of the evaluation tests: A on days 0, 2, 5 (Again), 6; B on day 1 twice
  /// (Good then Again 20 minutes later), 3, 7.
  static var tinyCSV: String {
    let rows: [(Int, Int64, Int)] = [
      (1, ms(0), 3), (1, ms(2), 3), (1, ms(5), 1), (1, ms(6), 3),
      (2, ms(1), 3), (2, ms(1, 20), 1), (2, ms(3), 3), (2, ms(7), 3),
    ]
    return "card_id,review_time,review_rating\n" + rows.map { "\($0.0),\($0.1),\($0.2)\n" }.joined()
  }

  @Test func optimizeWritesAParameterFileTheReplayReads() throws {
    let dir = try Self.tempDir()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    #expect(Self.run(["synth", "--cards", "150", "--days", "120", "--seed", "3", "--out", "log.csv"], cwd: dir).code == 0)
    let r = Self.run(["optimize", "--revlog", "log.csv", "--out", "params.json"], cwd: dir)
    #expect(r.code == 0, "\(r.err)")
    #expect(r.out.contains("\nfitted: all 21 parameters\n"))
    #expect(r.out.hasSuffix("wrote params.json\n"))
    let file = try FSRSParameterFile.decode(try Data(contentsOf: URL(fileURLWithPath: dir + "/params.json")))
    #expect(file.fitted == "all")
    let before = try #require(file.logLossBefore), after = try #require(file.logLossAfter)
    #expect(after < before)
    #expect(r.out.contains(String(format: "before %.5f, after %.5f", before, after)))
    #expect((file.reviews ?? 0) > 500)
    // The same input gives the same file, byte for byte.
    #expect(Self.run(["optimize", "--revlog", "log.csv", "--out", "again.json", "--threads", "1"], cwd: dir).code == 0)
    #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/params.json")) == Data(contentsOf: URL(fileURLWithPath: dir + "/again.json")))
    // replay reads it: a card's first stability is the fitted w[G−1].
    let replay = Self.run(["replay", "--revlog", "log.csv", "--parameters", "params.json"], cwd: dir)
    #expect(replay.code == 0, "\(replay.err)")
    let first = try #require(replay.out.split(separator: "\n").dropFirst().first).split(separator: ",", omittingEmptySubsequences: false)
    let g = try #require(Int(first[3]))
    #expect(Double(first[5]) == file.parameters[g - 1])
  }

  @Test func optimizeOnTooLittleDataKeepsDefaultsAndSaysSo() throws {
    let dir = try Self.tempDir()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try Self.write(Self.tinyCSV, dir + "/tiny.csv")
    let r = Self.run(["optimize", "--revlog", "tiny.csv", "--out", "p.json"], cwd: dir)
    #expect(r.code == 0)
    #expect(r.out.contains("reviews: 8 of 2 cards; training reviews (on a later day than the card's previous review): 5\n"))
    #expect(r.out.contains("fitted: nothing, the default parameters are kept (only 5 training reviews (fewer than 8); kept the default parameters)\n"))
    let file = try FSRSParameterFile.decode(try Data(contentsOf: URL(fileURLWithPath: dir + "/p.json")))
    #expect(file.parameters == .defaults)
    #expect(file.fitted == "defaults")
  }

  @Test func emptyLogIsAClearFailure() throws {
    let dir = try Self.tempDir()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try Self.write("card_id,review_time,review_rating\n", dir + "/empty.csv")
    for command in ["optimize", "evaluate"] {
      let r = Self.run([command, "--revlog", "empty.csv"], cwd: dir)
      #expect(r.code == 1)
      #expect(r.err.contains("empty.csv holds no reviews"))
      #expect(r.out.isEmpty)
    }
  }

  @Test func allRatingsEqualGivesFiniteNumbers() throws {
    let dir = try Self.tempDir()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    var csv = "card_id,review_time,review_rating\n"
    for card in 1...30 {
      var day = card % 5
      for k in 0..<5 {
        csv += "\(card),\(Self.ms(day)),3\n"
        day += k + 1
      }
    }
    try Self.write(csv, dir + "/good.csv")
    let r = Self.run(["optimize", "--revlog", "good.csv"], cwd: dir)
    #expect(r.code == 0)
    #expect(!r.out.lowercased().contains("nan"))
    let e = Self.run(["evaluate", "--revlog", "good.csv", "--format", "json"], cwd: dir)
    #expect(e.code == 0)
    #expect(!e.out.lowercased().contains("nan"))
    #expect(e.out.contains("\"auc\" : null"))
  }

  /// The table and the predictions file for the tiny log, checked against hand-computed values.
  @Test func evaluateTinyLogByHand() throws {
    let dir = try Self.tempDir()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try Self.write(Self.tinyCSV, dir + "/tiny.csv")
    let r = Self.run(["evaluate", "--revlog", "tiny.csv", "--models", "average", "--folds", "1", "--predictions-out", "p.csv"], cwd: dir)
    #expect(r.code == 0, "\(r.err)")
    #expect(r.out == """
      review log: tiny.csv; 1 folds; 2 scored reviews predicted
      model    log loss  RMSE(bins)  AUC  count
      average   0.40547     0.33333  n/a      2

      """)
    let p = try String(contentsOfFile: dir + "/p.csv", encoding: .utf8)
    #expect(p == "card_id,review_time,rating,p_average\n1,\(Self.ms(6)),3,0.6666666666666666\n2,\(Self.ms(7)),3,0.6666666666666666\n")

    let j = Self.run(["evaluate", "--revlog", "tiny.csv", "--models", "average", "--folds", "1", "--format", "json"], cwd: dir)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(j.out.utf8)) as? [String: Any])
    #expect(object["scored_reviews"] as? Int == 2)
    let models = try #require(object["models"] as? [[String: Any]])
    #expect(models.first?["model"] as? String == "average")
    #expect(abs((models.first?["log_loss"] as? Double ?? 0) - (-log(2.0 / 3))) < 1e-12)
  }

  @Test func evaluateAllModelsOnASyntheticLog() throws {
    let dir = try Self.tempDir()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    #expect(Self.run(["synth", "--cards", "150", "--days", "150", "--seed", "5", "--out", "log.csv"], cwd: dir).code == 0)
    let r = Self.run(["evaluate", "--revlog", "log.csv"], cwd: dir)
    #expect(r.code == 0, "\(r.err)")
    for model in ["fsrs6 ", "fsrs6-default ", "sm2 ", "hlr ", "average "] {
      #expect(r.out.contains("\n" + model), "row for \(model)")
    }
    #expect(r.out.contains("fsrs6 fitted per fold: all ("))
    // hlr is fitted per fold on the same training reviews as fsrs6.
    let fsrsLine = try #require(r.out.split(separator: "\n").first { $0.hasPrefix("fsrs6 fitted per fold: ") })
    let hlrLine = try #require(r.out.split(separator: "\n").first { $0.hasPrefix("hlr fitted per fold: θ (") })
    func counts(_ line: Substring) -> [String] {
      line.components(separatedBy: " training reviews").dropLast().map { $0.split(separator: "(").last.map(String.init) ?? "" }
    }
    #expect(counts(hlrLine).count == 5 && counts(hlrLine) == counts(fsrsLine))
    let j = Self.run(["evaluate", "--revlog", "log.csv", "--models", "hlr", "--format", "json"], cwd: dir)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(j.out.utf8)) as? [String: Any])
    let fits = try #require(object["hlr_fits"] as? [[String: Any]])
    #expect(fits.count == 5 && fits.allSatisfy { ($0["theta"] as? [Double])?.count == 3 })
    #expect(fits.map { "\($0["training_reviews"] as? Int ?? -1)" } == counts(fsrsLine))
    #expect(object["fsrs6_fits"] == nil)
  }

  @Test func usageErrors() throws {
    let dir = try Self.tempDir()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try Self.write(Self.tinyCSV, dir + "/tiny.csv")
    let bad = Self.run(["evaluate", "--revlog", "tiny.csv", "--models", "fsrs7"], cwd: dir)
    #expect(bad.code == 64)
    #expect(bad.err.hasPrefix("planner: error: --models: 'fsrs7' is not valid: expected one of fsrs6, fsrs6-default, sm2, hlr, average\n"))
    #expect(bad.err.contains("Did you mean 'fsrs6'?"))
    #expect(Self.run(["evaluate", "--revlog", "tiny.csv", "--folds", "0"], cwd: dir).code == 64)
    #expect(Self.run(["evaluate", "--revlog", "tiny.csv", "--format", "xml"], cwd: dir).code == 64)
    #expect(Self.run(["optimize"], cwd: dir).code == 64)
    // Too few scored reviews for five folds: a failure naming the numbers.
    let few = Self.run(["evaluate", "--revlog", "tiny.csv"], cwd: dir)
    #expect(few.code == 1)
    #expect(few.err.contains("only 5 reviews fall on a later day"))
  }
}
