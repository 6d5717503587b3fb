import Foundation

/// A learning day as a civil date, counted in days since 1970-01-01 (proleptic Gregorian).
///
/// The one day type of the engine: plans, the Quran and the nightly job are dated by it. The
/// planners work on whole days; which civil day "now" is (timezone, day-start hour) is the
/// ``LearningDayClock``'s business. In JSON a day
/// is `"YYYY-MM-DD"`.
public struct EpochDay: Sendable, Hashable, Comparable, Strideable, CustomStringConvertible {
  public let value: Int
  public init(_ daysSince1970: Int) { value = daysSince1970 }

  /// The day of a valid civil date; nil for impossible dates (2026-02-30).
  public init?(year: Int, month: Int, day: Int) {
    guard month >= 1 && month <= 12 && day >= 1 && day <= Self.daysInMonth(year, month) else { return nil }
    // Howard Hinnant's days_from_civil.
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let mp = (month + 9) % 12
    let doy = (153 * mp + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    value = era * 146_097 + doe - 719_468
  }

  /// Parses `YYYY-MM-DD` (exactly four, two and two ASCII digits, year 0001–9999), e.g.
  /// `2026-11-30`; an error names `keyPath` (`date`, `--date`, a JSON key), the text and what
  /// was expected.
  public init(parsing text: String, keyPath: String = "date") throws(PlanEngineError) {
    let b = Array(text.utf8)
    func digits(_ r: Range<Int>) -> Int? {
      var v = 0
      for i in r {
        guard b[i] >= 0x30, b[i] <= 0x39 else { return nil }
        v = v * 10 + Int(b[i] - 0x30)
      }
      return v
    }
    guard b.count == 10, b[4] == 0x2D, b[7] == 0x2D, let y = digits(0..<4), let m = digits(5..<7), let d = digits(8..<10)
    else { throw .invalidValue(keyPath: keyPath, value: text, expected: "a date YYYY-MM-DD, e.g. 2026-11-30") }
    guard EventTime.years.contains(y) else {
      throw .invalidValue(keyPath: keyPath, value: text, expected: "a date YYYY-MM-DD in the years 0001 to 9999")
    }
    guard let day = EpochDay(year: y, month: m, day: d) else {
      throw .invalidValue(keyPath: keyPath, value: text, expected: "a calendar date that exists, YYYY-MM-DD")
    }
    self = day
  }

  public var year: Int { civil.year }
  public var month: Int { civil.month }
  public var day: Int { civil.day }

  public var civil: (year: Int, month: Int, day: Int) {
    let z = value + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let d = doy - (153 * mp + 2) / 5 + 1
    let m = mp < 10 ? mp + 3 : mp - 9
    return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
  }

  public var description: String {
    let c = civil
    // Years 0…9999 written as their ten bytes (a plan writes dozens of dates; interpolated, each
    // cost about 5 K instructions); any other year as the rule below spells it.
    if c.year >= 0 && c.year <= 9999 {
      return String(unsafeUninitializedCapacity: 10) { Self.write(c, at: $0.baseAddress!) }
    }
    func pad(_ n: Int, _ w: Int) -> String { let s = String(n); return String(repeating: "0", count: max(0, w - s.count)) + s }
    return "\(pad(c.year, 4))-\(pad(c.month, 2))-\(pad(c.day, 2))"
  }

  /// Writes ``description`` at `p` (room for 10 bytes) when it is `YYYY-MM-DD` with a year from
  /// 0 to 9999, and returns 10; nil otherwise, with nothing written.
  public func writeDescription(at p: UnsafeMutablePointer<UInt8>) -> Int? {
    let c = civil
    guard c.year >= 0 && c.year <= 9999 else { return nil }
    return Self.write(c, at: p)
  }

  private static func write(_ c: (year: Int, month: Int, day: Int), at p: UnsafeMutablePointer<UInt8>) -> Int {
    @inline(__always) func digits(_ n: Int, _ count: Int, _ at: Int) {
      var n = n
      for k in stride(from: count - 1, through: 0, by: -1) { p[at + k] = UInt8(truncatingIfNeeded: 48 + n % 10); n /= 10 }
    }
    digits(c.year, 4, 0); p[4] = UInt8(ascii: "-"); digits(c.month, 2, 5); p[7] = UInt8(ascii: "-"); digits(c.day, 2, 8)
    return 10
  }

  static func daysInMonth(_ y: Int, _ m: Int) -> Int {
    switch m {
    case 2: return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  public static func < (a: EpochDay, b: EpochDay) -> Bool { a.value < b.value }
  public func advanced(by n: Int) -> EpochDay { EpochDay(value + n) }
  public func distance(to other: EpochDay) -> Int { other.value - value }
}

extension EpochDay: CanonicalTextCodable {
  public init(canonicalText text: String, keyPath: String) throws(PlanEngineError) { try self.init(parsing: text) }
}
