import Foundation
import PlannerCore

/// Reads word decks: CSV with a header row naming the columns `english` and `ukrainian`
/// (any order; optional `popularity`, `added` and `tags`, what `words export` writes, and
/// `rank`, the deck's order when it is not the file's; other
/// columns ignored; several translations or tags separated by `;`; RFC 4180 quoting), with
/// fields separated by commas, semicolons or tabs (found from the header, or given by an
/// Anki-style `#separator:` line), or the same as JSON: an array of
/// `{"english": "cat", "ukrainian": ["кіт", "кішка"]}` (`ukrainian` may also be one string
/// with `;`), or an object whose `words` is such an array (what `words export --format json`
/// and `words --format json` write). A word that appears twice (compared case-insensitively)
/// is merged: one entry, translations and tags united, none doubled (translations compared as
/// the answer checker folds them). Every word, translation and tag is checked
/// (``VocabularyValidation/problem(in:maximum:)``). Pure: bytes in, entries out.
public enum DeckImporter {
  /// A field separator of a delimited text file.
  public enum Separator: UInt8, Sendable, CaseIterable {
    case comma = 0x2C
    case semicolon = 0x3B
    case tab = 0x09
    case pipe = 0x7C

    /// How errors name it.
    public var name: String {
      switch self {
      case .comma: "comma"
      case .semicolon: "semicolon"
      case .tab: "tab"
      case .pipe: "pipe (|)"
      }
    }

    /// Anki's `#separator:` names (and the characters themselves).
    init?(directive: String) {
      switch directive.trimmingCharacters(in: .whitespaces).lowercased() {
      case "comma", ",": self = .comma
      case "semicolon", ";": self = .semicolon
      case "tab", "\t": self = .tab
      case "pipe", "|": self = .pipe
      default: return nil
      }
    }
  }

