import PlannerCore
/// Writes a replay as CSV, one row per review in the log's order:
/// `card_id,review_time,elapsed_days,rating,retrievability,stability,difficulty,interval_days`.
///
/// Numbers are the shortest decimals that read back as the same Double (``ByteNumberFormat``);
/// an absent value (the first review's retrievability, a model without difficulty) is empty.
/// Rows are formatted in blocks on every core and handed to the sink in order.
public enum ReplayCSVWriter {
  public static let header = "card_id,review_time,elapsed_days,rating,retrievability,stability,difficulty,interval_days\n"

  /// The longest row: three 20-byte integers, an 11-byte one, a rating, three doubles, 8 separators.
  static let maxRowBytes = 3 * 20 + 11 + 1 + 3 * ByteNumberFormat.maxDoubleLength + 8 + 8

  /// Formats `result` and passes the bytes to `sink` in order (the header first).
  public static func write(
    _ result: ReplayResult, workers: Int? = nil, blockRows: Int = 32_768,
    to sink: (UnsafeRawBufferPointer) -> Void
  ) {
    Array(header.utf8).withUnsafeBytes { sink($0) }
    writeRows(result, workers: workers, blockRows: blockRows, to: sink)
  }

  /// The rows of `result` without the header (a streamed replay writes one block at a time).
  public static func writeRows(
    _ result: ReplayResult, workers: Int? = nil, blockRows: Int = 32_768,
    to sink: (UnsafeRawBufferPointer) -> Void
  ) {
    let n = result.count
    guard n > 0 else { return }
    let workers = max(1, workers ?? Machine.cores)
    let blocks = (n + blockRows - 1) / blockRows
    if workers == 1 {
      for k in 0..<blocks {
        format(result, rows: k * blockRows..<min((k + 1) * blockRows, n)).withUnsafeBytes { sink($0) }
      }
      return
    }
    // Rounds of blocks, so memory stays bounded on huge logs; while one round is formatted on
    // the cores, the previous one is handed to the sink (in order) by one more task.
    let perRound = workers * 4
    var first = 0
    var pending: [[UInt8]] = []
    while first < blocks || !pending.isEmpty {
      let count = min(perRound, blocks - first)
      let slots = Slots<[UInt8]>(count)
      let round = first, toWrite = pending
      parallelFor(count + (toWrite.isEmpty ? 0 : 1)) { k in
        if k == count {
          for bytes in toWrite { bytes.withUnsafeBytes { sink($0) } }
          return
        }
        let a = (round + k) * blockRows
        slots.set(k, format(result, rows: a..<min(a + blockRows, n)))
      }
      pending = slots.take()
      first += count
    }
  }

  /// The whole CSV as bytes (tests, small logs).
  public static func csv(_ result: ReplayResult, workers: Int? = nil) -> [UInt8] {
    var all: [UInt8] = []
    write(result, workers: workers) { all.append(contentsOf: $0) }
    return all
  }

  /// Formats rows into one buffer, writing through a pointer (no per-value allocation).
  static func format(_ result: ReplayResult, rows: Range<Int>) -> [UInt8] {
    let log = result.log
    let cache = DoubleTextCache()
    return [UInt8](unsafeUninitializedCapacity: rows.count * maxRowBytes) { buf, written in
      var q = buf.baseAddress!
      for i in rows {
        q = writeRow(
          cardID: log.cardIDs[i], time: log.times[i], elapsedDays: log.elapsedDays[i], rating: log.ratings[i],
          retrievability: result.retrievability[i], stability: result.stability[i], difficulty: result.difficulty[i],
          intervalDays: result.intervalDays[i], cache: cache, at: q)
      }
      written = buf.baseAddress!.distance(to: q)
    }
  }

  /// Writes one row at `q` (room for ``maxRowBytes``) and returns where it ends: the one
  /// layout of a replay row, for the whole-log and the streamed replay. NaN is written empty.
  @inline(__always)
  static func writeRow(
    cardID: Int64, time: Int64, elapsedDays: Int32, rating: UInt8, retrievability r: Double, stability s: Double,
    difficulty d: Double, intervalDays: Int32, cache: borrowing DoubleTextCache, at start: UnsafeMutablePointer<UInt8>
  ) -> UnsafeMutablePointer<UInt8> {
    var q = start
    q += ByteNumberFormat.writeInt(cardID, at: q)
    q.pointee = 44; q += 1
    q += ByteNumberFormat.writeInt(time, at: q)
    q.pointee = 44; q += 1
    q += ByteNumberFormat.writeInt(Int64(elapsedDays), at: q)
    q.pointee = 44; q += 1
    q.pointee = 48 &+ rating; q += 1
    q.pointee = 44; q += 1
    if !r.isNaN { q += cache.write(r, at: q) }
    q.pointee = 44; q += 1
    q += cache.write(s, at: q)
    q.pointee = 44; q += 1
    if !d.isNaN { q += cache.write(d, at: q) }
    q.pointee = 44; q += 1
    q += ByteNumberFormat.writeInt(Int64(intervalDays), at: q)
    q.pointee = 10; q += 1
    return q
  }
}

/// The text of recently formatted doubles, by bit pattern: logs repeat values a lot (every first
/// review's initial stability and difficulty, R = 1 on same-day reviews, clamped D = 10), and
/// a copy is far cheaper than `description`. Misses cost a hash and a compare.
struct DoubleTextCache: ~Copyable {
  static let slots = 512, width = 32
  let bits: UnsafeMutablePointer<UInt64>
  let lengths: UnsafeMutablePointer<UInt8>
  let text: UnsafeMutablePointer<UInt8>

  init() {
    bits = .allocate(capacity: Self.slots)
    bits.initialize(repeating: 0, count: Self.slots)
    lengths = .allocate(capacity: Self.slots)
    lengths.initialize(repeating: 0, count: Self.slots)
    text = .allocate(capacity: Self.slots * Self.width)
  }

  deinit {
    bits.deallocate()
    lengths.deallocate()
    text.deallocate()
  }

  /// Writes `value.description` at `p`; returns its length.
  @inline(__always)
  func write(_ value: Double, at p: UnsafeMutablePointer<UInt8>) -> Int {
    let b = value.bitPattern
    let h = Int(truncatingIfNeeded: (b &* 0x9E37_79B9_7F4A_7C15) >> 55)
    let n = Int(lengths[h])
    let slot = text + h * Self.width
    if n != 0 && bits[h] == b {
      p.update(from: slot, count: n)
      return n
    }
    let m = ByteNumberFormat.writeDouble(value, at: p)
    if m <= Self.width {
      slot.update(from: p, count: m)
      bits[h] = b
      lengths[h] = UInt8(m)
    }
    return m
  }
}
