import Foundation
import PlannerCore

extension Learner {
  /// The journal of a settings change in progress: the `settings.changed` event's line, then
  /// the new profile.json bytes. Written before anything else, removed when the change is done.
  public static let settingsJournal = "settings.pending"

  /// `planner config`: changes one setting, records a `settings.changed` event and writes the
  /// profile, as one durable step. Returns the previous and the new value.
  ///
  /// The steps, under the learner's lock: (1) the journal (`settings.pending`: the event and the
  /// new profile) is written atomically and durably; (2) the event is appended; (3) the profile
  /// replaced; (4) the journal removed. A kill after (1) leaves the journal, and the next `record`
  /// or `config` finishes the change (``finishSettingsChange(_:)``: appends the event if it is
  /// not in the log, writes the profile); until then every load reads the journal's profile. So
  /// the profile never differs from its last `settings.changed` event.
  @discardableResult
  public static func configure(_ dir: String, key: String, value: String, now: Date, id: String? = nil,
                               lockTimeout: Double = LearnerLock.defaultTimeout) throws(PlanEngineError) -> (previous: String, current: String) {
    let done = try configure(dir, changes: [(key, value)], now: now, id: id, lockTimeout: lockTimeout)
    return done.first.map { ($0.previous, $0.current) } ?? ("", "")
  }

  /// Several settings changed together (``LearnerProfile/set(_:today:)``: validated as a whole,
  /// in any order), one `settings.changed` event each, journalled and written as one step like a
  /// single change. With `id`, the events are `id`, `id.2`, `id.3`, … Returns each key's previous
  /// and new value, in the order given.
  @discardableResult
  public static func configure(_ dir: String, changes: [(key: String, value: String)], now: Date, id: String? = nil,
                               lockTimeout: Double = LearnerLock.defaultTimeout) throws(PlanEngineError)
    -> [(key: String, previous: String, current: String)]
  {
    // Everything under one lock, and everything checked (the new value, the history) before
    // anything is written: a refused change writes nothing. No lock file in a non-learner folder.
    guard DurableFile.exists(path(dir, profileFile)) else { _ = try loadProfile(dir); return [] }
    let lock = try LearnerLock(directory: dir, timeout: lockTimeout)
    defer { lock.unlock() }
    try finishSettingsChange(dir)
    let learner = try load(dir, parameters: nil, profile: nil, snapshot: .whenCostly, now: now)
    var profile = learner.profile
    var previous: [String] = []
    for (key, _) in changes { previous.append(try profile.setting(key)) }
    var clock = LearningDayClock(profile: profile)
    try profile.set(changes, today: EpochDay(clock.day(atMillis: Int64((now.timeIntervalSince1970 * 1000).rounded(.down)))))
    var done: [(key: String, previous: String, current: String)] = []
    for (k, change) in changes.enumerated() { done.append((change.key, previous[k], try profile.setting(change.key))) }
    let time = EventTime.now(now, timezone: profile.timezone)
    var events: [LearnerEvent] = []
    for (k, d) in done.enumerated() {
      let eventID = id.map { k == 0 ? $0 : "\($0).\(k + 1)" } ?? newEventID(now: now)
      events.append(try LearnerEvent.decode(
        .object(LearnerEvent(id: eventID, time: time, payload: .settingsChanged(key: d.key, value: d.current, previous: d.previous)).json),
        file: "command line", line: nil))
    }
    if id != nil {
      let index = try EventIndex.open(dir, log: learner.logPosition)
      defer { index.close() }
      if let (existing, line) = try lookUp(events[0].id, index: index, logPath: path(dir, eventsFile), limit: learner.logPosition.bytes) {
        // A retry of a change already made succeeds without writing; another change under the
        // same id is refused before anything is touched.
        guard case .settingsChanged(done[0].key, done[0].current, let before) = existing.payload else {
          throw .conflictingEvent(id: events[0].id, file: path(dir, eventsFile), line: line)
        }
        return [(done[0].key, before ?? "", done[0].current)] + done.dropFirst()
      }
    }
    let profileBytes = Array(profile.encoded())
    try faultPoint(dir, .beforeJournal)
    try DurableFile.replace(path(dir, settingsJournal), with: events.flatMap { $0.line + [0x0A] } + profileBytes)
    try faultPoint(dir, .afterJournal)
    // A settings change names no word, so the state loaded before the change validates it.
    _ = try recordHoldingLock(dir, events: events, source: .commandLine, now: now, learner: learner)
    try faultPoint(dir, .afterEvent)
    try DurableFile.replace(path(dir, profileFile), with: profileBytes)
    try faultPoint(dir, .afterProfile)
    try LogFile.remove(path(dir, settingsJournal))
    return done
  }

