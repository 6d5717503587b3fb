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
  /// columns ignored); a row of a card must not be earlier than the card's previous row.
  public init(text: String) throws(MemoryModelsError) {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    if let last = lines.last, last.isEmpty { lines.removeLast() }
    guard let headerLine = lines.first else { throw .malformedReviewFile(line: 1, expected: "a header row naming \(Self.columns.joined(separator: ","))") }
    var header = headerLine.split(separator: ",", omittingEmptySubsequences: false).map { Self.trim($0) }
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
    for (n, raw) in lines.enumerated().dropFirst() {
      let line = n + 1
      let fields = raw.split(separator: ",", omittingEmptySubsequences: false)
      if fields.count == 1 && Self.trim(fields[0]).isEmpty { continue }
      guard fields.count == header.count else {
        throw .malformedReviewFile(line: line, expected: "\(header.count) fields as in the header, found \(fields.count)")
      }
      let f = index.map { Self.trim(fields[$0]) }
      guard let id = Int64(f[0]) else { throw .malformedReviewFile(line: line, expected: "an integer card_id, found '\(f[0])'") }
      guard let time = Int64(f[1]) else { throw .malformedReviewFile(line: line, expected: "an integer review_time_unix_ms, found '\(f[1])'") }
      guard let value = Int(f[2]), let rating = Rating(rawValue: value) else {
        throw .malformedReviewFile(line: line, expected: "a rating 1, 2, 3 or 4, found '\(f[2])'")
      }
      guard let elapsed = Int32(f[3]), elapsed >= -1 else {
        throw .malformedReviewFile(line: line, expected: "elapsed_days, a whole number of at least -1, found '\(f[3])'")
      }
      guard Self.kinds.contains(f[4]) else {
        throw .malformedReviewFile(line: line, expected: "a review_kind of \(Self.kinds.joined(separator: ", ")), found '\(f[4])'")
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
        firstKindIsLearn.append(f[4] == "learn")
      }
    }
    self.rows = rows
    self.cards = zip(cards, firstKindIsLearn).filter { $0.1 }.map { $0.0 }
    self.skippedCards = cards.count - self.cards.count
  }

  /// Evaluation targets: reviews after a card's first with elapsed days ≥ 1.
  public var targetCount: Int {
    cards.reduce(0) { sum, card in sum + card.elapsedDays.dropFirst().filter { $0 >= 1 }.count }
  }

  private static func trim(_ s: Substring) -> String {
    var t = s
    while let c = t.first, c == " " || c == "\r" || c == "\t" { t = t.dropFirst() }
    while let c = t.last, c == " " || c == "\r" || c == "\t" { t = t.dropLast() }
    return String(t)
  }
}
