import Foundation
import DailyPlanning
import Hifz
import PlannerCore

/// What one learner's run under one policy comes to, measured from the hidden truth only
/// (docs/simulation.md, "Benchmark metrics"): expected knowledge, minutes, revision gaps,
/// budget, backlog, recovery after the break and, for the planner, its forecasts.
public struct TruthMetrics: Sendable, Equatable {
  /// Expected Quran lines held (Σ lines × true recall) and words held (Σ true recall).
  public var linesHeldEnd = 0.0, wordsHeldEnd = 0.0
  /// The same, averaged over the sampled days of the run (every 7th day).
  public var linesHeldMean = 0.0, wordsHeldMean = 0.0
  /// The same, 30 days after the end with no reviews.
  public var linesHeldAfter30 = 0.0, wordsHeldAfter30 = 0.0
  /// Lines recitable and words known at the end: learnt lines (words) whose true recall is at
  /// least ``recitable`` (a line at recall 0.6 counts 0.6 in Σ lines × R, nothing here).
  public var linesRecitableEnd = 0.0, wordsKnownEnd = 0.0
  /// The same counts 30 days after the end with no reviews.
  public var linesRecitableAfter30 = 0.0, wordsKnownAfter30 = 0.0
  /// Lines passing: Σ over Quran units of learnt lines × the probability that a recitation of
  /// them would be graded better than Again (``HiddenMemory/linesPassing(_:on:)``), at the end
  /// and 30 days after.
  public var linesPassingEnd = 0.0, linesPassingAfter30 = 0.0
  /// Minutes recorded in recitations and in quizzes.
  public var quranMinutes = 0.0, wordMinutes = 0.0
  /// New material: mushaf lines recited as new lessons, words first quizzed.
  public var newLines = 0.0, newWords = 0
  /// Per Quran unit held: the longest gap in days between exposures (the last one runs to the
  /// end), the learner's 95th-percentile gap, and the gap distribution (``gapBuckets``).
  public var longestGap = 0, gapP95 = 0.0
  public var gapCounts = [Int](repeating: 0, count: TruthMetrics.gapBuckets.count)
  /// Page-days with true recall below 0.7 (sampled every 7th day, each sample counting 7).
  public var lowPageDays = 0
  /// Σ over active days of the minutes beyond the budget.
  public var minutesOverBudget = 0.0
  /// Mean over sampled days of the minutes of due work (items with true recall < 0.9, at the
  /// learner's own pace) beyond the budget.
  public var backlogMinutes = 0.0
  /// Days from the end of the break until the mean true recall of what was held when it began
  /// is back within 0.02 of where it was (nil: not back by the end, or no break).
  public var recoveryDays: Int?
  /// Days from the end of the break to the end of the run (the censoring time).
  public var recoveryObserved: Int?
  /// The catch-up forecast on the first day after the break, against the first day the plan
  /// was caught up: forecast − actual in days (nil: no forecast, or never caught up).
  public var catchUpError: Int?
  public var catchUpForecasts = 0, catchUpNever = 0
  /// The goal forecast on day 90, as new lines by the end, against the lines learnt.
  public var goalForecastLines: Double?
  public var goalActualLines: Double?

  /// Upper bounds of the revision-gap buckets (days; the last is open).
  public static let gapBuckets = [1, 3, 7, 14, 30, 60, 120, Int.max]
  public static let sampleEvery = 7
  public static let lowRecall = 0.7
  public static let dueRecall = 0.9
  public static let recitable = 0.8

  public init() {}

  /// Lines + words held at the end (a single knowledge figure for charts).
  public var knowledgeEnd: Double { linesHeldEnd + wordsHeldEnd }
  public var minutes: Double { quranMinutes + wordMinutes }
}

/// Collects ``TruthMetrics`` along a run (used by ``LearnerSimulation/run``).
struct TruthMeter {
  var metrics = TruthMetrics()
  let learner: SimulatedLearner
  let start: Int
  let days: Int
  var samples = 0
  var lastExposure: [String: Int] = [:]
  var gaps: [Int] = []
  var breakKeys: [String] = []
  var breakRecall = 0.0
  var caughtUpForecast: Int?
  var linesAt90: Double?
  var forecastSet = false

  init(learner: SimulatedLearner, start: Int, days: Int, hidden: HiddenMemory) {
    self.learner = learner; self.start = start; self.days = days
    for (key, item) in hidden.items where HiddenMemory.isQuran(key) { if let d = item.startLastDay { lastExposure[key] = d } }
  }

