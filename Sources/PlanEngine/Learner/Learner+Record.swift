import Foundation

/// What `record` did.
public struct RecordOutcome: Sendable, Equatable {
  /// Events appended now, in the order given.
  public var appended: [LearnerEvent] = []
  /// Ids already in the log with the same content (not appended again).
  public var alreadyRecorded: [String] = []
  /// A torn last line found and moved to `events.torn.jsonl` before appending.
  public var setAside: TornLine?
}

/// Where the events to record came from, for error messages: a batch file (with its line
/// numbers) or the command line.
public enum EventSource: Sendable {
  case file(String, lines: [Int])
  case commandLine
}

extension Learner {
  /// The longest a timestamp may lie ahead of the clock.
  public static let maximumFutureMillis: Int64 = 86_400_000

  /// Records events: all are validated first (against each other and the learner's current
  /// state), then the new ones are appended in one durable write, under the learner's lock.
  /// All or nothing: one bad event and nothing is written.
  @discardableResult
  public static func record(_ dir: String, events: [LearnerEvent], source: EventSource = .commandLine,
                            now: Date, lockTimeout: Double = LearnerLock.defaultTimeout) throws(PlanEngineError) -> RecordOutcome {
    let lock = try LearnerLock(directory: dir, timeout: lockTimeout)
    defer { lock.unlock() }
    return try recordHoldingLock(dir, events: events, source: source, now: now, learner: try load(dir, writeSnapshot: false))
  }

  /// `record` for a caller that holds the lock and has loaded the learner under it.
  static func recordHoldingLock(_ dir: String, events: [LearnerEvent], source: EventSource, now: Date,
                                learner: Learner) throws(PlanEngineError) -> RecordOutcome {
    let logPath = path(dir, eventsFile)
    let nowMillis = Int64((now.timeIntervalSince1970 * 1000).rounded(.down))

    func place(_ i: Int, _ key: String?) -> (String, Int?, String?) {
      switch source {
      case .file(let f, let lines): return (f, i < lines.count ? lines[i] : nil, key)
      case .commandLine: return ("command line", nil, key)
      }
    }
    func fail(_ i: Int, _ key: String, _ expected: String) -> PlanEngineError {
      let (f, l, k) = place(i, key)
      return .malformed(file: f, line: l, keyPath: k, expected: expected)
    }

    // 1. Validate everything before writing anything.
    var live: [String: Bool] = [:]  // word key → in the dictionary, as the batch goes
    func has(_ english: String) -> Bool { live[wordKey(english)] ?? learner.state.hasWord(english) }
    var seenInBatch: [String: LearnerEvent] = [:]
    var outcome = RecordOutcome()
    var fresh: [LearnerEvent] = []
    let logBytes = try DurableFile.read(logPath) ?? []
    // Few events: a byte search per id. A batch: one pass indexing every id of the log.
    let index = events.count > 4 ? idIndex(logBytes) : nil
    for (i, e) in events.enumerated() {
      if e.time.epochMillis > nowMillis + maximumFutureMillis {
        throw fail(i, "at", "a time no more than a day ahead of now (\(EventTime(epochMillis: nowMillis, offsetSeconds: 0))), not \(e.time)")
      }
      if let prior = seenInBatch[e.id] {
        guard prior == e else { throw fail(i, "id", "a unique id: '\(e.id)' appears earlier in this batch with different content") }
        continue
      }
      seenInBatch[e.id] = e
      let found = index.map { Self.event(at: $0[e.id], in: logBytes, file: logPath) } ?? findEvent(id: e.id, in: logBytes, file: logPath)
      if let (existing, line) = found {
        guard existing == e else { throw .conflictingEvent(id: e.id, file: logPath, line: line) }
        outcome.alreadyRecorded.append(e.id)
        continue
      }
      switch e.payload {
      case .wordAdded(let en, _): live[wordKey(en)] = true
      case .wordDeleted(let en):
        guard has(en) else { throw unknown(i, en) }
        live[wordKey(en)] = false
      case .reminderShown(let en?, _), .reminderActed(let en?, _):
        guard has(en) else { throw unknown(i, en) }
      default:
        if let en = e.payload.english, e.type != .wordAdded { guard has(en) else { throw unknown(i, en) } }
      }
      fresh.append(e)
    }
    func unknown(_ i: Int, _ en: String) -> PlanEngineError {
      if case .commandLine = source { return .unknownWord(en) }
      return fail(i, "payload.english", "a word in the dictionary ('\(en)' was never added, or was deleted)")
    }
    guard !fresh.isEmpty else { return outcome }

    // 2. Set aside a torn last line, so the new lines start on a line of their own.
    if let torn = learner.torn {
      try DurableFile.append(path(dir, tornFile), torn.bytes + [0x0A])
      try DurableFile.truncate(logPath, to: torn.offset)
      outcome.setAside = torn
    }

    // 3. One write of whole lines, flushed to disk.
    var bytes: [UInt8] = []
    for e in fresh { bytes += e.line; bytes.append(0x0A) }
    try DurableFile.append(logPath, bytes)
    outcome.appended = fresh
    return outcome
  }

