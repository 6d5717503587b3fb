import Hifz
import LearnerStore
import PlannerCore

extension LearnerState {
  /// The memory of every Quran review unit as it was when learning day `day` began: a unit
  /// rated on `day` itself (today's work being recorded) counts with its state before that
  /// rating (`previousMemory`, kept by the daily rule), so recording a planned old-revision item
  /// does not take it out of the same day's plan. A unit whose only rating is on `day` has no
  /// memory yet (the planner gives it its declared prior). A rating after `day` cannot be undone
  /// from the state: a past date is planned from the history (``DailyPlanner/plan(profile:state:events:date:locale:parameters:)``).
  func quranUnitMemories(asOf day: EpochDay) -> [ReviewUnitMemory] {
    quranUnitMemories.map { m in
      guard let last = m.lastReview, last >= day, let item = items[m.unit.description] else { return m }
      // Its only review is today's: before it the unit had none (a declared unit's seed, the
      // state before that review, is the declared prior, which the planner takes itself).
      guard m.reviews > 1, let previous = item.previousDay, EpochDay(previous) < day, let state = item.previousMemory else {
        return ReviewUnitMemory(unit: m.unit)
      }
      return ReviewUnitMemory(unit: m.unit, state: state, lastReview: EpochDay(previous),
                              lapses: m.lapses - (item.dayRating == 1 ? 1 : 0), reviews: max(0, m.reviews - 1))
    }
  }
}
