import PlannerCore

/// One learner's review file of the shared dev set (`data/reviews/<source>-<learner>.csv`,
/// docs/file-formats.md "Learner review file"), read as it is:
///
///     card_id,review_time_unix_ms,rating,elapsed_days,review_kind
///     1634180636481,1634231782488,3,-1,learn
///
/// `elapsed_days` is already in the learner's own days and is the model's Δt; `review_kind` is
/// `learn`, `review`, `relearn` or `filtered`. Only cards whose first review is `learn` are
/// evaluated (the protocol's rule 1); the others are counted and left out.
public struct LearnerReviewFile: Sendable {
  /// The used cards (first review `learn`), each in time order, in order of first appearance.
  public var cards: [CardHistory]
  /// Data rows read.
  public var rows: Int
  /// Cards left out because their first review is not `learn`.
  public var skippedCards: Int

  public static let columns = ["card_id", "review_time_unix_ms", "rating", "elapsed_days", "review_kind"]
  public static let kinds = ["learn", "review", "relearn", "filtered"]

  /// Parses the file's text. Columns may come in any order (names as in ``columns``, extra
  /// columns ignored); a row of a card must not be earlier than the card's previous row. Lines
  /// end with LF or CRLF; spaces, tabs and CRs around a field are ignored.
  ///
  /// Read as bytes (a field is parsed in place; only the header's names and an error's field
  /// become strings): the dev set's 135,210 rows were most of `planner evaluate --revlog DIR`
  /// when each line and field was a `String` split by `Character` (which also took a CRLF line
  /// end for one character, not a line end).
  public init(text: String) throws(MemoryModelsError) {
    var text = text
    let parsed: Result<(cards: [CardHistory], rows: Int, skipped: Int), MemoryModelsError> = text.withUTF8 { bytes in
      Result { () throws(MemoryModelsError) in try Self.parse(bytes) }
    }
    let (cards, rows, skipped) = try parsed.get()
    self.cards = cards
    self.rows = rows
    self.skippedCards = skipped
  }

