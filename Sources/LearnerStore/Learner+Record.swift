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
      case .commandLine: return ("command line", nil, PlanEngineError.commandLineKey(key))
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
      case .wordAdded(let en, _, _): live[wordKey(en)] = true
      case .wordLookedUp(let en, _?): live[wordKey(en)] = true  // a look-up that brings its translation adds the word
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
