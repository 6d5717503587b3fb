import Foundation
import PlannerCore
import Vocabulary

/// The bad-word rules (``VocabularyValidation``, ``DeckTag``) applied to an event about to be
/// recorded, whatever it came from (the command line, `record --events`, an app): the log
/// reader stays lenient, so a line written before the rules existed still loads.
extension EventPayload {
  /// The first word, translation or tag of this payload that breaks the rules, as the key path
  /// inside the event (`payload.english`, `payload.ukrainian[1]`, `payload.tags[0]`) and what
  /// was expected; nil when every one is fine (or the event carries none).
  public var wordProblem: (keyPath: String, expected: String)? {
    func english(_ e: String) -> (String, String)? {
      VocabularyValidation.problem(in: e, maximum: VocabularyValidation.maximumEnglishLength)
        .map { ("payload.english", "an English word or phrase: " + $0) }
    }
    func translations(_ list: [String]?, key: String = "payload.ukrainian") -> (String, String)? {
      for (i, t) in (list ?? []).enumerated() {
        if let problem = VocabularyValidation.problem(in: t, maximum: VocabularyValidation.maximumTranslationLength) {
          return ("\(key)[\(i)]", "a Ukrainian translation: " + problem)
        }
      }
      return nil
    }
    switch self {
    case .wordAdded(let e, let uk, _), .wordEdited(let e, let uk):
      return english(e) ?? translations(uk)
    case .wordLookedUp(let e, let uk):
      return english(e) ?? translations(uk)
    case .wordTagged(let e, _), .wordUntagged(let e, _):
      return english(e)  // the tags are checked when the line is read
    case .wordDeleted(let e), .wordOpened(let e), .wordKnown(let e), .wordUnknown(let e), .wordReset(let e),
      .wordSuspended(let e), .wordUnsuspended(let e), .wordQuizzed(let e, _, _, _):
      return english(e)
    case .eventCorrected(_, let replacement?):
      return replacement.wordProblem.map { ("payload." + $0.keyPath, $0.expected) }
    default:
      return nil
    }
  }

  /// The translations this payload adds or sets that have no Cyrillic letter (allowed, with a
  /// warning: ``VocabularyValidation/nonCyrillic(_:)``).
  public var nonCyrillicTranslations: [String] {
    switch self {
    case .wordAdded(_, let uk, _), .wordEdited(_, let uk): return VocabularyValidation.nonCyrillic(uk)
    case .wordLookedUp(_, let uk?): return VocabularyValidation.nonCyrillic(uk)
    default: return []
    }
  }
}
