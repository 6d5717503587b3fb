import PlannerCore
/// The columns the importer understands, found by name in the header row (any order; unknown
/// columns are ignored).
enum ReviewLogColumn: UInt8, Sendable {
  case ignored = 0
  case cardID, reviewTime, rating, state, duration, elapsedDays

  static func named(_ raw: String) -> ReviewLogColumn {
    switch raw.lowercased() {
    case "card_id": return .cardID
    case "review_time": return .reviewTime
    case "review_rating", "rating": return .rating
    case "review_state": return .state
    case "review_duration": return .duration
    case "elapsed_days": return .elapsedDays
    default: return .ignored
    }
  }
}

/// The header row, resolved: the column kind of every field index and the name it had.
struct ReviewLogHeader: Sendable {
  var kinds: [ReviewLogColumn]
  var names: [String]
  /// The name used in messages for each kind (e.g. `rating` or `review_rating`).
  var nameOf: [ReviewLogColumn: String]
  var count: Int { kinds.count }
  var hasElapsedDays: Bool { nameOf[.elapsedDays] != nil }

  /// Resolves the header fields; `review_rating` wins over `rating` when both are present, and
  /// a repeated column name keeps its first occurrence.
  static func resolve(_ fields: [String], file: String) throws(PlanEngineError) -> ReviewLogHeader {
    var kinds: [ReviewLogColumn] = []
    var nameOf: [ReviewLogColumn: String] = [:]
    let names = fields.map { $0.trimmingSpaces() }
    let hasReviewRating = names.contains { $0.lowercased() == "review_rating" }
    for name in names {
      var kind = ReviewLogColumn.named(name)
      if kind == .rating && hasReviewRating && name.lowercased() == "rating" { kind = .ignored }
      if kind != .ignored && nameOf[kind] != nil { kind = .ignored }
      if kind != .ignored { nameOf[kind] = name }
      kinds.append(kind)
    }
    for (kind, wanted) in [(ReviewLogColumn.cardID, "card_id"), (.reviewTime, "review_time"), (.rating, "review_rating (or rating)")]
    where nameOf[kind] == nil {
      throw .malformed(
        file: file, line: 1, keyPath: "header",
        expected: "a column named \(wanted); the header has \(names.joined(separator: ","))")
    }
    return ReviewLogHeader(kinds: kinds, names: names, nameOf: nameOf)
  }
}

extension String {
  func trimmingSpaces() -> String {
    var s = Substring(self)
    while let f = s.first, f == " " || f == "\t" || f == "\u{FEFF}" { s.removeFirst() }
    while let l = s.last, l == " " || l == "\t" || l == "\r" { s.removeLast() }
    return String(s)
  }
}
