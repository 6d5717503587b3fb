import Foundation

/// The dictionary listing's orders (the seed app's three).
public enum WordSort: String, Sendable, Hashable, Codable, CaseIterable {
  /// Oldest added first.
  case date
  /// Alphabetically by the English word (case-insensitive).
  case alpha
  /// Most popular first.
  case popularity

  /// The words in this order; every order ends with full tie-breaks (English key, then the
  /// text as written), so the listing never depends on input order.
  public func sorted(_ words: [VocabularyWord]) -> [VocabularyWord] {
    words.sorted { a, b in
      switch self {
      case .date:
        if a.addedAt != b.addedAt { return a.addedAt < b.addedAt }
      case .popularity:
        if a.popularity != b.popularity { return a.popularity > b.popularity }
      case .alpha:
        break
      }
      if a.key != b.key { return a.key < b.key }
      return a.english < b.english
    }
  }
}
