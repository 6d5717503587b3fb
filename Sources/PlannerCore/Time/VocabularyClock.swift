import Foundation

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

  /// An instant's local wall-clock time as whole seconds since 1970-01-01T00:00 local: its
  /// seconds (floored) plus the zone's offset at that instant, which is what the Gregorian
  /// `Calendar` computes its components from; nil before the Gregorian reform (1582-10-15),
  /// where `Calendar` counts Julian dates: the callers then ask it.
  /// (Hot: the planners convert every word's last review, for every reminder slot.)
  func localSeconds(_ date: Date) -> Int? {
    let t = date.timeIntervalSince1970
    guard t >= -12_219_292_800, t < 1e15 else { return nil }
    return Int(t.rounded(.down)) + timeZone.secondsFromGMT(for: date)
  }

  static func floorDiv(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }

  /// The calendar date (no day-start shift) of an instant in the learner's timezone.
  public func calendarDay(of date: Date) -> EpochDay {
    if let local = localSeconds(date) { return EpochDay(Self.floorDiv(local, 86_400)) }
    let c = calendar.dateComponents([.year, .month, .day], from: date)
    return EpochDay(year: c.year!, month: c.month!, day: c.day!)!
  }

  /// The learning day of an instant: its calendar day once the day-start hour is taken off.
  public func learningDay(of date: Date) -> EpochDay {
    if let local = localSeconds(date) {
      let day = Self.floorDiv(local, 86_400)
      return EpochDay((local - day * 86_400) / 3600 < dayStartHour ? day - 1 : day)
    }
    let local = calendar.dateComponents([.year, .month, .day, .hour], from: date)
    let day = EpochDay(year: local.year!, month: local.month!, day: local.day!)!
    return local.hour! < dayStartHour ? day.advanced(by: -1) : day
  }

  /// The instant of a local wall-clock time (`minute` from that day's midnight, may exceed
  /// 1440 to reach the next day). A time skipped by a DST change maps to the instant the
  /// clocks jumped to plus the minutes past the gap's start (03:30 on a 03:00→04:00 day is
  /// 04:30); a repeated time maps to its first occurrence.
  public func instant(of day: EpochDay, minute: Int) -> Date {
    let d = day.advanced(by: minute >= 0 ? minute / 1440 : -((1439 - minute) / 1440))
    let m = minute - (d.value - day.value) * 1440
    // Candidate offsets: the ones in force around that wall time; pick the first that round-trips.
    let wallSeconds = Double(d.value) * 86400 + Double(m) * 60
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
  public func localMinute(of date: Date, relativeTo day: EpochDay) -> Int {
    if let local = localSeconds(date) {
      let d = Self.floorDiv(local, 86_400)
      return (d - day.value) * 1440 + (local - d * 86_400) / 60
    }
    let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
    let d = EpochDay(year: c.year!, month: c.month!, day: c.day!)!
    return (d.value - day.value) * 1440 + c.hour! * 60 + c.minute!
  }

  /// The local hour 0-23 of an instant.
  public func localHour(of date: Date) -> Int {
    if let local = localSeconds(date) { return (local - Self.floorDiv(local, 86_400) * 86_400) / 3600 }
    return calendar.component(.hour, from: date)
  }
}
