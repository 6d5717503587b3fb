import Foundation
@testable import PlannerCore
import Testing


/// The clock's day, hour and minute come from the zone's offset and integer arithmetic (fast);
/// they must be exactly what the Gregorian `Calendar` in that zone says.
@Suite struct LearningDayClockCalendarTests {
  @Test(arguments: ["Europe/Kyiv", "America/New_York", "Asia/Kolkata", "Australia/Lord_Howe", "Pacific/Chatham", "UTC",
                    "America/St_Johns", "Asia/Kathmandu"])
  func sameAsCalendar(zone: String) throws {
    let clock = try LearningDayClock(timeZoneIdentifier: zone, dayStartHour: 4)
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = clock.timeZone
    var rng = SplitMix64(seed: 3)
    var instants: [Double] = [0, -0.5, -1, -86_400.25, 1_711_846_800, 1_711_846_799.999]  // incl. a DST change
    for _ in 0..<3000 {
      // 1900 … 2100, with fractional seconds; and dense around DST changes of 2026.
      instants.append(Double(Int64(rng.next() % 6_311_390_400)) - 2_208_988_800 + Double(rng.next() % 1000) / 1000)
      instants.append(1_774_000_000 + Double(rng.next() % 40_000_000) + Double(rng.next() % 1000) / 1000)
    }
    let day = EpochDay(20_000)
    for t in instants {
      let date = Date(timeIntervalSince1970: t)
      let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
      let calendarDay = EpochDay(year: c.year!, month: c.month!, day: c.day!)!
      #expect(clock.calendarDay(of: date) == calendarDay, "\(zone) \(t)")
      #expect(clock.learningDay(of: date) == (c.hour! < 4 ? calendarDay.advanced(by: -1) : calendarDay), "\(zone) \(t)")
      #expect(clock.localHour(of: date) == c.hour!, "\(zone) \(t)")
      #expect(clock.localMinute(of: date, relativeTo: day) == (calendarDay.value - day.value) * 1440 + c.hour! * 60 + c.minute!,
              "\(zone) \(t)")
    }
  }
}
