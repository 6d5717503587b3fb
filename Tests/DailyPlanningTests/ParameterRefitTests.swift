import Foundation
@testable import DailyPlanning
@testable import LearnerStore
@testable import MemoryModels
@testable import PlannerCore
import Testing
import TestSupport


@Suite("Daily plan: parameters refitted from the learner's history")
struct ParameterRefitTests {
  /// 30 words quizzed on 20 days each (600 reviews), some wrong, seeded.
  static func history() throws -> (LearnerProfile, [LearnerEvent]) {
    var profile = LearnerProfile(id: "refit")
    profile.timezone = "UTC"
    var events: [LearnerEvent] = []
    var rng = SplitMix64(seed: 9)
    let start: Int64 = 1_767_225_600_000  // 2026-01-01T00:00Z
    for w in 0..<30 {
      events.append(LearnerEvent(id: "a\(w)", time: EventTime(epochMillis: start + Int64(w) * 1000, offsetSeconds: 0),
                                 payload: .wordAdded(english: "w\(w)", ukrainian: ["с\(w)"])))
    }
    for day in 0..<20 {
      for w in 0..<30 {
        let right = rng.next() % 10 < 8
        let t = start + Int64(day * (1 + w % 3)) * 86_400_000 + 3_600_000 + Int64(w) * 1000
        events.append(LearnerEvent(id: "q\(day)-\(w)", time: EventTime(epochMillis: t, offsetSeconds: 0),
                                   payload: .wordQuizzed(english: "w\(w)", answer: right ? "с\(w)" : "x", verdict: right ? .right : .wrong, seconds: 5)))
      }
    }
    return (profile, events)
  }

  @Test("checkpoints: none below 400 reviews, then every quarter (at least 400 new)")
  func checkpoints() {
    #expect(ParameterRefit.checkpoint(reviews: 399) == nil)
    #expect(ParameterRefit.checkpoint(reviews: 400) == 400)
    #expect(ParameterRefit.checkpoint(reviews: 799) == 400)
    #expect(ParameterRefit.checkpoint(reviews: 800) == 800)
    #expect(ParameterRefit.checkpoint(reviews: 2499) == 2000)
    #expect(ParameterRefit.checkpoint(reviews: 2500) == 2500)
    #expect(ParameterRefit.checkpoint(reviews: 3125) == 3125)
  }

  @Test("enough reviews: fitted parameters, the same with or without the cache, refolded state")
  func refit() throws {
    let (profile, events) = try Self.history()
    let state = LearnerFold.replay(profile: profile, events: events)
    #expect(ParameterRefit.reviews(state) >= 400)
    let a = ParameterRefit.apply(profile: profile, state: state, events: events, cached: nil)
    #expect(a.source == DailyPlanParameters(source: "fitted", reviews: 400))
    #expect(a.profile.parameters != FSRSParameters.defaults.weights)
    #expect(a.state == LearnerFold.replay(profile: a.profile, events: events))
    let fitted = try #require(a.fitted)
    let b = ParameterRefit.apply(profile: profile, state: state, events: events, cached: fitted)
    #expect(b.fitted == nil && b.profile == a.profile && b.state == a.state)
    // Through the folder loader: the first load fits and caches, the second reads the cache.
    let (viaCache, none) = LearnerDailyPlanner.Loaded.folding(profile: profile, events: events, cached: fitted)
    #expect(none == nil && viaCache.profile == a.profile && viaCache.state == a.state)
    // A profile with its own parameters keeps them.
    var own = profile
    own.parameters[0] = 0.5
    #expect(ParameterRefit.apply(profile: own, state: state, events: events, cached: nil).source.source == "profile")
  }

  @Test("a learner folder: the fit is cached in parameters.fitted.json and the plan names it")
  func folder() throws {
    let (profile, events) = try Self.history()
    let tmp = TemporaryFolder("refit")
    let dir = tmp.file("learner")
    defer { withExtendedLifetime(tmp) {} }
    try Learner.create(dir, profile: profile)
    try Learner.record(dir, events: events, now: Date(timeIntervalSince1970: 1_800_000_000))
    let planner = LearnerDailyPlanner(now: Date(timeIntervalSince1970: 1_800_000_000))
    let first = try planner.dailyPlan(try LearnerDailyPlanner.load(dir), date: try EpochDay(parsing: "2026-02-01"))
    #expect(FileManager.default.fileExists(atPath: dir + "/" + ParameterRefit.cacheFile))
    let second = try planner.dailyPlan(try LearnerDailyPlanner.load(dir), date: try EpochDay(parsing: "2026-02-01"))
    #expect(first == second)
    #expect(first.parameters == DailyPlanParameters(source: "fitted", reviews: 400))
    try FileManager.default.removeItem(atPath: dir + "/" + ParameterRefit.cacheFile)
    #expect(try planner.dailyPlan(try LearnerDailyPlanner.load(dir), date: try EpochDay(parsing: "2026-02-01")) == first)
  }

  @Test("the cache file's bytes: sorted keys and a newline, whatever the process; old files still load")
  func cacheBytes() throws {
    let cached = ParameterRefit.Cached(reviews: 400, weights: [0.5, 1.25])
    #expect(String(decoding: cached.encoded(), as: UTF8.self) == #"{"reviews":400,"version":2,"weights":[0.5,1.25]}"# + "\n")
    let old = Data(#"{"weights":[0.5,1.25],"version":1,"reviews":400}"#.utf8)
    var expected = cached
    expected.version = 1
    #expect(try JSONDecoder().decode(ParameterRefit.Cached.self, from: old) == expected)
  }

  @Test("a version-1 cache (fitted before the recall bias) is refitted; a version-2 one with a bias serves")
  func cacheVersion() throws {
    let weights = FSRSParameters.defaults.values
    var old = ParameterRefit.Cached(reviews: 400, weights: weights)
    old.version = 1
    #expect(!old.serves(checkpoint: 400))
    #expect(ParameterRefit.Cached(reviews: 400, weights: weights).serves(checkpoint: 400))
    #expect(ParameterRefit.Cached(reviews: 400, weights: weights + [0.25]).serves(checkpoint: 400))
    #expect(!ParameterRefit.Cached(reviews: 400, weights: weights + [0.25]).serves(checkpoint: 800))
    #expect(!ParameterRefit.Cached(reviews: 400, weights: weights + [9]).serves(checkpoint: 400))
  }
}
