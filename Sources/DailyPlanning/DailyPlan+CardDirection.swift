import PlannerCore
import Vocabulary

extension DailyPlan {
  /// The plan with each vocabulary item's card direction set by the learner's `vocabulary.cards`
  /// (``CardMode/direction(for:on:)``, the rule `record quiz` applies too); forward cards keep
  /// no `direction`, so a forward-only learner's plan is unchanged.
  func withCardDirections(_ mode: CardMode?, on date: EpochDay) -> DailyPlan {
    guard let mode, mode != .forward else { return self }
    var plan = self
    for s in plan.sections.indices {
      for i in plan.sections[s].items.indices {
        guard let english = plan.sections[s].items[i].english else { continue }
        let direction = mode.direction(for: english, on: date)
        plan.sections[s].items[i].direction = direction == .reverse ? .reverse : nil
      }
    }
    return plan
  }
}
