import Hifz
import LearnerStore
/// Which scheduler the simulated learners follow.
public enum SimulationPolicy: String, Sendable, CaseIterable, Codable {
  /// planner's own daily plan (the Quran planner and the vocabulary plan, within the budget).
  case planner
  /// Anki-style: FSRS intervals at retention 0.9, fixed daily counts (5 new lines, the
  /// profile's new words, at most 200 reviews), no time budget.
  case fixedCount = "fixed-count"
  /// Traditional: a fixed new lesson (5 lines), the last 7 days' lessons every day, and each
  /// memorised page once every `cycleDays` (a fixed daily share of the memorised material);
  /// words once a week.
  case fixedCycle = "fixed-cycle"
}

/// One item of a simulated day's plan, in the order the learner meets it.
public struct SimulatedPlanItem: Sendable, Equatable {
  public enum Kind: Sendable, Equatable {
    case quran(tier: QuranTier, ranges: [AyahRange])
    /// A word of the dictionary quizzed for the first time.
    case newWord(english: String)
    /// A review of a word.
    case word(english: String)
  }
  public var kind: Kind
  public var estimatedSeconds: Int

  /// The id recorded in `plan.itemDone` / `plan.itemSkipped`: `quran:new:78:1-5`, `word:bakade`.
  public var id: String {
    switch kind {
    case .quran(let tier, let ranges): return "quran:\(tier.rawValue):" + ranges.map(\.description).joined(separator: ",")
    case .newWord(let e), .word(let e): return "word:" + e
    }
  }
}
