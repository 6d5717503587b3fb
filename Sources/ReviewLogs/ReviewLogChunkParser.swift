import PlannerCore

/// Parses a run of complete CSV lines of a review log, straight from bytes: fields are found
/// by scanning for `,` and newlines, numbers are read by a hand-written integer parser, and
/// nothing allocates per row except the growth of the column arrays.
struct ReviewLogChunk: Sendable {
  var cardIDs: [Int64] = []
  var times: [Int64] = []
  var ratings: [UInt8] = []
  var states: [Int8] = []
  var durations: [Int64] = []
  /// The `elapsed_days` column, −1 when absent or empty.
  var givenElapsed: [Int32] = []
  /// Learning day of each review (filled after parsing, with one offset table per chunk).
  var days: [Int64] = []
  /// 1-based line within the chunk.
  var lines: [Int32] = []
  /// Bad rows: chunk-relative line, column, what was expected.
  var errors: [(line: Int, keyPath: String?, expected: String)] = []
  /// Physical lines consumed.
  var lineCount = 0
  var minTime = Int64.max
  var maxTime = Int64.min
  /// With cards split into shards (``partition(shards:)``): each shard's rows, in order.
  var shardRows: [[Int32]] = []

  /// Splits the rows by card shard (``ReviewLogReader/shard(of:_:)``), so that the worker of a
  /// shard visits its own rows without testing every row's card.
  mutating func partition(shards: Int) {
    var rows = [[Int32]](repeating: [], count: shards)
    for w in 0..<shards { rows[w].reserveCapacity(cardIDs.count / shards + cardIDs.count / 8 + 16) }
    for i in cardIDs.indices { rows[ReviewLogReader.shard(of: cardIDs[i], shards)].append(Int32(truncatingIfNeeded: i)) }
    shardRows = rows
  }

  /// Visits the rows of shard `w` of `shards` in order (every row when there is one shard).
  @inline(__always)
  func forEachRow(ofShard w: Int, shards: Int, _ body: (Int) -> Void) {
    if shards <= 1 {
      for i in 0..<cardIDs.count { body(i) }
    } else {
      shardRows[w].withUnsafeBufferPointer { rows in for i in rows { body(Int(i)) } }
    }
  }

  mutating func reserve(_ n: Int) {
    cardIDs.reserveCapacity(n); times.reserveCapacity(n); ratings.reserveCapacity(n)
    states.reserveCapacity(n); durations.reserveCapacity(n); givenElapsed.reserveCapacity(n)
    lines.reserveCapacity(n)
  }
}

enum ReviewLogChunkParser {
  static let comma = UInt8(ascii: ","), newline = UInt8(ascii: "\n"), cr = UInt8(ascii: "\r")
  static let quote = UInt8(ascii: "\""), space = UInt8(ascii: " "), minus = UInt8(ascii: "-")

