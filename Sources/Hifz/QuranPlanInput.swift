import MemoryModels
import PlannerCore

/// Where the learner starts and which way they go.
public enum QuranDirection: String, Sendable, Hashable, Codable, CaseIterable {
  /// Surah 114 first, then 113, … (each surah read from its first ayah): the usual way into juz 30.
  case fromAnNas = "from-an-nas"
  /// Mushaf order from 1:1.
  case fromAlFatiha = "from-al-fatiha"
  /// The goal's own list of surahs, in the order given.
  case custom
}

/// Material the learner already holds, with how well they say they hold it.
public struct MemorisedRange: Sendable, Hashable, Codable {
  public var range: AyahRange
  /// The learner's own rating (again = shaky … easy = solid); nil counts as good.
  public var selfRating: Rating?
  /// When the learner memorised (or last revised) it, if they know: the declared strength is
  /// counted from this day (JSON `memorisedOn`, `"YYYY-MM-DD"`; missing: the goal's start).
  public var memorisedOn: EpochDay?
  public init(_ range: AyahRange, selfRating: Rating? = nil, memorisedOn: EpochDay? = nil) {
    self.range = range; self.selfRating = selfRating; self.memorisedOn = memorisedOn
  }
}

/// The learner's Quran goal (part of the profile).
public struct QuranGoal: Sendable, Hashable {
  public var direction: QuranDirection
  /// For `.custom`: the surahs in learning order.
  public var surahs: [Int]
  /// Limits the goal, e.g. `juz30`; nil: the whole Quran (or the custom surahs).
  public var scope: AyahRange?
  public var memorised: [MemorisedRange]
  /// "juz 30 by 2027-06-01": the day the goal should be complete.
  public var targetDate: EpochDay?
  /// The day the goal was set: memorised material without a recorded revision is spread over
  /// the first cycle from this day.
  public var startDate: EpochDay

  public init(direction: QuranDirection, surahs: [Int] = [], scope: AyahRange? = nil,
              memorised: [MemorisedRange] = [], targetDate: EpochDay? = nil, startDate: EpochDay) {
    self.direction = direction; self.surahs = surahs; self.scope = scope
    self.memorised = memorised; self.targetDate = targetDate; self.startDate = startDate
  }
}

/// The learner's Quran settings (part of the profile).
public struct QuranSettings: Sendable, Hashable {
  /// Minutes a day for the Quran (the daily plan gives the Quran its share of the budget).
  public var dailyMinutes: Double
  /// Recall probability old revision aims for (a unit is due below it). 0.85: the benchmark's
  /// knowledge-per-minute curve (docs/plans.md, "Desired retention"); was 0.95, which spent the
  /// minutes on revision that new lines would have held more with.
  public static let defaultDesiredRetention = 0.85
  public var desiredRetention: Double = QuranSettings.defaultDesiredRetention
  /// No memorised page goes longer than this without revision (but see `stableCycleDays`).
  public var cycleDays: Int = 30
  /// Opt-in: a strong page, one whose recall by the learner's model would still be at least
  /// `stableRecall` at the end of the cycle, may wait past `cycleDays` until its recall falls
  /// to `stableRecall`, up to this many days (from `cycleDays` to twice it). nil: every page
  /// within `cycleDays`, as a teacher's rotation. More new lines for the minutes, longer gaps
  /// (docs/plans.md, "Strong pages on a longer cycle").
  public var stableCycleDays: Int?
  /// The recall a strong page keeps at the end of its longer cycle (`stableCycleDays`).
  public static let stableRecall = 0.90
  /// New lessons are revised every day (sabqi) for this many days, and longer until stable.
  public var recentWindowDays: Int = 7
  /// Longest new lesson, in lines: a real maximum, except a single ayah longer than it (2:282),
  /// which is then a lesson alone; also the longest surah kept whole (`LessonSizer`).
  /// 6 (was 30, two pages): a line of an n-line lesson holds less the longer the lesson, so
  /// shorter lessons hold more lines per minute in the policy benchmark (ACT-R, exponential;
  /// level to better under the power law: docs/plans.md, "Shorter lessons"); a learner who
  /// holds more sets more.
  public static let defaultMaxLessonLines = 6.0
  public var maxLessonLines: Double = QuranSettings.defaultMaxLessonLines
  /// Shortest new lesson, in lines; yields to a surah's end (a lesson that finishes a surah
  /// may be shorter).
  public var minLessonLines: Double = 2
  /// How fast the earned lesson size grows with fluent lessons: this fraction per seven fluent
  /// lessons (0.15: about a week of daily fluent lessons adds 15%).
  public var lessonGrowthPerWeek: Double = 0.15
  /// How old revision (manzil) is portioned over the days.
  public var manzilRotation: ManzilRotation = .memory
  /// What recent revision (sabqi) holds.
  public var sabqi: SabqiMode = .lastDays
  /// For `sabqi: last-lessons`: how many lessons.
  public var sabqiLessons: Int = 7
  public var reciter: String = "Husary"
  /// e.g. `https://example.org/{reciter}/{surah:03}{ayah:03}.mp3`; nil: no audio manifest.
  public var audioURLTemplate: String?

