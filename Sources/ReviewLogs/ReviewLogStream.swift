import MemoryModels
import PlannerCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a review-log file in blocks of whole rows, so that memory is bounded by the block and
/// the per-card state, not by the file: what `replay` streams through and what `optimize` and
/// `evaluate` build their card histories from.
///
/// The rows, their checks and their messages are exactly ``ReviewLogReader``'s (the same chunk
/// parser, the same per-card order rule, the same learning days), so a streamed file gives the
/// same rows, elapsed days and errors as one read whole. A file with a `"` anywhere in its body
/// could hide a newline inside a quoted field, so it is read as one block, as the reader does.
public struct ReviewLogStream: Sendable {
  public var clock: LearningDayClock
  public var skipInvalid: Bool
  /// Bytes read per block (rows are never cut: a block ends after its last whole line).
  public var blockBytes: Int

  /// Threads that parse each block (in pieces cut at line ends); the rows and their order do
  /// not depend on it.
  public var workers: Int

  public init(clock: LearningDayClock? = nil, skipInvalid: Bool = false, blockBytes: Int = 4 << 20, workers: Int? = nil) {
    self.clock = clock ?? LearningDayClock()
    self.skipInvalid = skipInvalid
    self.blockBytes = max(blockBytes, 1 << 10)
    self.workers = max(1, workers ?? Machine.cores)
  }

  /// One valid row, as the visitor sees it.
  public struct Row {
    public var cardID: Int64
    public var time: Int64
    public var rating: Rating
    /// 0 new … 3 relearning; −1 when absent.
    public var state: Int8
    /// Milliseconds; −1 when absent.
    public var duration: Int64
    /// Whole learning days since the card's previous review; −1 on its first.
    public var elapsedDays: Int32
    public var line: Int32
    /// The card's number (0, 1, …, in order of first appearance): an index for per-card state.
    public var card: Int
    /// True on the card's first review.
    public var isFirst: Bool
  }

  /// What a pass found: rows kept, cards, and the bad rows (file order).
  public struct Outcome: Sendable {
    public var rows = 0
    public var cards = 0
    /// Rows skipped (with `skipInvalid`), each naming file, line, column and what was expected.
    public var diagnostics: [PlanEngineError] = []
  }

  /// Visits every valid row of `path` in file order (`block` after each block's rows, e.g. to
  /// flush output). Without `skipInvalid`, the first bad row (a malformed row before an
  /// out-of-order one, as the reader) is thrown at the end of the pass: a caller that must not
  /// act on a bad file runs ``validate(path:fileName:)`` first.
  public func forEachRow(
    path: String, fileName: String, _ visit: (Row) -> Void, block: () -> Void = {}
  ) throws(PlanEngineError) -> Outcome {
    // The per-card state lives in one struct whose method walks a whole chunk: captured by the
    // block closure, a mutable local is reached through a dynamic exclusivity check per
    // access, which per row was a fifth of a replay.
    var walker = RowWalker(fileName: fileName, skipInvalid: skipInvalid)
    try blocks(path: path, fileName: fileName) { chunk, header in
      walker.walk(chunk, header: header, visit)
      block()
    }
    if !skipInvalid, let first = walker.firstMalformed ?? walker.firstOrder { throw first }
    var outcome = walker.outcome
    outcome.cards = walker.lastTime.count
    outcome.diagnostics = Self.diagnostics(walker.parseErrors, walker.orderErrors)
    return outcome
  }

  /// The reader's diagnostics: the parse errors and the order errors, each list in line order,
  /// merged into one list in line order (a parse error first on a tie).
  static func diagnostics(
    _ parseErrors: [(line: Int, error: PlanEngineError)], _ orderErrors: [(line: Int, error: PlanEngineError)]
  ) -> [PlanEngineError] {
    var merged: [PlanEngineError] = []
    merged.reserveCapacity(parseErrors.count + orderErrors.count)
    var a = 0, b = 0
    while a < parseErrors.count || b < orderErrors.count {
      if b == orderErrors.count || (a < parseErrors.count && parseErrors[a].line < orderErrors[b].line) {
        merged.append(parseErrors[a].error); a += 1
      } else {
        merged.append(orderErrors[b].error); b += 1
      }
    }
    return merged
  }

  /// The ordering pass's state: each card's number, previous time, learning day and line, and
  /// the bad rows found so far.
  struct RowWalker {
    let fileName: String
    let skipInvalid: Bool
    var outcome = Outcome()
    var cards = CardIndexMap(capacity: 1 << 12)
    var lastTime: [Int64] = [], lastDay: [Int64] = [], lastLine: [Int32] = []
    var firstMalformed: PlanEngineError?
    var firstOrder: PlanEngineError?
    var orderErrors: [(line: Int, error: PlanEngineError)] = []
    var parseErrors: [(line: Int, error: PlanEngineError)] = []

