import Foundation
import PlannerCore

/// Reads word decks: CSV with a header row naming the columns `english` and `ukrainian`
/// (any order, other columns ignored, several translations separated by `;`, RFC 4180
/// quoting), or the same as JSON, `[{"english": "cat", "ukrainian": ["кіт", "кішка"]}]`
/// (`ukrainian` may also be one string with `;`). A word that appears twice (compared
/// case-insensitively) is merged: one entry, translations united, none doubled (translations
/// compared as the answer checker folds them). Pure: bytes in, entries out.
///
/// **Order.** Entries come in deck order: the file's order, or, when the deck has a `rank`
/// column (CSV) or key (JSON, a whole number ≥ 0), by rank (equal ranks and rows without one
/// keep the file's order, rows without a rank last). Importing keeps that order (each added
/// word records its position, `word.added`'s `rank`), so new words are introduced in the deck's
/// frequency order, not A→Z.
public enum DeckImporter {
  public static func parse(_ bytes: [UInt8], file: String) throws(PlanEngineError) -> [DeckEntry] {
    var body = bytes[...]
    if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
    let first = body.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) })
    let raw: [(entry: DeckEntry, line: Int?, keyPath: String)]
    if first == UInt8(ascii: "[") {
      raw = try parseJSON(Array(body), file: file)
    } else {
      raw = try parseCSV(Array(body), file: file)
    }
    return try merge(raw, file: file)
  }

  // MARK: CSV

  /// RFC 4180 records with the line each starts on; fields keep their quoting resolved.
  static func records(_ bytes: [UInt8], file: String) throws(PlanEngineError) -> [(line: Int, fields: [String])] {
    var out: [(Int, [String])] = []
    var fields: [String] = []
    var field: [UInt8] = []
    var line = 1
    var recordLine = 1
    var i = 0
    var inQuotes = false
    var quotedField = false
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
      case UInt8(ascii: ","):
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
          throw .malformed(file: file, line: line, keyPath: "column \(fields.count + 1)", expected: "a comma or the end of the line after a closing quote")
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
    let rows = try records(bytes, file: file)
    guard let header = rows.first else {
      throw .malformed(file: file, line: 1, keyPath: nil, expected: "a header row `english,ukrainian`")
    }
    let names = header.fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
    guard let en = names.firstIndex(of: "english"), let uk = names.firstIndex(of: "ukrainian") else {
      throw .malformed(file: file, line: header.line, keyPath: nil, expected: "a header row naming the columns `english` and `ukrainian`")
    }
    let rankColumn = names.firstIndex(of: "rank")
    var ranks: [Int?] = []
    var out: [(DeckEntry, Int?, String)] = []
    for row in rows.dropFirst() {
      guard row.fields.count == names.count else {
        throw .malformed(
          file: file, line: row.line, keyPath: nil,
          expected: "\(names.count) columns like the header, found \(row.fields.count) (quote a field that contains a comma)")
      }
      let english = row.fields[en].trimmingCharacters(in: .whitespaces)
      guard !english.isEmpty else {
        throw .malformed(file: file, line: row.line, keyPath: "column \(en + 1) (english)", expected: "an English word or phrase")
      }
      let translations = row.fields[uk].split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
      guard !translations.isEmpty else {
        throw .malformed(file: file, line: row.line, keyPath: "column \(uk + 1) (ukrainian)", expected: "at least one Ukrainian translation")
      }
      if let rc = rankColumn {
        let text = row.fields[rc].trimmingCharacters(in: .whitespaces)
        if text.isEmpty {
          ranks.append(nil)
        } else {
          guard let r = Int(text), r >= 0 else {
            throw .malformed(file: file, line: row.line, keyPath: "column \(rc + 1) (rank)", expected: "a whole number ≥ 0 (the word's place in the deck), not '\(text)'")
          }
          ranks.append(r)
        }
      }
      out.append((DeckEntry(english: english, ukrainian: translations), row.line, "column \(uk + 1) (ukrainian)"))
    }
    return rankColumn == nil ? out : ordered(out, ranks: ranks)
  }

  /// Entries by rank (stable: equal ranks keep file order; entries without a rank last).
  static func ordered<T>(_ items: [T], ranks: [Int?]) -> [T] {
    items.indices.sorted { a, b in
      switch (ranks[a], ranks[b]) {
      case let (x?, y?): return x != y ? x < y : a < b
      case (.some, nil): return true
      case (nil, .some): return false
      case (nil, nil): return a < b
      }
    }.map { items[$0] }
  }

  // MARK: JSON

  struct JSONEntry: Decodable {
    var english: String
    var ukrainian: [String]
    var rank: Int?

    enum CodingKeys: String, CodingKey { case english, ukrainian, rank }

    init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: CodingKeys.self)
      english = try c.decode(String.self, forKey: .english)
      if let one = try? c.decode(String.self, forKey: .ukrainian) {
        ukrainian = one.split(separator: ";").map(String.init)
      } else {
        ukrainian = try c.decode([String].self, forKey: .ukrainian)
      }
      rank = try c.decodeIfPresent(Int.self, forKey: .rank)
    }
  }

  static func parseJSON(_ bytes: [UInt8], file: String) throws(PlanEngineError) -> [(entry: DeckEntry, line: Int?, keyPath: String)] {
    let entries: [JSONEntry]
    do {
      entries = try JSONDecoder().decode([JSONEntry].self, from: Data(bytes))
    } catch let DecodingError.keyNotFound(key, context) {
      throw .malformed(file: file, line: nil, keyPath: path(context.codingPath + [key]), expected: "the key `\(key.stringValue)`")
    } catch let DecodingError.typeMismatch(_, context) {
      throw .malformed(file: file, line: nil, keyPath: path(context.codingPath), expected: "english: a string; ukrainian: a list of strings or one string")
    } catch let DecodingError.valueNotFound(_, context) {
      throw .malformed(file: file, line: nil, keyPath: path(context.codingPath), expected: "a value, not null")
    } catch {
      throw .malformed(file: file, line: nil, keyPath: nil, expected: "a JSON array of {\"english\": …, \"ukrainian\": […]} (\(error.localizedDescription))")
    }
    var out: [(DeckEntry, Int?, String)] = []
    for (i, e) in entries.enumerated() {
      let english = e.english.trimmingCharacters(in: .whitespaces)
      guard !english.isEmpty else {
        throw .malformed(file: file, line: nil, keyPath: "[\(i)].english", expected: "an English word or phrase")
      }
      var translations: [String] = []
      for (j, t) in e.ukrainian.enumerated() {
        let s = t.trimmingCharacters(in: .whitespaces)
        guard !s.isEmpty else {
          throw .malformed(file: file, line: nil, keyPath: "[\(i)].ukrainian[\(j)]", expected: "a non-empty Ukrainian translation")
        }
        translations.append(s)
      }
      guard !translations.isEmpty else {
        throw .malformed(file: file, line: nil, keyPath: "[\(i)].ukrainian", expected: "at least one Ukrainian translation")
      }
      if let r = e.rank, r < 0 {
        throw .malformed(file: file, line: nil, keyPath: "[\(i)].rank", expected: "a whole number ≥ 0 (the word's place in the deck), not \(r)")
      }
      out.append((DeckEntry(english: english, ukrainian: translations), nil, "[\(i)].ukrainian"))
    }
    return entries.contains(where: { $0.rank != nil }) ? ordered(out, ranks: entries.map(\.rank)) : out
  }

  static func path(_ keys: [any CodingKey]) -> String {
    keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().trimmingPrefix(".").description
  }

  // MARK: Merging

  static func merge(_ raw: [(entry: DeckEntry, line: Int?, keyPath: String)], file: String) throws(PlanEngineError) -> [DeckEntry] {
    var order: [String] = []
    var byKey: [String: DeckEntry] = [:]
    for item in raw {
      let key = VocabularyWord.key(item.entry.english)
      if var existing = byKey[key] {
        existing.ukrainian = union(existing.ukrainian, item.entry.ukrainian)
        byKey[key] = existing
      } else {
        order.append(key)
        byKey[key] = DeckEntry(english: item.entry.english, ukrainian: union([], item.entry.ukrainian))
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
  /// new words are added; known words gain only the translations they lack; nothing doubles.
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
      } else {
        out.append(.add(entry))
      }
    }
    return out
  }
}
