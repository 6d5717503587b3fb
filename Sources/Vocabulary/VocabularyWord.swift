import Foundation
import MemoryModels
import PlannerCore

/// One dictionary word as the vocabulary planner sees it: the learner fold's derived state.
public struct VocabularyWord: Sendable, Hashable, Codable {
  /// The English word or phrase, as added (the word's identity, compared case-insensitively).
  public var english: String
  /// Accepted Ukrainian translations, the first being the one shown and hinted.
  public var translations: [String] {
    get { translationList.strings }
    set { translationList = TextList(newValue) }
  }
  /// The same, possibly still encoded (a word read from a snapshot: decoded only when read).
  public var translationList: TextList
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
  /// Suspended by the learner, or in a suspended deck: out of plans and reminders until
  /// unsuspended.
  public var suspended: Bool
  /// The word's tags (decks, ``DeckTag``), in the order they were given.
  public var tags: [String]

  public init(
    english: String, translations: [String], addedAt: Date, popularity: Int = 0,
    memory: MemoryState? = nil, lastReviewedAt: Date? = nil, lastRating: Rating? = nil,
    rank: Int? = nil, reviewDays: Int = 0, lapses: Int = 0, suspended: Bool = false, tags: [String] = []
  ) {
    self.init(english: english, translationList: TextList(translations), addedAt: addedAt, popularity: popularity,
              memory: memory, lastReviewedAt: lastReviewedAt, lastRating: lastRating, rank: rank, reviewDays: reviewDays,
              lapses: lapses, suspended: suspended, tags: tags)
  }

  @inlinable  // (the learner's word list makes thousands a plan, in another module)
  public init(
    english: String, translationList: TextList, addedAt: Date, popularity: Int = 0,
    memory: MemoryState? = nil, lastReviewedAt: Date? = nil, lastRating: Rating? = nil,
    rank: Int? = nil, reviewDays: Int = 0, lapses: Int = 0, suspended: Bool = false, tags: [String] = []
  ) {
    self.tags = tags
    self.rank = rank
    self.reviewDays = reviewDays
    self.lapses = lapses
    self.suspended = suspended
    self.english = english
    self.translationList = translationList
    self.addedAt = addedAt
    self.popularity = popularity
    self.memory = memory
    self.lastReviewedAt = lastReviewedAt
    self.lastRating = lastRating
  }

  /// Deck order between two ranks (``rank``): the lower rank first, a word with a rank before
  /// one without; nil when that does not decide (equal, or neither has one).
  public static func deckOrder(_ a: Int?, _ b: Int?) -> Bool? {
    switch (a, b) {
    case let (x?, y?) where x != y: return x < y
    case (.some, nil): return true
    case (nil, .some): return false
    default: return nil
    }
  }

  /// The JSON keys: `translations` for ``translationList`` (an array of strings).
  enum CodingKeys: String, CodingKey {
    case english, translationList = "translations", addedAt, popularity, memory, lastReviewedAt, lastRating, rank,
      reviewDays, lapses, suspended, tags
  }

  /// The identity key: trimmed, case-folded English.
  public var key: String { VocabularyWord.key(english) }

  public static func key(_ english: String) -> String { wordKey(english) }
}

/// Validation shared by the commands that take words and translations.
public enum VocabularyValidation {
  /// The longest English word or phrase accepted, in characters: long enough for any phrase a
  /// learner saves, short enough that a pasted paragraph is caught.
  public static let maximumEnglishLength = 100
  /// The longest translation accepted, in characters.
  public static let maximumTranslationLength = 100
  /// The longest tag accepted, in characters.
  public static let maximumTagLength = 40

  /// What is wrong with a word, translation or tag as text (nil when nothing is): bytes that
  /// were not UTF-8 (U+FFFD, what a decoder leaves in their place), line breaks, tabs and other
  /// control characters, or more than `maximum` characters. Checked on the trimmed text.
  public static func problem(in text: String, maximum: Int) -> String? {
    if text.unicodeScalars.contains("\u{FFFD}") {
      return "valid UTF-8 text (found U+FFFD, what is left of bytes that are not UTF-8)"
    }
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}":
        return "one line of text (found a line break)"
      case "\t":
        return "text without tabs (found a tab)"
      default:
        if scalar.properties.generalCategory == .control {
          return "text without control characters (found U+\(String(scalar.value, radix: 16, uppercase: true).leftPadded(4)))"
        }
      }
    }
    let count = text.count
    if count > maximum { return "at most \(maximum) characters (found \(count))" }
    return nil
  }

  /// Trimmed English text; an error if empty, or if ``problem(in:maximum:)`` finds one.
  public static func english(_ text: String, keyPath: String = "english") throws(PlanEngineError) -> String {
    let t = text.trimmingCharacters(in: .whitespaces)
    guard !t.isEmpty else { throw .invalidValue(keyPath: keyPath, value: text, expected: "a non-empty English word or phrase") }
    if let problem = problem(in: t, maximum: maximumEnglishLength) {
      throw .invalidValue(keyPath: keyPath, value: shown(text), expected: "an English word or phrase: " + problem)
    }
    return t
  }

  /// The translations with no Cyrillic letter (`cat` typed as a translation of `cat`): allowed,
  /// since a loan word may be written in Latin, but worth a warning.
  public static func nonCyrillic(_ translations: [String]) -> [String] {
    translations.filter { !UkrainianText.hasCyrillicLetter($0) }
  }

  /// A value as an error message shows it: control characters escaped, long text cut.
  public static func shown(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if scalar.properties.generalCategory == .control {
          out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out.count > 60 ? String(out.prefix(57)) + "…" : out
  }

  /// Trimmed translations, duplicates (as the checker folds them) removed, first kept; an error
  /// if the list or any translation is empty.
  public static func translations(_ list: [String], keyPath: String = "ukrainian") throws(PlanEngineError) -> [String] {
    guard !list.isEmpty else { throw .invalidValue(keyPath: keyPath, value: "", expected: "at least one Ukrainian translation") }
    var seen: [String] = []
    var out: [String] = []
    for (i, raw) in list.enumerated() {
      let t = raw.trimmingCharacters(in: .whitespaces)
      guard !t.isEmpty else {
        throw .invalidValue(keyPath: "\(keyPath)[\(i)]", value: raw, expected: "a non-empty Ukrainian translation")
      }
      if let problem = problem(in: t, maximum: maximumTranslationLength) {
        throw .invalidValue(keyPath: "\(keyPath)[\(i)]", value: shown(raw), expected: "a Ukrainian translation: " + problem)
      }
      // `;` separates translations in decks and exports: one inside a translation would come
      // back from `words export` as two.
      if t.contains(";") {
        throw .invalidValue(
          keyPath: "\(keyPath)[\(i)]", value: shown(raw),
          expected: "one translation without `;` (give each translation as its own argument)")
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

extension String {
  /// Left-padded with zeros to `width` characters.
  fileprivate func leftPadded(_ width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}
