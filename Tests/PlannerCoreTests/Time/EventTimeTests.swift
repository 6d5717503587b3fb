import Foundation
import Testing
@testable import PlannerCore

@Suite struct EventTimeTests {
  @Test func parsesOffsetsAndFractions() throws {
    let a = try #require(EventTime("2026-11-30T08:15:00+02:00"))
    #expect(a.epochMillis == 1_796_019_300_000)
    #expect(a.offsetSeconds == 7200)
    let b = try #require(EventTime("2026-11-30T06:15:00Z"))
    #expect(b.epochMillis == a.epochMillis)
    let c = try #require(EventTime("2026-11-30T06:15:00.25-00:30"))
    #expect(c.epochMillis == a.epochMillis + 1_800_000 + 250)
    // Foundation agrees on the instant.
    let f = ISO8601DateFormatter()
    #expect(Int64(f.date(from: "2026-11-30T08:15:00+02:00")!.timeIntervalSince1970 * 1000) == a.epochMillis)
  }

  @Test(arguments: ["2026-02-29T00:00:00Z", "2026-11-30T08:15:00", "2026-11-30 08:15:00Z", "2026-13-01T00:00:00Z",
                    "2026-11-30T24:00:00Z", "2026-11-30T08:15:00+2:00", "", "yesterday"])
  func rejects(_ text: String) { #expect(EventTime(text) == nil) }

  @Test func formatsWithOffset() {
    #expect(EventTime(epochMillis: 1_796_019_300_000, offsetSeconds: 7200).text == "2026-11-30T08:15:00+02:00")
    #expect(EventTime(epochMillis: 1_796_019_300_123, offsetSeconds: 0).text == "2026-11-30T06:15:00.123Z")
    #expect(EventTime(epochMillis: -1000, offsetSeconds: -3600 * 5 - 1800).text == "1969-12-31T18:29:59-05:30")
  }

  @Test func learningDaysRollOverAtTheDayStartInTheLearnersZone() {
    var clock = LearningDayClock(timeZone: TimeZone(identifier: "Europe/Kyiv")!, dayStartHour: 4)
    let evening = EventTime("2026-11-30T23:00:00+02:00")!.epochMillis
    let earlyMorning = EventTime("2026-12-01T03:59:00+02:00")!.epochMillis
    let morning = EventTime("2026-12-01T04:00:00+02:00")!.epochMillis
    #expect(clock.day(atMillis: evening) == clock.day(atMillis: earlyMorning))
    #expect(clock.day(atMillis: morning) == clock.day(atMillis: evening) + 1)
    #expect(clock.hour(atMillis: morning) == 4)
    // Summer time (UTC+3) in Kyiv.
    #expect(clock.hour(atMillis: EventTime("2026-07-01T09:30:00Z")!.epochMillis) == 12)
  }

  @Test func learningDaysAcrossKyivDaylightSavingChanges() throws {
    var clock = LearningDayClock(timeZone: TimeZone(identifier: "Europe/Kyiv")!, dayStartHour: 4)
    func day(_ t: String) -> String { EpochDay(clock.day(atMillis: EventTime(t)!.epochMillis)).description }
    // Spring forward, 2026-03-29 03:00 → 04:00 local.
    #expect(day("2026-03-29T00:59:00Z") == "2026-03-28")  // 02:59 +02:00
    #expect(day("2026-03-29T01:00:00Z") == "2026-03-29")  // 04:00 +03:00
    // Fall back, 2026-10-25 04:00 → 03:00 local: 03:xx happens twice, both before the day starts.
    #expect(day("2026-10-25T00:30:00Z") == "2026-10-24")  // 03:30 +03:00
    #expect(day("2026-10-25T01:30:00Z") == "2026-10-24")  // 03:30 +02:00
    #expect(day("2026-10-25T02:00:00Z") == "2026-10-25")  // 04:00 +02:00
  }
}
