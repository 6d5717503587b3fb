import Foundation

/// Counts learning days as Anki does: in the learner's timezone, with the day starting at a
/// given hour, so a review at 02:00 belongs to the previous day when the day starts at 04:00.
///
/// learning day = floor((utc_ms + offset_ms − dayStart · 3 600 000) / 86 400 000)
///
/// The UTC offset is looked up once per span between two timezone transitions
/// (``offsetTable(from:through:)``), never per review.
public struct LearningDayClock: Sendable, Hashable {
  public let timeZone: TimeZone
  /// 0…23.
  public let dayStartHour: Int

  public static let msPerDay: Int64 = 86_400_000

  public init(timeZone: TimeZone = TimeZone(identifier: "UTC")!, dayStartHour: Int = 4) throws(PlanEngineError) {
    guard (0...23).contains(dayStartHour) else {
      throw .invalidValue(keyPath: "day-starts-at", value: String(dayStartHour), expected: "an hour from 0 to 23")
    }
    self.timeZone = timeZone
    self.dayStartHour = dayStartHour
  }

  /// A clock for an IANA timezone name such as `Europe/Kyiv` (or `UTC`).
  public init(timeZoneIdentifier: String, dayStartHour: Int = 4) throws(PlanEngineError) {
    guard let tz = TimeZone(identifier: timeZoneIdentifier) else {
      throw .invalidValue(
        keyPath: "timezone", value: timeZoneIdentifier,
        expected: "an IANA timezone name such as UTC, Europe/Kyiv or America/New_York")
    }
    try self.init(timeZone: tz, dayStartHour: dayStartHour)
  }

  /// The learning day of one instant (ms since the epoch). Convenient, not fast: a batch should
  /// use an ``OffsetTable``.
  public func learningDay(ms: Int64) -> Int64 {
    offsetTable(from: ms, through: ms).learningDay(ms: ms)
  }

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
    return OffsetTable(starts: starts, offsetsMs: offsets, dayStartMs: Int64(dayStartHour) * 3_600_000)
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

    /// floor((ms + offset − dayStart) / day).
    @inlinable
    public func learningDay(ms: Int64) -> Int64 {
      let local = ms &+ offsetMs(at: ms) &- dayStartMs
      let q = local / LearningDayClock.msPerDay
      return (local % LearningDayClock.msPerDay < 0) ? q - 1 : q
    }
  }
}
