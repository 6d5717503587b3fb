import Foundation
import MemoryModels
import PlannerCore

/// The dictionary listing's orders (the seed app's three).
public enum WordSort: String, Sendable, Hashable, Codable, CaseIterable {
  /// Oldest added first; words added together (one import) in deck order (``VocabularyWord/rank``).
  case date
  /// Alphabetically by the English word (case-insensitive).
  case alpha
  /// Most popular first.
  case popularity
  /// The one ranking (``VocabularyPriority/ranked``): due reviews by priority, then reviewed
  /// words not due, then new words in the order they will be introduced; suspended words last.
  case priority

  /// The words in this order on `day` (only `priority` depends on the day and the model).
  public func sorted(
    _ words: [VocabularyWord], on day: EpochDay, clock: LearningDayClock, model: FSRS6, desiredRetention: Double
  ) -> [VocabularyWord] {
    guard self == .priority else { return sorted(words) }
    let ranked = VocabularyPriority.ranked(words, on: day, clock: clock, model: model, desiredRetention: desiredRetention)
    return ranked.map(\.word) + WordSort.alpha.sorted(words.filter(\.suspended))
  }

  /// The words in this order (`priority` needs a day: ``sorted(_:on:clock:model:desiredRetention:)``;
  /// here it is alphabetical); every order ends with full tie-breaks (English key, then the
  /// text as written), so the listing never depends on input order.
  public func sorted(_ words: [VocabularyWord]) -> [VocabularyWord] {
    words.sorted { a, b in
      switch self {
      case .date:
        if a.addedAt != b.addedAt { return a.addedAt < b.addedAt }
        if let first = VocabularyWord.deckOrder(a.rank, b.rank) { return first }
      case .popularity:
        if a.popularity != b.popularity { return a.popularity > b.popularity }
      case .alpha, .priority:
        break
      }
      if a.key != b.key { return a.key < b.key }
      return a.english < b.english
    }
  }
}
