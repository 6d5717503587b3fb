import Hifz
import PlannerCore
import Vocabulary
/// One learner's plan for one learning day: the Quran and vocabulary parts composed within the
/// day's minutes (see docs/plans.md, schema in docs/schema/plan.schema.json).
///
/// Codable and versioned. Every list is in a fixed order, so the same inputs give the same
/// bytes: sections in the order of ``DailyPlanSection/Kind``, items in the order to do them.
public struct DailyPlan: Sendable, Hashable, Codable {
  public static let currentVersion = 1

  public var version: Int = DailyPlan.currentVersion
  public var learner: String
  public var date: EpochDay
  /// `en`, `ar` or `uk`: the language of the text output (the JSON's texts are English).
  public var locale: String
  public var budget: DailyPlanBudget
  /// Only sections with items, in the order new lesson, recent revision, old revision,
  /// vocabulary reviews, new words.
  public var sections: [DailyPlanSection]
  public var totals: DailyPlanTotals
  public var reminders: [DailyPlanReminder]
  public var audio: QuranAudioManifest?
  public var forecast: DailyPlanForecast
  public var notes: [DailyPlanNote]
  /// Where the memory-model parameters came from.
  public var parameters: DailyPlanParameters
  /// One line: the date, what to do, how long.
  public var summary: String

  /// Every item of every section, in order.
  public var items: [DailyPlanItem] { sections.flatMap(\.items) }
}

/// The day's minutes and how they were decided.
public struct DailyPlanBudget: Sendable, Hashable, Codable {
  /// `mon` … `sun`.
  public var weekday: String
  /// The profile's minutes for that weekday (per-weekday budget or the daily one).
  public var profileMinutes: Int
  /// The minutes actually planned for: smaller when the learner usually finishes less.
  public var minutes: Double
  public var seconds: Int
  /// The share of recent plans the learner finished (nil until there is evidence).
  public var completion: Double?
  /// The factor applied to the profile's minutes (1 unless shortened).
  public var factor: Double
}

public struct DailyPlanSection: Sendable, Hashable, Codable {
  public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
    // The order of the day is the order of value (docs/quran-planner.md): a learner who stops
    // early drops the least valuable work. Recent revision, old revision, then the new lesson.
    case quranRecentRevision = "quran.recent"
    case quranOldRevision = "quran.old"
    case quranNewLesson = "quran.new"
    case vocabularyReviews = "vocabulary.reviews"
    case vocabularyNewWords = "vocabulary.new"
  }
  public var kind: Kind
  public var items: [DailyPlanItem]
  public var seconds: Int
}

/// One thing to do.
public struct DailyPlanItem: Sendable, Hashable, Codable {
  /// Stable identity, used by `plan.itemDone` / `plan.itemSkipped` events:
  /// `quran:new:78:1-5`, `quran:recent:78:1-5`, `quran:old:p582`, `word:apple`, `new-word:apple`.
  public var id: String
  /// Quran: the ranges to recite (in JSON their canonical text); nil for words.
  public var ranges: [AyahRange]?
  /// Quran old revision: the review unit (`p582`, `s114`).
  public var unit: String?
  /// Quran: mushaf lines.
  public var lines: Double?
  /// Vocabulary: the English word and its Ukrainian translations.
  public var english: String?
  public var translations: [String]?
  /// Vocabulary: `reverse` when the card shows the translations and asks for the English
  /// (profile key `vocabulary.cards`); absent for the usual card.
  public var direction: CardDirection?
  public var estimatedSeconds: Int
  public var reason: DailyPlanReason
  /// The one item allowed to exceed the day's budget alone (the plan's only item).
  public var overBudget: Bool
  /// Quran old revision: every review unit of the passage, and the weak ones to listen to
  /// closely (absent for words and single units without weak flags).
  public var units: [String]? = nil
  public var weakUnits: [String]? = nil
  /// True for "if time allows" work (absent: must-do).
  public var optional: Bool? = nil
}

/// Why an item is in the plan: a stable code, facts for translations, and English text.
public struct DailyPlanReason: Sendable, Hashable, Codable {
  /// The planners' reason codes in one enum (raw value: the JSON's string). `due` is both a
  /// Quran unit's and a word's; the item says which (words have `english`).
  public enum Code: String, Sendable, Hashable, Codable, CaseIterable {
    case newLesson = "new-lesson"
    case repeatLesson = "repeat-lesson"
    case recent
    case unstable
    case due
    case coverage
    case neverRevised = "never-revised"
    case atRisk = "at-risk"
    case portion
    case dueAndNeeded
    case newNeeded
    case new

