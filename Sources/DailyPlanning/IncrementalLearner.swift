import Foundation
import LearnerStore
import MemoryModels
import PlannerCore

/// A learner kept up to date event by event in memory (the simulator's planner side), planned
/// exactly as ``LearnerDailyPlanner`` plans a learner folder holding the same events: the same
/// fold, the same plan inputs from the fold's state (``PlanInputs``), the same refit rule
/// (``ParameterRefit``: a fit on the first `checkpoint` reviews, refitted when the reviews reach
/// the next checkpoint, the state refolded with the new parameters) and the same composition
/// (``DailyPlanner/plan(profile:state:date:locale:parameters:)``).
///
/// Incremental: each event is folded once; only a refit (a handful a year) refolds the history.
/// A test builds the same events both ways and checks the plans are identical.
public struct IncrementalLearner: Sendable {
  /// The profile as written in `profile.json` (its own parameters).
  public let profile: LearnerProfile
  /// False: keep the profile's parameters whatever the history (for schedulers that stand for
  /// something other than planner's plan, like the simulator's fixed policies).
  public let refits: Bool
  /// The profile with the parameters in force.
  public private(set) var planningProfile: LearnerProfile
  /// The fold with the parameters in force.
  public private(set) var fold: LearnerFold
  /// Every event received, in the order received (time order).
  public private(set) var events: [LearnerEvent] = []
  /// Where the parameters in force come from, as the plan names it.
  public private(set) var parameters: DailyPlanParameters
  /// The fit in force (nil: the profile's own parameters).
  public private(set) var fitted: ParameterRefit.Cached?

  public init(profile: LearnerProfile, refits: Bool = true) {
    self.profile = profile
    self.refits = refits
    planningProfile = profile
    fold = LearnerFold(profile: profile)
    fold.prepare(forEvents: .max)  // (a whole simulated life is folded here, a few events at a time)
    parameters = DailyPlanParameters(source: profile.parameters == FSRSParameters.defaults.weights ? "defaults" : "profile")
  }

  public var state: LearnerState { fold.state }

  /// Folds `events` (later than every event received so far), then refits when the reviews
  /// reached a new checkpoint (``ParameterRefit/apply(profile:state:events:cached:)``'s rule).
  public mutating func receive(_ new: [LearnerEvent]) {
    for e in new { fold.apply(e) }
    events += new
    guard refits, profile.parameters == FSRSParameters.defaults.weights,
      let c = ParameterRefit.checkpoint(reviews: ParameterRefit.reviews(fold.state)), c != fitted?.reviews
    else { return }
    let weights = ParameterRefit.fit(profile: profile, events: events, checkpoint: c).values
    fitted = ParameterRefit.Cached(reviews: c, weights: weights)
    parameters = DailyPlanParameters(source: "fitted", reviews: c)
    var p = profile
    p.parameters = weights
    if weights != planningProfile.parameters {
      fold = LearnerFold(profile: p, state: LearnerFold.replay(profile: p, events: events))
      fold.prepare(forEvents: .max)
    }
    planningProfile = p
  }

  /// The day's plan, as `planner today --date DATE` prints it for a folder of the same events.
  /// `reminders: false` leaves the day's reminders out (the rest of the plan does not depend on
  /// them; the simulated learners do not act on reminders, and scheduling them costs time).
  public func dailyPlan(date: EpochDay, reminders: Bool = true) throws(PlanEngineError) -> DailyPlan {
    try DailyPlanner.plan(DailyPlanner.input(profile: planningProfile, state: fold.state, history: nil, date: date, locale: nil,
                                             parameters: parameters, reminders: reminders))
  }
}
