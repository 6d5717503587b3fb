/// The English→Ukrainian list shipped in the binary (the demo deck, `DemoDeck`), used to
/// translate a look-up of a word the learner does not have yet: `record … word lookup
/// elephant` adds `elephant` with the list's translations and counts the look-up, in one
/// event. The engine cannot translate offline beyond it; a word it does not know is reported
/// as exactly that, and the app can pass the translation it obtained (`--translation`).
public enum BuiltInDictionary {
  static let byKey: [String: DeckEntry] = {
    var out: [String: DeckEntry] = [:]
    for e in DemoDeck.entries where out[VocabularyWord.key(e.english)] == nil { out[VocabularyWord.key(e.english)] = e }
    return out
  }()

  /// The list's entry for an English word or phrase (compared as word keys), or nil.
  public static func entry(_ english: String) -> DeckEntry? { byKey[VocabularyWord.key(english)] }

  /// How many words the list holds.
  public static var count: Int { DemoDeck.entries.count }
}
