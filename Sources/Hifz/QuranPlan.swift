import MemoryModels
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
  /// Ayahs of this item where the last recitation covering them had mistakes (`mistakesAt`),
  /// in mushaf order: "watch 78:5, 78:9".
  public var watch: [AyahRef] = []
}

/// Why an item is in the plan: a stable code and the facts behind it. The code is the source of
/// truth: every language renders its own text from the code and the facts (the catalogs'
/// `quran.reason.<code>` messages, through the daily plan), so there is no English text here.
public struct QuranReason: Sendable, Hashable, Codable {
  /// Why, as a stable code (its raw value is what the JSON carries).
  public enum Code: String, Sendable, Hashable, Codable, CaseIterable {
    /// Sabaq: today's new lesson (`lines`).
    case newLesson = "new-lesson"
    /// Sabaq: a failed lesson, repeated until it passes (`date` of the lesson, `mistakes`).
    case repeatLesson = "repeat-lesson"
    /// Sabqi: a recent lesson (`days` ago).
    case recent
    /// Sabqi: a recent lesson not yet stable (`days` ago, `grade` of its last revision, nil: not
    /// revised since).
    case unstable
    /// Manzil: due by the memory model (`retrievability`).
    case due
    /// Manzil: the cycle's coverage (not revised for `days`).
    case coverage
    /// Manzil: memorised, never revised in this plan.
    case neverRevised = "never-revised"
    /// Manzil: most at risk, when the cycle does not fit (`retrievability`).
    case atRisk = "at-risk"
    /// Manzil: today's portion of a fixed rotation (seven manzils, a juz a day, an N-day cycle).
    case portion
  }
  public var code: Code
  /// Predicted recall today (three decimals), when the memory model has one.
  public var retrievability: Double?
  /// Days since the last revision, or since the lesson.
  public var days: Int?
  /// New lesson: its lines (two decimals).
  public var lines: Double?
  /// Repeated lesson: the day of the failed lesson and its memory mistakes (mistakes + prompts).
  public var date: EpochDay?
  public var mistakes: Int?
  /// Unstable recent lesson: the memory grade of its last revision (nil: not revised since).
  public var grade: Rating?

  public init(code: Code, retrievability: Double? = nil, days: Int? = nil, lines: Double? = nil,
              date: EpochDay? = nil, mistakes: Int? = nil, grade: Rating? = nil) {
    self.code = code; self.retrievability = retrievability; self.days = days; self.lines = lines
    self.date = date; self.mistakes = mistakes; self.grade = grade
  }
}

/// Something the learner should know about today's plan: a stable code and its facts (the text
/// comes from the catalogs' `quran.note.<code>` messages, in the learner's language).
public struct QuranPlanNote: Sendable, Hashable, Codable {
  /// What the note is about, as a stable code (its raw value is what the JSON carries).
  public enum Code: String, Sendable, Hashable, Codable, CaseIterable {
    /// Old revision is behind (missed days, or a portion cut): no new lesson until it is caught
    /// up (the backlog says when).
    case newLessonPaused = "new-lesson-paused"
    /// The day's time cut the lesson to `lines` (about `earnedLines` earned): the budget, not
    /// the learner's mistakes.
    case newLessonShortened = "new-lesson-shortened"
    /// `count` of the last `total` recent revisions failed: no new lesson until they hold.
    case recentFailing = "recent-failing"
    /// Recent revisions came back with mistakes: the lesson is halved to about `lines` (it is
    /// still today's lesson).
    case lessonHalved = "lesson-halved"
    /// The next lesson (a short surah, never split) does not fit the time left today: it waits
    /// for a day with more time.
    case lessonWaits = "lesson-waits"
    /// `count` older recent lessons do not fit today's budget.
    case recentDeferred = "recent-deferred"
    /// Revising `count` units (`seconds`) every `days` days needs more than `limitSeconds` a day;
    /// `proposedCycleDays` / `proposedMinutes` would fit (both nil: nothing fits). For a fixed
    /// rotation (`rotation`), the day's portion does not fit `limitSeconds`.
    case cycleDoesNotFit = "cycle-does-not-fit"
    /// `count` due units (`seconds`) wait for the coming days; caught up by `date` (nil: not
    /// within the forecast's horizon).
    case backlog
    /// One item (`seconds`) is longer than the day's budget (`limitSeconds`): today's only item.
    case overBudgetItem = "over-budget-item"
    case goalComplete = "goal-complete"
    /// At `lines` a day the goal is done on `date` (nil: never), after the target `targetDate`.
    case targetUnreachable = "target-unreachable"
    /// The lesson of `date` (`count` mistakes) did not pass: today's lesson is the same passage.
    case lessonRepeated = "lesson-repeated"
  }
  public var code: Code
  public var count: Int?
  public var total: Int?
  public var seconds: Int?
  public var limitSeconds: Int?
  public var lines: Double?
  public var earnedLines: Double?
  public var days: Int?
  public var date: EpochDay?
  public var targetDate: EpochDay?
  public var proposedCycleDays: Int?
  public var proposedMinutes: Int?
  public var rotation: ManzilRotation?
  /// The items the note is about (over budget: the item's ranges).
  public var ranges: [AyahRange]?

