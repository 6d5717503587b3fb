import Hifz

/// The small part of the history the daily plan needs besides the items' memory, kept by the
/// fold (and so in the snapshot) so that planning never rereads the event log:
///
/// - the Quran recitations of the new-lesson and recent-revision tiers (lesson progress, the
///   recent-revision window, goal tracking) and old revisions with located mistakes (the watch
///   list), and of each pace group (new; recent and old) the
///   20 latest timed ones (``QuranHabits/measured(from:)``);
/// - per plan date, the plan items done and skipped (``PlanCompletion``);
/// - reminders shown per local hour, and those ignored (no action but `dismissed` within two
///   hours), for the reminder habits.
///
/// Like everything the fold keeps, a pure function of profile + events (time order).
public struct PlanInputs: Sendable, Equatable {
  /// Recitations of the new and recent tiers, and old ones with `mistakesAt`, in fold (time) order.
  public var quranHistory: [QuranRecitation] = []
  /// The 20 latest timed recitations of the new tier, and of the recent and old tiers.
  public var quranTimedNew: [QuranRecitation] = []
  public var quranTimedRevision: [QuranRecitation] = []
  /// Plan items done and skipped, by the plan's date (epoch day).
  public var planOutcomes: [Int: PlanDayOutcome] = [:]
  /// Reminders shown per local hour.
  public var remindersShownByHour = [Int](repeating: 0, count: 24)
  /// Reminders shown per local hour known to be ignored (two hours passed without an action).
  public var remindersIgnoredByHour = [Int](repeating: 0, count: 24)
  /// Reminders shown in the last two hours folded without an action yet (time ms, local hour).
  public var pendingReminders: [PendingReminder] = []
  /// The time of the latest action on a reminder other than `dismissed`.
  public var lastActedMillis: Int64?

  public init() {}

  public struct PlanDayOutcome: Sendable, Equatable {
    public var done = 0
    public var skipped = 0
    public init(done: Int = 0, skipped: Int = 0) { self.done = done; self.skipped = skipped }
  }

  public struct PendingReminder: Sendable, Equatable {
    public var millis: Int64
    public var hour: Int
    public init(millis: Int64, hour: Int) { self.millis = millis; self.hour = hour }
  }

  static let reminderActionWindow: Int64 = 2 * 3_600_000
  static let timedKept = 20

  /// Reminders ignored per hour as of now: the settled ones and those still without an action.
  public var remindersIgnoredNow: [Int] {
    var ignored = remindersIgnoredByHour
    for p in pendingReminders { ignored[p.hour] += 1 }
    return ignored
  }

  // MARK: Folding (events in time order)

  mutating func recited(_ r: QuranRecitation) {
    // Old revision reaches the planner through the units' memory; only a recitation with
    // located mistakes is kept, for the watch list of the next item covering them.
    if r.tier != .oldRevision || !r.mistakesAt.isEmpty { quranHistory.append(r) }
    if let s = r.seconds, s > 0 {
      if r.tier == .newLesson { Self.keepLatest(r, in: &quranTimedNew) } else { Self.keepLatest(r, in: &quranTimedRevision) }
    }
  }

  /// The 20 latest by (day, range, seconds), as ``QuranHabits/measured(from:)`` picks them.
  static func keepLatest(_ r: QuranRecitation, in timed: inout [QuranRecitation]) {
    let key = (r.day, r.range, r.seconds!)
    if timed.count == timedKept, let first = timed.first, (first.day, first.range, first.seconds!) >= key { return }
    let at = timed.firstIndex { ($0.day, $0.range, $0.seconds!) > key } ?? timed.count
    timed.insert(r, at: at)
    if timed.count > timedKept { timed.removeFirst() }
  }

  mutating func planItem(date: Int, done: Bool) {
    if done { planOutcomes[date, default: PlanDayOutcome()].done += 1 } else { planOutcomes[date, default: PlanDayOutcome()].skipped += 1 }
  }

  mutating func reminderShown(millis: Int64, hour: Int) {
    settle(before: millis)
    remindersShownByHour[hour] += 1
    // An action at the very same moment (folded first) counts: it is "at or after" the showing.
    if lastActedMillis == millis { return }
    pendingReminders.append(PendingReminder(millis: millis, hour: hour))
  }

  mutating func reminderActed(millis: Int64) {
    settle(before: millis)
    lastActedMillis = millis
    pendingReminders.removeAll()  // all pending ones are within two hours before it
  }

  /// Reminders shown more than two hours before `millis` with no action can no longer get one.
  mutating func settle(before millis: Int64) {
    guard let first = pendingReminders.first, millis - first.millis > Self.reminderActionWindow else { return }
    var kept: [PendingReminder] = []
    for p in pendingReminders {
      if millis - p.millis > Self.reminderActionWindow { remindersIgnoredByHour[p.hour] += 1 } else { kept.append(p) }
    }
    pendingReminders = kept
  }
}
