import Foundation
import Testing
import TestSupport
@testable import Localization
@testable import PlannerCore

@Suite("CatalogTests")
struct CatalogTests {
  static let catalogDirectory = Fixtures.packageRoot.appendingPathComponent("Sources/Localization/Catalogs")

  static let english = Catalog.embedded(.english)

  @Test("the generated source embeds every catalog file byte for byte")
  func embeddedMatchesFiles() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.catalogDirectory.path)
      .filter { $0.hasSuffix(".json") }.sorted()
    #expect(files == PlanLocale.allCases.map { "\($0.rawValue).json" }.sorted())
    #expect(EmbeddedCatalogs.json.keys.sorted() == files.map { String($0.dropLast(5)) })
    for file in files {
      let text = try String(contentsOf: Self.catalogDirectory.appendingPathComponent(file), encoding: .utf8)
      #expect(EmbeddedCatalogs.json[String(file.dropLast(5))] == text,
              "\(file) changed: run swift Scripts/generate-catalogs.swift")
    }
  }

  @Test("MessageKey lists exactly the English catalog's keys")
  func messageKeys() {
    #expect(MessageKey.allCases.map(\.rawValue).sorted() == Self.english.messages.keys.sorted())
  }

  @Test("each embedded catalog parses and names its own locale", arguments: PlanLocale.allCases)
  func parses(locale: PlanLocale) {
    let catalog = Catalog.embedded(locale)
    #expect(catalog.locale == locale)
    #expect(catalog.version == Catalog.currentVersion)
  }

  @Test("each catalog is complete: English's keys, the language's plural forms, the same placeholders",
        arguments: PlanLocale.allCases)
  func complete(locale: PlanLocale) throws {
    let catalog = Catalog.embedded(locale)
    #expect(catalog.messages.keys.sorted() == Self.english.messages.keys.sorted(), "\(locale): keys differ from en.json")
    let needed = Set(PluralRules.categories(for: locale))
    for (key, englishMessage) in Self.english.messages.sorted(by: { $0.key < $1.key }) {
      let message = try #require(catalog.messages[key], "\(locale): \(key) missing")
      let englishNames = Set(englishMessage.forms.flatMap { MessageTemplate.placeholders(in: $0.text) })
      switch (englishMessage, message) {
      case (.text, .text(let text)):
        #expect(Set(MessageTemplate.placeholders(in: text)) == englishNames, "\(locale): \(key)")
        #expect(!englishNames.contains("count"), "\(key): {count} belongs in plural messages")
      case (.plural, .plural(let forms)):
        #expect(Set(forms.keys) == needed, "\(locale): \(key) has forms \(forms.keys.sorted()), needs \(needed.sorted())")
        #expect(englishNames.contains("count"), "\(key): a plural message shows its {count}")
        for (category, text) in forms {
          let names = Set(MessageTemplate.placeholders(in: text))
          #expect(names.subtracting(["count"]) == englishNames.subtracting(["count"]), "\(locale): \(key).\(category)")
          // Only the forms whose word carries the number ("دقيقتان", two minutes) may leave it out.
          if ![.zero, .one, .two].contains(category) || locale != .arabic {
            #expect(names.contains("count"), "\(locale): \(key).\(category) does not show {count}")
          }
        }
      default:
        Issue.record("\(locale): \(key) is plain in one catalog and counted in the other")
      }
    }
  }

  @Test("the English catalog describes every message for translators")
  func descriptions() {
    #expect(Self.english.descriptions.keys.sorted() == Self.english.messages.keys.sorted())
  }

  @Test("texts have no stray spaces, control characters, ASCII digits in Arabic, or mixed-script words",
        arguments: PlanLocale.allCases)
  func clean(locale: PlanLocale) {
    let ownScript: (Unicode.Scalar) -> Bool = switch locale {
    case .english: { $0.isASCII }
    case .ukrainian: { (0x0400...0x04FF).contains($0.value) }
    case .arabic: { (0x0600...0x06FF).contains($0.value) }
    }
    for (key, message) in Catalog.embedded(locale).messages {
      for (category, text) in message.forms {
        let place = "\(locale): \(key) \(category.map(\.rawValue) ?? "")"
        #expect(text == text.trimmingCharacters(in: .whitespaces), "\(place): leading or trailing space")
        #expect(!text.contains("  "), "\(place): double space")
        #expect(!text.unicodeScalars.contains { $0.properties.generalCategory == .format || $0.properties.generalCategory == .control },
                "\(place): invisible characters are added by the Localizer, not written in catalogs")
        let literal = MessageTemplate.substitute(text) { _ in " " }
        if locale == .arabic {
          #expect(!literal.contains { $0.isASCII && $0.isNumber }, "\(place): ASCII digit in Arabic text")
        }
        // A Latin "i" inside a Ukrainian word, or a Cyrillic "а" inside an English one, looks
        // right and sorts, searches and speaks wrong.
        for word in literal.split(whereSeparator: { !$0.isLetter }) where word.unicodeScalars.contains(where: ownScript) {
          let foreign = word.unicodeScalars.filter { !ownScript($0) && $0.properties.isAlphabetic && $0.properties.generalCategory != .nonspacingMark }
          #expect(foreign.isEmpty, "\(place): '\(word)' mixes scripts")
        }
      }
    }
  }

  @Test("a broken catalog is refused with the file and key path")
  func parseErrors() {
    let cases: [(String, String?)] = [
      (#"[1]"#, nil),
      (#"{"locale": "en", "messages": {}}"#, "version"),
      (#"{"version": 2, "locale": "en", "messages": {}}"#, "version"),
      (#"{"version": 1, "locale": "fr", "messages": {}}"#, "locale"),
      (#"{"version": 1, "locale": "en"}"#, "messages"),
      (#"{"version": 1, "locale": "en", "messages": {"a": 3}}"#, #"messages["a"]"#),
      (#"{"version": 1, "locale": "en", "messages": {"a": {"one": "x"}}}"#, #"messages["a"].other"#),
      (#"{"version": 1, "locale": "en", "messages": {"a": {"several": "x", "other": "y"}}}"#, #"messages["a"].several"#),
      (#"{"version": 1, "locale": "en", "messages": {}, "descriptions": {"a": 1}}"#, #"descriptions["a"]"#),
      (#"{"version": 1.5, "locale": "en", "messages": {}}"#, "version"),
      // The first problem in the file's order, whatever the keys' hashes (two broken messages).
      (#"{"version": 1, "locale": "en", "messages": {"zz": 3, "b": "ok", "a": 4}}"#, #"messages["zz"]"#),
      (#"{"version": 1, "locale": "en", "messages": {"a": {"other": "x", "b": "y", "c": "z"}}}"#, #"messages["a"].b"#),
    ]
    for (json, keyPath) in cases {
      #expect {
        _ = try Catalog.parse(Data(json.utf8), file: "xx.json")
      } throws: { error in
        guard case PlanEngineError.malformed(let file, _, let path, _) = error else { return false }
        return file == "xx.json" && path == keyPath
      }
    }
  }

  @Test("JSON that does not parse is refused with its line, and so is a key given twice")
  func syntaxErrors() {
    let cases: [(json: String, line: Int)] = [
      ("{\n  \"version\": 1,\n  \"locale\": \"en\",\n  \"messages\": {\"a\": \"x\",}\n}", 4),
      ("{\"version\": 1, \"locale\": \"en\",\n \"messages\": {\"a\": \"x\", \"a\": \"y\"}}", 2),
    ]
    for c in cases {
      #expect {
        _ = try Catalog.parse(Data(c.json.utf8), file: "xx.json")
      } throws: { error in
        guard case PlanEngineError.malformed(let file, let line, let path, let expected) = error else { return false }
        return file == "xx.json" && line == c.line && path == nil && expected.hasPrefix("a JSON object (column ")
      }
    }
  }
}
