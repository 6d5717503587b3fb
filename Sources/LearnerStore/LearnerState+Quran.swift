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

extension Recitation {
  /// The one conversion of a recorded recitation into what the Quran planner and grading take:
  /// the fold, the daily planner and every command go through it. `range` is this event's range,
  /// already parsed (callers cache it: years of history revise the same few hundred units).
  /// `nil` when the grade is outside 1...4 (the codec refuses those).
  public func quranRecitation(day: EpochDay, range: AyahRange) -> QuranRecitation? {
    guard let grade = Rating(rawValue: grade) else { return nil }
    return QuranRecitation(
      day: day, range: range, tier: tier, grade: grade, mistakes: mistakes,
      mistakesAt: mistakesAt.compactMap { try? LearnerQuran.ayahID($0) }, hesitations: hesitations, seconds: seconds)
  }
}

extension LearnerEvent {
  /// A recitation event as the Quran planner takes it, dated by the learner's learning day.
  public func quranRecitation(clock: inout LearningDayClock) -> QuranRecitation? {
    guard case .recitation(let r) = payload, let range = try? AyahRange(parsing: r.range) else { return nil }
    return r.quranRecitation(day: EpochDay(clock.day(atMillis: time.epochMillis)), range: range)
  }
}