    init(fileName: String, skipInvalid: Bool) {
      self.fileName = fileName
      self.skipInvalid = skipInvalid
    }

    mutating func walk(_ chunk: ReviewLogChunk, header: ReviewLogHeader, _ visit: (Row) -> Void) {
      let timeName = header.nameOf[.reviewTime] ?? "review_time"
      let useGiven = header.hasElapsedDays
      for e in chunk.errors {
        let error = PlanEngineError.malformed(file: fileName, line: e.line, keyPath: e.keyPath, expected: e.expected)
        if firstMalformed == nil { firstMalformed = error }
        if skipInvalid { parseErrors.append((e.line, error)) }
      }
      for i in 0..<chunk.cardIDs.count {
        let id = chunk.cardIDs[i], time = chunk.times[i], day = chunk.days[i], line = chunk.lines[i]
        var row = Row(cardID: id, time: time, rating: Rating(rawValue: Int(chunk.ratings[i]))!, state: chunk.states[i],
                      duration: chunk.durations[i], elapsedDays: -1, line: line, card: 0, isFirst: true)
        if let slot = cards.get(id) {
          let k = Int(slot)
          if time < lastTime[k] {
            let error = ReviewLogStream.orderError(
              file: fileName, line: line, timeName: timeName, cardID: id, previousLine: lastLine[k], previousTime: lastTime[k], time: time)
            if firstOrder == nil { firstOrder = error }
            if skipInvalid { orderErrors.append((Int(line), error)) }
            continue
          }
          let g = chunk.givenElapsed[i]
          row.elapsedDays = useGiven && g >= 0 ? g : Int32(clamping: day - lastDay[k])
          row.isFirst = false
          row.card = k
          lastTime[k] = time; lastDay[k] = day; lastLine[k] = line
        } else {
          row.card = lastTime.count
          cards.set(id, Int32(row.card))
          lastTime.append(time); lastDay.append(day); lastLine.append(line)
        }
        outcome.rows += 1
        visit(row)
      }
    }
  }

  /// One pass that only checks: throws the first bad row (without `skipInvalid`), else returns
  /// the counts and the diagnostics, before anything is written.
  public func validate(path: String, fileName: String) throws(PlanEngineError) -> Outcome {
    try checkSharded(path: path, fileName: fileName)
  }

  /// Every card's reviews in time order, cards sorted by id (as ``ReviewLog/cardHistories()``),
  /// built straight from the file: memory is the histories, not the file's columns.
  public func cardHistories(path: String, fileName: String) throws(PlanEngineError) -> (cards: [CardHistory], outcome: Outcome) {
    var histories: [CardHistory] = []
    let outcome = try forEachRow(path: path, fileName: fileName) { row in
      if row.card == histories.count { histories.append(CardHistory(cardID: row.cardID)) }
      histories[row.card].append(time: row.time, elapsedDays: row.elapsedDays, rating: row.rating)
    }
    histories.sort { $0.cardID < $1.cardID }
    return (histories, outcome)
  }

  /// Parses the whole lines `[start, end)` of `buffer`, learning days included: in `workers`
  /// pieces cut at line ends, on as many threads, when the bytes are many and hold no quote (a
  /// quoted field could hide a line end); the pieces in order, their lines relative to each.
  func parse(_ buffer: [UInt8], _ start: Int, _ end: Int, header: ReviewLogHeader, shards: Int = 1, days: Bool = true) -> [ReviewLogChunk] {
    buffer.withUnsafeBufferPointer { buf in
      let base = buf.baseAddress!
      var bounds = [start]
      if workers > 1 && end - start >= 1 << 20 && memchr(base + start, Int32(UInt8(ascii: "\"")), end - start) == nil {
        for k in 1..<workers {
          let from = start + (end - start) / workers * k
          guard from > bounds[bounds.count - 1],
            let nl = memchr(base + from, Int32(UInt8(ascii: "\n")), end - from)
          else { continue }
          let cut = base.distance(to: nl.assumingMemoryBound(to: UInt8.self)) + 1
          if cut < end { bounds.append(cut) }
        }
      }
      bounds.append(end)
      let pieces = bounds.count - 1
      let slots = Slots<ReviewLogChunk>(pieces)
      let shared = SharedPointer(UnsafeMutablePointer(mutating: base))
      let clock = self.clock
      parallelFor(pieces) { k in
        let a = bounds[k], b = bounds[k + 1]
        var chunk = ReviewLogChunkParser.parse(UnsafePointer(shared.base), a, b, header: header, estimatedRows: (b - a) / 24 + 16)
        if days && !chunk.times.isEmpty {
          let table = clock.offsetTable(from: chunk.minTime, through: chunk.maxTime)
          chunk.days = chunk.times.map { table.learningDay(ms: $0) }
        }
        if shards > 1 { chunk.partition(shards: shards) }
        slots.set(k, chunk)
      }
      return slots.take()
    }
  }

