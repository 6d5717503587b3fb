#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import PlannerCore

/// `events.idx`: the ids of the log's events, so `record` finds a duplicate id without reading
/// `events.jsonl`. An open-addressing hash table on disk, read and written a few slots at a
/// time (`pread`/`pwrite`), so a lookup costs the same at 10³ and 10⁶ events.
///
/// Layout (little-endian UInt64s): a 128-byte header — magic `PLNIDX01`, capacity (slots, a
/// power of two), count, the log prefix it covers (byte length, line count, start and FNV-1a
/// of its last line), the FNV-1a of the whole prefix (kept up to date from the bytes appended,
/// see ``verifyPrefix(logPath:)``), zeros, a checksum of the header — then `capacity` slots of 16 bytes:
/// (digest of the id, line offset + 1); 0 is an empty slot. The digest is FNV-1a 64 of the id's
/// UTF-8 in NFC, so `é` typed as one scalar or as `e` + accent is one id.
///
/// A cache, like the snapshot: it holds nothing the log does not, every hit is confirmed by
/// reading that line of the log, and it is checked against the log when opened. Lines after the
/// prefix it covers (a crash between the append and the index update) are indexed then; an
/// index that does not match the log (missing, torn, for another log) is rebuilt from the log.
/// A slot that points at no line (left by a crash, or a rolled-back append) is never a hit.
package struct EventIndex {
  package static let file = "events.idx"
  static let magic: UInt64 = 0x3130_5844_494E_4C50  // "PLNIDX01"
  static let headerSize = 128
  static let headerWords = 16
  static let slotSize = 16
  static let minimumCapacity = 1024

  let path: String
  let fd: Int32
  package private(set) var capacity: Int
  package private(set) var count: Int
  /// The log prefix the index covers.
  package private(set) var covered: LogPosition
  /// FNV-1a 64 of the covered prefix's bytes.
  package private(set) var prefixDigest: UInt64 = FNV1a64.offsetBasis

  /// Where a prefix of the log ends, and how to recognise it: its length, its line count, where
  /// its last line starts and the FNV-1a of that line.
  package struct LogPosition: Sendable, Equatable {
    package var bytes: Int
    package var lines: Int
    package var lastLineStart: Int
    package var lastLineHash: UInt64
    package static let empty = LogPosition(bytes: 0, lines: 0, lastLineStart: 0, lastLineHash: FNV1a64.offsetBasis)
  }

  /// The digest of an id: FNV-1a 64 of its NFC UTF-8 (never 0, the empty slot).
  package static func digest(_ id: String) -> UInt64 {
    let h = FNV1a64.hash(nfc(id).utf8)
    return h == 0 ? 1 : h
  }

  /// An id in Unicode normal form C (ASCII ids, the usual case, unchanged without a copy).
  package static func nfc(_ id: String) -> String {
    if id.utf8.allSatisfy({ $0 < 0x80 }) { return id }
    return id.precomposedStringWithCanonicalMapping
  }

  // MARK: Opening

  /// Opens the index of `dir`'s log, whose complete lines end at `log` (read by the caller
  /// under the learner's lock), bringing it up to date: the lines after the prefix it covers are
  /// indexed (`tail` reads them), and an index that does not match is rebuilt from the whole log.
  /// Throws when a line it must index is not an event (naming the line).
  package static func open(_ dir: String, log: LogPosition) throws(PlanEngineError) -> EventIndex {
    let path = dir + "/" + file
    let logPath = dir + "/" + Learner.eventsFile
    let fd = posixOpen(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
    guard fd >= 0 else { throw .io(path: path, reason: "cannot open the id index: \(DurableFile.errorText())") }
    var index = EventIndex(path: path, fd: fd, capacity: 0, count: 0, covered: .empty)
    do throws(PlanEngineError) {
      if let header = index.readHeader(), header.covered.bytes <= log.bytes,
        try matches(header.covered, logPath: logPath)
      {
        index.capacity = header.capacity
        index.count = header.count
        index.covered = header.covered
        index.prefixDigest = header.digest
        if header.covered.bytes < log.bytes {
          let tail = try DurableFile.read(logPath, from: header.covered.bytes) ?? []
          let bytes = tail[0..<min(tail.count, log.bytes - header.covered.bytes)]
          let lines = try idLines(bytes, offset: header.covered.bytes, firstLine: header.covered.lines + 1, file: logPath)
          try index.insert(lines.ids.map { ($0.digest, $0.offset) }, covering: lines.position(after: header.covered),
                           appended: bytes[..<(lines.end - header.covered.bytes + bytes.startIndex)])
          Instrumentation.count(.indexTailLines, lines.ids.count)
        }
        return index
      }
      try index.rebuild(logPath: logPath, upTo: log.bytes)
      Instrumentation.count(.indexRebuilds)
      return index
    } catch {
      posixClose(fd)
      throw error
    }
  }

  /// Closes the index file.
  package func close() { posixClose(fd) }

  /// Whether the log still holds the prefix `p` (its last line is where and what it was).
  static func matches(_ p: LogPosition, logPath: String) throws(PlanEngineError) -> Bool {
    if p.bytes == 0 { return true }
    guard p.lastLineStart < p.bytes, let last = try LogFile.read(logPath, from: p.lastLineStart, count: p.bytes - p.lastLineStart),
      last.count == p.bytes - p.lastLineStart
    else { return false }
    return FNV1a64.hash(last) == p.lastLineHash
  }

  // MARK: Lookup

  /// The log offsets of the lines whose id has `id`'s digest (usually none or one; each is to be
  /// confirmed against the log).
  package func candidates(_ id: String) -> [Int] {
    let d = Self.digest(id)
    var out: [Int] = []
    var slot = Int(d & UInt64(capacity - 1))
    let block = 64
    var buffer = [UInt64](repeating: 0, count: block * 2)
    var probed = 0
    while probed < capacity {
      let n = min(block, capacity - slot)
      let got = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress!, n * Self.slotSize, off_t(Self.headerSize + slot * Self.slotSize)) }
      guard got == n * Self.slotSize else { return out }
      for k in 0..<n {
        let digest = UInt64(littleEndian: buffer[2 * k]), place = UInt64(littleEndian: buffer[2 * k + 1])
        if place == 0 { return out }
        if digest == d { out.append(Int(place - 1)) }
      }
      probed += n
      slot = (slot + n) & (capacity - 1)
    }
    return out
  }

  // MARK: Writing

  /// Adds (digest, line offset) pairs and marks the index as covering `position`: slots first,
  /// flushed, then the header, so a crash leaves either the old header (the lines are indexed
  /// again on the next open: a slot already there is not added twice) or the new one with every
  /// slot in place.
  /// `appended` are the log's bytes from the old covered end to `position` (for the prefix digest).
  package mutating func insert(_ entries: [(UInt64, Int)], covering position: LogPosition,
                               appended: ArraySlice<UInt8>) throws(PlanEngineError) {
    if (count + entries.count) * 2 > capacity {
      try grow(to: count + entries.count)
    }
    for (d, offset) in entries { try put(d, offset) }
    if !entries.isEmpty { Self.flushData(fd) }
    covered = position
    prefixDigest = Self.extend(prefixDigest, appended)
    try writeHeader()
  }

  /// FNV-1a 64 continued over `bytes`.
  static func extend(_ h: UInt64, _ bytes: ArraySlice<UInt8>) -> UInt64 {
    var h = h
    bytes.withUnsafeBufferPointer { for b in $0 { h ^= UInt64(b); h = h &* FNV1a64.prime } }
    return h
  }

  /// Whether the covered prefix of the log still has the bytes it had when appended (a line
  /// corrupted in place is caught here): reads the prefix once, 1 MiB at a time.
  package func verifyPrefix(logPath: String) throws(PlanEngineError) -> Bool {
    var h = FNV1a64.offsetBasis
    var at = 0
    let chunk = 1 << 20
    while at < covered.bytes {
      guard let bytes = try LogFile.read(logPath, from: at, count: min(chunk, covered.bytes - at)), !bytes.isEmpty else { return false }
      h = Self.extend(h, bytes[...])
      at += bytes.count
    }
    return h == prefixDigest
  }

  private mutating func put(_ d: UInt64, _ offset: Int) throws(PlanEngineError) {
    var slot = Int(d & UInt64(capacity - 1))
    var pair = [UInt64](repeating: 0, count: 2)
    while true {
      let got = pair.withUnsafeMutableBytes { pread(fd, $0.baseAddress!, Self.slotSize, off_t(Self.headerSize + slot * Self.slotSize)) }
      guard got == Self.slotSize else { throw .io(path: path, reason: "cannot read the id index: \(DurableFile.errorText())") }
      let place = UInt64(littleEndian: pair[1])
      if place == 0 { break }
      if UInt64(littleEndian: pair[0]) == d && place == UInt64(offset + 1) { return }  // indexed before a crash
      slot = (slot + 1) & (capacity - 1)
    }
    pair = [d.littleEndian, UInt64(offset + 1).littleEndian]
    let put = pair.withUnsafeBytes { pwrite(fd, $0.baseAddress!, Self.slotSize, off_t(Self.headerSize + slot * Self.slotSize)) }
    guard put == Self.slotSize else { throw .io(path: path, reason: "cannot write the id index: \(DurableFile.errorText())") }
    count += 1
  }

  /// Rehashes every slot into a table of at least four times `needed` slots (in memory, once
  /// per doubling of the history: amortised constant per event).
  private mutating func grow(to needed: Int) throws(PlanEngineError) {
    var old = [UInt64](repeating: 0, count: capacity * 2)
    if capacity > 0 {
      let want = capacity * Self.slotSize
      let got = old.withUnsafeMutableBytes { pread(fd, $0.baseAddress!, want, off_t(Self.headerSize)) }
      guard got == want else { throw .io(path: path, reason: "cannot read the id index: \(DurableFile.errorText())") }
    }
    var entries: [(UInt64, Int)] = []
    entries.reserveCapacity(count)
    for k in 0..<capacity where old[2 * k + 1] != 0 {
      entries.append((UInt64(littleEndian: old[2 * k]), Int(UInt64(littleEndian: old[2 * k + 1]) - 1)))
    }
    old = []
    try writeTable(entries, capacity: Self.capacity(for: needed), covering: covered, digest: prefixDigest)
  }

  static func capacity(for n: Int) -> Int {
    var c = minimumCapacity
    while c < n * 4 { c *= 2 }
    return c
  }

  /// Writes a whole table (header last) from `entries`.
  private mutating func writeTable(_ entries: [(UInt64, Int)], capacity newCapacity: Int, covering position: LogPosition,
                                   digest: UInt64) throws(PlanEngineError) {
    var table = [UInt64](repeating: 0, count: newCapacity * 2)
    let mask = newCapacity - 1
    var n = 0
    for (d, offset) in entries {
      var slot = Int(d & UInt64(mask))
      var dup = false
      while table[2 * slot + 1] != 0 {
        if table[2 * slot] == d.littleEndian && table[2 * slot + 1] == UInt64(offset + 1).littleEndian { dup = true; break }
        slot = (slot + 1) & mask
      }
      if dup { continue }
      table[2 * slot] = d.littleEndian
      table[2 * slot + 1] = UInt64(offset + 1).littleEndian
      n += 1
    }
    // Invalidate the header first: a crash while the table is rewritten leaves an index that is
    // rebuilt, never one whose header describes other slots.
    var zero = [UInt8](repeating: 0, count: Self.headerSize)
    _ = zero.withUnsafeMutableBytes { pwrite(fd, $0.baseAddress!, Self.headerSize, 0) }
    guard ftruncate(fd, off_t(Self.headerSize + newCapacity * Self.slotSize)) == 0 else {
      throw .io(path: path, reason: "cannot size the id index: \(DurableFile.errorText())")
    }
    let ok = table.withUnsafeBytes { raw -> Bool in
      var done = 0
      while done < raw.count {
        let w = pwrite(fd, raw.baseAddress! + done, raw.count - done, off_t(Self.headerSize + done))
        if w < 0 { if errno == EINTR { continue }; return false }
        done += w
      }
      return true
    }
    guard ok else { throw .io(path: path, reason: "cannot write the id index: \(DurableFile.errorText())") }
    Self.flushData(fd)
    capacity = newCapacity
    count = n
    covered = position
    prefixDigest = digest
    try writeHeader()
  }

  /// Rebuilds the table from the log's complete lines up to `upTo` bytes.
  private mutating func rebuild(logPath: String, upTo: Int) throws(PlanEngineError) {
    let bytes = try DurableFile.read(logPath) ?? []
    let lines = try Self.idLines(bytes[0..<min(bytes.count, upTo)], offset: 0, firstLine: 1, file: logPath)
    try writeTable(lines.ids.map { ($0.digest, $0.offset) }, capacity: Self.capacity(for: lines.ids.count),
                   covering: lines.position(after: .empty), digest: Self.extend(FNV1a64.offsetBasis, bytes[0..<lines.end]))
  }

  // MARK: Header

  private func readHeader() -> (capacity: Int, count: Int, covered: LogPosition, digest: UInt64)? {
    var h = [UInt64](repeating: 0, count: Self.headerWords)
    let got = h.withUnsafeMutableBytes { pread(fd, $0.baseAddress!, Self.headerSize, 0) }
    guard got == Self.headerSize else { return nil }
    let v = h.map { UInt64(littleEndian: $0) }
    guard v[0] == Self.magic, Self.checksum(Array(v[0..<(Self.headerWords - 1)])) == v[Self.headerWords - 1] else { return nil }
    let capacity = Int(v[1])
    guard capacity >= Self.minimumCapacity, capacity & (capacity - 1) == 0, Int(v[2]) * 2 <= capacity else { return nil }
    var st = stat()
    guard fstat(fd, &st) == 0, Int(st.st_size) >= Self.headerSize + capacity * Self.slotSize else { return nil }
    let position = LogPosition(bytes: Int(v[3]), lines: Int(v[4]), lastLineStart: Int(v[5]), lastLineHash: v[6])
    return (capacity, Int(v[2]), position, v[7])
  }

  private func writeHeader() throws(PlanEngineError) {
    var v: [UInt64] = [Self.magic, UInt64(capacity), UInt64(count), UInt64(covered.bytes), UInt64(covered.lines),
                       UInt64(covered.lastLineStart), covered.lastLineHash, prefixDigest]
    v += [UInt64](repeating: 0, count: Self.headerWords - 1 - v.count)
    v.append(Self.checksum(v))
    let le = v.map(\.littleEndian)
    let w = le.withUnsafeBytes { pwrite(fd, $0.baseAddress!, Self.headerSize, 0) }
    guard w == Self.headerSize else { throw .io(path: path, reason: "cannot write the id index: \(DurableFile.errorText())") }
  }

  static func checksum(_ words: [UInt64]) -> UInt64 {
    var h = FNV1a64.offsetBasis
    for w in words { for k in 0..<8 { h ^= (w >> (8 * UInt64(k))) & 0xFF; h = h &* FNV1a64.prime } }
    return h
  }

  // MARK: Reading ids from log lines

  struct IDLines {
    var ids: [(digest: UInt64, offset: Int)] = []
    var end: Int
    var lines: Int
    var lastLineStart: Int
    var lastLineHash: UInt64

    func position(after previous: LogPosition) -> LogPosition {
      lines == 0 && end == previous.bytes ? previous
        : LogPosition(bytes: end, lines: previous.lines + lines, lastLineStart: lastLineStart, lastLineHash: lastLineHash)
    }
  }

  /// The id of every complete line of `bytes` (which start at `offset`, on line `firstLine`):
  /// a byte scan for lines planner wrote (`{"version":N,"id":"…"` with a plain id), a JSON parse
  /// for any other. A line that is not an event with an id is an error naming it.
  static func idLines(_ bytes: ArraySlice<UInt8>, offset: Int, firstLine: Int, file: String) throws(PlanEngineError) -> IDLines {
    var out = IDLines(end: offset, lines: 0, lastLineStart: offset, lastLineHash: FNV1a64.offsetBasis)
    out.ids.reserveCapacity(bytes.count / 100)
    let prefix: [UInt8] = Array(#"{"version":"#.utf8)
    let idKey: [UInt8] = Array(#","id":""#.utf8)
    try bytes.withUnsafeBufferPointer { (buf) throws(PlanEngineError) in
      var start = 0
      var lineNo = firstLine
      let n = buf.count
      while start < n {
        var end = start
        while end < n && buf[end] != 0x0A { end += 1 }
        if end == n { break }  // a torn tail is not indexed
        let line = UnsafeBufferPointer(rebasing: buf[start..<end])
        if !EventLog.isBlank(line) {
          var fast: UInt64?
          var i = 0
          if line.count > prefix.count + idKey.count + 1, prefix.indices.allSatisfy({ line[$0] == prefix[$0] }) {
            i = prefix.count
            while i < line.count && line[i] >= 0x30 && line[i] <= 0x39 { i += 1 }
            if i + idKey.count < line.count, idKey.indices.allSatisfy({ line[i + $0] == idKey[$0] }) {
              i += idKey.count
              let idStart = i
              var ascii = true
              while i < line.count && line[i] != 0x22 && line[i] != 0x5C { if line[i] >= 0x80 { ascii = false }; i += 1 }
              if i < line.count && line[i] == 0x22 && ascii && i > idStart {
                let h = FNV1a64.hash(UnsafeBufferPointer(rebasing: line[idStart..<i]))
                fast = h == 0 ? 1 : h
              }
            }
          }
          if fast == nil {
            let value: JSONNode
            do throws(JSONSyntaxError) { value = try JSONParser.parse(line) } catch {
              throw .malformed(file: file, line: lineNo, keyPath: nil, expected: "one JSON event per line (column \(error.column): \(error.message))")
            }
            guard case .string(let id)? = value["id"] else {
              throw .malformed(file: file, line: lineNo, keyPath: "id", expected: "an event with a string id")
            }
            fast = digest(id)
          }
          out.ids.append((fast!, offset + start))
        }
        out.lastLineStart = offset + start
        out.lastLineHash = FNV1a64.hash(UnsafeBufferPointer(rebasing: buf[start...end]))
        start = end + 1
        out.end = offset + start
        out.lines = lineNo - firstLine + 1
        lineNo += 1
      }
    }
    return out
  }
}

// File-scope wrappers: inside ``EventIndex`` the names `open` and `close` are its own.
private func posixOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }
private func posixClose(_ fd: Int32) { _ = close(fd) }

extension EventIndex {
  /// The index's data to disk (its size is fixed while slots are written): `fdatasync` on
  /// Linux, `fsync` on Apple platforms.
  static func flushData(_ fd: Int32) {
    #if os(Linux)
      _ = fdatasync(fd)
    #else
      _ = fsync(fd)
    #endif
  }
}
