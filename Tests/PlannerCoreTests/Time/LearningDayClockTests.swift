@testable import PlannerCore
import Foundation
import Testing


@Suite("Learning days: timezone and day-start hour")
struct LearningDayClockTests {
  /// Milliseconds of an ISO-8601 instant with an explicit offset.
  static func ms(_ iso: String) -> Int64 {
    let f = ISO8601DateFormatter()
    return Int64((f.date(from: iso)!.timeIntervalSince1970 * 1000).rounded())
  }

  static func t(_ a: String, _ b: String, _ tz: String, dayStart: Int = 4) throws -> Int64 {
    let clock = try LearningDayClock(timeZoneIdentifier: tz, dayStartHour: dayStart)
    return clock.learningDay(ms: ms(b)) - clock.learningDay(ms: ms(a))
  }

  @Test("UTC with the day starting at 04:00")
  func utc() throws {
    #expect(try Self.t("2024-05-01T03:59:59Z", "2024-05-01T04:00:00Z", "UTC") == 1)
    #expect(try Self.t("2024-05-01T04:00:00Z", "2024-05-02T03:59:59Z", "UTC") == 0)
    #expect(try Self.t("2024-05-01T23:00:00Z", "2024-05-02T07:00:00Z", "UTC") == 1)
    #expect(try Self.t("2024-05-01T23:00:00Z", "2024-05-02T02:00:00Z", "UTC", dayStart: 0) == 1)
    // 1970-01-01T03:00Z is before that day's start: day −1 (floor, not truncation).
    #expect(try LearningDayClock(timeZoneIdentifier: "UTC").learningDay(ms: 3 * 3_600_000) == -1)
    #expect(try LearningDayClock(timeZoneIdentifier: "UTC").learningDay(ms: 4 * 3_600_000) == 0)
  }

  @Test("Europe/Kyiv on the DST change days")
  func kyivDST() throws {
    // Spring forward: 2024-03-31 03:00 EET → 04:00 EEST.
    #expect(try Self.t("2024-03-30T23:00:00+02:00", "2024-03-31T07:00:00+03:00", "Europe/Kyiv") == 1)
    #expect(try Self.t("2024-03-31T07:00:00+03:00", "2024-04-01T03:00:00+03:00", "Europe/Kyiv") == 0)
    #expect(try Self.t("2024-03-31T07:00:00+03:00", "2024-04-01T04:00:00+03:00", "Europe/Kyiv") == 1)
    // Fall back: 2024-10-27 04:00 EEST → 03:00 EET; 03:00 the next night is still the 27th's day.
    #expect(try Self.t("2024-10-26T23:00:00+03:00", "2024-10-27T07:00:00+02:00", "Europe/Kyiv") == 1)
    #expect(try Self.t("2024-10-27T07:00:00+02:00", "2024-10-28T03:00:00+02:00", "Europe/Kyiv") == 0)
    #expect(try Self.t("2024-10-27T03:30:00+03:00", "2024-10-27T03:30:00+02:00", "Europe/Kyiv") == 0)
    // 05:30 in Kyiv is a new day; the same instant (03:30Z) is still the previous day in UTC.
    #expect(try Self.t("2024-10-27T07:00:00+02:00", "2024-10-28T05:30:00+02:00", "Europe/Kyiv") == 1)
    #expect(try Self.t("2024-10-27T07:00:00+02:00", "2024-10-28T05:30:00+02:00", "UTC") == 0)
  }

  @Test("one offset table over a year has a span per transition and agrees with TimeZone everywhere")
  func tableMatchesTimeZone() throws {
    let tz = TimeZone(identifier: "Europe/Kyiv")!
    let clock = LearningDayClock(timeZone: tz, dayStartHour: 4)
    let from = Self.ms("2023-01-01T00:00:00Z"), to = Self.ms("2025-01-01T00:00:00Z")
    let table = clock.offsetTable(from: from, through: to)
    #expect(table.spanCount == 5)
    var rng = SplitMix64(seed: 7)
    for _ in 0..<5000 {
      let ms = from + Int64(rng.next() % UInt64(to - from))
      let expected = Int64(tz.secondsFromGMT(for: Date(timeIntervalSince1970: Double(ms) / 1000))) * 1000
      #expect(table.offsetMs(at: ms) == expected)
    }
  }

  @Test("bad settings are refused")
  func invalid() {
    #expect(throws: PlanEngineError.self) { try LearningDayClock(timeZoneIdentifier: "Mars/Olympus") }
    #expect(throws: PlanEngineError.self) { try LearningDayClock(timeZoneIdentifier: "UTC", dayStartHour: 24) }
    #expect(throws: PlanEngineError.self) { try LearningDayClock(timeZoneIdentifier: "UTC", dayStartHour: -1) }
  }
}