    public init(_ quran: QuranReason.Code) {
      switch quran {
      case .newLesson: self = .newLesson
      case .repeatLesson: self = .repeatLesson
      case .recent: self = .recent
      case .unstable: self = .unstable
      case .due: self = .due
      case .coverage: self = .coverage
      case .neverRevised: self = .neverRevised
      case .atRisk: self = .atRisk
      case .portion: self = .portion
      }
    }

    public init(_ vocabulary: VocabularyReason.Code) {
      switch vocabulary {
      case .due: self = .due
      case .dueAndNeeded: self = .dueAndNeeded
      case .newNeeded: self = .newNeeded
      case .new: self = .new
      }
    }
  }
  public var code: Code
  public var text: String
  /// Predicted recall today (three decimals).
  public var retrievability: Double?
  /// Days since the last review or lesson.
  public var days: Int?
  /// Vocabulary popularity.
  public var popularity: Int?
}

public struct DailyPlanTotals: Sendable, Hashable, Codable {
  public var items: Int
  public var seconds: Int
  /// Due work left for the coming days.
  public var deferredItems: Int
  public var deferredSeconds: Int
}

public struct DailyPlanReminder: Sendable, Hashable, Codable {
  /// ISO 8601 with the learner's offset.
  public var at: String
  /// `HH:MM`, the learner's local time.
  public var localTime: String
  public var english: String
  /// `translation` or `hint`.
  public var mode: String
  public var text: String
  public var actions: [String]
  public init(at: String, localTime: String, english: String, mode: String, text: String, actions: [String]) {
    self.at = at; self.localTime = localTime; self.english = english; self.mode = mode; self.text = text; self.actions = actions
  }
}

public struct DailyPlanForecast: Sendable, Hashable, Codable {
  /// The first day on which everything due fits the budget again (nil: nothing deferred, or
  /// not within the horizon; see `caughtUp`).
  public var catchUpDate: EpochDay?
  /// True when nothing is deferred today.
  public var caughtUp: Bool
  /// The Quran goal's projected completion at the current pace.
  public var goalDate: EpochDay?
  public var targetDate: EpochDay?
  public var targetReachable: Bool?
}

/// Something the learner should know about today's plan.
public struct DailyPlanNote: Sendable, Hashable, Codable {
  /// The composition's own notes, and the Quran planner's that still hold in the day's plan
  /// (`quran.` + its code). Raw value: the JSON's string.
  public enum Code: String, Sendable, Hashable, Codable, CaseIterable {
    case planShortened = "plan-shortened"
    case overBudgetItem = "over-budget-item"
    case newMaterialPaused = "new-material-paused"
    case deferred
    case quranNewLessonPaused = "quran.new-lesson-paused"
    case quranNewLessonShortened = "quran.new-lesson-shortened"
    case quranRecentFailing = "quran.recent-failing"
    case quranRecentDeferred = "quran.recent-deferred"
    case quranCycleDoesNotFit = "quran.cycle-does-not-fit"
    case quranGoalComplete = "quran.goal-complete"
    case quranTargetUnreachable = "quran.target-unreachable"
    case quranLessonRepeated = "quran.lesson-repeated"
    /// Nothing planned and no Quran goal: what to set (a new learner).
    case noGoal = "no-goal"

    /// A Quran planner note as the daily plan carries it; nil for the two the composition
    /// decides itself over the whole day (the over-budget item and the backlog).
    public init?(quran: QuranPlanNote.Code) {
      switch quran {
      case .newLessonPaused: self = .quranNewLessonPaused
      case .newLessonShortened: self = .quranNewLessonShortened
      case .recentFailing: self = .quranRecentFailing
      case .recentDeferred: self = .quranRecentDeferred
      case .cycleDoesNotFit: self = .quranCycleDoesNotFit
      case .goalComplete: self = .quranGoalComplete
      case .targetUnreachable: self = .quranTargetUnreachable
      case .lessonRepeated: self = .quranLessonRepeated
      case .overBudgetItem, .backlog: return nil
      }
    }
  }
  public var code: Code
  public var text: String
}

public struct DailyPlanParameters: Sendable, Hashable, Codable {
  /// `defaults`, `profile` (set in the profile) or `fitted` (refitted from the history).
  public var source: String
  /// Reviews the fit used (fitted only).
  public var reviews: Int?
  public init(source: String, reviews: Int? = nil) { self.source = source; self.reviews = reviews }
}