  /// Parses bytes `[start, end)` of `base`, which begin at a line start and end after a
  /// newline (or at the end of the file).
  static func parse(
    _ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int, header: ReviewLogHeader, estimatedRows: Int
  ) -> ReviewLogChunk {
    var chunk = ReviewLogChunk()
    chunk.reserve(estimatedRows)
    let kinds = header.kinds.map(\.rawValue)
    let columnCount = kinds.count
    var p = start
    var line = 0
    // No closure around the loop: its state (position, line, the columns) stays in registers.
    while p < end {
      line += 1
      // Blank lines (a trailing newline, CRLF files) are not rows.
      if base[p] == newline { p += 1; continue }
      if base[p] == cr && (p + 1 == end || base[p + 1] == newline) { p += min(2, end - p); continue }
      let rowLine = line
      var field = 0
      var card: Int64 = 0, time: Int64 = 0
      var rating: UInt8 = 0, state: Int8 = -1, duration: Int64 = -1, elapsed: Int32 = -1
      var errorKind: ReviewLogColumn? = nil
      var errorText = ""
      var errorFieldStart = 0, errorFieldEnd = 0
      while true {
        var a = p, b: Int
        var fast: Int64 = -1  // the field's value when it is plain digits
        if p < end && base[p] == quote {
          // Quoted field: "" is an escaped quote; newlines inside count as lines.
          a = p + 1
          var q = a
          while q < end {
            if base[q] == quote {
              if q + 1 < end && base[q + 1] == quote { q += 2; continue }
              break
            }
            if base[q] == newline { line += 1 }
            q += 1
          }
          b = q
          p = min(q + 1, end)
          while p < end && base[p] != comma && base[p] != newline { p += 1 }
        } else {
          // The usual field, 1 to 18 plain digits, is read as it is scanned: `fast` is its
          // value (what `parseInt` gives for it); anything else is scanned to its end and
          // read by the general path.
          var v: UInt64 = 0
          while p < end {
            let d = base[p] &- 48
            if d > 9 { break }
            v = v &* 10 &+ UInt64(d)
            p += 1
          }
          if p > a && p - a <= 18 && (p == end || base[p] == comma || base[p] == newline) {
            fast = Int64(v)
          } else {
            fast = -1
            while p < end {
              let c = base[p]
              if c == comma || c == newline { break }
              p += 1
            }
          }
          b = p
          if b > a && base[b - 1] == cr { b -= 1 }
        }
        let kind = field < columnCount ? kinds[field] : 0
        if kind != 0 && errorKind == nil {
          switch ReviewLogColumn(rawValue: kind)! {
          case .cardID:
            if fast >= 0 { card = fast } else if let v = parseInt(base, a, b) { card = v } else {
              errorKind = .cardID; errorText = "an integer card id"
            }
          case .reviewTime:
            if let v = fast >= 0 ? fast : parseInt(base, a, b), v >= EventTime.earliestMillis, v <= EventTime.latestMillis { time = v } else {
              errorKind = .reviewTime
              errorText = "milliseconds since the Unix epoch (an integer, years 0001 to 9999: from \(EventTime.earliestMillis) to \(EventTime.latestMillis))"
            }
          case .rating:
            let (s, e) = trim(base, a, b)
            if e - s == 1 && base[s] >= UInt8(ascii: "1") && base[s] <= UInt8(ascii: "4") {
              rating = base[s] - UInt8(ascii: "0")
            } else {
              errorKind = .rating; errorText = "a rating from 1 (again) to 4 (easy)"
            }
          case .state:
            let (s, e) = trim(base, a, b)
            if s == e { break }
            if e - s == 1 && base[s] >= UInt8(ascii: "0") && base[s] <= UInt8(ascii: "3") {
              state = Int8(base[s] - UInt8(ascii: "0"))
            } else {
              errorKind = .state; errorText = "a state 0 (new), 1 (learning), 2 (review) or 3 (relearning), or nothing"
            }
          case .duration:
            if fast >= 0 { duration = fast; break }
            let (s, e) = trim(base, a, b)
            if s == e { break }
            if let v = parseInt(base, s, e), v >= 0 { duration = v } else {
              errorKind = .duration; errorText = "a duration in milliseconds (an integer ≥ 0), or nothing"
            }
          case .elapsedDays:
            let (s, e) = trim(base, a, b)
            if s == e { break }
            if let v = parseInt(base, s, e), v >= -1, v <= Int64(Int32.max) { elapsed = Int32(v) } else {
              errorKind = .elapsedDays; errorText = "whole days ≥ 0 (−1 or nothing on a card's first review)"
            }
          case .ignored:
            break
          }
          if errorKind != nil { errorFieldStart = a; errorFieldEnd = b }
        }
        field += 1
        if p < end && base[p] == comma { p += 1; continue }
        break
      }
      if p < end { p += 1 }  // the newline
      if field != columnCount {
        chunk.errors.append((rowLine, "row", "\(columnCount) fields as in the header, got \(field)"))
        continue
      }
      if let errorKind {
        let got = text(base, errorFieldStart, errorFieldEnd)
        chunk.errors.append((rowLine, header.nameOf[errorKind], "\(errorText), got '\(got)'"))
        continue
      }
      chunk.cardIDs.append(card)
      chunk.times.append(time)
      chunk.ratings.append(rating)
      chunk.states.append(state)
      chunk.durations.append(duration)
      chunk.givenElapsed.append(elapsed)
      chunk.lines.append(Int32(truncatingIfNeeded: rowLine))
      if time < chunk.minTime { chunk.minTime = time }
      if time > chunk.maxTime { chunk.maxTime = time }
    }
    chunk.lineCount = line
    return chunk
  }

  @inline(__always)
  static func trim(_ base: UnsafePointer<UInt8>, _ a: Int, _ b: Int) -> (Int, Int) {
    var a = a, b = b
    while a < b && base[a] == space { a += 1 }
    while b > a && base[b - 1] == space { b -= 1 }
    return (a, b)
  }

  /// A decimal integer with an optional sign and surrounding spaces; nil for anything else,
  /// including overflow (``ASCIIInteger``).
  @inline(__always)
  static func parseInt(_ base: UnsafePointer<UInt8>, _ a: Int, _ b: Int) -> Int64? {
    let (i, e) = trim(base, a, b)
    return ASCIIInteger.parse(base, i, e)
  }

  static func text(_ base: UnsafePointer<UInt8>, _ a: Int, _ b: Int) -> String {
    let n = min(b - a, 40)
    let s = String(decoding: UnsafeBufferPointer(start: base + a, count: max(n, 0)), as: UTF8.self)
    return b - a > 40 ? s + "…" : s
  }
}
