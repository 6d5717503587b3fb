import Foundation
import PlannerCore
import Vocabulary

/// What `record` did.
public struct RecordOutcome: Sendable, Equatable {
  /// Events appended now, in the order given.
  public var appended: [LearnerEvent] = []
  /// Ids already in the log with the same content (not appended again).
  public var alreadyRecorded: [String] = []
  /// A torn last line found and moved to `events.torn.jsonl` before appending.
  public var setAside: TornLine?
  /// For a batch file: the line of each appended event (empty for the command line).
  public var appendedLines: [Int] = []
}

/// Where the events to record came from, for error messages: a batch file (with its line
/// numbers) or the command line.
public enum EventSource: Sendable {
  case file(String, lines: [Int])
  case commandLine
}

extension Learner {
  /// The most a timestamp may lie ahead of the clock (a phone's clock a little fast): 10 minutes.
  public static let maximumFutureMillis: Int64 = 600_000

  /// Records events: all are validated first (against each other and the learner's current
  /// state), then the new ones are appended in one durable write, under the learner's lock.
  /// All or nothing: one bad event and nothing is written; a failed write leaves the log as it was.
  ///
  /// Constant time in the history: the state comes from the snapshot and the events after it,
  /// duplicate ids from the id index (``EventIndex``), both read under the lock, once.
  @discardableResult
  public static func record(_ dir: String, events: [LearnerEvent], source: EventSource = .commandLine,
                            now: Date, lockTimeout: Double = LearnerLock.defaultTimeout) throws(PlanEngineError) -> RecordOutcome {
    // Nothing is created in a folder that is not a learner (not even the lock file).
    guard DurableFile.exists(path(dir, profileFile)) else { _ = try loadProfile(dir); return RecordOutcome() }
    let lock = try LearnerLock(directory: dir, timeout: lockTimeout)
    defer { lock.unlock() }
    try finishSettingsChange(dir)
    let learner = try load(dir, parameters: nil, profile: nil, snapshot: .whenCostly, now: now)
    return try recordHoldingLock(dir, events: events, source: source, now: now, learner: learner)
  }

  /// Records the events `building` makes from the learner as loaded under the lock (the
  /// command line's forms: times in the learner's timezone, a quiz checked against the word's
  /// translations, a correction's target looked up): one lock, one load.
  @discardableResult
  public static func record(_ dir: String, now: Date, lockTimeout: Double = LearnerLock.defaultTimeout,
                            building: (Learner) throws -> [LearnerEvent]) throws -> RecordOutcome {
    guard DurableFile.exists(path(dir, profileFile)) else { _ = try loadProfile(dir); return RecordOutcome() }
    let lock = try LearnerLock(directory: dir, timeout: lockTimeout)
    defer { lock.unlock() }
    try finishSettingsChange(dir)
    let learner = try load(dir, parameters: nil, profile: nil, snapshot: .whenCostly, now: now)
    return try recordHoldingLock(dir, events: try building(learner), source: .commandLine, now: now, learner: learner)
  }

  /// The event with `id` in this learner's log and its line, through the id index (for a
  /// caller holding the lock, as ``record(_:now:lockTimeout:building:)``'s builder does).
  public func recordedEvent(id: String) throws(PlanEngineError) -> (LearnerEvent, Int)? {
    let index = try EventIndex.open(directory, log: logPosition)
    defer { index.close() }
    return try Learner.lookUp(id, index: index, logPath: Learner.path(directory, Learner.eventsFile), limit: logPosition.bytes)
  }

  /// The event with `id` in the log, and its line (through the id index; under the lock).
  public static func recordedEvent(_ dir: String, id: String, lockTimeout: Double = LearnerLock.defaultTimeout) throws(PlanEngineError) -> (LearnerEvent, Int)? {
    guard DurableFile.exists(path(dir, profileFile)) else { _ = try loadProfile(dir); return nil }
    let lock = try LearnerLock(directory: dir, timeout: lockTimeout)
    defer { lock.unlock() }
    let learner = try load(dir, parameters: nil, profile: nil, snapshot: .whenCostly, now: Date())
    let index = try EventIndex.open(dir, log: learner.logPosition)
    defer { index.close() }
    return try lookUp(id, index: index, logPath: path(dir, eventsFile), limit: learner.logPosition.bytes)
  }

