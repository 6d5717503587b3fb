import Foundation

/// The fold's clock: learning days in the learner's timezone with a day-start hour (Anki's
/// rollover), for instants that arrive one by one in any order (the review-log importer's
/// `LearningDayClock` builds an offset table for a known time span instead):
/// day = floor((local time − dayStartHour) / 24 h), counted from 1970-01-01.
///
/// `TimeZone` lookups cost ~300 ns, so offsets are cached per UTC quarter hour: every zone in
/// the tz database changes its offset on a quarter-hour boundary.
public struct LearnerClock: Sendable {
  public let timeZone: TimeZone
  public let dayStartHour: Int
  private var cache: [Int64: Int32] = [:]

  public init(timeZone: TimeZone, dayStartHour: Int) {
    self.timeZone = timeZone
    self.dayStartHour = dayStartHour
  }

  /// Seconds east of UTC at an instant.
  public mutating func offsetSeconds(atMillis ms: Int64) -> Int {
    let quarter = (ms >= 0 ? ms : ms - 899_999) / 900_000
    if let o = cache[quarter] { return Int(o) }
    let o = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(quarter) * 900))
    cache[quarter] = Int32(o)
    return o
  }

  /// Local wall-clock milliseconds (as if UTC) at an instant.
  public mutating func localMillis(_ ms: Int64) -> Int64 { ms + Int64(offsetSeconds(atMillis: ms)) * 1000 }

  /// The learning day of an instant.
  public mutating func day(atMillis ms: Int64) -> Int {
    let shifted = localMillis(ms) - Int64(dayStartHour) * 3_600_000
    return Int((shifted >= 0 ? shifted : shifted - 86_399_999) / 86_400_000)
  }

  /// The local hour 0–23 of an instant.
  public mutating func hour(atMillis ms: Int64) -> Int {
    let local = localMillis(ms)
    let msOfDay = ((local % 86_400_000) + 86_400_000) % 86_400_000
    return Int(msOfDay / 3_600_000)
  }
}
