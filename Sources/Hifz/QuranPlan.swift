import PlannerCore
/// The day's Quran plan: what to recite, in which order, for how long, and why.
///
/// Codable: it becomes the Quran section of the daily plan JSON. Every list is in a fixed order
/// (items: new lesson, recent revision, old revision; within a tier, the order to recite them).
public struct QuranPlan: Sendable, Hashable, Codable {
  public var version = 1
  public var date: EpochDay
  public var budgetSeconds: Int
  public var plannedSeconds: Int
  public var items: [QuranPlanItem]
  /// What the learner should know about today's plan (paused lesson, cycle too long, …).
  public var notes: [QuranPlanNote]
  public var cycle: QuranCycleStatus
  public var backlog: QuranBacklog?
  public var goal: QuranGoalProjection
  public var audio: QuranAudioManifest
}

public struct QuranPlanItem: Sendable, Hashable, Codable {
  public var tier: QuranTier
  /// What to recite: one range, two for a page split by a short surah (page 599).
  public var ranges: [AyahRange]
  /// The review unit, for old revision of a single unit.
  public var unit: ReviewUnitID?
  /// Old revision: every review unit of the passage, in mushaf order.
  public var units: [ReviewUnitID] = []
  /// Old revision: the units of the passage the memory model flags as weak (recall below the
  /// desired retention today), for the teacher to listen to closely.
  public var weakUnits: [ReviewUnitID] = []
  /// False for the day's must-do work; true for "if time allows" work (weak units from outside
  /// today's manzil portion), listed last, so stopping early drops the least valuable.
  public var optional: Bool = false
  /// Mushaf lines (two decimals).
  public var lines: Double
  public var estimatedSeconds: Int
  public var reason: QuranReason
  /// True for the one item allowed to exceed the day's budget on its own.
  public var overBudget: Bool
}

/// Why an item is in the plan: a stable code for apps and translations, the facts, and a short
/// English text.
public struct QuranReason: Sendable, Hashable, Codable {
  /// Why, as a stable code (its raw value is what the JSON carries).
  public enum Code: String, Sendable, Hashable, Codable, CaseIterable {
    /// Sabaq: today's new lesson.
    case newLesson = "new-lesson"
    /// Sabaq: a failed lesson, repeated until it passes.
    case repeatLesson = "repeat-lesson"
    /// Sabqi: a recent lesson.
    case recent
    /// Sabqi: a recent lesson not yet stable.
    case unstable
    /// Manzil: due by the memory model.
    case due
    /// Manzil: the cycle's coverage (not revised for too long).
    case coverage
    /// Manzil: memorised, never revised in this plan.
    case neverRevised = "never-revised"
    /// Manzil: most at risk, when the cycle does not fit.
    case atRisk = "at-risk"
    /// Manzil: today's portion of a fixed rotation (seven manzils, a juz a day, an N-day cycle).
    case portion
  }
  public var code: Code
  public var text: String
  /// Predicted recall today (three decimals), when the memory model has one.
  public var retrievability: Double?
  /// Days since the last revision, or since the lesson.
  public var days: Int?
}

public struct QuranPlanNote: Sendable, Hashable, Codable {
  /// What the note is about, as a stable code (its raw value is what the JSON carries).
  public enum Code: String, Sendable, Hashable, Codable, CaseIterable {
    case newLessonPaused = "new-lesson-paused"
    case newLessonShortened = "new-lesson-shortened"
    case recentFailing = "recent-failing"
    case recentDeferred = "recent-deferred"
    case cycleDoesNotFit = "cycle-does-not-fit"
    case backlog
    case overBudgetItem = "over-budget-item"
    case goalComplete = "goal-complete"
    case targetUnreachable = "target-unreachable"
    /// The last lesson did not pass: today's lesson is the same passage.
    case lessonRepeated = "lesson-repeated"
  }
  public var code: Code
  public var text: String
}

