import Foundation

/// The one learning-day clock: a learner's timezone and the hour their day starts (Anki's
/// rollover: a review at 02:00 with a 04:00 day start belongs to the previous day).
///
/// learning day = floor((utc_ms + offset_ms − dayStart · 3 600 000) / 86 400 000)
///
/// The formula lives once, in ``learningDay(localMillis:dayStartMs:)``; the clock offers it for
/// each way the engine asks:
/// - a batch over a known time span (the review-log importer): ``offsetTable(from:through:)``
///   looks the offset up once per span between two timezone transitions, never per review;
/// - instants that arrive one by one in any order (the fold): the `mutating` ``day(atMillis:)``,
///   ``hour(atMillis:)`` and ``localMillis(_:)`` cache offsets per UTC quarter hour (every zone
///   in the tz database changes its offset on a quarter-hour boundary; a `TimeZone` lookup
///   costs ~300 ns);
/// - `Date`s (the vocabulary planner and reminders): ``learningDay(of:)``, ``calendarDay(of:)``,
///   ``localHour(of:)``, ``localMinute(of:relativeTo:)`` and ``instant(of:minute:)``, exactly
///   what the Gregorian `Calendar` in that zone says.
public struct LearningDayClock: Sendable, Hashable {
  public let timeZone: TimeZone
  /// 0…23.
  public let dayStartHour: Int
  /// Quarter hour (UTC, since the epoch) → seconds east of UTC; filled by the `mutating` lookups.
  private var quarterOffsets: [Int64: Int32] = [:]

  public static let msPerDay: Int64 = 86_400_000

  /// A clock with a known zone and hour (the caller has validated the hour, as a profile does).
  public init(timeZone: TimeZone = TimeZone(identifier: "UTC")!, dayStartHour: Int = 4) {
    self.timeZone = timeZone
    self.dayStartHour = dayStartHour
  }

  /// A clock for an IANA timezone name such as `Europe/Kyiv` (or `UTC`) and an hour 0…23.
  public init(timeZoneIdentifier: String, dayStartHour: Int = 4) throws(PlanEngineError) {
    guard let tz = TimeZone(identifier: timeZoneIdentifier) else {
      throw .invalidValue(
        keyPath: "timezone", value: timeZoneIdentifier,
        expected: "an IANA timezone name such as UTC, Europe/Kyiv or America/New_York")
    }
    guard (0...23).contains(dayStartHour) else {
      throw .invalidValue(keyPath: "day-starts-at", value: String(dayStartHour), expected: "an hour from 0 to 23")
    }
    self.init(timeZone: tz, dayStartHour: dayStartHour)
  }

  public static func == (a: LearningDayClock, b: LearningDayClock) -> Bool {
    a.timeZone == b.timeZone && a.dayStartHour == b.dayStartHour
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(timeZone)
    hasher.combine(dayStartHour)
  }

  // MARK: The formula

  /// floor((local − dayStart) / day): the learning day of a local wall-clock time (ms since
  /// 1970-01-01T00:00 local).
  @inlinable
  public static func learningDay(localMillis: Int64, dayStartMs: Int64) -> Int64 {
    let local = localMillis &- dayStartMs
    let q = local / msPerDay
    return (local % msPerDay < 0) ? q - 1 : q
  }

