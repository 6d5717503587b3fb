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
  /// Quran: ayahs where the last recitation covering them had mistakes ("watch 78:5, 78:9"),
  /// in mushaf order (absent: none).
  public var watch: [String]? = nil
}

/// Why an item is in the plan: a stable code, facts for translations, and the English text
/// rendered from the catalog (`text` output renders the same code and facts in any language).
public struct DailyPlanReason: Sendable, Hashable, Codable {
  /// The planner's own reason code (one enum per domain, reused, not copied): the JSON carries
  /// its raw value (`due` is both a Quran unit's and a word's; the item says which: words have
  /// `english`).
  public enum Code: Sendable, Hashable {
    case quran(QuranReason.Code)
    case vocabulary(VocabularyReason.Code)

    // The codes only one domain has, by name (`due` is both: say `.quran(.due)` or `.vocabulary(.due)`).
    public static let dueAndNeeded = Code.vocabulary(.dueAndNeeded)
    public static let newNeeded = Code.vocabulary(.newNeeded)
    public static let new = Code.vocabulary(.new)

    public init(_ quran: QuranReason.Code) { self = .quran(quran) }
    public init(_ vocabulary: VocabularyReason.Code) { self = .vocabulary(vocabulary) }

    public var rawValue: String {
      switch self {
      case .quran(let c): c.rawValue
      case .vocabulary(let c): c.rawValue
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
  /// Quran repeated lesson: the day of the failed lesson and its memory mistakes.
  public var date: EpochDay? = nil
  public var mistakes: Int? = nil
  /// Quran unstable recent lesson: the memory grade (1–4) of its last revision.
  public var lastGrade: Int? = nil
  /// Vocabulary: true for a leech (a word failed again and again; the text says to relearn
  /// or suspend it); absent otherwise.
  public var leech: Bool? = nil
}

extension DailyPlanReason.Code: Codable {
  /// A code the Quran planner knows reads as the Quran's (`due` too: ``DailyPlanItem`` reads it
  /// back as the vocabulary's on a word).
  public init(from decoder: any Decoder) throws {
    let raw = try decoder.singleValueContainer().decode(String.self)
    if let q = QuranReason.Code(rawValue: raw) { self = .quran(q); return }
    if let v = VocabularyReason.Code(rawValue: raw) { self = .vocabulary(v); return }
    throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "unknown reason code '\(raw)'"))
  }
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.singleValueContainer()
    try c.encode(rawValue)
  }
}

