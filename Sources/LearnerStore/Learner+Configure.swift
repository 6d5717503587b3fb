import Foundation
import PlannerCore

extension Learner {
  /// `planner config`: changes one setting, writes the profile atomically and records a
  /// `settings.changed` event. Returns the previous and the new value.
  @discardableResult
  public static func configure(_ dir: String, key: String, value: String, now: Date, id: String? = nil,
                               lockTimeout: Double = LearnerLock.defaultTimeout) throws(PlanEngineError) -> (previous: String, current: String) {
    // Everything under one lock, and everything checked (the new value, the history) before
    // the profile is replaced: a refused change writes nothing.
    let lock = try LearnerLock(directory: dir, timeout: lockTimeout)
    defer { lock.unlock() }
    let learner = try load(dir, writeSnapshot: false)
    var profile = learner.profile
    let previous = try profile.setting(key)
    var clock = LearningDayClock(profile: profile)
    try profile.set(key, to: value, today: EpochDay(clock.day(atMillis: Int64((now.timeIntervalSince1970 * 1000).rounded(.down)))))
    let current = try profile.setting(key)
    let time = EventTime.now(now, timezone: profile.timezone)
    let event = LearnerEvent(id: id ?? newEventID(now: now), time: time,
                             payload: .settingsChanged(key: key, value: current, previous: previous))
    if let id, let (existing, line) = findEvent(id: id, in: try DurableFile.read(path(dir, eventsFile)) ?? [], file: path(dir, eventsFile)) {
      // A retry of a change already made succeeds without writing; another change under the
      // same id is refused before the profile is touched.
      guard case .settingsChanged(key, current, let before) = existing.payload else {
        throw .conflictingEvent(id: id, file: path(dir, eventsFile), line: line)
      }
      return (before ?? "", current)
    }
    try DurableFile.replace(path(dir, profileFile), with: Array(profile.encoded()))
    // A settings change names no word, so the state loaded before the change validates it.
    _ = try recordHoldingLock(dir, events: [event], source: .commandLine, now: now, learner: learner)
    return (previous, current)
  }

  /// A new unique event id: time in ms and 64 random bits, e.g. `e-19a2b3c4d5e-9f1c…`.
  public static func newEventID(now: Date) -> String {
    var g = SystemRandomNumberGenerator()  // uniqueness, not reproducibility: never reaches a plan
    let r = g.next() as UInt64
    return "e-\(String(Int64(now.timeIntervalSince1970 * 1000), radix: 16))-\(LearnerSnapshot.hex(r))"
  }
}

extension EventTime {
  /// Now, written with the learner's current offset.
  public static func now(_ date: Date, timezone: String) -> EventTime {
    let tz = TimeZone(identifier: timezone) ?? TimeZone(identifier: "UTC")!
    return EventTime(epochMillis: Int64((date.timeIntervalSince1970 * 1000).rounded(.down)), offsetSeconds: tz.secondsFromGMT(for: date))
  }
}