  public init(dailyMinutes: Double, desiredRetention: Double = QuranSettings.defaultDesiredRetention, cycleDays: Int = 30,
              recentWindowDays: Int = 7, maxLessonLines: Double = QuranSettings.defaultMaxLessonLines, minLessonLines: Double = 2,
              lessonGrowthPerWeek: Double = 0.15, manzilRotation: ManzilRotation = .memory,
              sabqi: SabqiMode = .lastDays, sabqiLessons: Int = 7, reciter: String = "Husary",
              audioURLTemplate: String? = nil) {
    self.dailyMinutes = dailyMinutes; self.desiredRetention = desiredRetention; self.cycleDays = cycleDays
    self.recentWindowDays = recentWindowDays; self.maxLessonLines = maxLessonLines
    self.minLessonLines = minLessonLines; self.lessonGrowthPerWeek = lessonGrowthPerWeek
    self.manzilRotation = manzilRotation; self.sabqi = sabqi; self.sabqiLessons = sabqiLessons
    self.reciter = reciter; self.audioURLTemplate = audioURLTemplate
  }

  /// Refuses settings the planner cannot honour, naming the key.
  public func validate() throws(PlanEngineError) {
    if !(dailyMinutes >= 0 && dailyMinutes <= 24 * 60) {
      throw .invalidValue(keyPath: "quran.dailyMinutes", value: "\(dailyMinutes)", expected: "minutes from 0 to 1440")
    }
    if !(desiredRetention >= 0.7 && desiredRetention <= 0.99) {
      throw .invalidValue(keyPath: "quran.desiredRetention", value: "\(desiredRetention)", expected: "a probability from 0.70 to 0.99")
    }
    if !(cycleDays >= 1 && cycleDays <= 365) {
      throw .invalidValue(keyPath: "quran.cycleDays", value: "\(cycleDays)", expected: "days from 1 to 365")
    }
    if let d = stableCycleDays, !(d >= cycleDays && d <= 2 * cycleDays) {
      throw .invalidValue(keyPath: "quran.stableCycleDays", value: "\(d)",
                          expected: "days from cycleDays (\(cycleDays)) to twice it (\(2 * cycleDays)), or nothing for off")
    }
    if !(recentWindowDays >= 1 && recentWindowDays <= 30) {
      throw .invalidValue(keyPath: "quran.recentWindowDays", value: "\(recentWindowDays)", expected: "days from 1 to 30")
    }
    if !(maxLessonLines >= 1 && maxLessonLines <= 150) {
      throw .invalidValue(keyPath: "quran.maxLessonLines", value: "\(maxLessonLines)", expected: "lines from 1 to 150")
    }
    if !(minLessonLines >= 0.5 && minLessonLines <= maxLessonLines) {
      throw .invalidValue(keyPath: "quran.minLessonLines", value: "\(minLessonLines)", expected: "lines from 0.5 to maxLessonLines (\(maxLessonLines))")
    }
    if !(lessonGrowthPerWeek >= 0 && lessonGrowthPerWeek <= 1) {
      throw .invalidValue(keyPath: "quran.lessonGrowthPerWeek", value: "\(lessonGrowthPerWeek)", expected: "a fraction from 0 to 1 (0.15 = 15% a week)")
    }
    if !(sabqiLessons >= 1 && sabqiLessons <= 60) {
      throw .invalidValue(keyPath: "quran.sabqiLessons", value: "\(sabqiLessons)", expected: "lessons from 1 to 60")
    }
    if let t = audioURLTemplate { _ = try AudioURLTemplate(parsing: t) }
  }
}

/// Which part of the day's work a recitation was.
public enum QuranTier: String, Sendable, Hashable, Codable, CaseIterable {
  /// Sabaq: the new lesson.
  case newLesson = "new"
  /// Sabqi: revision of the last lessons.
  case recentRevision = "recent"
  /// Manzil: revision of everything memorised before.
  case oldRevision = "old"
}

/// One recorded recitation, as the learner fold hands it to the planner.
public struct QuranRecitation: Sendable, Hashable, Codable {
  public var day: EpochDay
  public var range: AyahRange
  public var tier: QuranTier
  public var grade: Rating
  public var mistakes: Int
  /// Ayah ids where mistakes fell, when the app located them.
  public var mistakesAt: [Int]
  public var hesitations: Int
  public var seconds: Double?
  /// Times the teacher had to prompt (fath): memory that did not come alone, counted with
  /// `mistakes` for memory.
  public var prompts: Int
  /// Tajweed slips (pronunciation, not memory): they never lower the memory grade.
  public var tajweedMistakes: Int

