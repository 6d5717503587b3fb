/// How often a learner practises in their routine, measured from the days they practised, and
/// what a number of practice days comes to in calendar days (a forecast's date).
///
///     gaps  = days between consecutive practice days of the last 56 days, those of at most 7
///             (a longer gap is a break, not the routine)
///     share = number of such gaps / Σ their days      (1 with fewer than 5 gaps)
///
/// A learner who skips one day in four practises on 0.75 of the days, so work of 6 practice
/// days is done in 8 calendar days; a two-week break does not count as skipping.
public struct Attendance: Sendable, Hashable {
  public static let windowDays = 56
  public static let breakDays = 7
  public static let minimumGaps = 5

  /// Practice days per calendar day of the routine, in (0, 1].
  public let share: Double

  public init(share: Double = 1) { self.share = min(1, max(0.05, share)) }

  /// From the practice days before `date`; `practised(d)` says whether the learner practised on
  /// day `d` (each day of the window is asked once, in order).
  public static func measured(before date: EpochDay, practised: (EpochDay) -> Bool) -> Attendance {
    var last: EpochDay?
    var gaps = 0, days = 0
    for k in stride(from: windowDays, through: 1, by: -1) {
      let d = date.advanced(by: -k)
      guard practised(d) else { continue }
      if let l = last, l.distance(to: d) <= breakDays { gaps += 1; days += l.distance(to: d) }
      last = d
    }
    return gaps >= minimumGaps ? Attendance(share: Double(gaps) / Double(days)) : Attendance()
  }

  /// The calendar days `practiceDays` of work take at this attendance (rounded to the nearest
  /// day, at least one day for any work).
  public func calendarDays(_ practiceDays: Int) -> Int {
    practiceDays <= 0 ? practiceDays : max(1, Int((Double(practiceDays) / share).rounded()))
  }
}
