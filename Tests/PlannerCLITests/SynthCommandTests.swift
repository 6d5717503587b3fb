import Foundation
import Testing
import TestSupport
@testable import PlannerCLI

@Suite("planner synth")
struct SynthCommandTests {
  static func run(_ args: [String], cwd: String? = nil) -> CLIRun { runCLI(args, in: cwd) }

  static func tempDir() throws -> String {
    let dir = TemporaryFolder.newPath("planner-synth")
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    return dir
  }

  @Test func sameSeedSameBytes() throws {
    let dir = try Self.tempDir()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let a = Self.run(["synth", "--cards", "30", "--days", "60", "--seed", "7", "--out", "a.csv"], cwd: dir)
    let b = Self.run(["synth", "--cards", "30", "--days", "60", "--seed", "7", "--out", "b.csv"], cwd: dir)
    let c = Self.run(["synth", "--cards", "30", "--days", "60", "--seed", "8", "--out", "c.csv"], cwd: dir)
    #expect(a.code == 0 && b.code == 0 && c.code == 0)
    let fa = try Data(contentsOf: URL(fileURLWithPath: dir + "/a.csv"))
    let fb = try Data(contentsOf: URL(fileURLWithPath: dir + "/b.csv"))
    let fc = try Data(contentsOf: URL(fileURLWithPath: dir + "/c.csv"))
    #expect(fa == fb)
    #expect(fa != fc)
    #expect(a.out.hasPrefix("wrote a.csv\nsynthetic log: "))
    #expect(a.out.contains("floor (log loss of the hidden probabilities over "))
  }

  @Test func csvOnStdoutSummaryOnStderr() {
    let r = Self.run(["synth", "--cards", "2", "--days", "10", "--seed", "3"])
    #expect(r.code == 0)
    let lines = r.out.split(separator: "\n")
    #expect(lines.first == "card_id,review_time,review_rating,review_state,elapsed_days")
    #expect(lines.dropFirst().allSatisfy { $0.split(separator: ",").count == 5 })
    // Each card's first row: state 0, elapsed −1.
    #expect(lines.filter { $0.hasSuffix(",0,-1") }.count == 2)
    #expect(r.err.hasPrefix("synthetic log: \(lines.count - 1) reviews of 2 cards over 10 days (seed 3); "))
  }

  @Test func badArgumentsAreUsageErrors() {
    #expect(Self.run(["synth", "--cards", "0", "--days", "10"]).code == 64)
    #expect(Self.run(["synth", "--cards", "5"]).code == 64)
    let r = Self.run(["synth", "--cards", "5", "--days", "10", "--seed", "-1"])
    #expect(r.code == 64)
    #expect(r.err.hasPrefix("planner: error: --seed: '-1' is not valid: expected a whole number from 0 to 18446744073709551615\n"))
  }
}
