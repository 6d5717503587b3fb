import Foundation
import Testing

/// The golden FSRS-6 sequences (Tests/MemoryModelsTests/Fixtures, copied from
/// shared/fixtures/fsrs) as review logs, and the check of `planner replay` output against them.
enum FixtureLog {
  struct Step { var t: Int; var g: Int; var s64: Double?; var d64: Double?; var r64: Double?; var days: [Int]; var ambiguous: [Bool] }
  struct Fixture {
    var isDefault: Bool
    var weights: [Double]
    var retentions: [Double]
    var sequences: [(id: Int, steps: [Step])]
    var stepCount: Int { sequences.reduce(0) { $0 + $1.steps.count } }
  }

  static func load(_ name: String) throws -> Fixture {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("MemoryModelsTests/Fixtures/\(name).json")
    let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    func d(_ v: Any?) -> Double? { (v as? NSNumber)?.doubleValue }
    let sequences = (json["sequences"] as! [[String: Any]]).map { seq in
      (id: seq["id"] as! Int, steps: (seq["steps"] as! [[String: Any]]).map { st in
        Step(t: st["t"] as! Int, g: st["g"] as! Int, s64: d(st["s64"]), d64: d(st["d64"]), r64: d(st["r64"]),
             days: st["days"] as! [Int], ambiguous: st["days_ambiguous"] as? [Bool] ?? [false, false, false])
      })
    }
    return Fixture(
      isDefault: json["parameter_set"] as? String == "default",
      weights: (json["parameters"] as! [NSNumber]).map(\.doubleValue),
      retentions: (json["desired_retentions"] as! [NSNumber]).map(\.doubleValue), sequences: sequences)
  }

  /// Card id = sequence id + 1; each step at 10:00 UTC on its learning day, a minute later per
  /// same-day step; rows sorted by time so cards interleave.
  static func reviewLog(_ f: Fixture, elapsedColumn: Bool) -> String {
    let t0: Int64 = 1_704_103_200_000, day: Int64 = 86_400_000
    var rows: [(time: Int64, seq: Int, step: Int, text: String)] = []
    for (id, steps) in f.sequences {
      var dayIndex: Int64 = 0, minute: Int64 = 0
      for (k, st) in steps.enumerated() {
        if k > 0 { if st.t == 0 { minute += 1 } else { dayIndex += Int64(st.t); minute = 0 } }
        let time = t0 + dayIndex * day + minute * 60_000
        let extra = elapsedColumn ? (k == 0 ? ",-1" : ",\(st.t)") : ""
        rows.append((time, id, k, "\(id + 1),\(time),\(st.g)\(extra)"))
      }
    }
    rows.sort { ($0.time, $0.seq, $0.step) < ($1.time, $1.seq, $1.step) }
    return (["card_id,review_time,review_rating" + (elapsedColumn ? ",elapsed_days" : "")] + rows.map(\.text))
      .joined(separator: "\n") + "\n"
  }

  /// Checks every output row; returns how many were checked.
  static func check(output: String, fixture: Fixture, retentionIndex j: Int) -> Int {
    var expected: [Int: [Step]] = [:]
    for (id, steps) in fixture.sequences { expected[id + 1] = steps }
    var position: [Int: Int] = [:]
    var checked = 0
    let lines = output.split(separator: "\n")
    #expect(lines.first == "card_id,review_time,elapsed_days,rating,retrievability,stability,difficulty,interval_days")
    for line in lines.dropFirst() {
      let c = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      let card = Int(c[0])!
      let k = position[card, default: 0]
      position[card] = k + 1
      let step = expected[card]![k]
      let here = "card \(card) step \(k)"
      #expect(Int(c[2])! == (k == 0 ? -1 : step.t), "t at \(here)")
      #expect(Int(c[3])! == step.g)
      if k == 0 { #expect(c[4].isEmpty) }
      if let e = step.r64 { #expect(abs(Double(c[4])! - e) <= 1e-9, "r \(c[4]) vs \(e) at \(here)") }
      if let e = step.s64 { #expect(abs(Double(c[5])! - e) <= 1e-12 + 1e-9 * e, "s \(c[5]) vs \(e) at \(here)") }
      if let e = step.d64 { #expect(abs(Double(c[6])! - e) <= 1e-9, "d \(c[6]) vs \(e) at \(here)") }
      let days = Int(c[7])!
      if step.ambiguous[j] { #expect(abs(days - step.days[j]) <= 1, "days at \(here)") } else { #expect(days == step.days[j], "days[\(j)] at \(here)") }
      checked += 1
    }
    return checked
  }
}
