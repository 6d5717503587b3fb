import Foundation
import Testing
@testable import PlannerCore
@testable import Vocabulary
import TestSupport

@Suite("Vocabulary: deck import and the demo deck")
struct VocabDeckTests {
  static func parse(_ text: String) throws(PlanEngineError) -> [DeckEntry] {
    try DeckImporter.parse(Array(text.utf8), file: "deck.csv")
  }

  static var demoCSVPath: String { Fixtures.packageRoot.appendingPathComponent("Plans/vocabulary/demo-deck.csv").path }

  @Test("CSV: header, several translations, quoting, CRLF, BOM, blank lines")
  func csv() throws {
    let text = "\u{FEFF}english,ukrainian\r\ncat,кіт;кішка\r\n\r\n\"hello, friend\",\"привіт, друже\"\r\n\"say \"\"hi\"\"\",\"сказати \"\"привіт\"\"\"\r\n"
    let entries = try Self.parse(text)
    #expect(entries == [
      DeckEntry(english: "cat", ukrainian: ["кіт", "кішка"]),
      DeckEntry(english: "hello, friend", ukrainian: ["привіт, друже"]),
      DeckEntry(english: "say \"hi\"", ukrainian: ["сказати \"привіт\""]),
    ])
  }

  @Test("CSV: columns in any order, extra columns ignored, last line without newline")
  func csvColumns() throws {
    let entries = try Self.parse("note,Ukrainian,English\nx,пес;собака,dog")
    #expect(entries == [DeckEntry(english: "dog", ukrainian: ["пес", "собака"])])
  }

  @Test("duplicates merged, not doubled (case-insensitive words, folded translations)")
  func duplicates() throws {
    let entries = try Self.parse("english,ukrainian\ncat,кіт\nCat ,кішка;кiт\ndog,пес\ncat,КІТ;котик\n")
    #expect(entries == [
      DeckEntry(english: "cat", ukrainian: ["кіт", "кішка", "котик"]),
      DeckEntry(english: "dog", ukrainian: ["пес"]),
    ])
  }

  @Test("JSON: the same, with a list or one `;` string")
  func json() throws {
    let text = #"[{"english":"cat","ukrainian":["кіт","кішка"]},{"english":"dog","ukrainian":"пес;собака"},{"english":"CAT","ukrainian":["кіт"]}]"#
    let entries = try DeckImporter.parse(Array(text.utf8), file: "deck.json")
    #expect(entries == [
      DeckEntry(english: "cat", ukrainian: ["кіт", "кішка"]),
      DeckEntry(english: "dog", ukrainian: ["пес", "собака"]),
    ])
  }

  @Test("errors name the file, line and column", arguments: [
    ("english,ukrainian\ncat,кіт\ndog,\n", "deck.csv:3 at column 2 (ukrainian): expected at least one Ukrainian translation"),
    ("english,ukrainian\ncat,кіт\n,пес\n", "deck.csv:3 at column 1 (english): expected an English word or phrase"),
    ("english,ukrainian\ncat,кіт,кішка\n", "deck.csv:2: expected 2 columns like the header, found 3 (quote a field that contains a comma)"),
    ("word,translation\ncat,кіт\n", "deck.csv:1: expected a header row naming the columns `english` and `ukrainian`, separated by commas, semicolons or tabs (read as comma-separated: found `word`, `translation`)"),
    ("word;translation\ncat;кіт\n", "deck.csv:1: expected a header row naming the columns `english` and `ukrainian`, separated by commas, semicolons or tabs (read as semicolon-separated: found `word`, `translation`)"),
    ("english;ukrainian\ncat;кіт;кішка\n", "deck.csv:2: expected 2 columns like the header, found 3 (quote a field that contains a semicolon)"),
    ("english,ukrainian,popularity\ncat,кіт,-1\n", "deck.csv:2 at column 3 (popularity): expected a whole number, 0 or more, or nothing"),
    ("english,ukrainian,added\ncat,кіт,yesterday\n", "deck.csv:2 at column 3 (added): expected an ISO 8601 time with its UTC offset, e.g. 2026-05-01T09:00:00+03:00, or nothing"),
    ("#separator:colon\nenglish:ukrainian\n", "deck.csv at #separator: expected comma, semicolon, tab or pipe, not `colon`"),
    ("english,ukrainian\ncat,\"кіт\n", "deck.csv:2 at column 2: expected a closing quote"),
    ("english,ukrainian\ncat,\"кіт\"x\n", "deck.csv:2 at column 2: expected a comma or the end of the line after a closing quote"),
    ("english,ukrainian\ncat,;\n", "deck.csv:2 at column 2 (ukrainian): expected at least one Ukrainian translation"),
    ("", "deck.csv:1: expected a header row `english,ukrainian`"),
    ("english,ukrainian\ncat,кі\"т\n", "deck.csv:2 at column 2: expected a quote only at the start of a field"),
  ])
  func errors(_ text: String, _ message: String) {
    do {
      _ = try Self.parse(text)
      Issue.record("no error for \(text)")
    } catch {
      #expect(error.description == message)
    }
  }

  @Test("JSON errors name the key path")
  func jsonErrors() {
    func message(_ text: String) -> String? {
      do { _ = try DeckImporter.parse(Array(text.utf8), file: "d.json"); return nil } catch { return error.description }
    }
    #expect(message(#"[{"english":"cat","ukrainian":["кіт"]},{"english":"dog"}]"#) == "d.json at [1].ukrainian: expected the key `ukrainian`")
    #expect(message(#"[{"english":"cat","ukrainian":["кіт", " "]}]"#) == "d.json at [0].ukrainian[1]: expected a non-empty Ukrainian translation")
    #expect(message(#"[{"english":"cat","ukrainian":[]}]"#) == "d.json at [0].ukrainian: expected at least one Ukrainian translation")
    #expect(message(#"[{"english":3,"ukrainian":["кіт"]}]"#)?.hasPrefix("d.json at [0].english: expected") == true)
  }

  @Test("JSON: an object with `words` (the export and listing), extra keys ignored; other objects a JSON error")
  func jsonObject() throws {
    let text = #"{"version": 1, "date": "2026-05-06", "words": [{"english": "cat", "ukrainian": ["кіт"], "popularity": 2, "added": "2026-05-01T09:00:00+03:00", "recall": 0.8, "tags": ["animals"]}]}"#
    let entries = try DeckImporter.parse(Array(text.utf8), file: "w.json")
    #expect(entries == [DeckEntry(english: "cat", ukrainian: ["кіт"], popularity: 2, added: EventTime("2026-05-01T09:00:00+03:00"), tags: ["animals"])])
    func message(_ text: String) -> String? {
      do { _ = try DeckImporter.parse(Array(text.utf8), file: "d.json"); return nil } catch { return error.description }
    }
    #expect(message(#"{"cat": "кіт"}"#) == "d.json at words: expected a JSON array of words, or an object with a `words` array (what `words export --format json` writes)")
    #expect(message(#"{"words": [{"english": "cat", "ukrainian": "кіт", "popularity": -2}]}"#) == "d.json at words[0].popularity: expected a whole number, 0 or more")
    #expect(message(#"{"words": 3}"#) == "d.json at words: expected an array of words")
  }

  @Test("separators: comma, semicolon, tab, an Anki #separator line; optional columns and tags")
  func separators() throws {
    let expected = [DeckEntry(english: "cat", ukrainian: ["кіт", "кішка"], popularity: 3, added: EventTime("2026-05-01T09:00:00+03:00"), tags: ["animals", "home"])]
    for text in [
      "english,ukrainian,popularity,added,tags\ncat,кіт;кішка,3,2026-05-01T09:00:00+03:00,animals;home\n",
      "english;ukrainian;popularity;added;tags\ncat;\"кіт;кішка\";3;2026-05-01T09:00:00+03:00;animals home\n",
      "english\tukrainian\tpopularity\tadded\ttags\ncat\tкіт;кішка\t3\t2026-05-01T09:00:00+03:00\tanimals Home home\n",
      "#separator:tab\n#columns:english\tukrainian\tpopularity\tadded\ttags\ncat\tкіт;кішка\t3\t2026-05-01T09:00:00+03:00\tanimals;home\n",
    ] {
      var entries = try Self.parse(text)
      entries = entries.map { var e = $0; e.tags = e.tags.map { $0.lowercased() }; return e }
      #expect(entries == expected, "\(text)")
    }
  }

  @Test("DeckExport writes what DeckImporter reads back unchanged")
  func exportRoundTrip() throws {
    let entries = [
      DeckEntry(english: "hello, friend", ukrainian: ["привіт, друже"], popularity: 0, added: EventTime("2026-05-01T09:00:00+03:00"), tags: []),
      DeckEntry(english: "say \"hi\"", ukrainian: ["сказати \"привіт\"", "привітатися"], popularity: 4, added: EventTime("2026-05-02T10:30:00-04:00"), tags: ["a", "b"]),
    ]
    let csv = DeckExport.csv(entries)
    #expect(try DeckImporter.parse(Array(csv.utf8), file: "x.csv") == entries)
  }

  @Test("invalid UTF-8 is an error naming the line")
  func badUTF8() {
    var bytes = Array("english,ukrainian\ncat,".utf8)
    bytes += [0xFF, 0xFE, 0x0A]
    #expect(throws: PlanEngineError.malformed(file: "deck.csv", line: 2, keyPath: "column 2", expected: "UTF-8 text")) {
      try DeckImporter.parse(bytes, file: "deck.csv")
    }
  }

  @Test("import changes: new words added, known words gain only missing translations")
  func changes() {
    let existing = [VocabularyWord(english: "Cat", translations: ["кіт"], addedAt: Date(timeIntervalSince1970: 0))]
    let changes = DeckImporter.changes(existing: existing, importing: [
      DeckEntry(english: "cat", ukrainian: ["кiт", "кішка"]),
      DeckEntry(english: "dog", ukrainian: ["пес"]),
      DeckEntry(english: "CAT", ukrainian: ["кіт"]),
    ])
    #expect(changes == [.addTranslations(english: "Cat", translations: ["кіт", "кішка"]), .add(DeckEntry(english: "dog", ukrainian: ["пес"]))])
  }

  @Test("the embedded demo deck equals Plans/vocabulary/demo-deck.csv byte for byte")
  func embeddedEqualsFile() throws {
    let file = try Data(contentsOf: URL(fileURLWithPath: Self.demoCSVPath))
    #expect(Array(file) == Array(DemoDeck.csv.utf8))
  }

  @Test("the demo deck: at least 300 words, each once, every translation clean")
  func demoDeck() throws {
    let entries = try DeckImporter.parse(Array(DemoDeck.csv.utf8), file: "demo-deck.csv")
    #expect(entries.count >= 300)
    #expect(entries == DemoDeck.entries)
    #expect(Set(entries.map { VocabularyWord.key($0.english) }).count == entries.count)
    for e in entries {
      for t in e.ukrainian {
        // Cyrillic, the Ukrainian apostrophe U+02BC, stress marks and spaces only: no Latin
        // look-alikes, no typewriter apostrophes, no Russian letters.
        for s in t.unicodeScalars {
          let ok = (0x0400...0x04FF).contains(s.value) || s.value == 0x02BC || s.value == 0x0301 || s == " "
          #expect(ok, "\(e.english): \(t) has U+\(String(s.value, radix: 16))")
          #expect(!"ыэъё".unicodeScalars.contains(s), "\(e.english): \(t)")
        }
      }
    }
    // Spot checks of letters a diacritic fold would lose.
    let byWord = Dictionary(entries.map { ($0.english, $0.ukrainian) }, uniquingKeysWith: { a, _ in a })
    #expect(byWord["hedgehog"] == ["їжак"])
    #expect(byWord["button"]?.first == "ґудзик")
    #expect(byWord["five"] == ["пʼять"])
    #expect(byWord["Europe"] == ["Європа"])
    #expect(byWord["egg"] == ["яйце"])
    #expect(AnswerChecker.check("за́мок", accepted: byWord["castle"]!).verdict == .right)
    #expect(AnswerChecker.check("замок", accepted: byWord["castle"]!).verdict == .right)
  }
}
