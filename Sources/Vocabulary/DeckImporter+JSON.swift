import Foundation
import PlannerCore

/// The JSON form of a deck: an array of entries, or an object with a `words` array.
extension DeckImporter {
  struct JSONEntry: Decodable {
    var english: String
    var ukrainian: [String]
    var popularity: Int?
    var added: String?
    var tags: [String]?
    var rank: Int?

    enum CodingKeys: String, CodingKey { case english, ukrainian, popularity, added, tags, rank }

    init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: CodingKeys.self)
      english = try c.decode(String.self, forKey: .english)
      if let one = try? c.decode(String.self, forKey: .ukrainian) {
        ukrainian = one.split(separator: ";").map(String.init)
      } else {
        ukrainian = try c.decode([String].self, forKey: .ukrainian)
      }
      popularity = try c.decodeIfPresent(Int.self, forKey: .popularity)
      added = try c.decodeIfPresent(String.self, forKey: .added)
      tags = try c.decodeIfPresent([String].self, forKey: .tags)
      rank = try c.decodeIfPresent(Int.self, forKey: .rank)
    }
  }

  /// What `words export --format json` and `words --format json` write: `{"words": [...]}`.
  struct JSONWordList: Decodable {
    var words: [JSONEntry]
  }

  static func parseJSON(_ bytes: [UInt8], file: String) throws(PlanEngineError) -> [(entry: DeckEntry, line: Int?, keyPath: String)] {
    let isObject = bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == UInt8(ascii: "{")
    let prefix = isObject ? "words" : ""
    let entries: [JSONEntry]
    do {
      entries = isObject ? try JSONDecoder().decode(JSONWordList.self, from: Data(bytes)).words
        : try JSONDecoder().decode([JSONEntry].self, from: Data(bytes))
    } catch let DecodingError.keyNotFound(key, context) {
      if isObject && context.codingPath.isEmpty {
        throw .malformed(
          file: file, line: nil, keyPath: "words",
          expected: "a JSON array of words, or an object with a `words` array (what `words export --format json` writes)")
      }
      throw .malformed(file: file, line: nil, keyPath: path(context.codingPath + [key]), expected: "the key `\(key.stringValue)`")
    } catch let DecodingError.typeMismatch(_, context) {
      let keyPath = path(context.codingPath)
      let expected = keyPath.hasSuffix("popularity") || keyPath.hasSuffix("rank") ? "a whole number"
        : keyPath == "words" ? "an array of words"
        : "english: a string; ukrainian: a list of strings or one string; tags: a list of strings"
      throw .malformed(file: file, line: nil, keyPath: keyPath.isEmpty ? nil : keyPath, expected: expected)
    } catch let DecodingError.valueNotFound(_, context) {
      throw .malformed(file: file, line: nil, keyPath: path(context.codingPath), expected: "a value, not null")
    } catch {
      throw .malformed(
        file: file, line: nil, keyPath: nil,
        expected: "JSON: an array of {\"english\": …, \"ukrainian\": […]}, or an object with a `words` array (\(error.localizedDescription))")
    }
    var out: [(DeckEntry, Int?, String)] = []
    for (i, e) in entries.enumerated() {
      let at = prefix + "[\(i)]"
      func fail(_ key: String, _ expected: String) -> PlanEngineError {
        .malformed(file: file, line: nil, keyPath: at + "." + key, expected: expected)
      }
      let english = e.english.trimmingCharacters(in: .whitespaces)
      guard !english.isEmpty else { throw fail("english", "an English word or phrase") }
      if let problem = VocabularyValidation.problem(in: english, maximum: VocabularyValidation.maximumEnglishLength) {
        throw fail("english", "an English word or phrase: " + problem)
      }
      var translations: [String] = []
      for (j, t) in e.ukrainian.enumerated() {
        let s = t.trimmingCharacters(in: .whitespaces)
        guard !s.isEmpty else { throw fail("ukrainian[\(j)]", "a non-empty Ukrainian translation") }
        if let problem = VocabularyValidation.problem(in: s, maximum: VocabularyValidation.maximumTranslationLength) {
          throw fail("ukrainian[\(j)]", "a Ukrainian translation: " + problem)
        }
        translations.append(s)
      }
      guard !translations.isEmpty else { throw fail("ukrainian", "at least one Ukrainian translation") }
      var entry = DeckEntry(english: english, ukrainian: translations)
      if let p = e.popularity {
        guard p >= 0 else { throw fail("popularity", "a whole number, 0 or more") }
        entry.popularity = p
      }
      if let text = e.added {
        guard let t = EventTime(text) else {
          throw fail("added", "an ISO 8601 time with its UTC offset, e.g. 2026-05-01T09:00:00+03:00")
        }
        entry.added = t
      }
      if let r = e.rank {
        guard r >= 0 else { throw fail("rank", "the word's place in the deck, a whole number 0 or more") }
        entry.rank = r
      }
      if let list = e.tags { entry.tags = try tags(list) { fail("tags", String($0.dropFirst("tags: ".count))) } }
      out.append((entry, nil, at + ".ukrainian"))
    }
    return out
  }

  static func path(_ keys: [any CodingKey]) -> String {
    keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().trimmingPrefix(".").description
  }
}
