import Foundation
import MemoryModels
import PlannerCore

/// One dictionary word as the vocabulary planner sees it: the learner fold's derived state.
public struct VocabularyWord: Sendable, Hashable, Codable {
  /// The English word or phrase, as added (the word's identity, compared case-insensitively).
  public var english: String
  /// Accepted Ukrainian translations, the first being the one shown and hinted.
  public var translations: [String]
  public var addedAt: Date
  /// The seed app's popularity (see ``Popularity``).
  public var popularity: Int
  /// FSRS-6 memory state; nil until the word's first review (a new word).
  public var memory: MemoryState?
  /// When the last review that reached the memory model happened.
  public var lastReviewedAt: Date?
  /// That review's rating.
  public var lastRating: Rating?
  /// Place in the deck it was imported from (new words are introduced in deck order); nil for
  /// a word added by hand.
  public var rank: Int?
  /// Learning days whose rating reached the model, and those rated Again (``Leech``).
  public var reviewDays: Int
  public var lapses: Int
  /// Suspended by the learner: out of plans and reminders until unsuspended.
  public var suspended: Bool

  public init(
    english: String, translations: [String], addedAt: Date, popularity: Int = 0,
    memory: MemoryState? = nil, lastReviewedAt: Date? = nil, lastRating: Rating? = nil,
    rank: Int? = nil, reviewDays: Int = 0, lapses: Int = 0, suspended: Bool = false
  ) {
    self.rank = rank
    self.reviewDays = reviewDays
    self.lapses = lapses
    self.suspended = suspended
    self.english = english
    self.translations = translations
    self.addedAt = addedAt
    self.popularity = popularity
    self.memory = memory
    self.lastReviewedAt = lastReviewedAt
    self.lastRating = lastRating
  }

  /// The identity key: trimmed, case-folded English.
  public var key: String { VocabularyWord.key(english) }

  public static func key(_ english: String) -> String {
    if isPlainWordKey(english) { return english }  // hot (every word, several times a plan)
    return english.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
      .split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
  }
}

/// Validation shared by the commands that take words and translations.
public enum VocabularyValidation {
  /// Trimmed English text; an error if empty.
  public static func english(_ text: String, keyPath: String = "english") throws(PlanEngineError) -> String {
    let t = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !t.isEmpty else { throw .invalidValue(keyPath: keyPath, value: text, expected: "a non-empty English word or phrase") }
    return t
  }

  /// Trimmed translations, duplicates (as the checker folds them) removed, first kept; an error
  /// if the list or any translation is empty.
  public static func translations(_ list: [String], keyPath: String = "ukrainian") throws(PlanEngineError) -> [String] {
    guard !list.isEmpty else { throw .invalidValue(keyPath: keyPath, value: "", expected: "at least one Ukrainian translation") }
    var seen: [String] = []
    var out: [String] = []
    for (i, raw) in list.enumerated() {
      let t = raw.trimmingCharacters(in: .whitespacesAndNewlines)
      guard !t.isEmpty else {
        throw .invalidValue(keyPath: "\(keyPath)[\(i)]", value: raw, expected: "a non-empty Ukrainian translation")
      }
      let folded = UkrainianText.folded(t)
      if !seen.contains(folded) {
        seen.append(folded)
        out.append(t)
      }
    }
    return out
  }

  /// The word with this English text, or `PlanEngineError.unknownWord`.
  public static func word(_ english: String, in words: [VocabularyWord]) throws(PlanEngineError) -> VocabularyWord {
    let key = VocabularyWord.key(english)
    guard let w = words.first(where: { $0.key == key }) else { throw .unknownWord(english) }
    return w
  }
}
