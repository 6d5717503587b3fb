import Foundation
@testable import PlannerCore
import Testing

/// ``LearningDayClock/DayTable`` looks the zone's offset up once per span between transitions;
/// its learning day must be exactly ``LearningDayClock/learningDay(of:)`` (itself tested equal to
/// `Calendar`), on DST-change days, around raw-offset changes, and outside its span.
@Suite struct LearningDayClockDayTableTests {
  @Test(arguments: ["America/New_York", "Europe/Kyiv", "Europe/Moscow", "Pacific/Apia", "Australia/Lord_Howe",
                    "Asia/Kolkata", "America/St_Johns", "UTC"])
  func sameAsLearningDay(zone: String) throws {
    for dayStart in [0, 4, 23] {
      let clock = try LearningDayClock(timeZoneIdentifier: zone, dayStartHour: dayStart)
      var rng = SplitMix64(seed: 11)
      // 2009 … 2027 (Moscow's 2011 and 2014 raw-offset changes, Apia's skipped 2011-12-30),
      // with fractional seconds.
      var instants: [Double] = (0..<4000).map { _ in
        1_230_768_000 + Double(rng.next() % 599_616_000) + Double(rng.next() % 1000) / 1000
      }
      // Every transition of those years, and the instants just around it and around the day starts.
      var cursor = Date(timeIntervalSince1970: 1_230_768_000)
      while let next = clock.timeZone.nextDaylightSavingTimeTransition(after: cursor), next.timeIntervalSince1970 < 1_830_000_000 {
        let t = next.timeIntervalSince1970
        instants += [t, t - 0.001, t + 0.001, t - 1, t + 1, t - 3600, t + 3600, t - 86_400, t + 86_400]
        cursor = next
      }
      let table = clock.dayTable(from: Date(timeIntervalSince1970: instants.min()!), through: Date(timeIntervalSince1970: instants.max()!))
      for t in instants {
        let date = Date(timeIntervalSince1970: t)
        #expect(table.learningDay(of: date) == clock.learningDay(of: date), "\(zone) day start \(dayStart) at \(t)")
      }
      // Outside the table's span and before the Gregorian reform: the clock's own answer.
      for t in [0.0, 1_000_000_000, 2_000_000_000, -13_000_000_000] {
        let date = Date(timeIntervalSince1970: t)
        #expect(table.learningDay(of: date) == clock.learningDay(of: date), "\(zone) outside \(t)")
      }
    }
  }

  @Test("an empty table, a one-instant table and a table wider than its limit")
  func edges() throws {
    let clock = try LearningDayClock(timeZoneIdentifier: "Europe/Kyiv", dayStartHour: 4)
    let some = Date(timeIntervalSince1970: 1_774_747_200)  // 2026-03-29, the spring change
    let empty = clock.dayTable(from: .distantFuture, through: .distantPast)
    #expect(empty.learningDay(of: some) == clock.learningDay(of: some))
    let one = clock.dayTable(from: some, through: some)
    #expect(one.learningDay(of: some) == clock.learningDay(of: some))
    let far = Date(timeIntervalSince1970: 1_774_747_200 + 300 * 366 * 86_400)
    let wide = clock.dayTable(from: some, through: far)
    #expect(wide.learningDay(of: far) == clock.learningDay(of: far))
    #expect(wide.learningDay(of: some) == clock.learningDay(of: some))
  }
}
