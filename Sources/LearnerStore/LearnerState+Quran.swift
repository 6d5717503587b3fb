import Hifz
import MemoryModels
import PlannerCore

/// Hand-offs from the learner fold to the Quran planner (`QuranPlanInput`).
extension LearnerState {
  /// The memory of every Quran review unit the learner has recited, in mushaf order.
  public var quranUnitMemories: [ReviewUnitMemory] {
    sortedKeys.compactMap { key in
      guard let unit = ReviewUnitID(key), let item = items[key] else { return nil }
      return ReviewUnitMemory(unit: unit, state: item.memory, lastReview: item.lastDay.map(EpochDay.init),
                              lapses: item.lapses, reviews: item.reviewDays)
    }
  }
}

extension LearnerEvent {
  /// A recitation event as the Quran planner takes it, dated by the learner's learning day.
  public func quranRecitation(clock: inout LearningDayClock) -> QuranRecitation? {
    guard case .recitation(let r) = payload, let range = try? AyahRange(parsing: r.range),
      let grade = Rating(rawValue: r.grade) else { return nil }
    return QuranRecitation(
      day: EpochDay(clock.day(atMillis: time.epochMillis)), range: range,
      tier: r.tier, grade: grade, mistakes: r.mistakes,
      mistakesAt: r.mistakesAt.compactMap { try? LearnerQuran.ayahID($0) }, hesitations: r.hesitations, seconds: r.seconds)
  }
}