extension DailyPlanItem {
  enum CodingKeys: String, CodingKey {
    case id, ranges, unit, lines, english, translations, direction, estimatedSeconds, reason, overBudget, units, weakUnits, optional, watch
  }
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    id = try c.decode(String.self, forKey: .id)
    ranges = try c.decodeIfPresent([AyahRange].self, forKey: .ranges)
    unit = try c.decodeIfPresent(String.self, forKey: .unit)
    lines = try c.decodeIfPresent(Double.self, forKey: .lines)
    english = try c.decodeIfPresent(String.self, forKey: .english)
    translations = try c.decodeIfPresent([String].self, forKey: .translations)
    direction = try c.decodeIfPresent(CardDirection.self, forKey: .direction)
    estimatedSeconds = try c.decode(Int.self, forKey: .estimatedSeconds)
    reason = try c.decode(DailyPlanReason.self, forKey: .reason)
    overBudget = try c.decode(Bool.self, forKey: .overBudget)
    units = try c.decodeIfPresent([String].self, forKey: .units)
    weakUnits = try c.decodeIfPresent([String].self, forKey: .weakUnits)
    optional = try c.decodeIfPresent(Bool.self, forKey: .optional)
    watch = try c.decodeIfPresent([String].self, forKey: .watch)
    // A word's code is the vocabulary's, whichever domain also has that name (`due`).
    if english != nil, case .quran(let q) = reason.code, let v = VocabularyReason.Code(rawValue: q.rawValue) {
      reason.code = .vocabulary(v)
    }
  }
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
  /// The first day on which everything due fits the budget again and nothing waits (nil:
  /// caught up, or not within the horizon, or never at this budget: see `clears`).
  public var catchUpDate: EpochDay?
  /// True only when nothing is deferred or paused today: no due item left out, no Quran
  /// revision backlog, no new lesson paused or waiting.
  public var caughtUp: Bool
  /// The Quran goal's projected completion at the current pace.
  public var goalDate: EpochDay?
  public var targetDate: EpochDay?
  public var targetReachable: Bool?
  /// Work waiting for the coming days, in whole minutes (rounded up): the due items left out
  /// today and the Quran's revision backlog (nil: none).
  public var backlogMinutes: Int? = nil
  /// False when the backlog cannot clear within the budget at all (a revision cycle that does
  /// not fit): then `proposedMinutes` (Quran minutes a day that would fit the cycle) and
  /// `proposedCycleDays` (the shortest cycle that fits today's minutes) say what would.
  public var clears: Bool? = nil
  public var proposedMinutes: Int? = nil
  public var proposedCycleDays: Int? = nil
  /// The Quran pace (lines a day), over the last `paceWindowDays` real days (plus
  /// `pacePriorDays` at the earned lesson size in the first two weeks).
  public var linesPerDay: Double? = nil
  public var paceWindowDays: Int? = nil
  public var pacePriorDays: Int? = nil
  /// Lines a day needed to meet the target date.
  public var requiredLinesPerDay: Double? = nil
}

/// Something the learner should know about today's plan.
public struct DailyPlanNote: Sendable, Hashable, Codable {
  /// The composition's own notes, and the Quran planner's (its own code, reused, not copied;
  /// the JSON carries `quran.` + its raw value).
  public enum Code: Sendable, Hashable {
    case planShortened
    case overBudgetItem
    case newMaterialPaused
    case deferred
    /// Nothing planned and no Quran goal: what to set (a new learner).
    case noGoal
    case quran(QuranPlanNote.Code)

    public var rawValue: String {
      switch self {
      case .planShortened: "plan-shortened"
      case .overBudgetItem: "over-budget-item"
      case .newMaterialPaused: "new-material-paused"
      case .deferred: "deferred"
      case .noGoal: "no-goal"
      case .quran(let c): "quran." + c.rawValue
      }
    }

    public init?(rawValue: String) {
      switch rawValue {
      case "plan-shortened": self = .planShortened
      case "over-budget-item": self = .overBudgetItem
      case "new-material-paused": self = .newMaterialPaused
      case "deferred": self = .deferred
      case "no-goal": self = .noGoal
      default:
        guard rawValue.hasPrefix("quran."), let c = QuranPlanNote.Code(rawValue: String(rawValue.dropFirst(6))) else { return nil }
        self = .quran(c)
      }
    }
  }
  public var code: Code
  /// English, from the catalog (text output renders the code and facts in the plan's language).
  public var text: String
  /// A Quran note's facts (days, minutes, dates), as the Quran planner gave them.
  public var quran: QuranPlanNote? = nil

  public init(code: Code, text: String, quran: QuranPlanNote? = nil) {
    self.code = code; self.text = text; self.quran = quran
  }
}

extension DailyPlanNote.Code: Codable {
  public init(from decoder: any Decoder) throws {
    let raw = try decoder.singleValueContainer().decode(String.self)
    guard let c = Self(rawValue: raw) else {
      throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "unknown note code '\(raw)'"))
    }
    self = c
  }
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.singleValueContainer()
    try c.encode(rawValue)
  }
}

public struct DailyPlanParameters: Sendable, Hashable, Codable {
  /// `defaults`, `profile` (set in the profile) or `fitted` (refitted from the history).
  public var source: String
  /// Reviews the fit used (fitted only).
  public var reviews: Int?
  public init(source: String, reviews: Int? = nil) { self.source = source; self.reviews = reviews }
}
