/// A population of learners for the policy benchmark (docs/simulation.md, "Scenarios"): the
/// drawn population, changed the way the scenario says. Every policy meets the same learners.
public enum BenchmarkScenario: String, Sendable, CaseIterable {
  /// Everyone does the whole plan every day, at 10, 20, 30 or 60 minutes.
  case perfect10 = "perfect-10", perfect20 = "perfect-20", perfect30 = "perfect-30", perfect60 = "perfect-60"
  /// The drawn population: skipped days, partial plans, varied budgets and hours, a two-week holiday.
  case noisy
  /// Diligent learners (no skips, whole plans) with a break of 2 or 6 weeks at 40 % of the run.
  case break2 = "break-2w", break6 = "break-6w"
  /// Quran learners who hold 5 or all 30 juz at the start.
  case juz5 = "juz-5", juz30 = "juz-30"
  /// Vocabulary learners meeting 20 new words a day.
  case words20 = "words-20"
  /// Learners twice as slow as the planner's priors.
  case slow
  /// The noisy population over three years.
  case threeYears = "three-years"
  /// Diligent learners whose budget triples, or halves, for a month (30 days from 40 % of the
  /// run), set in their profile as `planner configure` would, then set back.
  case budgetTriples = "budget-triples", budgetHalves = "budget-halves"

  /// The headline matrix's scenarios.
  public static let headline: [BenchmarkScenario] = [.noisy, .break2]

  /// Days simulated for a run of `days` (three years: three times as many).
  public func days(_ days: Int) -> Int { self == .threeYears ? 3 * days : days }

  /// Learner `index` of the scenario's population.
  public func learner(index: Int, count: Int, days: Int, seed: UInt64) -> SimulatedLearner {
    var l = SimulatedLearner.draw(index: index, count: count, days: self.days(days), seed: seed)
    func diligent() {
      l.skipProbability = 0; l.completion = 1; l.timeTolerance = 1; l.holidayStart = nil
    }
    switch self {
    case .perfect10, .perfect20, .perfect30, .perfect60:
      diligent()
      l.dailyMinutes = [.perfect10: 10, .perfect20: 20, .perfect30: 30, .perfect60: 60][self]!
    case .noisy, .threeYears: break
    case .break2, .break6:
      diligent()
      l.holidayStart = Int(0.4 * Double(days))
      l.holidayDays = self == .break2 ? 14 : 42
    case .juz5: if l.quranShare > 0 { l.memorisedJuz = [30, 29, 28, 27, 26] }
    case .juz30: if l.quranShare > 0 { l.memorisedJuz = Array((1...30).reversed()) }
    case .words20: if l.quranShare < 1 { l.newWordsPerDay = 20 }
    case .budgetTriples, .budgetHalves:
      diligent()
      l.budgetChange = .init(start: Int(0.4 * Double(days)), days: 30, factor: self == .budgetTriples ? 3 : 0.5)
    case .slow:
      l.secondsPerNewLine *= 2; l.secondsPerRevisedLine *= 2; l.secondsPerWord *= 2
    }
    return l
  }
}