  public init(code: Code, count: Int? = nil, total: Int? = nil, seconds: Int? = nil, limitSeconds: Int? = nil,
              lines: Double? = nil, earnedLines: Double? = nil, days: Int? = nil, date: EpochDay? = nil,
              targetDate: EpochDay? = nil, proposedCycleDays: Int? = nil, proposedMinutes: Int? = nil,
              rotation: ManzilRotation? = nil, ranges: [AyahRange]? = nil) {
    self.code = code; self.count = count; self.total = total; self.seconds = seconds; self.limitSeconds = limitSeconds
    self.lines = lines; self.earnedLines = earnedLines; self.days = days; self.date = date; self.targetDate = targetDate
    self.proposedCycleDays = proposedCycleDays; self.proposedMinutes = proposedMinutes; self.rotation = rotation
    self.ranges = ranges
  }
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
  /// The first day on which everything due fits the budget (nil: not within the horizon, or
  /// never at this budget: see `clears`).
  public var catchUpDate: EpochDay?
  /// False when the backlog cannot clear within the budget at all (the cycle does not fit):
  /// then `proposedMinutes` (Quran minutes a day that would fit the cycle) and
  /// `proposedCycleDays` (the shortest cycle that fits today's minutes) say what would.
  public var clears: Bool = true
  public var proposedMinutes: Int?
  public var proposedCycleDays: Int?

  public init(deferredUnits: Int, deferredSeconds: Int, catchUpDate: EpochDay?, clears: Bool = true,
              proposedMinutes: Int? = nil, proposedCycleDays: Int? = nil) {
    self.deferredUnits = deferredUnits; self.deferredSeconds = deferredSeconds; self.catchUpDate = catchUpDate
    self.clears = clears; self.proposedMinutes = proposedMinutes; self.proposedCycleDays = proposedCycleDays
  }
}

public struct QuranGoalProjection: Sendable, Hashable, Codable {
  public var totalAyahs: Int
  public var remainingAyahs: Int
  public var remainingLines: Double
  /// Lines a day at the current pace (`GoalTracking`: the last `paceWindowDays` real days of
  /// learned lines, plus `pacePriorDays` days at the earned lesson size in the first two weeks).
  public var linesPerDay: Double
  public var paceWindowDays: Int?
  public var pacePriorDays: Int?
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

public struct QuranAudioFile: Sendable {
  /// Index of the plan item the file belongs to.
  public var item: Int
  public var ayah: AyahRef
  public var url: String {
    get {
      switch spelled {
      case .text(let text): text
      case .template(let spelling, let id): spelling.url(ayahID: id)
      }
    }
    set { spelled = .text(newValue) }
  }
  /// True for the basmala recited before a surah's first ayah (the file is the reciter's 1:1);
  /// absent otherwise, so plans written before it load unchanged.
  public var basmala: Bool?
  /// The URL as given (decoded, or set), or as its template spells it for this ayah (a plan's
  /// files: spelled only when read or written).
  enum Spelled: Sendable {
    case text(String)
    case template(AudioURLSpelling, ayahID: Int)
  }
  var spelled: Spelled

  public init(item: Int, ayah: AyahRef, url: String, basmala: Bool? = nil) {
    self.item = item; self.ayah = ayah; self.spelled = .text(url); self.basmala = basmala
  }

  /// The file of the ayah numbered `ayahID` (``Quran``'s global number; `ayah` is its place,
  /// or 1:1 for a basmala), its URL spelled by `spelling`.
  public init(item: Int, ayah: AyahRef, ayahID: Int, spelling: AudioURLSpelling, basmala: Bool? = nil) {
    self.item = item; self.ayah = ayah; self.spelled = .template(spelling, ayahID: ayahID); self.basmala = basmala
  }

  /// Runs `body` on the URL's UTF-8 (spelled into a temporary buffer, no string made).
  public func withURL<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    switch spelled {
    case .text(var text): return text.withUTF8(body)
    case .template(let spelling, let id): return spelling.withURL(ayahID: id, body)
    }
  }
}

// Plans written before passages, rotations, `behind`, `watch` and the backlog's `clears` still
// load: the keys added since default (no units listed, none weak, must-do, not behind, nothing to
// watch, clears). Reasons and notes written with an English `text` load too (it is ignored).
extension QuranPlanItem {
  enum CodingKeys: String, CodingKey {
    case tier, ranges, unit, units, weakUnits, optional, lines, estimatedSeconds, reason, overBudget, watch
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
    watch = try c.decodeIfPresent([AyahRef].self, forKey: .watch) ?? []
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

extension QuranBacklog {
  enum CodingKeys: String, CodingKey {
    case deferredUnits, deferredSeconds, catchUpDate, clears, proposedMinutes, proposedCycleDays
  }
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    deferredUnits = try c.decode(Int.self, forKey: .deferredUnits)
    deferredSeconds = try c.decode(Int.self, forKey: .deferredSeconds)
    catchUpDate = try c.decodeIfPresent(EpochDay.self, forKey: .catchUpDate)
    clears = try c.decodeIfPresent(Bool.self, forKey: .clears) ?? true
    proposedMinutes = try c.decodeIfPresent(Int.self, forKey: .proposedMinutes)
    proposedCycleDays = try c.decodeIfPresent(Int.self, forKey: .proposedCycleDays)
  }
}