  public static func parse(_ bytes: [UInt8], file: String) throws(PlanEngineError) -> [DeckEntry] {
    var body = bytes[...]
    if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
    let first = body.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) })
    let raw: [(entry: DeckEntry, line: Int?, keyPath: String)]
    if first == UInt8(ascii: "[") || first == UInt8(ascii: "{") {
      raw = try parseJSON(Array(body), file: file)
    } else {
      raw = try parseCSV(Array(body), file: file)
    }
    return inDeckOrder(try merge(raw, file: file))
  }

  /// The entries in deck order: by their explicit `rank` (a whole number ≥ 0; ties and words
  /// without one keep the file's order, those without one after the ranked ones), else as
  /// the file lists them.
  static func inDeckOrder(_ entries: [DeckEntry]) -> [DeckEntry] {
    guard entries.contains(where: { $0.rank != nil }) else { return entries }
    return entries.enumerated().sorted { a, b in
      VocabularyWord.deckOrder(a.element.rank, b.element.rank) ?? (a.offset < b.offset)
    }.map(\.element)
  }

  // MARK: CSV

  /// The Anki-style `#key:value` lines at the top of the file: their values by key, and the
  /// bytes after them with the line number the rest starts on.
  static func directives(_ bytes: [UInt8]) -> (values: [String: String], rest: ArraySlice<UInt8>, firstLine: Int) {
    var values: [String: String] = [:]
    var rest = bytes[...]
    var line = 1
    while rest.first == UInt8(ascii: "#") {
      let end = rest.firstIndex(of: 0x0A) ?? rest.endIndex
      let text = String(decoding: rest[rest.startIndex..<end], as: UTF8.self)
        .trimmingCharacters(in: CharacterSet(charactersIn: "\r"))
      if let colon = text.firstIndex(of: ":") {
        values[text[text.index(after: text.startIndex)..<colon].lowercased()] = String(text[text.index(after: colon)...])
      }
      rest = end < rest.endIndex ? rest[(end + 1)...] : rest[end...]
      line += 1
    }
    return (values, rest, line)
  }

  /// The separator of a delimited file: the one under which the header line names both
  /// `english` and `ukrainian`; nil when none does.
  static func detectSeparator(_ bytes: ArraySlice<UInt8>) -> Separator? {
    let end = bytes.firstIndex(of: 0x0A) ?? bytes.endIndex
    let header = bytes[bytes.startIndex..<end]
    for separator in [Separator.comma, .semicolon, .tab, .pipe] where header.contains(separator.rawValue) {
      let names = header.split(separator: separator.rawValue, omittingEmptySubsequences: false).map(columnName)
      if names.contains("english") && names.contains("ukrainian") { return separator }
    }
    return nil
  }

  /// A header field as a column name: quotes and spaces trimmed, lower-cased.
  static func columnName<S: Sequence>(_ bytes: S) -> String where S.Element == UInt8 {
    String(decoding: Array(bytes), as: UTF8.self).trimmingCharacters(in: CharacterSet(charactersIn: " \r\t\""))
      .lowercased()
  }

  /// RFC 4180 records with the line each starts on; fields keep their quoting resolved.
  static func records(
    _ bytes: [UInt8], file: String, separator: Separator = .comma, firstLine: Int = 1
  ) throws(PlanEngineError) -> [(line: Int, fields: [String])] {
    var out: [(Int, [String])] = []
    var fields: [String] = []
    var field: [UInt8] = []
    var line = firstLine
    var recordLine = firstLine
    var i = 0
    var inQuotes = false
    var quotedField = false
    let sep = separator.rawValue
    func finishField() throws(PlanEngineError) {
      guard let s = String(validating: field, as: UTF8.self) else {
        throw .malformed(file: file, line: line, keyPath: "column \(fields.count + 1)", expected: "UTF-8 text")
      }
      fields.append(s)
      field.removeAll(keepingCapacity: true)
      quotedField = false
    }
    while i < bytes.count {
      let b = bytes[i]
      if inQuotes {
        if b == UInt8(ascii: "\"") {
          if i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "\"") {
            field.append(b)
            i += 2
            continue
          }
          inQuotes = false
        } else {
          if b == 0x0A { line += 1 }
          field.append(b)
        }
        i += 1
        continue
      }
      switch b {
      case UInt8(ascii: "\""):
        guard field.allSatisfy({ $0 == 0x20 }) && !quotedField else {
          throw .malformed(file: file, line: line, keyPath: "column \(fields.count + 1)", expected: "a quote only at the start of a field")
        }
        field.removeAll()
        inQuotes = true
        quotedField = true
      case sep:
        try finishField()
      case 0x0D where i + 1 < bytes.count && bytes[i + 1] == 0x0A:
        break
      case 0x0A, 0x0D:
        try finishField()
        if !(fields.count == 1 && fields[0].trimmingCharacters(in: .whitespaces).isEmpty) {
          out.append((recordLine, fields))
        }
        fields.removeAll()
        line += 1
        recordLine = line
      default:
        if quotedField && b != 0x20 {
          throw .malformed(
            file: file, line: line, keyPath: "column \(fields.count + 1)",
            expected: "a \(separator.name) or the end of the line after a closing quote")
        }
        field.append(b)
      }
      i += 1
    }
    if inQuotes {
      throw .malformed(file: file, line: recordLine, keyPath: "column \(fields.count + 1)", expected: "a closing quote")
    }
    if !field.isEmpty || !fields.isEmpty {
      try finishField()
      if !(fields.count == 1 && fields[0].trimmingCharacters(in: .whitespaces).isEmpty) {
        out.append((recordLine, fields))
      }
    }
    return out
  }

  static func parseCSV(_ bytes: [UInt8], file: String) throws(PlanEngineError) -> [(entry: DeckEntry, line: Int?, keyPath: String)] {
    let (values, rest, firstLine) = directives(bytes)
    let separator: Separator
    if let given = values["separator"] {
      guard let s = Separator(directive: given) else {
        throw .malformed(file: file, line: nil, keyPath: "#separator", expected: "comma, semicolon, tab or pipe, not `\(given)`")
      }
      separator = s
    } else if let columns = values["columns"] {
      separator = detectSeparator(ArraySlice(Array(columns.utf8))) ?? .comma
    } else {
      separator = detectSeparator(rest) ?? likelySeparator(rest)
    }
    var rows = try records(Array(rest), file: file, separator: separator, firstLine: firstLine)
    let header: (line: Int, fields: [String])
    if let columns = values["columns"] {
      header = (firstLine - 1, columns.split(separator: Character(Unicode.Scalar(separator.rawValue)), omittingEmptySubsequences: false).map(String.init))
    } else {
      guard let first = rows.first else {
        throw .malformed(file: file, line: 1, keyPath: nil, expected: "a header row `english,ukrainian`")
      }
      header = first
      rows.removeFirst()
    }
    let names = header.fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
    guard let en = names.firstIndex(of: "english"), let uk = names.firstIndex(of: "ukrainian") else {
      let found = header.fields.map { "`\(VocabularyValidation.shown($0))`" }.joined(separator: ", ")
      throw .malformed(
        file: file, line: header.line, keyPath: nil,
        expected: "a header row naming the columns `english` and `ukrainian`, separated by commas, semicolons or tabs "
          + "(read as \(separator.name)-separated: found \(found))")
    }
    let popularityColumn = names.firstIndex(of: "popularity")
    let addedColumn = names.firstIndex(of: "added")
    let tagsColumn = names.firstIndex(of: "tags")
    let rankColumn = names.firstIndex(of: "rank")
    var out: [(DeckEntry, Int?, String)] = []
    for row in rows {
      guard row.fields.count == names.count else {
        throw .malformed(
          file: file, line: row.line, keyPath: nil,
          expected: "\(names.count) columns like the header, found \(row.fields.count) (quote a field that contains a \(separator.name))")
      }
      func fail(_ column: Int, _ name: String, _ expected: String) -> PlanEngineError {
        .malformed(file: file, line: row.line, keyPath: "column \(column + 1) (\(name))", expected: expected)
      }
      let english = row.fields[en].trimmingCharacters(in: .whitespaces)
      guard !english.isEmpty else { throw fail(en, "english", "an English word or phrase") }
      if let problem = VocabularyValidation.problem(in: english, maximum: VocabularyValidation.maximumEnglishLength) {
        throw fail(en, "english", "an English word or phrase: " + problem)
      }
      let translations = row.fields[uk].split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
      guard !translations.isEmpty else { throw fail(uk, "ukrainian", "at least one Ukrainian translation") }
      for t in translations {
        if let problem = VocabularyValidation.problem(in: t, maximum: VocabularyValidation.maximumTranslationLength) {
          throw fail(uk, "ukrainian", "Ukrainian translations: " + problem)
        }
      }
      var entry = DeckEntry(english: english, ukrainian: translations)
      if let c = popularityColumn {
        let text = row.fields[c].trimmingCharacters(in: .whitespaces)
        if !text.isEmpty {
          guard let p = Int(text), p >= 0 else { throw fail(c, "popularity", "a whole number, 0 or more, or nothing") }
          entry.popularity = p
        }
      }
      if let c = addedColumn {
        let text = row.fields[c].trimmingCharacters(in: .whitespaces)
        if !text.isEmpty {
          guard let t = EventTime(text) else {
            throw fail(c, "added", "an ISO 8601 time with its UTC offset, e.g. 2026-05-01T09:00:00+03:00, or nothing")
          }
          entry.added = t
        }
      }
      if let c = tagsColumn {
        entry.tags = try tags(row.fields[c]) { fail(c, "tags", $0) }
      }
      if let c = rankColumn {
        let text = row.fields[c].trimmingCharacters(in: .whitespaces)
        if !text.isEmpty {
          guard let r = Int(text), r >= 0 else { throw fail(c, "rank", "the word's place in the deck, a whole number 0 or more, or nothing") }
          entry.rank = r
        }
      }
      out.append((entry, row.line, "column \(uk + 1) (ukrainian)"))
    }
    return out
  }

  /// The separator to read a header with that names no known columns under any: the most
  /// frequent of comma, semicolon and tab on its line (comma on a tie), so the error shows the
  /// fields as the file most likely meant them.
  static func likelySeparator(_ bytes: ArraySlice<UInt8>) -> Separator {
    let end = bytes.firstIndex(of: 0x0A) ?? bytes.endIndex
    let header = bytes[bytes.startIndex..<end]
    var best = Separator.comma, bestCount = 0
    for s in [Separator.comma, .semicolon, .tab] {
      let n = header.filter { $0 == s.rawValue }.count
      if n > bestCount { (best, bestCount) = (s, n) }
    }
    return best
  }

  /// Tags from one field (separated by `;` or white space), checked, duplicates (compared
  /// case-insensitively) dropped.
  static func tags(_ field: String, error: (String) -> PlanEngineError) throws(PlanEngineError) -> [String] {
    try tags(field.split(whereSeparator: { $0 == ";" || $0 == " " }).map(String.init), error: error)
  }

  static func tags(_ list: [String], error: (String) -> PlanEngineError) throws(PlanEngineError) -> [String] {
    var out: [String] = []
    for raw in list {
      let tag = raw.trimmingCharacters(in: .whitespaces)
      if let problem = DeckTag.problem(in: tag) { throw error("tags: " + problem) }
      out = DeckTag.union(out, [tag])
    }
    return out
  }

  // MARK: Merging

  /// One entry per word (first-seen order and spelling): translations and tags united, the
  /// highest popularity and the earliest added time kept.
  static func merge(_ raw: [(entry: DeckEntry, line: Int?, keyPath: String)], file: String) throws(PlanEngineError) -> [DeckEntry] {
    var order: [String] = []
    var byKey: [String: DeckEntry] = [:]
    for item in raw {
      let key = VocabularyWord.key(item.entry.english)
      if var existing = byKey[key] {
        existing.ukrainian = union(existing.ukrainian, item.entry.ukrainian)
        existing.tags = DeckTag.union(existing.tags, item.entry.tags)
        if let r = item.entry.rank { existing.rank = min(existing.rank ?? r, r) }
        if let p = item.entry.popularity { existing.popularity = max(existing.popularity ?? 0, p) }
        if let t = item.entry.added, existing.added.map({ t.epochMillis < $0.epochMillis }) ?? true { existing.added = t }
        byKey[key] = existing
      } else {
        order.append(key)
        var entry = item.entry
        entry.ukrainian = union([], entry.ukrainian)
        byKey[key] = entry
      }
    }
    return order.map { byKey[$0]! }
  }

  /// `a` then the members of `b` not already in it (as the checker folds them).
  public static func union(_ a: [String], _ b: [String]) -> [String] {
    var out: [String] = []
    var seen: [String] = []
    for t in a + b {
      let f = UkrainianText.folded(t)
      if !seen.contains(f) {
        seen.append(f)
        out.append(t)
      }
    }
    return out
  }

  /// What importing `entries` into a dictionary holding `existing` changes, in deck order:
  /// new words are added (with their tags); known words gain only the translations and tags
  /// they lack; nothing doubles.
  public static func changes(existing: [VocabularyWord], importing entries: [DeckEntry]) -> [DeckChange] {
    var known: [String: VocabularyWord] = [:]
    for w in existing where known[w.key] == nil { known[w.key] = w }
    var out: [DeckChange] = []
    for entry in entries {
      if let w = known[VocabularyWord.key(entry.english)] {
        let merged = union(w.translations, entry.ukrainian)
        if merged.count > w.translations.count {
          out.append(.addTranslations(english: w.english, translations: merged))
        }
        let lacking = entry.tags.filter { !DeckTag.contains(w.tags, $0) }
        if !lacking.isEmpty { out.append(.addTags(english: w.english, tags: lacking)) }
      } else {
        out.append(.add(entry))
      }
    }
    return out
  }
}
