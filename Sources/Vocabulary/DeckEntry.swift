/// One word of an imported deck: an English word or phrase and its accepted translations.
public struct DeckEntry: Sendable, Hashable, Codable {
  public var english: String
  public var ukrainian: [String]

  public init(english: String, ukrainian: [String]) {
    self.english = english
    self.ukrainian = ukrainian
  }
}

/// What importing a deck does to a dictionary.
public enum DeckChange: Sendable, Hashable {
  /// A word not in the dictionary: add it.
  case add(DeckEntry)
  /// A word already there that gains translations: `translations` is the full new list
  /// (the existing ones first, in their order, then the new ones).
  case addTranslations(english: String, translations: [String])
}
