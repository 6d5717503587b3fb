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
/// of its last line), the FNV-1a of the whole prefix (kept up to date from the bytes appended),
/// where the rolling check of that prefix stands and the FNV-1a of what it has read (see
/// ``verifyStep(logPath:budget:)``; zeros in an index written before it), zeros, a checksum of
/// the header — then `capacity` slots of 16 bytes:
/// (digest of the id, line offset + 1); 0 is an empty slot. The digest is FNV-1a 64 of the id's
/// UTF-8 in NFC, so `é` typed as one scalar or as `e` + accent is one id.
///
/// A cache, like the snapshot: it holds nothing the log does not, every hit is confirmed by
/// reading that line of the log, and it is checked against the log when opened. Lines after the
/// prefix it covers (a crash between the append and the index update) are indexed then; an
/// index that does not match the log (missing, torn, for another log) is rebuilt from the log.
/// A slot that points at no line (left by a crash, or a rolled-back append) is never a hit.
///
/// Memory: a lookup reads a few slots; growing (×4 when half full) and rebuilding write a new
/// file window by window (2 MiB of table in memory at a time) and rename it into place, so no
/// step holds the table or the log whole.
package struct EventIndex {
  package static let file = "events.idx"
  /// Where a new table is written before it is renamed over ``file``: `.events.idx.tmp`.
  package static let temporaryFile = "." + file + ".tmp"

  static func temporaryPath(_ dir: String) -> String { dir + "/" + temporaryFile }
  static let magic: UInt64 = 0x3130_5844_494E_4C50  // "PLNIDX01"
  static let headerSize = 128
  static let headerWords = 16
  static let slotSize = 16
  static let minimumCapacity = 1024

  let path: String
  private(set) var fd: Int32
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
  package static func open(_ dir: String, log: LogPosition, windowSlots: Int = defaultWindowSlots) throws(PlanEngineError) -> EventIndex {
    let path = dir + "/" + file
    let logPath = dir + "/" + Learner.eventsFile
    // A new table a crash left half-written (only a holder of the lock writes one, and the
    // caller holds it): never read, removed (a link there is removed, not followed).
    unlink(temporaryPath(dir))
    let fd = posixOpen(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
    guard fd >= 0 else { throw .io(path: path, reason: "cannot open the id index: \(DurableFile.errorText())") }
    var index = EventIndex(path: path, fd: fd, capacity: 0, count: 0, covered: .empty)
    index.windowSlots = windowSlots
    do throws(PlanEngineError) {
      if let header = index.readHeader(), header.covered.bytes <= log.bytes,
        try matches(header.covered, logPath: logPath)
      {
        index.capacity = header.capacity
        index.count = header.count
        index.covered = header.covered
        index.prefixDigest = header.digest
        (index.verifyCursor, index.verifyHash) = header.verify
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
    for (d, offset) in entries {
      if try Self.put(d, UInt64(offset + 1), fd: fd, capacity: capacity, path: path) { count += 1 }
    }
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

  // MARK: Checking the covered prefix

  /// Where the rolling check of the covered prefix has read to, and the FNV-1a of what it read.
  package private(set) var verifyCursor = 0
  private var verifyHash = FNV1a64.offsetBasis

  /// The log bytes one `record` reads for the rolling check (plus twice what it appends, so
  /// the check keeps up with a log that grows by big batches).
  package static let verifyBudget = 128 << 10

  /// One step of the rolling check that the covered prefix of the log still has the bytes that
  /// were appended (a line corrupted in place in the middle of the log is caught here): reads the
  /// next `budget` bytes from where the last step stopped; on reaching the end of the prefix,
  /// compares the digest of all it read with the prefix digest kept from the appends (false: the
  /// log changed), and starts again from the top. Constant cost per call; a log of L bytes is
  /// checked whole every L / `budget` calls (every call below `budget`). Saved with the header.
  package mutating func verifyStep(logPath: String, budget: Int) throws(PlanEngineError) -> Bool {
    if verifyCursor <= 0 || verifyCursor > covered.bytes { verifyCursor = 0; verifyHash = FNV1a64.offsetBasis }
    var left = budget
    let chunk = 1 << 20
    while verifyCursor < covered.bytes && left > 0 {
      let want = min(chunk, left, covered.bytes - verifyCursor)
      guard let bytes = try LogFile.read(logPath, from: verifyCursor, count: want), bytes.count == want else { return false }
      verifyHash = Self.extend(verifyHash, bytes[...])
      verifyCursor += want
      left -= want
    }
    guard verifyCursor == covered.bytes else { return true }
    let ok = verifyHash == prefixDigest
    verifyCursor = 0
    verifyHash = FNV1a64.offsetBasis
    return ok
  }

  /// Whether the whole covered prefix of the log still has the bytes appended (reads it all,
  /// 1 MiB at a time).
  package func verifyPrefix(logPath: String) throws(PlanEngineError) -> Bool {
    var whole = self
    whole.verifyCursor = 0
    return try whole.verifyStep(logPath: logPath, budget: Int.max)
  }

  // MARK: The table

  /// Puts (digest, place) in the first free slot from its home in the table of `capacity` slots
  /// in `fd`; false when that pair is there already (indexed before a crash).
  private static func put(_ d: UInt64, _ place: UInt64, fd: Int32, capacity: Int, path: String) throws(PlanEngineError) -> Bool {
    var slot = Int(d & UInt64(capacity - 1))
    var pair = [UInt64](repeating: 0, count: 2)
    while true {
      let got = pair.withUnsafeMutableBytes { pread(fd, $0.baseAddress!, Self.slotSize, off_t(Self.headerSize + slot * Self.slotSize)) }
      guard got == Self.slotSize else { throw .io(path: path, reason: "cannot read the id index: \(DurableFile.errorText())") }
      let there = UInt64(littleEndian: pair[1])
      if there == 0 { break }
      if UInt64(littleEndian: pair[0]) == d && there == place { return false }
      slot = (slot + 1) & (capacity - 1)
    }
    pair = [d.littleEndian, place.littleEndian]
    let put = pair.withUnsafeBytes { pwrite(fd, $0.baseAddress!, Self.slotSize, off_t(Self.headerSize + slot * Self.slotSize)) }
    guard put == Self.slotSize else { throw .io(path: path, reason: "cannot write the id index: \(DurableFile.errorText())") }
    return true
  }

  /// Slots of the new table built in memory at a time (2 MiB), and slots read at a time (1 MiB):
  /// growing or rebuilding the index holds these, never the whole table, so its memory is the
  /// same at 10³ and 10⁶ events.
  package static let defaultWindowSlots = 1 << 17
  static let chunkSlots = 1 << 16
  /// This index's window (smaller in tests, to exercise many windows on a small log).
  var windowSlots = EventIndex.defaultWindowSlots

  /// Grows the table to at least four times `needed` slots: a new file written from the old
  /// table window by window, then renamed over it (amortised constant per event: once per
  /// quadrupling of the history).
  private mutating func grow(to needed: Int) throws(PlanEngineError) {
    let old = capacity, fd = self.fd, path = self.path, windowSlots = self.windowSlots
    let newCapacity = Self.capacity(for: needed)
    try writeTable(capacity: newCapacity, covering: covered, digest: prefixDigest) { (window, body) throws(PlanEngineError) in
      // A pair whose new home is in `window` has its old home in the same window modulo the
      // old capacity (both are powers of two), at or after it, before the next empty slot.
      if windowSlots < old {
        try Self.scan(fd, base: Self.headerSize, total: old, start: window.lowerBound & (old - 1),
                      atLeast: window.count, untilEmpty: true, path: path, body)
      } else {
        try Self.scan(fd, base: Self.headerSize, total: old, start: 0, atLeast: old, untilEmpty: false, path: path, body)
      }
    }
  }

  static func capacity(for n: Int) -> Int {
    var c = minimumCapacity
    while c < n * 4 { c *= 2 }
    return c
  }

  /// Reads the 16-byte (digest, place) records of a table of `total` at byte `base` of `fd`,
  /// from record `start` on, wrapping at the end, 1 MiB at a time, and gives each non-empty one
  /// to `body`: `atLeast` records, then (`untilEmpty`) on to the first empty one; never more
  /// than `total`.
  static func scan(_ fd: Int32, base: Int, total: Int, start: Int, atLeast: Int, untilEmpty: Bool, path: String,
                   _ body: (UInt64, UInt64) -> Void) throws(PlanEngineError) {
    guard total > 0 else { return }
    var buffer = [UInt64](repeating: 0, count: 2 * min(chunkSlots, total))
    var done = 0, slot = start
    while done < total {
      let n = min(buffer.count / 2, total - slot, total - done)
      let want = n * slotSize
      let got = buffer.withUnsafeMutableBytes { raw -> Int in
        var read = 0
        while read < want {
          let r = pread(fd, raw.baseAddress! + read, want - read, off_t(base + slot * slotSize + read))
          if r < 0 && errno == EINTR { continue }
          if r <= 0 { break }
          read += r
        }
        return read
      }
      guard got == want else { throw .io(path: path, reason: "cannot read the id index: \(DurableFile.errorText())") }
      for k in 0..<n {
        let place = UInt64(littleEndian: buffer[2 * k + 1])
        if place == 0 {
          if untilEmpty && done + k >= atLeast { return }
          continue
        }
        body(UInt64(littleEndian: buffer[2 * k]), place)
      }
      done += n
      if !untilEmpty && done >= atLeast { return }
      slot = (slot + n) % total
    }
  }

  /// Writes a new table of `newCapacity` slots to a temporary file beside the index, one window
  /// of `windowSlots` at a time (`source` gives, for each window of the new table, at least
  /// every pair whose home is in it), header last, flushed, then renames it over `events.idx`:
  /// a crash leaves the old index or the new one, each valid. A pair given twice is kept once.
  private mutating func writeTable(capacity newCapacity: Int, covering position: LogPosition, digest: UInt64,
                                   source: (Range<Int>, (UInt64, UInt64) -> Void) throws(PlanEngineError) -> Void) throws(PlanEngineError) {
    let tmp = Self.temporaryPath(DurableFile.directory(of: path))
    unlink(tmp)  // one left by a crash (a link there is removed, not followed)
    let out = posixOpen(tmp, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
    guard out >= 0 else { throw .io(path: tmp, reason: "cannot create the id index: \(DurableFile.errorText())") }
    var done = false
    defer { if !done { posixClose(out); unlink(tmp) } }
    guard ftruncate(out, off_t(Self.headerSize + newCapacity * Self.slotSize)) == 0 else {
      throw .io(path: tmp, reason: "cannot size the id index: \(DurableFile.errorText())")
    }
    let width = min(newCapacity, windowSlots), mask = UInt64(newCapacity - 1)
    var window = [UInt64](repeating: 0, count: 2 * width)
    var carried: [(UInt64, UInt64)] = []  // pairs that probed past the end of the window before
    var n = 0
    for lower in stride(from: 0, to: newCapacity, by: width) {
      for k in window.indices { window[k] = 0 }
      var spilled: [(UInt64, UInt64)] = []
      func place(_ d: UInt64, _ p: UInt64, from home: Int) {
        var s = home
        while s < width {
          if window[2 * s + 1] == 0 { window[2 * s] = d; window[2 * s + 1] = p; n += 1; return }
          if window[2 * s + 1] == p && window[2 * s] == d { return }
          s += 1
        }
        spilled.append((d, p))
      }
      for (d, p) in carried { place(d, p, from: 0) }
      try source(lower..<(lower + width)) { d, p in
        let home = Int(d & mask)
        if home >= lower && home < lower + width { place(d, p, from: home - lower) }
      }
      carried = spilled
      for k in window.indices { window[k] = window[k].littleEndian }
      let ok = window.withUnsafeBytes { raw -> Bool in
        var written = 0
        while written < raw.count {
          let w = pwrite(out, raw.baseAddress! + written, raw.count - written, off_t(Self.headerSize + lower * Self.slotSize + written))
          if w < 0 { if errno == EINTR { continue }; return false }
          written += w
        }
        return true
      }
      guard ok else { throw .io(path: tmp, reason: "cannot write the id index: \(DurableFile.errorText())") }
    }
    // Pairs that probed past the last slot go on from the first.
    for (d, p) in carried where try Self.put(d, p, fd: out, capacity: newCapacity, path: tmp) { n += 1 }
    try Self.writeHeader(out, path: tmp, [UInt64(newCapacity), UInt64(n), UInt64(position.bytes), UInt64(position.lines),
                                          UInt64(position.lastLineStart), position.lastLineHash, digest, 0, 0])
    Self.flushData(out)
    guard rename(tmp, path) == 0 else { throw .io(path: path, reason: "cannot rename the id index into place: \(DurableFile.errorText())") }
    done = true
    let dir = posixOpen(DurableFile.directory(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0)
    if dir >= 0 { _ = fsync(dir); posixClose(dir) }
    posixClose(fd)
    fd = out
    capacity = newCapacity
    count = n
    covered = position
    prefixDigest = digest
    verifyCursor = 0
    verifyHash = FNV1a64.offsetBasis
  }

  /// Rebuilds the table from the log's complete lines up to `upTo` bytes, reading the log 1 MiB
  /// at a time: the (digest, line) pairs go to a scratch file (unlinked once open), the table is
  /// built from it window by window.
  private mutating func rebuild(logPath: String, upTo: Int) throws(PlanEngineError) {
    let scratchPath = DurableFile.directory(of: path) + "/." + Self.file + ".scratch"
    unlink(scratchPath)
    let scratch = posixOpen(scratchPath, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard scratch >= 0 else { throw .io(path: scratchPath, reason: "cannot create: \(DurableFile.errorText())") }
    unlink(scratchPath)
    defer { posixClose(scratch) }
    var position = LogPosition.empty
    var digest = FNV1a64.offsetBasis
    var pairs = 0
    var chunk = 1 << 20
    while position.bytes < upTo {
      let want = min(chunk, upTo - position.bytes)
      guard let bytes = try LogFile.read(logPath, from: position.bytes, count: want), !bytes.isEmpty else { break }
      let lines = try Self.idLines(bytes[...], offset: position.bytes, firstLine: position.lines + 1, file: logPath)
      if lines.end == position.bytes {  // no complete line in this chunk
        if bytes.count < want { break }  // a torn tail
        chunk *= 2
        continue
      }
      var record: [UInt64] = []
      record.reserveCapacity(2 * lines.ids.count)
      for (d, offset) in lines.ids { record.append(d.littleEndian); record.append(UInt64(offset + 1).littleEndian) }
      let ok = record.withUnsafeBytes { raw -> Bool in
        var written = 0
        while written < raw.count {
          let w = pwrite(scratch, raw.baseAddress! + written, raw.count - written, off_t(pairs * Self.slotSize + written))
          if w < 0 { if errno == EINTR { continue }; return false }
          written += w
        }
        return true
      }
      guard ok else { throw .io(path: scratchPath, reason: "cannot write: \(DurableFile.errorText())") }
      pairs += lines.ids.count
      digest = Self.extend(digest, bytes[0..<(lines.end - position.bytes)])
      position = lines.position(after: position)
    }
    let total = pairs
    try writeTable(capacity: Self.capacity(for: pairs), covering: position, digest: digest) { (_, body) throws(PlanEngineError) in
      try Self.scan(scratch, base: 0, total: total, start: 0, atLeast: total, untilEmpty: false, path: scratchPath, body)
    }
  }

  // MARK: Header

  private func readHeader() -> (capacity: Int, count: Int, covered: LogPosition, digest: UInt64, verify: (Int, UInt64))? {
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
    return (capacity, Int(v[2]), position, v[7], (Int(clamping: v[8]), v[9]))
  }

  private func writeHeader() throws(PlanEngineError) {
    try Self.writeHeader(fd, path: path, [UInt64(capacity), UInt64(count), UInt64(covered.bytes), UInt64(covered.lines),
                                          UInt64(covered.lastLineStart), covered.lastLineHash, prefixDigest,
                                          UInt64(verifyCursor), verifyHash])
  }

  /// Writes the header: the magic, `fields`, zeros, the checksum.
  private static func writeHeader(_ fd: Int32, path: String, _ fields: [UInt64]) throws(PlanEngineError) {
    var v: [UInt64] = [magic] + fields
    v += [UInt64](repeating: 0, count: headerWords - 1 - v.count)
    v.append(checksum(v))
    let le = v.map(\.littleEndian)
    let w = le.withUnsafeBytes { pwrite(fd, $0.baseAddress!, headerSize, 0) }
    guard w == headerSize else { throw .io(path: path, reason: "cannot write the id index: \(DurableFile.errorText())") }
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
