import Testing
@testable import Localization

/// Arabic number agreement in every catalog message with a number (issue #14). A counted
/// message takes the form of CLDR's Arabic category of its number, written out here by hand
/// (CLDR plural rules, ar: zero n = 0; one n = 1; two n = 2; few n % 100 = 3..10; many
/// n % 100 = 11..99; other everything else): 3–10 take the plural noun (أيام), 11–99 the singular
/// accusative (يومًا), 100 the singular genitive (يوم), 1 and 2 the noun alone or dual with no
/// numeral (يوم واحد، يومان). Messages that show a number without counting anything (a label
/// and its value: "الصفحة {page}") are listed and reviewed, so a new one fails until checked.
/// Ukrainian agreement after prepositions is CaseAgreementTests'.
@Suite("Catalogs: Arabic number agreement")
struct ArabicAgreementTests {
  static let ar = Localizer(locale: .arabic)
  static let catalog = Catalog.embedded(.arabic)

  /// The numbers of the issue and a few beyond 100, with their CLDR Arabic category.
  static let categories: [(Int, PluralCategory)] = [
    (0, .zero), (1, .one), (2, .two), (3, .few), (10, .few), (11, .many), (100, .other),
    (101, .other), (102, .other), (103, .few), (111, .many), (1000, .other),
  ]

  static var countedKeys: [String] {
    catalog.messages.filter { if case .plural = $0.value { return true } else { return false } }.keys.sorted()
  }

  @Test("each counted message, for 0, 1, 2, 3, 10, 11, 100 and more, takes the form of CLDR's Arabic category",
        arguments: countedKeys)
  func formMatchesCategory(_ key: String) throws {
    guard case .plural(let forms) = Self.catalog.messages[key], let k = MessageKey(rawValue: key) else {
      Issue.record("\(key) is not a counted message"); return
    }
    #expect(Set(forms.keys) == Set(PluralCategory.allCases), "\(key) has all six Arabic forms")
    for (n, category) in Self.categories {
      let form = try #require(forms[category], "\(key): no \(category) form")
      let expected = form.replacingOccurrences(of: "{count}", with: Self.ar.format(.integer(n)))
      #expect(Self.ar.plural(k, count: n) == expected, "\(key) for \(n) (\(category))")
    }
  }

  @Test("one and two name the noun alone or in the dual, with no numeral; few and many show the number",
        arguments: countedKeys)
  func formsShape(_ key: String) {
    guard case .plural(let forms) = Self.catalog.messages[key] else { return }
    #expect(!(forms[.one] ?? "").contains("{count}") && !(forms[.two] ?? "").contains("{count}"), "\(key)")
    #expect((forms[.few] ?? "").contains("{count}") && (forms[.many] ?? "").contains("{count}") && (forms[.other] ?? "").contains("{count}"), "\(key)")
    // The same noun is not used for 3–10 and for 11–99 (plural against singular accusative),
    // except for feminine nouns, whose accusative singular is written like the genitive.
    #expect(forms[.few] != forms[.many], "\(key): 3–10 take the plural")
  }

  /// Messages showing a number as a label's value (no counted noun after it), reviewed.
  static let labelled: Set<String> = [
    "error.location",  // السطر {line}
    "quran.page",  // الصفحة {page}
    "item.atRisk", "item.due",  // احتمال التذكّر {r}
    "item.wordDue", "item.wordNeeded", "words.recall", "stats.averageRecall",  // {percent}
    "plan.shortened",  // {minutes} is a count.minutes phrase, {percent} a percentage
    "stats.dueToday", "stats.mostPopular", "stats.mostPopularNone", "stats.wellKnown", "words.popularity",  // {value}
    "stats.words",  // الكلمات: {total} (لم تُراجَع بعد: {new})
    "words.imported",  // {words} is a count.words phrase; الجديدة {added} …
    "forecast.backlog", "forecast.proposeMinutes", "note.quranBacklog", "note.quranBacklogNoDate",  // {minutes}: count.minutes phrases
    "stats.suspended", "words.importedTags",  // موقوفة: {value}; كلمات نالت وسومًا جديدة: {value} (decks, #15)
  ]
  static let numeric: Set<String> = ["line", "page", "r", "percent", "value", "total", "new", "added", "extended", "unchanged", "count", "minutes"]

  @Test("every other Arabic message with a number shows it as a label's value (reviewed list)")
  func labelledNumbers() {
    var found: Set<String> = []
    for (key, message) in Self.catalog.messages {
      guard case .text(let text) = message else { continue }
      if Self.numeric.contains(where: { text.contains("{\($0)}") }) { found.insert(key) }
    }
    #expect(found == Self.labelled)
    #expect(!found.contains { key in Self.catalog.messages[key].map { if case .text(let t) = $0 { t.contains("{count}") } else { false } } ?? false },
            "a number that counts is a plural message")
  }
}
