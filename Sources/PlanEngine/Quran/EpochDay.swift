/// A learning day as a civil date, counted in days since 1970-01-01 (proleptic Gregorian).
///
/// The planners work on whole days; which civil day "now" is (timezone, day-start hour) is the
/// learner layer's business. In JSON a day is `"YYYY-MM-DD"`.
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

  /// Parses `YYYY-MM-DD`; an error names the text and what was expected.
  public init(parsing text: String) throws(PlanEngineError) {
    let p = text.split(separator: "-", omittingEmptySubsequences: false)
    guard p.count == 3, p[0].count == 4, p[1].count == 2, p[2].count == 2,
      let y = Int(p[0]), let m = Int(p[1]), let d = Int(p[2]), let day = EpochDay(year: y, month: m, day: d)
    else { throw .invalidValue(keyPath: "date", value: text, expected: "a date YYYY-MM-DD that exists") }
    self = day
  }

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
    func pad(_ n: Int, _ w: Int) -> String { let s = String(n); return String(repeating: "0", count: max(0, w - s.count)) + s }
    return "\(pad(c.year, 4))-\(pad(c.month, 2))-\(pad(c.day, 2))"
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

extension EpochDay: Codable {
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
