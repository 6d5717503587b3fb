import Foundation

/// The daily plan of a learner folder: what `planner today` prints and `planner nightly`
/// writes to `plans/DATE.json` (the same bytes for the same folder and date).
public struct LearnerDailyPlanner: LearnerPlanner {
  /// The moment "now": each learner's date is their learning day containing it, unless given.
  public var now: Date
  /// Overrides the profile's locale (text output only; the JSON names the locale used).
  public var locale: PlanLocale?

  public init(now: Date, locale: PlanLocale? = nil) { self.now = now; self.locale = locale }

  public struct Loaded: Sendable {
    public var profile: LearnerProfile
    public var state: LearnerState
    public var events: [LearnerEvent]
  }

  /// Reads the profile and the whole history once, and folds it.
  public func load(learnerFolder: URL) throws -> Loaded {
    try Self.load(learnerFolder.path)
  }

  public static func load(_ dir: String) throws(PlanEngineError) -> Loaded {
    let (profile, _) = try Learner.loadProfile(dir)
    let events = try Learner.history(dir).events
    let state = LearnerFold.replay(profile: profile, events: events)
    return Loaded(profile: profile, state: state, events: events)
  }

  /// The learner's own learning day at `now`.
  public static func today(_ profile: LearnerProfile, now: Date) -> EpochDay {
    var clock = LearnerClock(profile: profile)
    return EpochDay(clock.day(atMillis: Int64((now.timeIntervalSince1970 * 1000).rounded(.down))))
  }

  public func dailyPlan(_ learner: Loaded, date: EpochDay?) throws(PlanEngineError) -> DailyPlan {
    let day = date ?? Self.today(learner.profile, now: now)
    return try DailyPlanner.plan(profile: learner.profile, state: learner.state, events: learner.events, date: day, locale: locale)
  }

  public func plan(_ learner: Loaded, date: PlanDate?) throws -> PlannedLearner {
    let plan = try dailyPlan(learner, date: date.map { EpochDay($0.daysSinceEpoch) })
    return PlannedLearner(date: PlanDate(daysSinceEpoch: plan.date.value), plan: plan.jsonBytes())
  }
}
