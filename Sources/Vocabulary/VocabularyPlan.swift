import Foundation
import PlannerCore

/// The day's vocabulary plan (Codable; the daily-plan issue embeds it as a section).
public struct VocabularyPlan: Sendable, Hashable, Codable {
  public static let currentVersion = 1
  public var version: Int
  public var date: EpochDay
  /// The vocabulary budget, in seconds.
  public var budgetSeconds: Int
  /// What to do today, reviews first (by priority), then new words.
  public var items: [VocabularyPlanItem]
  /// Due reviews that did not fit the budget, in priority order (tomorrow's first).
  public var deferred: [VocabularyPlanItem]
  /// Sum of the items' estimates.
  public var totalSeconds: Int
  /// The per-item estimates used, and where they came from.
  public var estimates: VocabularyTimeEstimates

  public init(
    date: EpochDay, budgetSeconds: Int, items: [VocabularyPlanItem], deferred: [VocabularyPlanItem],
    estimates: VocabularyTimeEstimates
  ) {
    self.version = Self.currentVersion
    self.date = date
    self.budgetSeconds = budgetSeconds
    self.items = items
    self.deferred = deferred
    self.totalSeconds = items.reduce(0) { $0 + $1.estimatedSeconds }
    self.estimates = estimates
  }
}

/// One word in the plan.
public struct VocabularyPlanItem: Sendable, Hashable, Codable {
  public enum Kind: String, Sendable, Hashable, Codable {
    case review
    case new
  }

  public var kind: Kind
  public var english: String
  public var translations: [String]
  /// ``VocabularyPriority`` on the plan day (for new words: popularity weight alone).
  public var priority: Double
  /// FSRS-6 retrievability on the plan day; nil for a new word.
  public var recall: Double?
  public var popularity: Int
  public var estimatedSeconds: Int
  public var reason: VocabularyReason
  /// True for a leech (``Leech``); absent otherwise.
  public var leech: Bool?

  public init(kind: Kind, english: String, translations: [String], priority: Double, recall: Double?, popularity: Int,
              estimatedSeconds: Int, reason: VocabularyReason, leech: Bool? = nil) {
    self.kind = kind; self.english = english; self.translations = translations; self.priority = priority
    self.recall = recall; self.popularity = popularity; self.estimatedSeconds = estimatedSeconds
    self.reason = reason; self.leech = leech
  }
}

/// Why an item is in the plan: a stable code for apps and an English sentence.
public struct VocabularyReason: Sendable, Hashable, Codable {
  public enum Code: String, Sendable, Hashable, Codable {
    /// Reached its review interval.
    case due
    /// Due, and looked up or failed since it was last known.
    case dueAndNeeded
    /// A new word the learner already reached for.
    case newNeeded
    /// A new word from the dictionary.
    case new
  }

  public var code: Code
  public var text: String

  public init(code: Code, text: String) {
    self.code = code
    self.text = text
  }
}

/// Seconds per item, from the learner's own times when there are some.
public struct VocabularyTimeEstimates: Sendable, Hashable, Codable {
  public var reviewSeconds: Int
  public var newWordSeconds: Int
  /// How many of the learner's own timed reviews went into the estimate (0: the prior alone).
  public var observedReviews: Int
}
