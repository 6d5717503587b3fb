import Foundation
import PlannerCore

/// Imports the review-log CSV of the FSRS optimizer tools (see docs/file-formats.md).
///
/// Big files are parsed in chunks on every core; each card's reviews are then checked for
/// time order and given their elapsed days t, in parallel shards of cards.
public struct ReviewLogReader: Sendable {
  public var clock: LearningDayClock
  /// Report bad rows as ``ReviewLog/diagnostics`` and go on, instead of throwing the first.
  public var skipInvalid: Bool
  /// Parallel workers; 1 parses on the calling thread only.
  public var workers: Int

  public init(clock: LearningDayClock? = nil, skipInvalid: Bool = false, workers: Int? = nil) {
    self.clock = clock ?? (LearningDayClock())
    self.skipInvalid = skipInvalid
    self.workers = max(1, workers ?? Machine.cores)
  }

  /// Reads and imports a file; messages name it as given.
  public func read(path: String) throws(PlanEngineError) -> ReviewLog {
    let bytes = try ReviewLogReader.readBytes(path: path)
    return try parse(bytes, fileName: path)
  }

  public func parse(_ bytes: [UInt8], fileName: String) throws(PlanEngineError) -> ReviewLog {
    do {
      return try bytes.withUnsafeBufferPointer { buf in
        try parse(UnsafeRawBufferPointer(buf), fileName: fileName)
      }
    } catch let error as PlanEngineError {
      throw error
    } catch {
      throw .io(path: fileName, reason: "\(error)")
    }
  }

  public func parse(_ raw: UnsafeRawBufferPointer, fileName: String) throws(PlanEngineError) -> ReviewLog {
    let n = raw.count
    guard n > 0, let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
      throw .malformed(file: fileName, line: 1, keyPath: "header", expected: "a header row naming the columns card_id,review_time,review_rating; the file is empty")
    }
    // Header: the first line (quoted names allowed), after an optional UTF-8 byte-order mark.
    var start = (n >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF) ? 3 : 0
    let (fields, headerEnd, headerLines) = Self.headerFields(base, start, n)
    let header = try ReviewLogHeader.resolve(fields, file: fileName)
    start = headerEnd

