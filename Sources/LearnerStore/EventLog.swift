import PlannerCore
/// Reading `events.jsonl`: complete lines are events; a last line without its newline is a
/// torn append (a crash mid-write), reported and set aside, never folded.
public struct EventLog: Sendable {
  /// Events of the complete lines read, in log order.
  public var events: [LearnerEvent] = []
  /// Byte offset just after the last complete line.
  public var endOffset: Int
  /// Complete lines up to `endOffset` (blank lines included), counted from the file start.
  public var lineCount: Int
  /// Start of the last complete line (equal to `endOffset` when there is none).
  public var lastLineStart: Int
  /// FNV-1a 64 of the last complete line, its newline included (the offset basis for none).
  public var lastLineHash: UInt64 = FNV1a64.offsetBasis
  public var torn: TornLine?

  /// Parses the lines of `bytes`, which start at byte `offset` of the file, on line
  /// `firstLine` (1-based); `lastLineStart` is the start of the line before, if known.
  public static func parse(_ bytes: [UInt8], file: String, offset: Int = 0, firstLine: Int = 1,
                           lastLineStart: Int? = nil, lastLineHash: UInt64? = nil) throws(PlanEngineError) -> EventLog {
    var log = EventLog(endOffset: offset, lineCount: firstLine - 1, lastLineStart: lastLineStart ?? offset)
    log.lastLineHash = lastLineHash ?? FNV1a64.offsetBasis
    log.events.reserveCapacity(bytes.count / 120)
    try bytes.withUnsafeBufferPointer { (buf) throws(PlanEngineError) in
      var start = 0
      var lineNo = firstLine
      let n = buf.count
      while start < n {
        var end = start
        while end < n && buf[end] != 0x0A { end += 1 }
        if end == n {
          log.torn = TornLine(line: lineNo, offset: offset + start, bytes: Array(buf[start..<n]))
          return
        }
        let line = UnsafeBufferPointer(rebasing: buf[start..<end])
        if !isBlank(line) {
          let value: JSONNode
          do throws(JSONSyntaxError) { value = try JSONParser.parse(line) } catch {
            throw .malformed(file: file, line: lineNo, keyPath: nil, expected: "one JSON event per line (column \(error.column): \(error.message))")
          }
          log.events.append(try LearnerEvent.decode(value, file: file, line: lineNo))
        }
        log.lastLineStart = offset + start
        start = end + 1
        log.endOffset = offset + start
        log.lineCount = lineNo
        lineNo += 1
      }
    }
    if log.lastLineStart >= offset && log.endOffset > log.lastLineStart {
      log.lastLineHash = FNV1a64.hash(bytes[(log.lastLineStart - offset)..<(log.endOffset - offset)])
    }
    return log
  }

  /// Where the complete lines read end (for the snapshot's and the id index's key).
  package var position: EventIndex.LogPosition {
    EventIndex.LogPosition(bytes: endOffset, lines: lineCount, lastLineStart: lastLineStart, lastLineHash: lastLineHash)
  }

  static func isBlank(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
    for c in b where c != 0x20 && c != 0x09 && c != 0x0D { return false }
    return true
  }
}

/// A partial last line left by a crash mid-append.
public struct TornLine: Sendable, Equatable {
  public var line: Int
  public var offset: Int
  public var bytes: [UInt8]
}