  @inlinable  // (a snapshot load makes hundreds, in another module)
  public init(day: EpochDay, range: AyahRange, tier: QuranTier, grade: Rating, mistakes: Int = 0,
              mistakesAt: [Int] = [], hesitations: Int = 0, seconds: Double? = nil,
              prompts: Int = 0, tajweedMistakes: Int = 0) {
    self.day = day; self.range = range; self.tier = tier; self.grade = grade; self.mistakes = mistakes
    self.mistakesAt = mistakesAt; self.hesitations = hesitations; self.seconds = seconds
    self.prompts = prompts; self.tajweedMistakes = tajweedMistakes
  }

  /// The memory grade: the lower of the recorded grade and the one memory mistakes (mistakes
  /// and prompts, never tajweed) imply. A recitation with only tajweed slips and a lowered
  /// recorded grade counts by its memory alone (a perfectly memorised lesson is not failed
  /// for pronunciation).
  public var memoryGrade: Rating {
    let memory = mistakes + prompts
    let implied = QuranGrading.grade(mistakes: Double(memory), hesitations: Double(hesitations), lines: Quran.lines(range))
    if memory == 0 && tajweedMistakes > 0 { return implied }
    return min(grade, implied)
  }
}

/// The memory of one review unit, folded from the recitations that touched it.
public struct ReviewUnitMemory: Sendable, Hashable, Codable {
  public var unit: ReviewUnitID
  /// FSRS state; nil while the unit has no recorded review.
  public var state: MemoryState?
  public var lastReview: EpochDay?
  public var lapses: Int
  public var reviews: Int

  public init(unit: ReviewUnitID, state: MemoryState? = nil, lastReview: EpochDay? = nil, lapses: Int = 0, reviews: Int = 0) {
    self.unit = unit; self.state = state; self.lastReview = lastReview; self.lapses = lapses; self.reviews = reviews
  }
}

/// The learner's measured pace, with priors until there is data.
public struct QuranHabits: Sendable, Hashable, Codable {
  /// Seconds to memorise one mushaf line in a new lesson.
  public var secondsPerLineNew: Double
  /// Seconds to recite one mushaf line in revision.
  public var secondsPerLineRevision: Double

  /// Priors: 2 minutes a new line (a beginner's 4-line lesson in 8 minutes), 15 s a revised line
  /// (a page in under 4 minutes).
  public static let priors = QuranHabits(secondsPerLineNew: 120, secondsPerLineRevision: 15)

  public init(secondsPerLineNew: Double, secondsPerLineRevision: Double) {
    self.secondsPerLineNew = secondsPerLineNew; self.secondsPerLineRevision = secondsPerLineRevision
  }

  /// Pace measured from timed recitations: per tier, the prior counted as 3 recitations
  /// plus the last 20 timed ones, as seconds over lines (so a few fast days do not swing it).
  public static func measured(from recitations: [QuranRecitation]) -> QuranHabits {
    func pace(_ tiers: Set<QuranTier>, prior: Double) -> Double {
      // The 20 latest timed recitations, by one pass (histories run to years).
      var timed: [QuranRecitation] = []
      for r in recitations where tiers.contains(r.tier) && (r.seconds ?? 0) > 0 {
        let key = (r.day, r.range, r.seconds!)
        if timed.count == 20, let first = timed.first, (first.day, first.range, first.seconds!) >= key { continue }
        let at = timed.firstIndex { (($0.day, $0.range, $0.seconds!)) > key } ?? timed.count
        timed.insert(r, at: at)
        if timed.count > 20 { timed.removeFirst() }
      }
      var seconds = prior * 3, lines = 3.0
      for r in timed { seconds += r.seconds!; lines += Quran.lines(r.range) }
      return seconds / lines
    }
    return QuranHabits(secondsPerLineNew: pace([.newLesson], prior: priors.secondsPerLineNew),
                       secondsPerLineRevision: pace([.recentRevision, .oldRevision], prior: priors.secondsPerLineRevision))
  }
}

/// Everything the Quran planner needs for one day: plain values the learner fold fills.
public struct QuranPlanInput: Sendable, Hashable {
  public var date: EpochDay
  public var goal: QuranGoal
  public var settings: QuranSettings
  /// Memory of the units that have any; others are new or taken from the goal's self-ratings.
  public var units: [ReviewUnitMemory]
  /// Every recitation so far (order does not matter; the planner sorts).
  public var recitations: [QuranRecitation]
  public var habits: QuranHabits
  /// How often the learner practises (the forecast's practice days become calendar days).
  public var attendance = Attendance()
  public var parameters: FSRSParameters

  public init(date: EpochDay, goal: QuranGoal, settings: QuranSettings, units: [ReviewUnitMemory] = [],
              recitations: [QuranRecitation] = [], habits: QuranHabits? = nil, parameters: FSRSParameters = .defaults) {
    self.date = date; self.goal = goal; self.settings = settings; self.units = units
    // The pace as the day began: the day's own recitations do not change its plan.
    self.recitations = recitations; self.habits = habits ?? .measured(from: recitations.filter { $0.day < date })
    self.parameters = parameters
  }
}
