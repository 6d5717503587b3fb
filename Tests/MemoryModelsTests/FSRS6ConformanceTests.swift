import Foundation
import Testing
@testable import MemoryModels

/// Replays every golden sequence of the reference implementations (fsrs-rs 6.6.2, float32;
/// py-fsrs 6.3.2, float64) and checks every step within the tolerances each file states.
@Suite("FSRS-6 conformance with the golden vectors")
struct FSRS6ConformanceTests {
  struct Tolerance {
    var abs: Double
    var rel: Double
    func accepts(_ actual: Double, _ expected: Double) -> Bool {
      Swift.abs(actual - expected) <= abs + rel * Swift.abs(expected)
    }
  }

  static func load(_ name: String) throws -> [String: Any] {
    let url = try #require(Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures"))
    let data = try Data(contentsOf: url)
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  static func tolerance(_ file: [String: Any], _ group: String, _ field: String) -> Tolerance {
    let t = (file["tolerance"] as! [String: Any])[group] as! [String: Any]
    let f = t[field] as! [String: Any]
    return Tolerance(abs: (f["abs"] as! NSNumber).doubleValue, rel: (f["rel"] as! NSNumber).doubleValue)
  }

  static func double(_ v: Any?) -> Double? { (v as? NSNumber)?.doubleValue }

  @Test("every step of every sequence", arguments: ["fsrs6-default", "fsrs6-custom"])
  func sequences(file name: String) throws {
    let file = try Self.load(name)
    let weights = (file["parameters"] as! [NSNumber]).map(\.doubleValue)
    let model = FSRS6(parameters: try FSRSParameters(validating: weights))
    let retentions = (file["desired_retentions"] as! [NSNumber]).map(\.doubleValue)
    let tS = Self.tolerance(file, "against_float32_fields", "s")
    let tD = Self.tolerance(file, "against_float32_fields", "d")
    let tR = Self.tolerance(file, "against_float32_fields", "r")
    let tI = Self.tolerance(file, "against_float32_fields", "ivl")
    let tS64 = Self.tolerance(file, "against_float64_fields", "s64")
    let tD64 = Self.tolerance(file, "against_float64_fields", "d64")
    let tR64 = Self.tolerance(file, "against_float64_fields", "r64")
    let sequences = file["sequences"] as! [[String: Any]]
    #expect(sequences.count == 200)
    var checkedSteps = 0
    for seq in sequences {
      let id = seq["id"] as! Int
      var state: MemoryState? = nil
      for (k, step) in (seq["steps"] as! [[String: Any]]).enumerated() {
        let t = step["t"] as! Int
        let g = try #require(Rating(rawValue: step["g"] as! Int))
        let where_ = "sequence \(id) step \(k)"
        if let prev = state {
          let r = model.retrievability(elapsedDays: Double(t), stability: prev.stability)
          if let er = Self.double(step["r"]) { #expect(tR.accepts(r, er), "r \(r) vs \(er) at \(where_)") }
          if let er = Self.double(step["r64"]) { #expect(tR64.accepts(r, er), "r64 \(r) vs \(er) at \(where_)") }
        }
        let next = model.nextState(state, elapsedDays: t, rating: g)
        let s = next.stability, d = next.difficulty
        #expect(tS.accepts(s, Self.double(step["s"])!), "s \(s) at \(where_)")
        #expect(tD.accepts(d, Self.double(step["d"])!), "d \(d) at \(where_)")
        if let e = Self.double(step["s64"]) { #expect(tS64.accepts(s, e), "s64 \(s) vs \(e) at \(where_)") }
        if let e = Self.double(step["d64"]) { #expect(tD64.accepts(d, e), "d64 \(d) vs \(e) at \(where_)") }
        let ivl = (step["ivl"] as! [NSNumber]).map(\.doubleValue)
        let days = step["days"] as! [Int]
        let ambiguous = step["days_ambiguous"] as? [Bool] ?? [false, false, false]
        for (j, dr) in retentions.enumerated() {
          let raw = model.rawInterval(stability: s, desiredRetention: dr)
          #expect(tI.accepts(raw, ivl[j]), "ivl[\(j)] \(raw) vs \(ivl[j]) at \(where_)")
          let whole = model.intervalDays(stability: s, desiredRetention: dr)
          if ambiguous[j] {
            #expect(Swift.abs(whole - days[j]) <= 1, "days[\(j)] \(whole) vs \(days[j]) (ambiguous) at \(where_)")
          } else {
            #expect(whole == days[j], "days[\(j)] \(whole) vs \(days[j]) at \(where_)")
          }
        }
        state = next
        checkedSteps += 1
      }
    }
    #expect(checkedSteps == (file["counts"] as! [String: Any])["steps"] as! Int)
  }

  @Test("retrievability curve at fractional t", arguments: ["fsrs6-default", "fsrs6-custom"])
  func curve(file name: String) throws {
    let file = try Self.load(name)
    let model = FSRS6(parameters: try FSRSParameters(validating: (file["parameters"] as! [NSNumber]).map(\.doubleValue)))
    let tR = Self.tolerance(file, "against_float32_fields", "r")
    let tR64 = Self.tolerance(file, "against_float64_fields", "r64")
    let points = file["retrievability_curve"] as! [[String: Any]]
    #expect(!points.isEmpty)
    for p in points {
      let r = model.retrievability(elapsedDays: Self.double(p["t"])!, stability: Self.double(p["s"])!)
      #expect(tR.accepts(r, Self.double(p["r"])!))
      #expect(tR64.accepts(r, Self.double(p["r64_ref"])!))
    }
  }

  @Test("interval table: raw intervals, clamps to 1 and 36500, the 12.5 tie", arguments: ["fsrs6-default", "fsrs6-custom"])
  func intervalTable(file name: String) throws {
    let file = try Self.load(name)
    let model = FSRS6(parameters: try FSRSParameters(validating: (file["parameters"] as! [NSNumber]).map(\.doubleValue)))
    let retentions = (file["desired_retentions"] as! [NSNumber]).map(\.doubleValue)
    let tI = Self.tolerance(file, "against_float32_fields", "ivl")
    for row in file["interval_table"] as! [[String: Any]] {
      let s = Self.double(row["s"])!
      let ivl = (row["ivl"] as! [NSNumber]).map(\.doubleValue)
      let days = row["days"] as! [Int]
      let ambiguous = row["days_ambiguous"] as? [Bool] ?? [false, false, false]
      for (j, dr) in retentions.enumerated() {
        #expect(tI.accepts(model.rawInterval(stability: s, desiredRetention: dr), ivl[j]))
        let whole = model.intervalDays(stability: s, desiredRetention: dr)
        // Our engine follows py-fsrs exactly (half-to-even in float64), so even the
        // ambiguous cells match `days` exactly.
        #expect(whole == days[j] || (ambiguous[j] && Swift.abs(whole - days[j]) <= 1), "S=\(s) DR=\(dr): \(whole) vs \(days[j])")
      }
    }
    #expect(model.intervalDays(stability: 12.5, desiredRetention: 0.9) == 12 || file["parameter_set"] as? String == "custom")
  }
}
