import Foundation
import Hifz
import LearnerStore
import Localization
import MemoryModels
import PlannerCore

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
    /// The history, when it was read (a refit, or an in-memory learner); empty when loaded from
    /// the snapshot. The plan does not need it (``PlanInputs``).
    public var events: [LearnerEvent]
    /// Where `profile.parameters` come from (see ``ParameterRefit``).
    public var parameters: DailyPlanParameters
    /// A torn last line of the log (a crash mid-append): not planned on, for the caller to report.
    public var torn: TornLine?
    /// The snapshot's state and the events after it, when loaded from the snapshot.
    package var recent: Learner.RecentEvents?
    /// The learner folder, when loaded from one: a past date is planned from its history.
    package var directory: String?

    public init(profile: LearnerProfile, state: LearnerState, events: [LearnerEvent], parameters: DailyPlanParameters) {
      self.profile = profile; self.state = state; self.events = events; self.parameters = parameters
    }

    /// Folds the history, with the parameters refitted when due (``ParameterRefit``); `cached`
    /// is a previous fit, and a new fit is returned for the caller to cache.
    public static func folding(profile: LearnerProfile, events: [LearnerEvent], cached: ParameterRefit.Cached?)
      -> (Loaded, ParameterRefit.Cached?)
    {
      // At most two folds of the history: one with the review histories (the review count,
      // so the checkpoint, and the fit's input: neither depends on the parameters), one with
      // the parameters in force when they are not the defaults folded with.
      guard profile.parameters == FSRSParameters.defaults.weights else {
        return (Loaded(profile: profile, state: LearnerFold.replay(profile: profile, events: events), events: events,
                       parameters: DailyPlanParameters(source: "profile")), nil)
      }
      let (state, histories) = LearnerFold.foldWithHistories(profile: profile, events: events)
      guard let c = ParameterRefit.checkpoint(reviews: ParameterRefit.reviews(state)) else {
        return (Loaded(profile: profile, state: state, events: events, parameters: DailyPlanParameters(source: "defaults")), nil)
      }
      var fitted: ParameterRefit.Cached?
      let weights: [Double]
      if let cached, cached.serves(checkpoint: c) {
        weights = cached.weights
      } else {
        weights = ParameterRefit.fit(histories: histories, checkpoint: c).values
        fitted = ParameterRefit.Cached(reviews: c, weights: weights)
      }
      var p = profile
      p.parameters = weights
      let refolded = weights == profile.parameters ? state : LearnerFold.replay(profile: p, events: events)
      return (Loaded(profile: p, state: refolded, events: events, parameters: DailyPlanParameters(source: "fitted", reviews: c)), fitted)
    }
  }

  /// Loads the learner for planning (see ``load(_:)``).
  public func load(learnerFolder: URL) throws -> Loaded {
    try Self.load(learnerFolder.path)
  }

  public func load(learnerPath: String) throws -> Loaded { try Self.load(learnerPath) }

  /// Loads the learner for planning: from the snapshot plus the events appended since
  /// (``Learner/load(_:parameters:writeSnapshot:)``), folded with the parameters in force: the
  /// profile's own, or the cached fit (`parameters.fitted.json`) when it is the fit of the
  /// learner's checkpoint. Only when a refit is due (or its cache is missing) is the whole
  /// history folded with the review histories, fitted once, folded once more with the new
  /// parameters, and the snapshot rewritten for both sets: at most two folds of the history.
  /// `events` is empty unless the history was read (the plan reads the state, ``PlanInputs``).
  public static func load(_ dir: String) throws(PlanEngineError) -> Loaded {
    let (profile, profileBytes) = try Learner.loadProfile(dir)
    let cachePath = dir + "/" + ParameterRefit.cacheFile
    // Through our parser (Foundation's `JSONDecoder` cost 170 K instructions a learner a night
    // for these few numbers); `JSONNodeDecoder` takes only what `JSONDecoder` would.
    let cached = (try? DurableFile.read(cachePath)).flatMap { $0 }.flatMap { bytes in
      (try? JSONParser.parse(bytes)).flatMap { try? JSONNodeDecoder().decode(ParameterRefit.Cached.self, from: $0, bytes: Data(bytes)) }
    }
    let usesDefaults = profile.parameters == FSRSParameters.defaults.weights
    let fit = usesDefaults ? cached.flatMap { $0.version == ParameterRefit.Cached.currentVersion && (try? FSRSParameters(validating: $0.weights)) != nil ? $0 : nil } : nil
    func loaded(_ learner: Learner, _ parameters: DailyPlanParameters) -> Loaded {
      var loaded = Loaded(profile: learner.profile, state: learner.state, events: learner.replayed?.log.events ?? [],
                          parameters: parameters)
      loaded.torn = learner.torn
      loaded.recent = learner.recent
      loaded.directory = dir
      return loaded
    }
    // The review histories are kept when the log is replayed anyway: a refit's input.
    var learner = try Learner.load(dir, parameters: fit?.weights, profile: (profile, profileBytes), snapshot: .whenStale,
                                   now: Date(), histories: usesDefaults)
    guard usesDefaults else { return loaded(learner, DailyPlanParameters(source: "profile")) }
    let due = ParameterRefit.checkpoint(reviews: ParameterRefit.reviews(learner.state))
    if let fit, due == fit.reviews { return loaded(learner, DailyPlanParameters(source: "fitted", reviews: fit.reviews)) }
    if fit == nil && due == nil { return loaded(learner, DailyPlanParameters(source: "defaults")) }
    // A refit is due, or the cached one is not the checkpoint's: the whole history, once.
    if learner.replayed?.histories == nil {
      learner = try Learner.load(dir, parameters: nil, profile: (profile, profileBytes), snapshot: .never,
                                 now: Date(), replay: true, histories: true)
    }
    guard let due, let histories = learner.replayed?.histories else {
      // No checkpoint any more (corrections voided reviews): the profile's own parameters.
      let own = learner.profile.parameters == profile.parameters ? learner : learner.refolded(parameters: profile.parameters, snapshot: .always)
      return loaded(own, DailyPlanParameters(source: "defaults"))
    }
    let weights = ParameterRefit.fit(histories: histories, checkpoint: due).values
    try? DurableFile.replace(cachePath, with: ParameterRefit.Cached(reviews: due, weights: weights).encoded())  // a cache: best effort
    let refolded = weights == learner.profile.parameters ? learner : learner.refolded(parameters: weights, snapshot: .always)
    return loaded(refolded, DailyPlanParameters(source: "fitted", reviews: due))
  }

  /// The learner's own learning day at `now`.
  public static func today(_ profile: LearnerProfile, now: Date) -> EpochDay {
    var clock = LearningDayClock(profile: profile)
    return EpochDay(clock.day(atMillis: Int64((now.timeIntervalSince1970 * 1000).rounded(.down))))
  }

  public func dailyPlan(_ learner: Loaded, date: EpochDay?) throws(PlanEngineError) -> DailyPlan {
    let day = date ?? Self.today(learner.profile, now: now)
    // A past date (events recorded on a later learning day) is planned from the events before
    // that day began: the plan it had that morning.
    if let events = try pastHistory(learner, day: day) {
      return try DailyPlanner.plan(profile: learner.profile, state: learner.state, events: events, date: day, locale: locale,
                                   parameters: learner.parameters)
    }
    // From the state alone: the same plan as from the events (the fold keeps what it needs).
    return try DailyPlanner.plan(profile: learner.profile, state: learner.state, date: day, locale: locale,
                                 parameters: learner.parameters)
  }

  /// The history, when `day` is before the learning day of the latest event folded (the state
  /// then holds what happened after `day` began); nil otherwise (today, or later).
  func pastHistory(_ learner: Loaded, day: EpochDay) throws(PlanEngineError) -> [LearnerEvent]? {
    guard let latest = learner.state.latestEventMillis else { return nil }
    var clock = LearningDayClock(profile: learner.profile)
    guard EpochDay(clock.day(atMillis: latest)) > day else { return nil }
    if !learner.events.isEmpty { return learner.events }
    guard let dir = learner.directory else { return nil }
    return try Learner.history(dir).events
  }

  /// The Quran review units due on `date` by the Quran planner's own rule: those its revision
  /// items cover (recent and old) and those it defers to the coming days.
  public func quranUnitsDue(_ learner: Loaded, date: EpochDay?) throws(PlanEngineError) -> Int {
    let day = date ?? Self.today(learner.profile, now: now)
    let input = try DailyPlanner.input(profile: learner.profile, state: learner.state, history: nil, date: day,
                                       locale: locale, parameters: learner.parameters, reminders: false)
    guard let plan = try DailyPlanner.quranPlan(input) else { return 0 }
    var units = Set<ReviewUnitID>()
    for item in plan.items where item.tier != .newLesson {
      if let unit = item.unit { units.insert(unit) }
      for range in item.ranges { units.formUnion(ReviewUnits.units(overlapping: range)) }
    }
    return units.count + (plan.backlog?.deferredUnits ?? 0)
  }

  public func plan(_ learner: Loaded, date: EpochDay?) throws -> PlannedLearner {
    let plan = try dailyPlan(learner, date: date)
    return PlannedLearner(date: plan.date, plan: plan.jsonBytes())
  }
}
