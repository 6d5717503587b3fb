import Foundation

/// The FSRS-6 golden sequences (`Tests/MemoryModelsTests/Fixtures`, copied from the reference
/// implementations' vectors; see the README there) written as review logs, and the check of
/// replay output (`planner replay`, `ReplayCSVWriter`) against them.
public enum FixtureLog {
  public struct Step: Sendable {
    public var t: Int
    public var g: Int
    public var s64: Double?
    public var d64: Double?
    public var r64: Double?
    public var days: [Int]
    public var ambiguous: [Bool]
  }
  public struct Fixture: Sendable {
    public var isDefault: Bool
    public var weights: [Double]
    public var retentions: [Double]
    public var sequences: [(id: Int, steps: [Step])]
    public var stepCount: Int { sequences.reduce(0) { $0 + $1.steps.count } }
  }

  /// `name` is `fsrs6-default` or `fsrs6-custom`.
  public static func load(_ name: String) throws -> Fixture {
    let json = try Fixtures.jsonObject(Fixtures.fsrsGoldenVectors + "/\(name).json")
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

  /// The sequences as one review log: card id = sequence id + 1; each step at 10:00 UTC on its
  /// learning day (day start 04:00), a minute later per same-day step; rows sorted by time so
  /// cards interleave. `elapsedColumn` adds the fixture's t as `elapsed_days`;
  /// `stateAndDuration` adds `review_state` and `review_duration` columns.
  public static func reviewLog(_ f: Fixture, elapsedColumn: Bool, stateAndDuration: Bool = false) -> String {
    let t0: Int64 = 1_704_103_200_000, day: Int64 = 86_400_000
    var rows: [(time: Int64, seq: Int, step: Int, text: String)] = []
    for (id, steps) in f.sequences {
      var dayIndex: Int64 = 0, minute: Int64 = 0
      for (k, st) in steps.enumerated() {
        if k > 0 { if st.t == 0 { minute += 1 } else { dayIndex += Int64(st.t); minute = 0 } }
        let time = t0 + dayIndex * day + minute * 60_000
        let state = stateAndDuration ? ",\(k == 0 ? 0 : 2),1200" : ""
        let extra = elapsedColumn ? (k == 0 ? ",-1" : ",\(st.t)") : ""
        rows.append((time, id, k, "\(id + 1),\(time),\(st.g)\(state)\(extra)"))
      }
    }
    rows.sort { ($0.time, $0.seq, $0.step) < ($1.time, $1.seq, $1.step) }
    let header = "card_id,review_time,review_rating" + (stateAndDuration ? ",review_state,review_duration" : "")
      + (elapsedColumn ? ",elapsed_days" : "")
    return ([header] + rows.map(\.text)).joined(separator: "\n") + "\n"
  }

  /// Checks every row of replay CSV output against the fixture at one desired retention:
  /// t, rating, and s64/d64/r64 within the file's float64 tolerance, whole-day intervals exact
  /// (±1 where the file flags the rounding as ambiguous). Returns the rows checked and every
  /// mismatch, each naming the card and step.
  public static func check(output: String, fixture: Fixture, retentionIndex j: Int) -> (checked: Int, mismatches: [String]) {
    var expected: [Int: [Step]] = [:]
    for (id, steps) in fixture.sequences { expected[id + 1] = steps }
    var position: [Int: Int] = [:]
    var checked = 0
    var mismatches: [String] = []
    let lines = output.split(separator: "\n")
    let header = "card_id,review_time,elapsed_days,rating,retrievability,stability,difficulty,interval_days"
    if lines.first.map(String.init) != header { mismatches.append("header \(lines.first ?? "(none)"), expected \(header)") }
    for line in lines.dropFirst() {
      let c = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      guard c.count == 8, let card = Int(c[0]), let steps = expected[card] else {
        mismatches.append("unexpected row \(line)")
        continue
      }
      let k = position[card, default: 0]
      position[card] = k + 1
      guard k < steps.count else {
        mismatches.append("card \(card): more rows than the fixture's \(steps.count) steps")
        continue
      }
      let step = steps[k]
      let here = "card \(card) step \(k)"
      func expect(_ ok: Bool, _ what: @autoclosure () -> String) { if !ok { mismatches.append(what() + " at \(here)") } }
      expect(Int(c[2]) == (k == 0 ? -1 : step.t), "t \(c[2]) vs \(step.t)")
      expect(Int(c[3]) == step.g, "rating \(c[3]) vs \(step.g)")
      if k == 0 { expect(c[4].isEmpty, "r \(c[4]) on a first review") }
      if let e = step.r64 { expect(abs((Double(c[4]) ?? .nan) - e) <= 1e-9, "r \(c[4]) vs \(e)") }
      if let e = step.s64 { expect(abs((Double(c[5]) ?? .nan) - e) <= 1e-12 + 1e-9 * e, "s \(c[5]) vs \(e)") }
      if let e = step.d64 { expect(abs((Double(c[6]) ?? .nan) - e) <= 1e-9, "d \(c[6]) vs \(e)") }
      let days = Int(c[7]) ?? Int.min
      if step.ambiguous[j] {
        expect(abs(days - step.days[j]) <= 1, "days[\(j)] \(c[7]) vs \(step.days[j]) ±1")
      } else {
        expect(days == step.days[j], "days[\(j)] \(c[7]) vs \(step.days[j])")
      }
      checked += 1
    }
    return (checked, mismatches)
  }
}