  /// Finishes a settings change a kill interrupted (see ``configure(_:key:value:now:id:lockTimeout:)``):
  /// the journal's event appended if the log lacks it, its profile written, the journal removed.
  /// The caller holds the lock. A journal that does not parse is not a change that started (it
  /// is written atomically), so it is removed.
  static func finishSettingsChange(_ dir: String) throws(PlanEngineError) {
    let journalPath = path(dir, settingsJournal)
    guard let bytes = try DurableFile.read(journalPath) else { return }
    guard let (events, profileBytes) = parseJournal(bytes, file: journalPath) else {
      try LogFile.remove(journalPath)
      return
    }
    let learner = try load(dir, parameters: nil, profile: (try LearnerProfile.decode(Data(profileBytes), file: journalPath), profileBytes),
                           snapshot: .never, now: Date())
    let index = try EventIndex.open(dir, log: learner.logPosition)
    var missing: [LearnerEvent] = []
    for event in events where try lookUp(event.id, index: index, logPath: path(dir, eventsFile), limit: learner.logPosition.bytes) == nil {
      missing.append(event)
    }
    index.close()
    if let first = missing.first {
      _ = try recordHoldingLock(dir, events: missing, source: .file(journalPath, lines: Array(1...missing.count)),
                                now: Date(timeIntervalSince1970: Double(first.time.epochMillis) / 1000), learner: learner)
    }
    try DurableFile.replace(path(dir, profileFile), with: profileBytes)
    try LogFile.remove(journalPath)
  }

  /// The journal's events (one line each) and profile bytes (nil when it is not one).
  static func parseJournal(_ bytes: [UInt8], file: String) -> ([LearnerEvent], [UInt8])? {
    var events: [LearnerEvent] = []
    var start = bytes.startIndex
    while let nl = bytes[start...].firstIndex(of: 0x0A), let v = try? JSONParser.parse(Array(bytes[start..<nl])),
      let e = try? LearnerEvent.decode(v, file: file, line: events.count + 1), case .settingsChanged = e.payload {
      events.append(e)
      start = nl + 1
    }
    guard !events.isEmpty, (try? LearnerProfile.decode(Data(bytes[start...]), file: file)) != nil else { return nil }
    return (events, Array(bytes[start...]))
  }

  /// Where a test may stop `config` as a kill would (the fault seam of the atomicity tests).
  package enum ConfigStep: Sendable { case beforeJournal, afterJournal, afterEvent, afterProfile }
  static let configFaults = Locked<[String: ConfigStep]>([:])

  /// Arms a stop at `step` for the next `config` of `dir`: it throws there, writing nothing more.
  package static func injectConfigStop(_ step: ConfigStep?, in dir: String) { configFaults.withLock { $0[dir] = step } }

  static func faultPoint(_ dir: String, _ step: ConfigStep) throws(PlanEngineError) {
    guard configFaults.withLock({ $0[dir] == step ? $0.removeValue(forKey: dir) : nil }) != nil else { return }
    throw .io(path: dir, reason: "stopped at \(step) (injected)")
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