  /// The logged event with `id`, confirmed against the log line the index points at.
  static func lookUp(_ id: String, index: EventIndex, logPath: String, limit: Int) throws(PlanEngineError) -> (LearnerEvent, Int)? {
    for offset in index.candidates(id) {
      guard let line = try LogFile.line(logPath, at: offset, limit: limit),
        let v = try? JSONParser.parse(line), let e = try? LearnerEvent.decode(v, file: logPath, line: nil),
        e.id == EventIndex.nfc(id)
      else { continue }
      return (e, try lineNumber(logPath, offset: offset))
    }
    return nil
  }

  /// The error for a log whose first `upTo` bytes changed after they were written: the first
  /// line that is not an event, by line number, or the change itself when every line still parses.
  static func corruptLog(_ dir: String, upTo: Int) -> PlanEngineError {
    let logPath = path(dir, eventsFile)
    do throws(PlanEngineError) {
      _ = try EventLog.parse(try LogFile.read(logPath, from: 0, count: upTo) ?? [], file: logPath)
    } catch {
      if case .malformed(let file, let line, let key, let expected) = error {
        return .malformed(file: file, line: line, keyPath: key,
                          expected: expected + "; nothing more is written to this log until `planner repair \(dir)` sets the line aside")
      }
      return error
    }
    return .io(path: logPath, reason: "its first \(upTo) bytes changed after they were written (every line still reads as an event); nothing more is written to it until `planner repair \(dir)` accepts it as it is now")
  }

  /// The 1-based line number of the line at `offset` (counts newlines: only for error messages).
  static func lineNumber(_ logPath: String, offset: Int) throws(PlanEngineError) -> Int {
    guard let bytes = try LogFile.read(logPath, from: 0, count: offset) else { return 1 }
    return bytes.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
  }

