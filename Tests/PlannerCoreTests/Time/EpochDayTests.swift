import Foundation
import Testing
@testable import PlannerCore

/// An epoch day's text, `YYYY-MM-DD`, written as bytes for the years 0…9999, is the rule as
/// written (each part `String(n)` left-padded with zeros) for every day, those outside too.
@Suite struct EpochDayTests {
  static func rule(_ day: EpochDay) -> String {
    let c = day.civil
    func pad(_ n: Int, _ w: Int) -> String { let s = String(n); return String(repeating: "0", count: max(0, w - s.count)) + s }
    return "\(pad(c.year, 4))-\(pad(c.month, 2))-\(pad(c.day, 2))"
  }

  @Test func descriptionIsTheRuleAsWritten() {
    // Year 0's first day, year 9999's last, the epoch, and days beyond on both sides.
    let edges = [EpochDay(year: 0, month: 1, day: 1)!, EpochDay(year: 9999, month: 12, day: 31)!, EpochDay(0)]
    var rng = SplitMix64(seed: 18)
    let days = edges.flatMap { e in (-3...3).map { e.advanced(by: $0) } }
      + (0..<2_000).map { _ in EpochDay(Int(rng.next() % 8_000_000) - 4_000_000) }
    for day in days {
      #expect(day.description == Self.rule(day))
      let written = [UInt8](unsafeUninitializedCapacity: 10) { b, n in n = day.writeDescription(at: b.baseAddress!) ?? 0 }
      let inRange = day.year >= 0 && day.year <= 9999
      #expect(written.count == (inRange ? 10 : 0))
      if inRange { #expect(String(decoding: written, as: UTF8.self) == Self.rule(day)) }
    }
  }
}
