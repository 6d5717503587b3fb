import Foundation
@testable import DailyPlanning
@testable import Hifz
@testable import LearnerStore
@testable import PlannerCore
import Testing
import TestSupport


/// The plan from the derived state alone (what `today` and `nightly` use, from the snapshot)
/// is the plan from the events: the fold keeps exactly what the plan reads (``PlanInputs``).
@Suite("Daily plan: from the state alone, the same as from the events")
struct PlanFromStateTests {
  static let demoProfile = try! LearnerProfile.decode(Data(DemoLearner.profileFile.utf8), file: "demo/profile.json")

  /// The state as the day began: folded from the events before the learning day (a past date
  /// is planned from those alone, as it was that morning; the state's own plan for a later day
  /// sees everything).
  static func stateBefore(_ day: EpochDay, _ profile: LearnerProfile, _ events: [LearnerEvent]) -> LearnerState {
    var clock = LearningDayClock(profile: profile)
    return LearnerFold.replay(profile: profile, events: events.filter { EpochDay(clock.day(atMillis: $0.time.epochMillis)) < day })
  }

  @Test("the demo learner, on every day around its date")
  func demo() throws {
    let demo = try DemoLearner.load()
    for offset in -10...3 {
      let day = DemoLearner.day.advanced(by: offset)
      let fromEvents = try DailyPlanner.plan(profile: demo.profile, state: demo.state, events: demo.events, date: day)
      let fromState = try DailyPlanner.plan(profile: demo.profile, state: Self.stateBefore(day, demo.profile, demo.events), date: day)
      #expect(fromState.jsonBytes() == fromEvents.jsonBytes(), "day \(day)")
    }
  }

  @Test("seeded random histories (all tiers, plan outcomes, reminders acted on or not), several dates",
        arguments: [11, 12, 13, 14] as [UInt64])
  func randomHistories(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    let events = RandomLearner.events(count: 500, rng: &rng, startDay: 0)
    let profile = Self.demoProfile
    let state = LearnerFold.replay(profile: profile, events: events)
    // The pieces, directly (reminder habits and plan completion have one computation, from
    // the fold: LearnerStoreTests' ReminderHabitsTests, DailyPlannerTests).
    #expect(state.plan.remindersShownByHour.reduce(0, +) > 0 && state.plan.remindersIgnoredNow.reduce(0, +) > 0)
    let all = DailyPlanner.recitations(profile: profile, events: events)
    #expect(QuranHabits.measured(from: all) == QuranHabits.measured(from: state.plan.quranTimedNew + state.plan.quranTimedRevision))
    #expect(Set(all.filter { $0.tier != .oldRevision || !$0.mistakesAt.isEmpty }) == Set(state.plan.quranHistory))
    for date in ["2026-01-01", "2026-01-02", "2026-09-21", "2026-09-22", "2026-09-23", "2026-10-10", "2026-12-01"] {
      let day = try EpochDay(parsing: date)
      let fromEvents = try DailyPlanner.plan(profile: profile, state: state, events: events, date: day)
      let fromState = try DailyPlanner.plan(profile: profile, state: Self.stateBefore(day, profile, events), date: day)
      #expect(fromState.jsonBytes() == fromEvents.jsonBytes(), "seed \(seed) \(date)")
    }
  }

  @Test("a folder with fitted parameters: the snapshot is kept for them, and new events fold onto it")
  func fittedSnapshot() throws {
    let (profile, unordered) = try ParameterRefitTests.history()
    let events = unordered.sorted { $0.time.epochMillis < $1.time.epochMillis }  // the last 30 are new, not late
    let tmp = TemporaryFolder("fitted-snap")
    let dir = tmp.file("learner")
    defer { withExtendedLifetime(tmp) {} }
    try Learner.create(dir, profile: profile)
    try Learner.record(dir, events: Array(events.dropLast(30)), now: Date(timeIntervalSince1970: 1_800_000_000))
    let date = try EpochDay(parsing: "2026-03-01")
    let planner = LearnerDailyPlanner(now: Date(timeIntervalSince1970: 1_800_000_000))
    let first = try LearnerDailyPlanner.load(dir)  // fits, caches, writes the snapshot for the fit
    #expect(first.parameters.source == "fitted" && !first.events.isEmpty)
    let fitted = first.profile.parameters
    let viaSnapshot = try Learner.load(dir, parameters: fitted, writeSnapshot: false)
    #expect(viaSnapshot.fromSnapshot && viaSnapshot.state == first.state)
    // The state with the profile's own parameters is in the same snapshot, beside the fitted
    // one: `record` and `show` keep using it.
    #expect(Learner.legacySnapshotFiles.allSatisfy { !FileManager.default.fileExists(atPath: dir + "/" + $0) })
    let own = try Learner.load(dir, writeSnapshot: false)
    let replayed = LearnerFold.replay(profile: profile, events: try Learner.history(dir).events)
    #expect(own.fromSnapshot && own.state != first.state && own.state == replayed)
    // A snapshot of other parameters is not used: a refit makes it stale.
    var other = fitted
    other[0] *= 1.01
    #expect(!(try Learner.load(dir, parameters: other, writeSnapshot: false)).fromSnapshot)
    // New events fold onto the snapshot; the plan is the one from the whole history.
    try Learner.record(dir, events: Array(events.suffix(30)), now: Date(timeIntervalSince1970: 1_800_000_000))
    #expect(try Learner.load(dir, parameters: fitted, writeSnapshot: false).fromSnapshot)
    let second = try LearnerDailyPlanner.load(dir)
    #expect(second.events.isEmpty && second.parameters == first.parameters)
    let history = try Learner.history(dir).events
    let (reference, _) = LearnerDailyPlanner.Loaded.folding(profile: profile, events: history,
                                                           cached: ParameterRefit.Cached(reviews: 400, weights: fitted))
    #expect(second.state == reference.state)
    #expect(try planner.dailyPlan(second, date: date) == (try DailyPlanner.plan(
      profile: reference.profile, state: reference.state, events: history, date: date, parameters: reference.parameters)))
  }
}