    // Chunks end after a newline. A quote anywhere in the body could hide a newline inside a
    // field, so such files are parsed in one piece.
    var bounds = [start]
    let bodyCount = n - start
    let hasQuote = memchr(base + start, Int32(UInt8(ascii: "\"")), bodyCount) != nil
    if workers > 1 && bodyCount > 1 << 20 && !hasQuote {
      let pieces = workers * 4
      for k in 1..<pieces {
        var cut = start + bodyCount / pieces * k
        guard cut > bounds[bounds.count - 1] else { continue }
        if let nl = memchr(base + cut, Int32(UInt8(ascii: "\n")), n - cut) {
          cut = base.distance(to: nl.assumingMemoryBound(to: UInt8.self)) + 1
        } else {
          cut = n
        }
        if cut > bounds[bounds.count - 1] && cut < n { bounds.append(cut) }
      }
    }
    bounds.append(n)
    let pieceCount = bounds.count - 1
    let slots = Slots<ReviewLogChunk>(pieceCount)
    let clock = self.clock
    let sharedBase = SharedPointer(UnsafeMutablePointer(mutating: base))
    parallelFor(pieceCount) { k in
      let a = bounds[k], b = bounds[k + 1]
      var chunk = ReviewLogChunkParser.parse(
        UnsafePointer(sharedBase.base), a, b, header: header, estimatedRows: (b - a) / 24 + 16)
      if !chunk.times.isEmpty {
        let table = clock.offsetTable(from: chunk.minTime, through: chunk.maxTime)
        chunk.days = chunk.times.map { table.learningDay(ms: $0) }
      }
      slots.set(k, chunk)
    }
    return try assemble(slots.take(), header: header, firstLine: headerLines, fileName: fileName)
  }

  /// Concatenates the chunks, then orders each card's reviews and computes t.
  private func assemble(
    _ chunks: [ReviewLogChunk], header: ReviewLogHeader, firstLine: Int, fileName: String
  ) throws(PlanEngineError) -> ReviewLog {
    var errors: [(line: Int, error: PlanEngineError)] = []
    var total = 0
    var lineBase = firstLine
    var lineBases: [Int] = []
    for c in chunks {
      lineBases.append(lineBase)
      for e in c.errors {
        let line = lineBase + e.line
        errors.append((line, .malformed(file: fileName, line: line, keyPath: e.keyPath, expected: e.expected)))
      }
      lineBase += c.lineCount
      total += c.cardIDs.count
    }
    if !skipInvalid, let first = errors.min(by: { $0.line < $1.line }) { throw first.error }

    // Concatenate the chunks' columns, each chunk copied by its own worker.
    var offsets: [Int] = [0]
    for c in chunks { offsets.append(offsets[offsets.count - 1] + c.cardIDs.count) }
    let parallelCopy = chunks.count > 1 && total >= 100_000 ? workers : 1
    func concatenate<T>(_ column: (ReviewLogChunk) -> [T], adding: ((Int, T) -> T)? = nil) -> [T] {
      if total == 0 { return [] }
      return [T](unsafeUninitializedCapacity: total) { buf, count in
        let base = SharedPointer(buf.baseAddress!)
        parallelFor(parallelCopy) { w in
          for k in stride(from: w, to: chunks.count, by: parallelCopy) {
            let values = column(chunks[k])
            values.withUnsafeBufferPointer { src in
              if let adding {
                for (j, v) in src.enumerated() { (base.base + offsets[k] + j).initialize(to: adding(k, v)) }
              } else if let s = src.baseAddress {
                (base.base + offsets[k]).initialize(from: s, count: src.count)
              }
            }
          }
        }
        count = total
      }
    }
    let cardIDs = concatenate { $0.cardIDs }, times = concatenate { $0.times }
    let ratings = concatenate { $0.ratings }, states = concatenate { $0.states }
    let durations = concatenate { $0.durations }, given = concatenate { $0.givenElapsed }
    let days = concatenate { $0.days }
    let lines = concatenate({ $0.lines }, adding: { k, line in line + Int32(lineBases[k]) })

    // Per card, in file order: the previous review and t. Cards are sharded so each worker
    // owns whole cards and writes only their rows.
    let n = total
    var previous = [Int32](repeating: -1, count: n)
    var elapsed = [Int32](repeating: -1, count: n)
    let shards = n >= 100_000 ? workers : 1
    let orderErrors = Slots<[(line: Int, error: PlanEngineError, row: Int)]>(shards)
    let useGiven = header.hasElapsedDays
    let timeName = header.nameOf[.reviewTime] ?? "review_time"
    previous.withUnsafeMutableBufferPointer { prevBuf in
      elapsed.withUnsafeMutableBufferPointer { tBuf in
        let prevP = SharedPointer(prevBuf.baseAddress!), tP = SharedPointer(tBuf.baseAddress!)
        cardIDs.withUnsafeBufferPointer { ids in
          times.withUnsafeBufferPointer { times in
            days.withUnsafeBufferPointer { days in
              given.withUnsafeBufferPointer { given in
                lines.withUnsafeBufferPointer { lines in
                  parallelFor(shards) { shard in
                    var last = CardIndexMap(capacity: min(n / shards, 1 << 16))
                    var bad: [(line: Int, error: PlanEngineError, row: Int)] = []
                    for i in 0..<n {
                      let id = ids[i]
                      if shards > 1 && Self.shard(of: id, shards) != shard { continue }
                      if let p = last.get(id) {
                        let pi = Int(p)
                        if times[i] < times[pi] {
                          let line = Int(lines[i])
                          bad.append((line, .malformed(
                            file: fileName, line: line, keyPath: timeName,
                            expected: "a time at or after card \(id)'s previous review (line \(lines[pi]), \(times[pi])), got \(times[i])"), i))
                          continue
                        }
                        prevP.base[i] = p
                        let g = given[i]
                        tP.base[i] = useGiven && g >= 0 ? g : Int32(clamping: days[i] - days[pi])
                      }
                      last.set(id, Int32(i))
                    }
                    orderErrors.set(shard, bad)
                  }
                }
              }
            }
          }
        }
      }
    }
    let bad = orderErrors.take().flatMap { $0 }
    if !bad.isEmpty && !skipInvalid, let first = bad.min(by: { $0.line < $1.line }) { throw first.error }

    var log = ReviewLog(
      fileName: fileName, cardIDs: cardIDs, times: times, ratings: ratings, states: states,
      durations: durations, elapsedDays: elapsed, previousIndex: previous, lines: lines)
    if !bad.isEmpty { log.remove(rows: Set(bad.map(\.row))) }
    errors += bad.map { ($0.line, $0.error) }
    log.diagnostics = errors.sorted { $0.line < $1.line }.map(\.error)
    return log
  }

  @inline(__always)
  static func shard(of id: Int64, _ shards: Int) -> Int {
    Int((UInt64(bitPattern: id) &* 0x9E37_79B9_7F4A_7C15) >> 32) % shards
  }

  /// The header's fields, where the body starts, and how many lines the header took.
  static func headerFields(_ base: UnsafePointer<UInt8>, _ start: Int, _ n: Int) -> ([String], Int, Int) {
    var fields: [String] = []
    var current: [UInt8] = []
    var inQuotes = false
    var lines = 1
    var p = start
    while p < n {
      let c = base[p]
      if inQuotes {
        if c == UInt8(ascii: "\"") {
          if p + 1 < n && base[p + 1] == UInt8(ascii: "\"") { current.append(c); p += 1 } else { inQuotes = false }
        } else {
          if c == UInt8(ascii: "\n") { lines += 1 }
          current.append(c)
        }
      } else if c == UInt8(ascii: "\"") {
        inQuotes = true
      } else if c == UInt8(ascii: ",") {
        fields.append(String(decoding: current, as: UTF8.self)); current = []
      } else if c == UInt8(ascii: "\n") {
        p += 1
        break
      } else {
        current.append(c)
      }
      p += 1
    }
    fields.append(String(decoding: current, as: UTF8.self))
    return (fields, p, lines)
  }

  /// The whole file as bytes.
  public static func readBytes(path: String) throws(PlanEngineError) -> [UInt8] {
    guard let f = fopen(path, "rb") else {
      throw .io(path: path, reason: String(cString: strerror(errno)))
    }
    defer { fclose(f) }
    var bytes: [UInt8] = []
    if fseeko(f, 0, SEEK_END) == 0 {
      let size = Int(ftello(f))
      rewind(f)
      if size > 0 {
        bytes = [UInt8](unsafeUninitializedCapacity: size) { buf, count in
          count = fread(buf.baseAddress!, 1, size, f)
        }
      }
    }
    // Pipes and files that grew: read on to the end.
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let got = chunk.withUnsafeMutableBufferPointer { fread($0.baseAddress!, 1, $0.count, f) }
      if got <= 0 { break }
      bytes += chunk[0..<got]
    }
    if ferror(f) != 0 { throw .io(path: path, reason: "read error") }
    return bytes
  }
}

extension ReviewLog {
  /// Drops rows (bad ones found after parsing) and renumbers the previous-review links.
  mutating func remove(rows: Set<Int>) {
    var newIndex = [Int32](repeating: -1, count: count)
    var keep: [Int] = []
    for i in 0..<count where !rows.contains(i) {
      newIndex[i] = Int32(keep.count)
      keep.append(i)
    }
    cardIDs = keep.map { cardIDs[$0] }
    times = keep.map { times[$0] }
    ratings = keep.map { ratings[$0] }
    states = keep.map { states[$0] }
    durations = keep.map { durations[$0] }
    elapsedDays = keep.map { elapsedDays[$0] }
    previousIndex = keep.map { previousIndex[$0] < 0 ? -1 : newIndex[Int(previousIndex[$0])] }
    lines = keep.map { lines[$0] }
  }
}