  @inlinable
  static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
    let q = a / b
    return (a % b < 0) ? q - 1 : q
  }

  var dayStartMs: Int64 { Int64(dayStartHour) * 3_600_000 }

  /// The learning day of one instant (ms since the epoch). Convenient, not fast: a batch should
  /// use an ``OffsetTable``, a stream ``day(atMillis:)``.
  public func learningDay(ms: Int64) -> Int64 {
    let offset = Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(ms) / 1000))) * 1000
    return Self.learningDay(localMillis: ms + offset, dayStartMs: dayStartMs)
  }

  // MARK: A known span: one lookup per transition

  /// The offsets in force from `from` through `through` (ms since the epoch): one lookup per
  /// span between transitions, found with `nextDaylightSavingTimeTransition(after:)`.
  public func offsetTable(from: Int64, through: Int64) -> OffsetTable {
    func offsetMs(_ date: Date) -> Int64 { Int64(timeZone.secondsFromGMT(for: date)) * 1000 }
    let first = Date(timeIntervalSince1970: Double(from) / 1000)
    var starts: [Int64] = [Int64.min]
    var offsets: [Int64] = [offsetMs(first)]
    var cursor = first
    while let next = timeZone.nextDaylightSavingTimeTransition(after: cursor) {
      let nextMs = Int64((next.timeIntervalSince1970 * 1000).rounded())
      guard nextMs <= through, next > cursor else { break }
      let o = offsetMs(next)
      if o != offsets[offsets.count - 1] {
        starts.append(nextMs)
        offsets.append(o)
      }
      cursor = next
    }
    return OffsetTable(starts: starts, offsetsMs: offsets, dayStartMs: dayStartMs)
  }

  /// Piecewise-constant UTC offsets: span i covers [starts[i], starts[i+1]).
  public struct OffsetTable: Sendable {
    @usableFromInline let starts: [Int64]
    @usableFromInline let offsetsMs: [Int64]
    @usableFromInline let dayStartMs: Int64

    init(starts: [Int64], offsetsMs: [Int64], dayStartMs: Int64) {
      self.starts = starts
      self.offsetsMs = offsetsMs
      self.dayStartMs = dayStartMs
    }

    /// The number of distinct spans (1 for UTC or a fixed offset).
    public var spanCount: Int { starts.count }

    @inlinable
    public func offsetMs(at ms: Int64) -> Int64 {
      if starts.count == 1 { return offsetsMs[0] }
      // Few spans (two a year): binary search for the last start ≤ ms.
      var lo = 0, hi = starts.count - 1
      while lo < hi {
        let mid = (lo + hi + 1) >> 1
        if starts[mid] <= ms { lo = mid } else { hi = mid - 1 }
      }
      return offsetsMs[lo]
    }

    @inlinable
    public func learningDay(ms: Int64) -> Int64 {
      LearningDayClock.learningDay(localMillis: ms &+ offsetMs(at: ms), dayStartMs: dayStartMs)
    }
  }

  // MARK: A stream of instants: offsets cached per quarter hour

  /// Seconds east of UTC at an instant.
  public mutating func offsetSeconds(atMillis ms: Int64) -> Int {
    let quarter = Self.floorDiv(ms, 900_000)
    if let o = quarterOffsets[quarter] { return Int(o) }
    let o = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(quarter) * 900))
    quarterOffsets[quarter] = Int32(o)
    return o
  }

  /// Local wall-clock milliseconds (as if UTC) at an instant.
  public mutating func localMillis(_ ms: Int64) -> Int64 { ms + Int64(offsetSeconds(atMillis: ms)) * 1000 }

  /// The learning day of an instant.
  public mutating func day(atMillis ms: Int64) -> Int {
    Int(Self.learningDay(localMillis: localMillis(ms), dayStartMs: dayStartMs))
  }

  /// The local hour 0–23 of an instant.
  public mutating func hour(atMillis ms: Int64) -> Int {
    let local = localMillis(ms)
    return Int((local - Self.floorDiv(local, Self.msPerDay) * Self.msPerDay) / 3_600_000)
  }

  // MARK: Dates: day, hour and minute from the offset at that instant

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
  func localSeconds(_ date: Date) -> Int64? {
    let t = date.timeIntervalSince1970
    guard t >= -12_219_292_800, t < 1e15 else { return nil }
    return Int64(t.rounded(.down)) + Int64(timeZone.secondsFromGMT(for: date))
  }

  /// The calendar date (no day-start shift) of an instant in the learner's timezone.
  public func calendarDay(of date: Date) -> EpochDay {
    if let local = localSeconds(date) { return EpochDay(Int(Self.floorDiv(local, 86_400))) }
    let c = calendar.dateComponents([.year, .month, .day], from: date)
    return EpochDay(year: c.year!, month: c.month!, day: c.day!)!
  }

  /// The learning day of an instant: its calendar day once the day-start hour is taken off.
  public func learningDay(of date: Date) -> EpochDay {
    if let local = localSeconds(date) {
      return EpochDay(Int(Self.learningDay(localMillis: local * 1000, dayStartMs: dayStartMs)))
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
      return Int((d - Int64(day.value)) * 1440 + (local - d * 86_400) / 60)
    }
    let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
    let d = EpochDay(year: c.year!, month: c.month!, day: c.day!)!
    return (d.value - day.value) * 1440 + c.hour! * 60 + c.minute!
  }

  /// The local hour 0-23 of an instant.
  public func localHour(of date: Date) -> Int {
    if let local = localSeconds(date) { return Int((local - Self.floorDiv(local, 86_400) * 86_400) / 3600) }
    return calendar.component(.hour, from: date)
  }
}