  /// At the start of day index `d`, before its work.
  mutating func startOfDay(_ d: Int, hidden: HiddenMemory) {
    let day = start + d
    if let b = learner.holidayStart, d == b {
      breakKeys = hidden.heldKeys.sorted()
      breakRecall = meanRecall(hidden, day: day)
    }
    if let b = learner.holidayStart, d >= b + learner.holidayDays, !breakKeys.isEmpty, metrics.recoveryDays == nil {
      if meanRecall(hidden, day: day) >= breakRecall - 0.02 { metrics.recoveryDays = d - b - learner.holidayDays }
    }
    guard d % TruthMetrics.sampleEvery == 0 else { return }
    samples += 1
    var lines = 0.0, words = 0.0, due = 0.0
    // In key order: a sum in Dictionary order would differ in its last bits between processes.
    for key in hidden.heldKeys.sorted() {
      let r: Double
      if let rs = hidden.lineRecalls(key, on: day) {
        // One pass over the page's lines: its lines held and its mean recall.
        let sum = rs.reduce(0, +)
        r = rs.isEmpty ? 0 : sum / Double(rs.count)
        lines += sum
        if r < TruthMetrics.lowRecall { metrics.lowPageDays += TruthMetrics.sampleEvery }
        if r < TruthMetrics.dueRecall { due += HiddenMemory.unitLines(key) * learner.secondsPerRevisedLine }
        continue
      }
      r = hidden.recall(key, on: day) ?? 0
      if HiddenMemory.isQuran(key) {
        lines += hidden.linesHeld(key, on: day)
        if r < TruthMetrics.lowRecall { metrics.lowPageDays += TruthMetrics.sampleEvery }
        if r < TruthMetrics.dueRecall { due += HiddenMemory.unitLines(key) * learner.secondsPerRevisedLine }
      } else {
        words += r
        if r < TruthMetrics.dueRecall { due += learner.secondsPerWord }
      }
    }
    metrics.linesHeldMean += lines
    metrics.wordsHeldMean += words
    metrics.backlogMinutes += Swift.max(0, due / 60 - Double(learner.dailyMinutes(on: d)))
  }

  func meanRecall(_ hidden: HiddenMemory, day: Int) -> Double {
    guard !breakKeys.isEmpty else { return 0 }
    return breakKeys.reduce(0) { $0 + (hidden.recall($1, on: day) ?? 0) } / Double(breakKeys.count)
  }

  /// A Quran unit met on a day.
  mutating func exposed(_ key: String, day: Int) {
    if let last = lastExposure[key], day > last { gaps.append(day - last) }
    lastExposure[key] = day
  }

  /// An active day's minutes.
  mutating func worked(quranSeconds: Double, wordSeconds: Double, budget: Int) {
    metrics.quranMinutes += quranSeconds / 60
    metrics.wordMinutes += wordSeconds / 60
    metrics.minutesOverBudget += Swift.max(0, (quranSeconds + wordSeconds) / 60 - Double(budget))
  }

  /// The planner's forecast on an active day.
  mutating func forecast(_ f: DailyPlanForecast, d: Int, newLinesSoFar: Double, goalLinesLeft: Double) {
    let day = start + d
    if let b = learner.holidayStart, d >= b + learner.holidayDays {
      if !forecastSet {
        forecastSet = true
        metrics.catchUpForecasts = 1
        caughtUpForecast = f.caughtUp ? day : f.catchUpDate?.value
        if caughtUpForecast == nil { metrics.catchUpNever = 1 }
      }
      if let fc = caughtUpForecast, metrics.catchUpError == nil, f.caughtUp { metrics.catchUpError = fc - day; metrics.catchUpNever = 0 }
    }
    if d >= 90, linesAt90 == nil, let g = f.goalDate, g.value > day {
      linesAt90 = newLinesSoFar
      let rate = goalLinesLeft / Double(g.value - day)
      metrics.goalForecastLines = rate * Double(start + days - day)
    }
  }

  mutating func finish(_ hidden: HiddenMemory) {
    let end = start + days
    // Every knowledge measure at the end and 30 days after, one pass per item and day (in key
    // order: the sums do not depend on Dictionary order).
    var m = metrics
    for key in hidden.heldKeys.sorted() {
      for (day, later) in [(end, false), (end + 30, true)] {
        if let rs = hidden.lineRecalls(key, on: day) {
          let held = rs.reduce(0, +), recitable = Double(rs.filter { $0 >= TruthMetrics.recitable }.count), passing = hidden.linesPassing(recalls: rs)
          if later { m.linesHeldAfter30 += held; m.linesRecitableAfter30 += recitable; m.linesPassingAfter30 += passing }
          else { m.linesHeldEnd += held; m.linesRecitableEnd += recitable; m.linesPassingEnd += passing }
        } else if HiddenMemory.isQuran(key) {
          let held = hidden.linesHeld(key, on: day), recitable = hidden.linesHeld(key, on: day, atLeast: TruthMetrics.recitable)
          if later { m.linesHeldAfter30 += held; m.linesRecitableAfter30 += recitable; m.linesPassingAfter30 += held }
          else { m.linesHeldEnd += held; m.linesRecitableEnd += recitable; m.linesPassingEnd += held }
        } else {
          let r = hidden.recall(key, on: day) ?? 0, known = r >= TruthMetrics.recitable ? 1.0 : 0
          if later { m.wordsHeldAfter30 += r; m.wordsKnownAfter30 += known } else { m.wordsHeldEnd += r; m.wordsKnownEnd += known }
        }
      }
    }
    metrics = m
    if samples > 0 { metrics.linesHeldMean /= Double(samples); metrics.wordsHeldMean /= Double(samples); metrics.backlogMinutes /= Double(samples) }
    var all = gaps
    for key in hidden.heldKeys where HiddenMemory.isQuran(key) { if let last = lastExposure[key], end > last { all.append(end - last) } }
    all.sort()
    metrics.longestGap = all.last ?? 0
    metrics.gapP95 = all.isEmpty ? 0 : Double(all[Swift.min(all.count - 1, Int((0.95 * Double(all.count)).rounded(.up)) - 1)])
    for g in all { metrics.gapCounts[TruthMetrics.gapBuckets.firstIndex { g <= $0 }!] += 1 }
    if let b = learner.holidayStart, b + learner.holidayDays < days, !breakKeys.isEmpty { metrics.recoveryObserved = days - b - learner.holidayDays }
    if let l = linesAt90 { metrics.goalActualLines = metrics.newLines - l }
    if metrics.catchUpNever == 1 { metrics.catchUpError = nil }
  }
}
