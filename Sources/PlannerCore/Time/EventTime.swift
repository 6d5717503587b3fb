/// An event's timestamp: ISO 8601 with a UTC offset (`2026-11-30T08:15:00+02:00`, `…Z`,
/// optional fraction of a second), kept as written plus the instant it names.
public struct EventTime: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// As written in the event.
  public var text: String
  /// The instant, milliseconds since 1970-01-01T00:00:00Z.
  public var epochMillis: Int64
  /// The offset written in the timestamp, seconds east of UTC.
  public var offsetSeconds: Int

  public var description: String { text }

  public static func < (a: EventTime, b: EventTime) -> Bool { a.epochMillis < b.epochMillis }

  /// The one range of dates planner accepts anywhere (event times, profile dates, `--date`,
  /// review-log times): years 0001 to 9999, as four digits write them. Year 0000 is refused.
  public static let years = 1...9999
  /// 0001-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z in milliseconds since the Unix epoch:
  /// the review-log times accepted (the same years as dates).
  public static let earliestMillis: Int64 = -62_135_596_800_000
  public static let latestMillis: Int64 = 253_402_300_799_999

  /// Parses `YYYY-MM-DDTHH:MM:SS[.fff…](Z|±HH:MM)`; nil when it is not such a time or names
  /// an impossible date (or year 0000: ``years``).
  public init?(_ text: String) {
    var t = text
    let parsed: (Int64, Int)? = t.withUTF8 { EventTime.parse($0) }
    guard let parsed else { return nil }
    self.text = text
    epochMillis = parsed.0
    offsetSeconds = parsed.1
  }

  /// Formats an instant with a given offset, to the second (milliseconds only when non-zero).
  public init(epochMillis: Int64, offsetSeconds: Int) {
    self.epochMillis = epochMillis
    self.offsetSeconds = offsetSeconds
    let localMillis = epochMillis + Int64(offsetSeconds) * 1000
    let days = Int((localMillis >= 0 ? localMillis : localMillis - 86_399_999) / 86_400_000)
    let msOfDay = Int(localMillis - Int64(days) * 86_400_000)
    let date = EpochDay(days)
    func pad(_ v: Int, _ n: Int = 2) -> String { let s = String(v); return String(repeating: "0", count: max(0, n - s.count)) + s }
    var s = "\(date)T\(pad(msOfDay / 3_600_000)):\(pad(msOfDay / 60_000 % 60)):\(pad(msOfDay / 1000 % 60))"
    if msOfDay % 1000 != 0 { s += ".\(pad(msOfDay % 1000, 3))" }
    if offsetSeconds == 0 {
      s += "Z"
    } else {
      let a = abs(offsetSeconds)
      s += "\(offsetSeconds < 0 ? "-" : "+")\(pad(a / 3600)):\(pad(a / 60 % 60))"
    }
    text = s
  }

  static func parse(_ b: UnsafeBufferPointer<UInt8>) -> (Int64, Int)? {
    var i = 0
    func digits(_ n: Int) -> Int? {
      guard i + n <= b.count else { return nil }
      var v = 0
      for k in 0..<n {
        let c = b[i + k]
        guard c >= 48 && c <= 57 else { return nil }
        v = v * 10 + Int(c - 48)
      }
      i += n
      return v
    }
    func expect(_ c: UInt8) -> Bool {
      guard i < b.count, b[i] == c else { return false }
      i += 1
      return true
    }
    guard let y = digits(4), expect(0x2D), let mo = digits(2), expect(0x2D), let d = digits(2),
      i < b.count, b[i] == 0x54 || b[i] == 0x74 else { return nil }
    i += 1
    guard let h = digits(2), expect(0x3A), let mi = digits(2), expect(0x3A), let s = digits(2) else { return nil }
    guard years.contains(y), (1...12).contains(mo), d >= 1, d <= EpochDay.daysInMonth(y, mo), h < 24, mi < 60, s < 60 else { return nil }
    var millis = 0
    if i < b.count, b[i] == 0x2E {
      i += 1
      var n = 0
      while i < b.count, b[i] >= 48, b[i] <= 57 {
        if n < 3 { millis = millis * 10 + Int(b[i] - 48) }
        n += 1
        i += 1
      }
      guard n > 0 else { return nil }
      for _ in n..<max(n, 3) { millis *= 10 }
    }
    var offset = 0
    guard i < b.count else { return nil }
    if b[i] == 0x5A || b[i] == 0x7A {
      i += 1
    } else if b[i] == 0x2B || b[i] == 0x2D {
      let sign = b[i] == 0x2D ? -1 : 1
      i += 1
      guard let oh = digits(2), expect(0x3A), let om = digits(2), oh <= 18, om < 60 else { return nil }
      offset = sign * (oh * 3600 + om * 60)
    } else {
      return nil
    }
    guard i == b.count else { return nil }
    let days = EpochDay(year: y, month: mo, day: d)!.value  // checked above
    let local = Int64(days) * 86_400_000 + Int64(h * 3_600_000 + mi * 60_000 + s * 1000 + millis)
    return (local - Int64(offset) * 1000, offset)
  }
}
