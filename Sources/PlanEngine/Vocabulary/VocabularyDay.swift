import Foundation

/// A calendar date in the learner's timezone (`YYYY-MM-DD` in JSON): the day a plan is for.
public struct VocabularyDay: Sendable, Hashable, Comparable, CustomStringConvertible {
  public var year: Int
  public var month: Int
  public var day: Int

  public init(year: Int, month: Int, day: Int) {
    self.year = year
    self.month = month
    self.day = day
  }

  /// Parses `YYYY-MM-DD`, rejecting impossible dates (2026-02-30).
  public init(parsing text: String) throws(PlanEngineError) {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]),
      (1...12).contains(m), d >= 1, d <= VocabularyDay.daysInMonth(year: y, month: m)
    else { throw .invalidValue(keyPath: "date", value: text, expected: "a date YYYY-MM-DD") }
    self.init(year: y, month: m, day: d)
  }

  /// Days since 1970-01-01 (proleptic Gregorian; Howard Hinnant's days_from_civil).
  public var dayNumber: Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let mp = (month + 9) % 12
    let doy = (153 * mp + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146097 + doe - 719468
  }

  public init(dayNumber z0: Int) {
    let z = z0 + 719468
    let era = (z >= 0 ? z : z - 146096) / 146097
    let doe = z - era * 146097
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let d = doy - (153 * mp + 2) / 5 + 1
    let m = mp < 10 ? mp + 3 : mp - 9
    self.init(year: yoe + era * 400 + (m <= 2 ? 1 : 0), month: m, day: d)
  }

  public func adding(days: Int) -> VocabularyDay { VocabularyDay(dayNumber: dayNumber + days) }

  static func daysInMonth(year: Int, month: Int) -> Int {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  public var description: String {
    func pad(_ v: Int, _ n: Int) -> String { String(repeating: "0", count: max(0, n - String(v).count)) + String(v) }
    return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
  }

  public static func < (a: VocabularyDay, b: VocabularyDay) -> Bool { a.dayNumber < b.dayNumber }
}

extension VocabularyDay: Codable {
  public init(from decoder: any Decoder) throws {
    let text = try decoder.singleValueContainer().decode(String.self)
    do { try self.init(parsing: text) } catch {
      throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.description))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.singleValueContainer()
    try c.encode(description)
  }
}

/// The learner's clock: an IANA timezone and the hour a learning day starts (Anki's rule: a
/// review at 02:00 with a 04:00 day start belongs to the previous day). All conversions go
/// through `Calendar` with that timezone, day by day, so DST changes are handled.
public struct VocabularyClock: Sendable, Hashable {
  public var timeZone: TimeZone
  public var dayStartHour: Int

  public init(timeZone: TimeZone, dayStartHour: Int = 4) {
    self.timeZone = timeZone
    self.dayStartHour = dayStartHour
  }

  /// `identifier` must be a known IANA name.
  public init(timeZoneIdentifier identifier: String, dayStartHour: Int = 4) throws(PlanEngineError) {
    guard let tz = TimeZone(identifier: identifier) else {
      throw .invalidValue(keyPath: "timezone", value: identifier, expected: "an IANA timezone name such as Europe/Kyiv")
    }
    guard (0...23).contains(dayStartHour) else {
      throw .invalidValue(keyPath: "dayStartHour", value: String(dayStartHour), expected: "an hour 0-23")
    }
    self.init(timeZone: tz, dayStartHour: dayStartHour)
  }

  var calendar: Calendar {
    var c = Calendar(identifier: .gregorian)
    c.timeZone = timeZone
    return c
  }

  /// The calendar date (no day-start shift) of an instant in the learner's timezone.
  public func calendarDay(of date: Date) -> VocabularyDay {
    let c = calendar.dateComponents([.year, .month, .day], from: date)
    return VocabularyDay(year: c.year!, month: c.month!, day: c.day!)
  }

  /// The learning day of an instant: its calendar day once the day-start hour is taken off.
  public func learningDay(of date: Date) -> VocabularyDay {
    let local = calendar.dateComponents([.year, .month, .day, .hour], from: date)
    let day = VocabularyDay(year: local.year!, month: local.month!, day: local.day!)
    return local.hour! < dayStartHour ? day.adding(days: -1) : day
  }

  /// The instant of a local wall-clock time (`minute` from that day's midnight, may exceed
  /// 1440 to reach the next day). A time skipped by a DST change maps to the instant the
  /// clocks jumped to plus the minutes past the gap's start (03:30 on a 03:00→04:00 day is
  /// 04:30); a repeated time maps to its first occurrence.
  public func instant(of day: VocabularyDay, minute: Int) -> Date {
    let d = day.adding(days: minute >= 0 ? minute / 1440 : -((1439 - minute) / 1440))
    let m = minute - (d.dayNumber - day.dayNumber) * 1440
    // Candidate offsets: the ones in force around that wall time; pick the first that round-trips.
    let wallSeconds = Double(d.dayNumber) * 86400 + Double(m) * 60
    let probe = Date(timeIntervalSince1970: wallSeconds)
    var offsets: [Int] = []
    for shift in [-86400.0, -43200, 0, 43200, 86400] {
      let o = timeZone.secondsFromGMT(for: probe.addingTimeInterval(shift))
      if !offsets.contains(o) { offsets.append(o) }
    }
    offsets.sort(by: >)  // larger offset first = earlier instant = first occurrence
    for offset in offsets {
      let candidate = Date(timeIntervalSince1970: wallSeconds - Double(offset))
      if timeZone.secondsFromGMT(for: candidate) == offset { return candidate }
    }
    // In a gap: use the offset in force before the gap (lands after the jump).
    let before = offsets.min() ?? 0
    return Date(timeIntervalSince1970: wallSeconds - Double(before))
  }

  /// Minutes from the local midnight of `day` to an instant's local wall time (can be
  /// negative or ≥ 1440 for instants on other days).
  public func localMinute(of date: Date, relativeTo day: VocabularyDay) -> Int {
    let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
    let d = VocabularyDay(year: c.year!, month: c.month!, day: c.day!)
    return (d.dayNumber - day.dayNumber) * 1440 + c.hour! * 60 + c.minute!
  }

  /// The local hour 0-23 of an instant.
  public func localHour(of date: Date) -> Int {
    calendar.component(.hour, from: date)
  }
}
