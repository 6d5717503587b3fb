import Foundation

/// A calendar date in the proleptic Gregorian calendar, as plans are named: `YYYY-MM-DD`.
///
/// A plan's date is the learner's *learning day*: the local date in the learner's timezone,
/// where the day starts at the profile's day-start hour (Anki's rollover), not at midnight.
public struct PlanDate: Sendable, Hashable, Comparable, CustomStringConvertible {
  public let year: Int
  public let month: Int
  public let day: Int

  /// A date; throws unless it exists (e.g. no 2026-02-29) and the year is 1…9999.
  public init(year: Int, month: Int, day: Int, keyPath: String = "date") throws(PlanEngineError) {
    guard (1...9999).contains(year), (1...12).contains(month),
      (1...PlanDate.daysIn(month: month, year: year)).contains(day)
    else {
      throw .invalidValue(keyPath: keyPath, value: "\(year)-\(month)-\(day)",
                          expected: "a calendar date that exists, YYYY-MM-DD")
    }
    self.year = year
    self.month = month
    self.day = day
  }

  /// Parses `YYYY-MM-DD` (exactly four, two and two ASCII digits), e.g. `2026-11-30`.
  public init(parsing text: String, keyPath: String = "--date") throws(PlanEngineError) {
    let bytes = Array(text.utf8)
    func digits(_ range: Range<Int>) -> Int? {
      var value = 0
      for i in range {
        guard bytes[i] >= 0x30, bytes[i] <= 0x39 else { return nil }
        value = value * 10 + Int(bytes[i] - 0x30)
      }
      return value
    }
    guard bytes.count == 10, bytes[4] == 0x2D, bytes[7] == 0x2D,
      let year = digits(0..<4), let month = digits(5..<7), let day = digits(8..<10)
    else {
      throw .invalidValue(keyPath: keyPath, value: text, expected: "a date YYYY-MM-DD, e.g. 2026-11-30")
    }
    do {
      try self.init(year: year, month: month, day: day, keyPath: keyPath)
    } catch {
      throw .invalidValue(keyPath: keyPath, value: text, expected: "a calendar date that exists, YYYY-MM-DD")
    }
  }

  /// The date `daysSinceEpoch` days after 1970-01-01 (negative: before).
  ///
  /// Howard Hinnant's `civil_from_days`, exact for every day of years 1…9999.
  public init(daysSinceEpoch days: Int) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    day = doy - (153 * mp + 2) / 5 + 1
    month = mp < 10 ? mp + 3 : mp - 9
    year = yoe + era * 400 + (month <= 2 ? 1 : 0)
  }

  /// Days since 1970-01-01 (Hinnant's `days_from_civil`).
  public var daysSinceEpoch: Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146_097 + doe - 719_468
  }

  /// The learning day containing `instant` for a learner in `timeZone` whose day starts at
  /// `dayStartHour` local time: the local date of `instant − dayStartHour hours`.
  ///
  /// E.g. with day start 4, 2026-12-01 03:30 local is still the learning day 2026-11-30.
  public static func learningDay(containing instant: Date, timeZone: TimeZone, dayStartHour: Int) -> PlanDate {
    let seconds = Int(instant.timeIntervalSince1970.rounded(.down))
    let local = seconds + timeZone.secondsFromGMT(for: instant) - dayStartHour * 3600
    let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
    return PlanDate(daysSinceEpoch: days)
  }

  /// `YYYY-MM-DD`.
  public var description: String {
    func pad(_ value: Int, _ width: Int) -> String {
      let text = String(value)
      return String(repeating: "0", count: max(0, width - text.count)) + text
    }
    return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
  }

  public static func < (a: PlanDate, b: PlanDate) -> Bool {
    (a.year, a.month, a.day) < (b.year, b.month, b.day)
  }

  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }
}
