import Foundation
import Hifz
import LearnerStore
import PlannerCore

/// How one simulated learner behaves: drawn from the seed, written to the truth file, and
/// partly visible in the learner's profile (budget, Quran share, timezone, goal).
public struct SimulatedLearner: Sendable, Equatable {
  public var index: Int
  public var id: String
  /// α: positive remembers better (items are effectively easier), N(0, 0.35²).
  public var ability: Double
  /// The daily budget in minutes (the profile's `dailyMinutes`).
  public var dailyMinutes: Int
  /// Share of the budget given to the Quran (0: vocabulary only, 1: Quran only).
  public var quranShare: Double
  /// Probability of skipping a day outright.
  public var skipProbability: Double
  /// First day (0-based) of a two-week holiday, when the run is long enough (≥ 60 days).
  public var holidayStart: Int?
  public var holidayDays: Int
  /// How much of a plan they usually finish (share of its estimated time; 1: all of it). Each
  /// day's willingness is this times a factor from 0.8 to 1.25, at most 1.
  public var completion: Double
  /// Time they give before stopping, as a multiple of the budget.
  public var timeTolerance: Double
  /// Local hour their session usually starts.
  public var hour: Int
  public var timezone: String
  /// Their own pace: seconds to memorise a new line, to recite a known line, to answer a word.
  public var secondsPerNewLine: Double
  public var secondsPerRevisedLine: Double
  public var secondsPerWord: Double
  public var newWordsPerDay: Int
  /// Juz memorised before the start (30 counts down: [30] is juz 30 only); empty: none.
  public var memorisedJuz: [Int]
  /// A change of budget for a while (the benchmark's `budget-triples` / `budget-halves`): the
  /// learner sets the new daily minutes (and Quran minutes) in their profile, as `planner
  /// configure` would, and sets them back when it ends. Nil: the budget never changes.
  public var budgetChange: BudgetChange? = nil

  /// A budget multiplied by `factor` on day indices `start ..< start + days`.
  public struct BudgetChange: Sendable, Equatable {
    public var start: Int
    public var days: Int
    public var factor: Double
    public init(start: Int, days: Int, factor: Double) { self.start = start; self.days = days; self.factor = factor }
  }

  /// The daily budget in force on day index `d` (the profile's `dailyMinutes` that day).
  public func dailyMinutes(on d: Int) -> Int {
    guard let c = budgetChange, d >= c.start, d < c.start + c.days else { return dailyMinutes }
    return Swift.max(1, Int((Double(dailyMinutes) * c.factor).rounded()))
  }

  public func onHoliday(_ dayIndex: Int) -> Bool {
    guard let s = holidayStart else { return false }
    return dayIndex >= s && dayIndex < s + holidayDays
  }

  /// Quran minutes of the budget.
  public var quranMinutes: Int { Int((Double(dailyMinutes) * quranShare).rounded()) }

  /// Quran minutes of the budget in force on day index `d`.
  public func quranMinutes(on d: Int) -> Int { Int((Double(dailyMinutes(on: d)) * quranShare).rounded()) }

  /// Draws learner `index` of a population.
  public static func draw(index: Int, count: Int, days: Int, seed: UInt64) -> SimulatedLearner {
    var rng = SplitMix64(keys: seed, 0x4C45_4152, UInt64(index))
    let width = max(4, String(count).count)
    let number = String(index + 1)
    let id = "learner-" + String(repeating: "0", count: max(0, width - number.count)) + number
    let ability = 0.35 * SimulationRandom.normal(&rng)
    let minutes = SimulationRandom.pick(&rng, [10, 15, 20, 20, 30, 30, 30, 45, 60])
    let mix = rng.nextDouble()
    let share = mix < 0.4 ? 1.0 : (mix < 0.6 ? 0.0 : SimulationRandom.uniform(&rng, 0.5, 0.8))
    let skip = SimulationRandom.uniform(&rng, 0.02, 0.3)
    let holiday = days >= 60 ? Int(SimulationRandom.uniform(&rng, 0.3, 0.6) * Double(days)) : nil
    let cont = min(1, SimulationRandom.uniform(&rng, 0.6, 1.25))
    let tolerance = SimulationRandom.uniform(&rng, 0.9, 1.3)
    let hour = SimulationRandom.pick(&rng, [5, 6, 7, 8, 13, 17, 20, 21])
    let tz = SimulationRandom.pick(&rng, ["UTC", "Europe/Kyiv", "Asia/Riyadh", "America/New_York", "Asia/Karachi"])
    let perNew = 120 * exp(0.3 * SimulationRandom.normal(&rng) - 0.3 * ability)
    let perRev = 15 * exp(0.25 * SimulationRandom.normal(&rng))
    let perWord = 10 * exp(0.3 * SimulationRandom.normal(&rng))
    let words = SimulationRandom.pick(&rng, [3, 5, 5, 8, 10])
    let m = rng.nextDouble()
    let juz: [Int] = share == 0 || m < 0.6 ? [] : (m < 0.85 ? [30] : [30, 29, 28])
    return SimulatedLearner(
      index: index, id: id, ability: ability, dailyMinutes: minutes, quranShare: share, skipProbability: skip,
      holidayStart: holiday, holidayDays: 14, completion: cont, timeTolerance: tolerance, hour: hour,
      timezone: tz, secondsPerNewLine: perNew, secondsPerRevisedLine: perRev, secondsPerWord: perWord,
      newWordsPerDay: words, memorisedJuz: juz)
  }

  /// The learner's profile: what the planner may know (never the hidden memory). `day`: the
  /// profile as set on that day index (the budget in force, ``dailyMinutes(on:)``); `settings`:
  /// `planner config` settings every simulated learner takes on top (`simulate --set`).
  public func profile(start: EpochDay, desiredRetention: Double? = nil, day: Int = 0,
                      settings overrides: [(key: String, value: String)] = []) throws(PlanEngineError) -> LearnerProfile {
    var p = LearnerProfile(id: id)
    p.timezone = timezone
    p.dailyMinutes = dailyMinutes(on: day)
    var settings = QuranSettings(dailyMinutes: Double(quranMinutes(on: day)))
    if let r = desiredRetention {
      settings.desiredRetention = r
      p.retention.vocabulary = r
    }
    let memorised = memorisedJuz.compactMap { Quran.juz($0) }.map { MemorisedRange($0) }
    let goal = quranShare > 0 ? QuranGoal(direction: .fromAnNas, memorised: memorised, startDate: start) : nil
    p.quran = LearnerQuranProfile(goal: goal, settings: settings)
    p.vocabulary.newWordsPerDay = quranShare < 1 ? newWordsPerDay : 0
    if !overrides.isEmpty { try p.set(overrides, today: start) }
    return p
  }
}