  /// Finds the event with `id` in the log bytes: a byte search for `"id":"<id>"` (every line
  /// is written compact by us), confirmed by parsing the line.
  static func findEvent(id: String, in log: [UInt8], file: String) -> (LearnerEvent, Int)? {
    var w = JSONWriter()
    w.writeRaw("\"id\":")
    w.writeString(id)
    let needle = w.bytes
    guard !log.isEmpty else { return nil }
    return log.withUnsafeBufferPointer { buf -> (LearnerEvent, Int)? in
      var from = 0
      while let hit = search(needle, in: buf, from: from) {
        var start = hit
        while start > 0 && buf[start - 1] != 0x0A { start -= 1 }
        var end = hit
        while end < buf.count && buf[end] != 0x0A { end += 1 }
        from = end
        guard end < buf.count else { return nil }  // torn tail: not recorded
        var line = 1
        for k in 0..<start where buf[k] == 0x0A { line += 1 }
        if let v = try? JSONParser.parse(UnsafeBufferPointer(rebasing: buf[start..<end])),
          let e = try? LearnerEvent.decode(v, file: file, line: line), e.id == id {
          return (e, line)
        }
      }
      return nil
    }
  }

  /// Where each id's line is: (start, end, line number), for lines written by planner (they
  /// begin `{"version":N,"id":"`); a line of another shape or with an escaped id is found by
  /// ``findEvent(id:in:file:)`` instead, so the index falls back to it.
  static func idIndex(_ log: [UInt8]) -> [String: (Int, Int, Int)]? {
    var index: [String: (Int, Int, Int)] = [:]
    index.reserveCapacity(log.count / 100)
    let ok: Bool = log.withUnsafeBufferPointer { buf in
      var start = 0
      var line = 1
      let n = buf.count
      while start < n {
        var end = start
        while end < n && buf[end] != 0x0A { end += 1 }
        if end == n { break }  // torn tail
        // {"version":1,"id":"
        var i = start
        let prefix: [UInt8] = Array(#"{"version":"#.utf8)
        guard end - start > prefix.count + 8 else { if EventLog.isBlank(UnsafeBufferPointer(rebasing: buf[start..<end])) { start = end + 1; line += 1; continue }; return false }
        for b in prefix { if buf[i] != b { return false }; i += 1 }
        while i < end && buf[i] >= 0x30 && buf[i] <= 0x39 { i += 1 }
        let idKey: [UInt8] = Array(#","id":""#.utf8)
        for b in idKey { if i >= end || buf[i] != b { return false }; i += 1 }
        let idStart = i
        while i < end && buf[i] != 0x22 && buf[i] != 0x5C { i += 1 }
        if i >= end || buf[i] == 0x5C { return false }
        index[String(decoding: UnsafeBufferPointer(rebasing: buf[idStart..<i]), as: UTF8.self)] = (start, end, line)
        start = end + 1
        line += 1
      }
      return true
    }
    return ok ? index : nil
  }

  static func event(at place: (Int, Int, Int)?, in log: [UInt8], file: String) -> (LearnerEvent, Int)? {
    guard let (start, end, line) = place else { return nil }
    return log.withUnsafeBufferPointer { buf in
      guard let v = try? JSONParser.parse(UnsafeBufferPointer(rebasing: buf[start..<end])),
        let e = try? LearnerEvent.decode(v, file: file, line: line) else { return nil }
      return (e, line)
    }
  }

  static func search(_ needle: [UInt8], in hay: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
    guard let first = needle.first, hay.count >= needle.count else { return nil }
    var i = from
    let last = hay.count - needle.count
    while i <= last {
      if hay[i] == first {
        var k = 1
        while k < needle.count && hay[i + k] == needle[k] { k += 1 }
        if k == needle.count { return i }
      }
      i += 1
    }
    return nil
  }

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
    var clock = LearnerClock(profile: profile)
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
    try recordHoldingLock(dir, events: [event], source: .commandLine, now: now, learner: learner)
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

extension Learner {
  /// `planner record DIR --events FILE.jsonl`: every line validated (errors name FILE and its
  /// line) before anything is appended; all or nothing.
  @discardableResult
  public static func recordBatch(_ dir: String, file: String, now: Date,
                                 lockTimeout: Double = LearnerLock.defaultTimeout) throws(PlanEngineError) -> RecordOutcome {
    guard var bytes = try DurableFile.read(file) else { throw .io(path: file, reason: "no such file") }
    if let last = bytes.last, last != 0x0A { bytes.append(0x0A) }  // a final line may lack its newline
    return try recordBatch(dir, bytes: bytes, file: file, now: now, lockTimeout: lockTimeout)
  }

  /// The same, for a batch already in memory (standard input).
  @discardableResult
  public static func recordBatch(_ dir: String, bytes: [UInt8], file: String, now: Date,
                                 lockTimeout: Double = LearnerLock.defaultTimeout) throws(PlanEngineError) -> RecordOutcome {
    var bytes = bytes
    if let last = bytes.last, last != 0x0A { bytes.append(0x0A) }
    var lines: [Int] = []
    var events: [LearnerEvent] = []
    try bytes.withUnsafeBufferPointer { (buf) throws(PlanEngineError) in
      var start = 0
      var lineNo = 1
      while start < buf.count {
        var end = start
        while buf[end] != 0x0A { end += 1 }
        let line = UnsafeBufferPointer(rebasing: buf[start..<end])
        if !EventLog.isBlank(line) {
          let value: JSONNode
          do throws(JSONSyntaxError) { value = try JSONParser.parse(line) } catch {
            throw .malformed(file: file, line: lineNo, keyPath: nil, expected: "one JSON event per line (column \(error.column): \(error.message))")
          }
          events.append(try LearnerEvent.decode(value, file: file, line: lineNo))
          lines.append(lineNo)
        }
        start = end + 1
        lineNo += 1
      }
    }
    return try record(dir, events: events, source: .file(file, lines: lines), now: now, lockTimeout: lockTimeout)
  }
}