  /// `record` for a caller that holds the lock and has loaded the learner under it.
  static func recordHoldingLock(_ dir: String, events: [LearnerEvent], source: EventSource, now: Date,
                                learner: Learner) throws(PlanEngineError) -> RecordOutcome {
    let logPath = path(dir, eventsFile)
    let nowMillis = Int64((now.timeIntervalSince1970 * 1000).rounded(.down))

    func place(_ i: Int, _ key: String?) -> (String, Int?, String?) {
      switch source {
      case .file(let f, let lines): return (f, i < lines.count ? lines[i] : nil, key)
      case .commandLine: return ("command line", nil, PlanEngineError.commandLineKey(key))
      }
    }
    func fail(_ i: Int, _ key: String, _ expected: String) -> PlanEngineError {
      let (f, l, k) = place(i, key)
      return .malformed(file: f, line: l, keyPath: k, expected: expected)
    }

    var index = try EventIndex.open(dir, log: learner.logPosition)
    defer { index.close() }
    func logged(_ id: String) throws(PlanEngineError) -> (LearnerEvent, Int)? {
      try lookUp(id, index: index, logPath: logPath, limit: learner.logPosition.bytes)
    }

    // 1. Validate everything before writing anything.
    var live: [String: Bool] = [:]  // word key → in the dictionary, as the batch goes
    func has(_ english: String) -> Bool { live[wordKey(english)] ?? learner.state.hasWord(english) }
    var seenInBatch: [String: LearnerEvent] = [:]  // ids are NFC (LearnerEvent.decode)
    var outcome = RecordOutcome()
    var fresh: [LearnerEvent] = []
    for (i, e) in events.enumerated() {
      if e.time.epochMillis > nowMillis + maximumFutureMillis {
        throw fail(i, "at", "a time no more than 10 minutes ahead of now (\(EventTime(epochMillis: nowMillis, offsetSeconds: 0))), not \(e.time)")
      }
      if let prior = seenInBatch[e.id] {
        guard prior == e else { throw fail(i, "id", "a unique id: '\(e.id)' appears earlier in this batch with different content") }
        continue
      }
      seenInBatch[e.id] = e
      if let (existing, line) = try logged(e.id) {
        guard existing == e else { throw .conflictingEvent(id: e.id, file: logPath, line: line) }
        outcome.alreadyRecorded.append(e.id)
        continue
      }
      // The bad-word rules (control characters, length, bytes that were not UTF-8) for a new
      // event, whatever its source (a line recorded before them is "already recorded").
      if let (key, expected) = e.payload.wordProblem { throw fail(i, key, expected) }
      switch e.payload {
      case .wordAdded(let en, _, _): live[wordKey(en)] = true
      case .wordLookedUp(let en, _?): live[wordKey(en)] = true  // a look-up that brings its translation adds the word
      case .wordDeleted(let en):
        guard has(en) else { throw unknown(i, en) }
        live[wordKey(en)] = false
      case .reminderShown(let en?, _), .reminderActed(let en?, _):
        guard has(en) else { throw unknown(i, en) }
      case .eventCorrected(let target, let replacement):
        let original: LearnerEvent
        if let inBatch = seenInBatch[target], inBatch.id != e.id { original = inBatch }
        else if let (found, _) = try logged(target) { original = found }
        else { throw fail(i, "payload.target", "the id of an event recorded before ('\(target)' is not in the log)") }
        guard original.type != .eventCorrected else {
          throw fail(i, "payload.target", "an event that is not itself a correction ('\(target)' is one)")
        }
        if let replacement {
          guard replacement.type == original.type else {
            throw fail(i, "payload.type", "the type of the event corrected (\(original.type.rawValue)), not \(replacement.type.rawValue)")
          }
          guard replacement.english.map(wordKey) == original.payload.english.map(wordKey) else {
            throw fail(i, "payload.payload.english", "the word of the event corrected ('\(original.payload.english ?? "")')")
          }
        }
      default:
        if let en = e.payload.english, e.type != .wordAdded { guard has(en) else { throw unknown(i, en) } }
      }
      fresh.append(e)
      if case .file(_, let lines) = source, i < lines.count { outcome.appendedLines.append(lines[i]) }
    }
    func unknown(_ i: Int, _ en: String) -> PlanEngineError {
      if case .commandLine = source { return .unknownWord(en) }
      return fail(i, "payload.english", "a word in the dictionary ('\(en)' was never added, or was deleted)")
    }
    guard !fresh.isEmpty else { return outcome }

    // 2. A step of the rolling check that the lines already written are still the bytes
    // appended (a line corrupted in place in the middle of the log is caught here; a constant
    // cost per call, see ``EventIndex/verifyStep(logPath:budget:)``): refuse to append to a
    // corrupt log, naming the line.
    let appending = fresh.reduce(0) { $0 + $1.line.count + 1 }
    guard try index.verifyStep(logPath: logPath, budget: EventIndex.verifyBudget + 2 * appending) else {
      throw corruptLog(dir, upTo: index.covered.bytes)
    }

    // 3. Set aside a torn last line, so the new lines start on a line of their own.
    if let torn = learner.torn {
      try DurableFile.append(path(dir, tornFile), torn.bytes + [0x0A])
      try DurableFile.truncate(logPath, to: torn.offset)
      outcome.setAside = torn
    }

    // 4. One write of whole lines, flushed to disk; on an error the log is cut back (all or nothing).
    var bytes: [UInt8] = []
    var entries: [(UInt64, Int)] = []
    var lastLineStart = learner.logPosition.lastLineStart
    for e in fresh {
      lastLineStart = learner.logPosition.bytes + bytes.count
      entries.append((EventIndex.digest(e.id), lastLineStart))
      bytes += e.line
      bytes.append(0x0A)
    }
    try LogFile.append(logPath, bytes)
    outcome.appended = fresh

    // 5. The index: a cache, so a failure here is repaired by the next open, never reported.
    let lastLine = bytes[(lastLineStart - learner.logPosition.bytes)...]
    let position = EventIndex.LogPosition(bytes: learner.logPosition.bytes + bytes.count,
                                          lines: learner.logPosition.lines + fresh.count,
                                          lastLineStart: lastLineStart, lastLineHash: FNV1a64.hash(lastLine))
    try? index.insert(entries, covering: position, appended: bytes[...])
    return outcome
  }

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
