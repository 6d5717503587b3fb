import Foundation
@testable import MemoryModels
@testable import PlannerCore
@testable import ReviewLogs
import Testing


/// The golden FSRS-6 sequences (Tests/MemoryModelsTests/Fixtures, from shared/fixtures/fsrs),
/// written out as review logs and replayed: every step's s64/d64/r64 within the file's float64
/// tolerance and the whole-day intervals for all three desired retentions.
@Suite("Replay reproduces the FSRS-6 golden sequences")
struct ReviewReplayFixtureTests {
  struct Step { var t: Int; var g: Int; var s64: Double?; var d64: Double?; var r64: Double?; var days: [Int]; var ambiguous: [Bool] }
  struct Fixture { var weights: [Double]; var retentions: [Double]; var sequences: [(id: Int, steps: [Step])] }

  static func load(_ name: String) throws -> Fixture {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("MemoryModelsTests/Fixtures/\(name).json")
    let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    func d(_ v: Any?) -> Double? { (v as? NSNumber)?.doubleValue }
    let sequences = (json["sequences"] as! [[String: Any]]).map { seq in
      (id: seq["id"] as! Int, steps: (seq["steps"] as! [[String: Any]]).map { st in
        Step(t: st["t"] as! Int, g: st["g"] as! Int, s64: d(st["s64"]), d64: d(st["d64"]), r64: d(st["r64"]),
             days: st["days"] as! [Int], ambiguous: st["days_ambiguous"] as? [Bool] ?? [false, false, false])
      })
    }
    return Fixture(
      weights: (json["parameters"] as! [NSNumber]).map(\.doubleValue),
      retentions: (json["desired_retentions"] as! [NSNumber]).map(\.doubleValue), sequences: sequences)
  }

  /// The sequences as one review log, cards interleaved by time (card id = sequence id + 1).
  /// Each step is at 10:00 UTC on its learning day (day start 04:00) plus a minute per same-day
  /// step; with `elapsedColumn` the fixture's t is also written in an `elapsed_days` column.
  static func reviewLog(_ f: Fixture, elapsedColumn: Bool) -> String {
    let t0: Int64 = 1_704_103_200_000, day: Int64 = 86_400_000
    var rows: [(time: Int64, seq: Int, step: Int, text: String)] = []
    for (id, steps) in f.sequences {
      var dayIndex: Int64 = 0, minute: Int64 = 0
      for (k, st) in steps.enumerated() {
        if k > 0 { if st.t == 0 { minute += 1 } else { dayIndex += Int64(st.t); minute = 0 } }
        let time = t0 + dayIndex * day + minute * 60_000
        let e = k == 0 ? "" : ",\(st.t)"
        let extra = elapsedColumn ? (k == 0 ? ",-1" : e) : ""
        rows.append((time, id, k, "\(id + 1),\(time),\(st.g),\(k == 0 ? 0 : 2),1200\(extra)"))
      }
    }
    rows.sort { ($0.time, $0.seq, $0.step) < ($1.time, $1.seq, $1.step) }
    let header = "card_id,review_time,review_rating,review_state,review_duration" + (elapsedColumn ? ",elapsed_days" : "")
    return ([header] + rows.map(\.text)).joined(separator: "\n") + "\n"
  }

  static func check(_ name: String, elapsedColumn: Bool) throws {
    let f = try load(name)
    let model = FSRS6(parameters: try FSRSParameters(validating: f.weights))
    let log = try ReviewLogReader().parse(Array(reviewLog(f, elapsedColumn: elapsedColumn).utf8), fileName: name)
    var expected: [Int64: [Step]] = [:]
    for (id, steps) in f.sequences { expected[Int64(id + 1)] = steps }
    var checked = 0
    for (j, dr) in f.retentions.enumerated() {
      let result = try ReviewReplay.replay(log, model: model, desiredRetention: dr)
      // Walk the output CSV, not the arrays: it is what `planner replay` prints.
      let csv = String(decoding: ReplayCSVWriter.csv(result), as: UTF8.self)
      var lines = csv.split(separator: "\n").dropFirst().makeIterator()
      var position: [Int64: Int] = [:]
      for i in 0..<result.count {
        let cells = lines.next()!.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let card = Int64(cells[0])!
        #expect(card == log.cardIDs[i])
        let k = position[card, default: 0]
        position[card] = k + 1
        let step = expected[card]![k]
        let here = "\(name) card \(card) step \(k)"
        #expect(Int(cells[2])! == (k == 0 ? -1 : step.t), "t at \(here)")
        #expect(Int(cells[3])! == step.g)
        if let e = step.r64 { #expect(abs(Double(cells[4])! - e) <= 1e-9, "r \(cells[4]) vs \(e) at \(here)") }
        if k == 0 { #expect(cells[4].isEmpty) }
        if let e = step.s64 { #expect(abs(Double(cells[5])! - e) <= 1e-12 + 1e-9 * e, "s \(cells[5]) vs \(e) at \(here)") }
        if let e = step.d64 { #expect(abs(Double(cells[6])! - e) <= 1e-9, "d \(cells[6]) vs \(e) at \(here)") }
        let days = Int(cells[7])!
        if step.ambiguous[j] { #expect(abs(days - step.days[j]) <= 1, "days[\(j)] at \(here)") } else { #expect(days == step.days[j], "days[\(j)] at \(here)") }
        checked += 1
      }
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
