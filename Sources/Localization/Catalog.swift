import Foundation
import PlannerCore

/// One language's messages, as kept in `Catalogs/<locale>.json` and embedded in the binary by
/// `Scripts/generate-catalogs.swift` (see docs/localization.md).
///
/// ```json
/// { "version": 1, "locale": "uk",
///   "messages": { "section.newLesson": "Новий урок",
///                 "count.lines": { "one": "{count} рядок", "few": "{count} рядки",
///                                  "many": "{count} рядків", "other": "{count} рядка" } } }
/// ```
public struct Catalog: Sendable, Equatable {
  /// The catalog format version this code reads.
  public static let currentVersion = 1

  public var version: Int
  public var locale: PlanLocale
  /// Messages by key (`section.newLesson`).
  public var messages: [String: Message]
  /// Notes for translators by key (kept in the English catalog only).
  public var descriptions: [String: String]

  public init(version: Int = Catalog.currentVersion, locale: PlanLocale, messages: [String: Message],
              descriptions: [String: String] = [:]) {
    self.version = version
    self.locale = locale
    self.messages = messages
    self.descriptions = descriptions
  }

  /// A message: plain text, or one text per plural category.
  public enum Message: Sendable, Equatable {
    case text(String)
    case plural([PluralCategory: String])

    /// Every text of the message, in CLDR category order.
    public var forms: [(category: PluralCategory?, text: String)] {
      switch self {
      case .text(let text): [(nil, text)]
      case .plural(let forms): forms.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
      }
    }
  }

  /// Parses a catalog, naming `file` and the key path of the first problem in the error (first
  /// in the file's order: our parser keeps it, where Foundation's dictionaries made "first"
  /// depend on the process's hash seed). Through our JSON parser: the English catalog is parsed
  /// at every start, and `JSONSerialization` with its boxed values took 4.0 M instructions for
  /// it (2.8 M now) of the ~34 M a `planner` process spent before its first plan.
  public static func parse(_ data: Data, file: String) throws(PlanEngineError) -> Catalog {
    func fail(_ keyPath: String?, _ expected: String) -> PlanEngineError {
      .malformed(file: file, line: nil, keyPath: keyPath, expected: expected)
    }
    let root: JSONNode
    do {
      root = try JSONParser.parse([UInt8](data))
    } catch {
      throw .malformed(file: file, line: error.line, keyPath: nil, expected: "a JSON object (column \(error.column): \(error.message))")
    }
    guard let object = root.objectValue else { throw fail(nil, "a JSON object") }
    guard let version = object["version"]?.intValue else { throw fail("version", "an integer") }
    guard version <= currentVersion else {
      throw fail("version", "version \(currentVersion) or lower (this planner is older than the catalog)")
    }
    guard let code = object["locale"]?.stringValue else { throw fail("locale", "a locale code") }
    let locale: PlanLocale
    do { locale = try PlanLocale(code: code) } catch { throw fail("locale", "one of en, ar, uk") }
    guard let rawMessages = object["messages"]?.objectValue else {
      throw fail("messages", "an object of messages")
    }
    var messages: [String: Message] = [:]
    messages.reserveCapacity(rawMessages.count)
    for (key, value) in rawMessages.pairs {
      if let text = value.stringValue {
        messages[key] = .text(text)
      } else if let rawForms = value.objectValue {
        let path = "messages[\"\(key)\"]"
        var forms: [PluralCategory: String] = [:]
        forms.reserveCapacity(rawForms.count)
        for (name, text) in rawForms.pairs {
          guard let category = PluralCategory(rawValue: name) else {
            throw fail(path + "." + name, "a plural category (zero, one, two, few, many, other)")
          }
          guard let text = text.stringValue else { throw fail(path + "." + name, "a string") }
          forms[category] = text
        }
        guard forms[.other] != nil else { throw fail(path + ".other", "an \"other\" form") }
        messages[key] = .plural(forms)
      } else {
        throw fail("messages[\"\(key)\"]", "a string or an object of plural forms")
      }
    }
    var descriptions: [String: String] = [:]
    if let rawDescriptions = object["descriptions"] {
      guard let map = rawDescriptions.objectValue else {
        throw fail("descriptions", "an object of strings")
      }
      for (key, value) in map.pairs {
        guard let text = value.stringValue else { throw fail("descriptions[\"\(key)\"]", "a string") }
        descriptions[key] = text
      }
    }
    return Catalog(version: version, locale: locale, messages: messages, descriptions: descriptions)
  }

  /// The catalog compiled into the binary for `locale`.
  public static func embedded(_ locale: PlanLocale) -> Catalog {
    switch locale {
    case .english: embeddedEnglish
    case .arabic: embeddedArabic
    case .ukrainian: embeddedUkrainian
    }
  }

  private static let embeddedEnglish = loadEmbedded(.english)
  private static let embeddedArabic = loadEmbedded(.arabic)
  private static let embeddedUkrainian = loadEmbedded(.ukrainian)

  private static func loadEmbedded(_ locale: PlanLocale) -> Catalog {
    let file = "Catalogs/\(locale.rawValue).json"
    guard let json = EmbeddedCatalogs.json[locale.rawValue] else {
      preconditionFailure("\(file) is not embedded: run Scripts/generate-catalogs.swift")
    }
    do {
      return try parse(Data(json.utf8), file: file)
    } catch {
      // The embedded catalogs are checked by CatalogTests; reaching this is a build defect.
      preconditionFailure("embedded \(error)")
    }
  }
}