  private static func parse(_ b: UnsafeBufferPointer<UInt8>) throws(MemoryModelsError) -> (cards: [CardHistory], rows: Int, skipped: Int) {
    // Lines: LF-separated (without the LF), the last one dropped when empty (a final line feed).
    var lines: [Range<Int>] = []
    var start = 0
    for i in b.indices where b[i] == 0x0A {
      lines.append(start..<i)
      start = i + 1
    }
    lines.append(start..<b.count)
    if let last = lines.last, last.isEmpty { lines.removeLast() }
    guard let headerLine = lines.first else {
      throw .malformedReviewFile(line: 1, expected: "a header row naming \(Self.columns.joined(separator: ","))")
    }
    var names: [Range<Int>] = []
    names = [Range<Int>](repeating: 0..<0, count: fields(b, headerLine, into: &names))  // (counted first)
    _ = fields(b, headerLine, into: &names)
    var header = names.map { String(decoding: UnsafeBufferPointer(rebasing: b[$0]), as: UTF8.self) }
    if let first = header.first, first.hasPrefix("\u{FEFF}") { header[0] = String(first.dropFirst()) }
    var index: [Int] = []
    for name in Self.columns {
      guard let i = header.firstIndex(of: name) else {
        throw .malformedReviewFile(line: 1, expected: "a header row with the column \(name) (columns: \(Self.columns.joined(separator: ",")))")
      }
      index.append(i)
    }
    var byID: [Int64: Int] = [:]
    var cards: [CardHistory] = []
    var firstKindIsLearn: [Bool] = []
    var rows = 0
    var f = [Range<Int>](repeating: 0..<0, count: header.count)
    for n in lines.indices.dropFirst() {
      let line = n + 1
      // The row's fields, trimmed; a line of one blank field is skipped.
      let count = fields(b, lines[n], into: &f)
      if count == 1 && f[0].isEmpty { continue }  // (the header names five columns at least)
      guard count == header.count else {
        throw .malformedReviewFile(line: line, expected: "\(header.count) fields as in the header, found \(count)")
      }
      let idField = f[index[0]], timeField = f[index[1]], ratingField = f[index[2]]
      let elapsedField = f[index[3]], kindField = f[index[4]]
      func text(_ r: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: b[r]), as: UTF8.self) }
      guard let id = integer(b, idField) else { throw .malformedReviewFile(line: line, expected: "an integer card_id, found '\(text(idField))'") }
      guard let time = integer(b, timeField) else {
        throw .malformedReviewFile(line: line, expected: "an integer review_time_unix_ms, found '\(text(timeField))'")
      }
      guard let value = integer(b, ratingField), let rating = Rating(rawValue: Int(value)) else {
        throw .malformedReviewFile(line: line, expected: "a rating 1, 2, 3 or 4, found '\(text(ratingField))'")
      }
      guard let e = integer(b, elapsedField), let elapsed = Int32(exactly: e), elapsed >= -1 else {
        throw .malformedReviewFile(line: line, expected: "elapsed_days, a whole number of at least -1, found '\(text(elapsedField))'")
      }
      guard let kind = Self.kindBytes.firstIndex(where: { equal(b, kindField, $0) }) else {
        throw .malformedReviewFile(line: line, expected: "a review_kind of \(Self.kinds.joined(separator: ", ")), found '\(text(kindField))'")
      }
      rows += 1
      if let c = byID[id] {
        guard time >= cards[c].times[cards[c].count - 1] else {
          throw .malformedReviewFile(line: line, expected: "card \(id)'s reviews in time order (this one is earlier than its previous)")
        }
        guard elapsed >= 0 else {
          throw .malformedReviewFile(line: line, expected: "elapsed_days of 0 or more on a later review of card \(id), found -1")
        }
        cards[c].append(time: time, elapsedDays: elapsed, rating: rating)
      } else {
        byID[id] = cards.count
        cards.append(CardHistory(cardID: id, times: [time], elapsedDays: [-1], ratings: [rating]))
        firstKindIsLearn.append(kind == 0)
      }
    }
    let used = zip(cards, firstKindIsLearn).filter { $0.1 }.map { $0.0 }
    return (used, rows, cards.count - used.count)
  }

  /// ``kinds`` as bytes, in the same order (`learn` first).
  private static let kindBytes: [[UInt8]] = kinds.map { Array($0.utf8) }

  /// How many comma-separated fields `range` has; the first `into.count` of them, trimmed
  /// (``trimmed(_:_:)``), are written into `into`.
  private static func fields(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, into: inout [Range<Int>]) -> Int {
    var count = 0
    var at = range.lowerBound
    while true {
      var end = at
      while end < range.upperBound && b[end] != UInt8(ascii: ",") { end += 1 }
      if count < into.count { into[count] = trimmed(b, at..<end) }
      count += 1
      if end >= range.upperBound { return count }
      at = end + 1
    }
  }

  /// `range` without the spaces, tabs and CRs at either end.
  private static func trimmed(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int> {
    func blank(_ c: UInt8) -> Bool { c == 0x20 || c == 0x0D || c == 0x09 }
    var lo = range.lowerBound, hi = range.upperBound
    while lo < hi && blank(b[lo]) { lo += 1 }
    while hi > lo && blank(b[hi - 1]) { hi -= 1 }
    return lo..<hi
  }

  /// The integer in `range`, as `Int64(String)` reads it (``ASCIIInteger``).
  private static func integer(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int64? {
    guard let base = b.baseAddress else { return nil }
    return ASCIIInteger.parse(base, range.lowerBound, range.upperBound)
  }

  private static func equal(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ word: [UInt8]) -> Bool {
    guard range.count == word.count else { return false }
    for (k, c) in word.enumerated() where b[range.lowerBound + k] != c { return false }
    return true
  }

  /// Evaluation targets: reviews after a card's first with elapsed days ≥ 1.
  public var targetCount: Int {
    cards.reduce(0) { sum, card in sum + card.elapsedDays.dropFirst().filter { $0 >= 1 }.count }
  }
}