// MARK: Many Dates at once: one lookup per transition

extension LearningDayClock {
  /// The learning days of many `Date`s at once, each exactly ``learningDay(of:)``: the zone's
  /// offsets over the dates' span are looked up once per span between two transitions (an
  /// ``OffsetTable``), so a plan that asks for every word's last review, on every reminder
  /// slot, asks the timezone a handful of times instead of thousands (a `TimeZone` lookup
  /// costs about 1,000 instructions in ICU). Dates outside the table's span (before the
  /// Gregorian reform, or past ``DayTable/maximumSpanSeconds`` after the earliest) fall back
  /// to ``learningDay(of:)``.
  public struct DayTable: Sendable {
    /// The widest span covered by one table (200 years: a few hundred transitions at most).
    public static let maximumSpanSeconds: Int64 = 200 * 366 * 86_400
    let clock: LearningDayClock
    let table: OffsetTable?
    /// Covered whole seconds since the epoch, inclusive.
    let from: Int64
    let through: Int64

    /// Whole seconds since the epoch (floored) of a date `localSeconds` handles; nil otherwise.
    @inline(__always)
    static func seconds(_ date: Date) -> Int64? {
      let t = date.timeIntervalSince1970
      guard t >= -12_219_292_800, t < 1e15 else { return nil }
      return Int64(t.rounded(.down))
    }

    init(clock: LearningDayClock, from: Int64, through: Int64) {
      self.clock = clock
      if from <= through {
        let end = from > Int64.max - Self.maximumSpanSeconds ? through : min(through, from + Self.maximumSpanSeconds)
        self.from = from
        self.through = end
        self.table = clock.offsetTable(from: from * 1000, through: end * 1000)
      } else {
        self.from = 1
        self.through = 0
        self.table = nil
      }
    }

    /// Seconds east of UTC at whole second `s` (inside the table), as `secondsFromGMT(for:)`:
    /// a transition at whole second T applies from T on, and t ≥ T ⟺ floor(t) ≥ T.
    @inline(__always)
    func offsetSeconds(atSecond s: Int64) -> Int64? {
      guard let table, s >= from, s <= through else { return nil }
      return table.offsetMs(at: s * 1000) / 1000
    }

    /// ``LearningDayClock/learningDay(of:)``.
    public func learningDay(of date: Date) -> EpochDay {
      guard let s = Self.seconds(date), let offset = offsetSeconds(atSecond: s) else { return clock.learningDay(of: date) }
      return EpochDay(Int(LearningDayClock.learningDay(localMillis: (s + offset) * 1000, dayStartMs: clock.dayStartMs)))
    }
  }

  /// A ``DayTable`` covering the instants from `first` through `last` (none when `last` is
  /// before `first`).
  public func dayTable(from first: Date, through last: Date) -> DayTable {
    guard first <= last else { return DayTable(clock: self, from: 1, through: 0) }
    guard let lo = DayTable.seconds(first), let hi = DayTable.seconds(last) else {
      // An end outside what the table handles: a table for the end that is inside, if any.
      if let lo = DayTable.seconds(first) { return DayTable(clock: self, from: lo, through: lo) }
      if let hi = DayTable.seconds(last) { return DayTable(clock: self, from: hi, through: hi) }
      return DayTable(clock: self, from: 1, through: 0)
    }
    return DayTable(clock: self, from: lo, through: hi)
  }
}