  /// Reads `path` block by block and hands each block's parsed rows to `body`, with absolute
  /// line numbers and learning days filled in.
  func blocks(
    path: String, fileName: String, _ body: (ReviewLogChunk, ReviewLogHeader) throws(PlanEngineError) -> Void
  ) throws(PlanEngineError) {
    try wholeBlocks(path: path, fileName: fileName) { (chunks, lineBase, header) throws(PlanEngineError) in
      var lineBase = lineBase
      for var chunk in chunks {
        let base = Int32(truncatingIfNeeded: lineBase)
        for i in chunk.lines.indices { chunk.lines[i] += base }
        for i in chunk.errors.indices { chunk.errors[i].line += lineBase }
        lineBase += chunk.lineCount
        try body(chunk, header)
      }
    }
  }

  /// Reads `path` block by block and hands each block's pieces to `body` (in file order, lines
  /// relative to each piece; the first piece's first line is `lineBase` + 1), each piece's rows
  /// split by card shard when `shards` > 1 (``ReviewLogChunk/partition(shards:)``), learning
  /// days computed unless `days` is false (a pass that only checks the order needs none).
  func wholeBlocks(
    path: String, fileName: String, shards: Int = 1, days: Bool = true,
    _ body: ([ReviewLogChunk], _ lineBase: Int, ReviewLogHeader) throws(PlanEngineError) -> Void
  ) throws(PlanEngineError) {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw .io(path: fileName, reason: String(cString: strerror(errno))) }
    defer { close(fd) }
    var buffer = [UInt8](repeating: 0, count: blockBytes)
    var filled = 0
    var atEnd = false
    /// Reads until the buffer is full or the file ends.
    func fill() throws(PlanEngineError) {
      while filled < buffer.count && !atEnd {
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress! + filled, $0.count - filled) }
        if n < 0 {
          if errno == EINTR { continue }
          throw .io(path: fileName, reason: "read error: \(String(cString: strerror(errno)))")
        }
        if n == 0 { atEnd = true } else { filled += n }
      }
    }
    try fill()
    // The header: the first line, after an optional byte-order mark (all of it in the buffer).
    while !atEnd && memchr(buffer, Int32(UInt8(ascii: "\n")), filled) == nil {
      buffer += [UInt8](repeating: 0, count: buffer.count)
      try fill()
    }
    guard filled > 0 else {
      throw .malformed(file: fileName, line: 1, keyPath: "header", expected: "a header row naming the columns card_id,review_time,review_rating; the file is empty")
    }
    let bom = filled >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF ? 3 : 0
    let (fields, headerEnd, headerLines) = buffer.withUnsafeBufferPointer { ReviewLogReader.headerFields($0.baseAddress!, bom, filled) }
    let header = try ReviewLogHeader.resolve(fields, file: fileName)
    var start = headerEnd
    var lineBase = headerLines
    var wholeFile = false
    while true {
      // Where this block ends: after its last newline, or at the end of the file.
      var cut = -1
      if atEnd {
        cut = filled
      } else if !wholeFile {
        let quoted = buffer.withUnsafeBufferPointer { memchr($0.baseAddress! + start, Int32(UInt8(ascii: "\"")), filled - start) != nil }
        if quoted {
          wholeFile = true  // as the reader: a quote could hide a newline in a field
        } else {
          cut = buffer.withUnsafeBufferPointer { buf -> Int in
            var p = filled
            while p > start { if buf[p - 1] == UInt8(ascii: "\n") { return p }; p -= 1 }
            return -1
          }
        }
      }
      if cut < 0 {
        // No whole row in the buffer (or a quoted file): read more into a bigger buffer.
        if start > 0 {
          buffer.withUnsafeMutableBufferPointer { b in _ = memmove(b.baseAddress!, b.baseAddress! + start, filled - start) }
          filled -= start
          start = 0
        }
        if filled == buffer.count { buffer += [UInt8](repeating: 0, count: buffer.count) }
        try fill()
        continue
      }
      if cut > start {
        let chunks = parse(buffer, start, cut, header: header, shards: shards, days: days)
        try body(chunks, lineBase, header)
        for chunk in chunks { lineBase += chunk.lineCount }
      }
      if atEnd && cut == filled { return }
      // Keep the partial row, read on.
      buffer.withUnsafeMutableBufferPointer { b in _ = memmove(b.baseAddress!, b.baseAddress! + cut, filled - cut) }
      filled -= cut
      start = 0
      try fill()
      if atEnd && filled == 0 { return }
    }
  }
}