/// Whether the revision cycle fits the budget.
public struct QuranCycleStatus: Sendable, Hashable, Codable {
  public var cycleDays: Int
  /// Memorised units in old revision, and their total recitation time.
  public var units: Int
  public var totalSeconds: Int
  /// Seconds a day available for old revision (budget minus recent revision).
  public var availableSecondsPerDay: Int
  public var fits: Bool
  /// The shortest cycle that fits the budget, when the cycle does not (nil if nothing fits).
  public var proposedCycleDays: Int?
  /// Revision is behind: more is past its cycle (or today's rotation portion) than today holds,
  /// so the new lesson waits.
  public var behind: Bool = false
}

/// Revision left over after today, and when it will be cleared.
public struct QuranBacklog: Sendable, Hashable, Codable {
  public var deferredUnits: Int
  public var deferredSeconds: Int
  /// The first day on which everything due fits the budget (nil: not within a year).
  public var catchUpDate: EpochDay?
}

public struct QuranGoalProjection: Sendable, Hashable, Codable {
  public var totalAyahs: Int
  public var remainingAyahs: Int
  public var remainingLines: Double
  /// Lines a day at the current pace.
  public var linesPerDay: Double
  public var projectedCompletion: EpochDay?
  public var targetDate: EpochDay?
  /// Whether the projection meets the target (nil without a target).
  public var targetReachable: Bool?
  /// Lines a day needed to meet the target, and whether that fits the budget left after revision.
  public var requiredLinesPerDay: Double?
  public var requiredFitsBudget: Bool?
}

/// The per-ayah audio of every planned range, so an app can download today's audio first.
public struct QuranAudioManifest: Sendable, Hashable, Codable {
  public var reciter: String
  public var template: String?
  public var files: [QuranAudioFile]

  public init(reciter: String, template: String?, files: [QuranAudioFile]) {
    self.reciter = reciter; self.template = template; self.files = files
  }
}

public struct QuranAudioFile: Sendable, Hashable, Codable {
  /// Index of the plan item the file belongs to.
  public var item: Int
  public var ayah: AyahRef
  public var url: String
  /// True for the basmala recited before a surah's first ayah (the file is the reciter's 1:1);
  /// absent otherwise, so plans written before it load unchanged.
  public var basmala: Bool?

  public init(item: Int, ayah: AyahRef, url: String, basmala: Bool? = nil) {
    self.item = item; self.ayah = ayah; self.url = url; self.basmala = basmala
  }
}

// Plans written before passages, rotations and `behind` still load: the keys added since
// default (no units listed, none weak, must-do, not behind).
extension QuranPlanItem {
  enum CodingKeys: String, CodingKey {
    case tier, ranges, unit, units, weakUnits, optional, lines, estimatedSeconds, reason, overBudget
  }
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    tier = try c.decode(QuranTier.self, forKey: .tier)
    ranges = try c.decode([AyahRange].self, forKey: .ranges)
    unit = try c.decodeIfPresent(ReviewUnitID.self, forKey: .unit)
    units = try c.decodeIfPresent([ReviewUnitID].self, forKey: .units) ?? unit.map { [$0] } ?? []
    weakUnits = try c.decodeIfPresent([ReviewUnitID].self, forKey: .weakUnits) ?? []
    optional = try c.decodeIfPresent(Bool.self, forKey: .optional) ?? false
    lines = try c.decode(Double.self, forKey: .lines)
    estimatedSeconds = try c.decode(Int.self, forKey: .estimatedSeconds)
    reason = try c.decode(QuranReason.self, forKey: .reason)
    overBudget = try c.decode(Bool.self, forKey: .overBudget)
  }
}

extension QuranCycleStatus {
  enum CodingKeys: String, CodingKey {
    case cycleDays, units, totalSeconds, availableSecondsPerDay, fits, proposedCycleDays, behind
  }
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    cycleDays = try c.decode(Int.self, forKey: .cycleDays)
    units = try c.decode(Int.self, forKey: .units)
    totalSeconds = try c.decode(Int.self, forKey: .totalSeconds)
    availableSecondsPerDay = try c.decode(Int.self, forKey: .availableSecondsPerDay)
    fits = try c.decode(Bool.self, forKey: .fits)
    proposedCycleDays = try c.decodeIfPresent(Int.self, forKey: .proposedCycleDays)
    behind = try c.decodeIfPresent(Bool.self, forKey: .behind) ?? false
  }
}
