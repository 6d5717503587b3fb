import Foundation
@testable import MemoryModels
@testable import PlannerCore
@testable import ReviewLogs
import Testing
import TestSupport


/// The golden FSRS-6 sequences (Tests/MemoryModelsTests/Fixtures, see its README),
/// written out as review logs and replayed: every step's s64/d64/r64 within the file's float64
/// tolerance and the whole-day intervals for all three desired retentions.
@Suite("Replay reproduces the FSRS-6 golden sequences")
struct ReviewReplayFixtureTests {
  static func load(_ name: String) throws -> FixtureLog.Fixture { try FixtureLog.load(name) }
  static func reviewLog(_ f: FixtureLog.Fixture, elapsedColumn: Bool) -> String {
    FixtureLog.reviewLog(f, elapsedColumn: elapsedColumn, stateAndDuration: true)
  }

  static func check(_ name: String, elapsedColumn: Bool) throws {
    let f = try load(name)
    let model = FSRS6(parameters: try FSRSParameters(validating: f.weights))
    let log = try ReviewLogReader().parse(Array(reviewLog(f, elapsedColumn: elapsedColumn).utf8), fileName: name)
    var checked = 0
    for (j, dr) in f.retentions.enumerated() {
      let result = try ReviewReplay.replay(log, model: model, desiredRetention: dr)
      // Check the output CSV, not the arrays: it is what `planner replay` prints.
      let csv = String(decoding: ReplayCSVWriter.csv(result), as: UTF8.self)
      #expect(csv.split(separator: "\n").dropFirst().map { Int64($0.prefix { $0 != "," })! } == log.cardIDs)
      let rows = FixtureLog.check(output: csv, fixture: f, retentionIndex: j)
      #expect(rows.mismatches.isEmpty, "\(name) retention \(dr): \(rows.mismatches.prefix(5))")
      checked += rows.checked
    }
    #expect(checked == 3 * f.sequences.reduce(0) { $0 + $1.steps.count })
    #expect(f.sequences.count == 200)
  }

  @Test("sequences written with times only", arguments: ["fsrs6-default", "fsrs6-custom"])
  func times(name: String) throws { try Self.check(name, elapsedColumn: false) }

  @Test("sequences written with an elapsed_days column", arguments: ["fsrs6-default", "fsrs6-custom"])
  func elapsedDays(name: String) throws { try Self.check(name, elapsedColumn: true) }

  @Test("cardHistories give the fixture's t and ratings per card, sorted by card id")
  func histories() throws {
    let f = try Self.load("fsrs6-default")
    let log = try ReviewLogReader().parse(Array(Self.reviewLog(f, elapsedColumn: false).utf8), fileName: "x")
    let h = log.cardHistories()
    #expect(h.map(\.cardID) == f.sequences.map { Int64($0.id + 1) }.sorted())
    for (id, steps) in f.sequences {
      let card = h.first { $0.cardID == Int64(id + 1) }!
      #expect(card.ratings.map(\.rawValue) == steps.map(\.g))
      #expect(card.elapsedDays.map(Int.init) == [-1] + steps.dropFirst().map(\.t))
    }
  }

  @Test("replay with two workers equals one")
  func parallelReplay() throws {
    var rng = SplitMix64(seed: 11)
    var text = "card_id,review_time,review_rating\n"
    var time: Int64 = 1_704_103_200_000
    for _ in 0..<80_000 {
      time += Int64(rng.next() % 20_000_000)
      text += "\(rng.next() % 5000),\(time),\(rng.next() % 4 + 1)\n"
    }
    let log = try ReviewLogReader().parse(Array(text.utf8), fileName: "x")
    let one = try ReviewReplay.replay(log, model: FSRS6(), desiredRetention: 0.9, workers: 1)
    let two = try ReviewReplay.replay(log, model: FSRS6(), desiredRetention: 0.9, workers: 2)
    let sequential = ReplayCSVWriter.csv(one, workers: 1)
    #expect(sequential == ReplayCSVWriter.csv(two, workers: 2))
    // Many small blocks: several rounds, each written while the next is formatted.
    var pieces: [UInt8] = []
    ReplayCSVWriter.write(two, workers: 2, blockRows: 97) { pieces.append(contentsOf: $0) }
    #expect(pieces == sequential)
    // And the states agree with the plain sequential fold.
    let states = ReviewReplay.states(log, model: FSRS6())
    #expect(states.map(\.stability) == two.stability)
  }
}
