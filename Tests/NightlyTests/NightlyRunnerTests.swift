import Foundation
import Testing
@testable import Nightly
@testable import PlannerCore

@Suite("Nightly runner")
struct NightlyRunnerTests {
  let echo = ProfileEchoPlanner(now: NightlyFixture.now)

  @Test("a corrupt learner is reported and every other learner is planned")
  func corruptLearner() throws {
    let root = NightlyFixture.makeRoot()
    defer { NightlyFixture.remove(root) }
    NightlyFixture.addLearners(root, count: 20)
    NightlyFixture.addLearner(root, "learner-0007", profile: "{\"timezone\": \"UTC\", ")

    let summary = try NightlyRunner.run(root: root, planner: echo, options: .init(jobs: 2))

    #expect(summary.learners == 20)
    #expect(summary.planned == 19)
    #expect(summary.unchanged == 0)
    #expect(!summary.allPlanned)
    let profile = root.appendingPathComponent("learner-0007/profile.json").path
    #expect(summary.failed == [
      .init(learner: "learner-0007", reason: "\(profile): expected a JSON object with the learner's settings")
    ])
    let plans = NightlyFixture.plans(root)
    #expect(plans.count == 19)
    #expect(!plans.keys.contains { $0.hasPrefix("learner-0007/") })
    #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("learner-0007/plans").path))
  }

  @Test("failures while loading, planning and writing are all collected, sorted by learner")
  func failuresOfEachPhase() throws {
    let root = NightlyFixture.makeRoot()
    defer { NightlyFixture.remove(root) }
    NightlyFixture.addLearners(root, count: 9)
    // plans/ is a file: the plan cannot be written.
    try Data("x".utf8).write(to: root.appendingPathComponent("learner-0002/plans"))
    let loadFails = FailingPlanner(inner: echo, failing: ["learner-0009", "learner-0005"], stage: .load)
    let summary = try NightlyRunner.run(root: root, planner: loadFails, options: .init(jobs: 3))
    #expect(summary.failed.map(\.learner) == ["learner-0002", "learner-0005", "learner-0009"])
    #expect(summary.failed[0].reason
      == "\(root.appendingPathComponent("learner-0002/plans").path): exists but is not a folder; plans are written inside it")
    #expect(summary.failed[1].reason == "refused learner-0005 on purpose")
    #expect(summary.planned == 6)

    let planFails = FailingPlanner(inner: echo, failing: ["learner-0003"], stage: .plan)
    let second = try NightlyRunner.run(root: root, planner: planFails, options: .init(jobs: 1))
    #expect(second.failed.map(\.learner) == ["learner-0002", "learner-0003"])
    #expect(second.planned == 2)  // 0005 and 0009, refused last time
    #expect(second.unchanged == 5)
  }

  @Test("a rerun writes nothing: every plan unchanged, bytes and files untouched")
  func idempotentRerun() throws {
    let root = NightlyFixture.makeRoot()
    defer { NightlyFixture.remove(root) }
    NightlyFixture.addLearners(root, count: 30)
    let first = try NightlyRunner.run(root: root, planner: echo, options: .init(jobs: 2))
    #expect(first.planned == 30 && first.unchanged == 0 && first.failed.isEmpty)
    let before = NightlyFixture.files(root)
    let plan = root.appendingPathComponent("learner-0006/plans/2026-11-30.json").path  // UTC
    let inode = try #require(NightlyFixture.inode(plan))

    let second = try NightlyRunner.run(root: root, planner: echo, options: .init(jobs: 2))
    #expect(second.planned == 0)
    #expect(second.unchanged == 30)
    #expect(second.failed.isEmpty)
    #expect(NightlyFixture.files(root) == before)
    #expect(NightlyFixture.inode(plan) == inode, "an unchanged plan is not rewritten")
    #expect(NightlyFixture.withoutTimings(second.json)
      == NightlyFixture.withoutTimings(first.json).replacingOccurrences(of: "\"planned\":30", with: "\"planned\":0")
      .replacingOccurrences(of: "\"unchanged\":0", with: "\"unchanged\":30"))
  }

  @Test("a changed plan replaces the old file; a plan of another date sits beside it")
  func changedPlanIsRewritten() throws {
    let root = NightlyFixture.makeRoot()
    defer { NightlyFixture.remove(root) }
    NightlyFixture.addLearner(root, "amina", profile: NightlyFixture.profile())
    let target = root.appendingPathComponent("amina/plans/2026-11-30.json")
    try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("{\"stale\":true}".utf8).write(to: target)
    let summary = try NightlyRunner.run(root: root, planner: echo, options: .init())
    #expect(summary.planned == 1)
    #expect(String(decoding: try Data(contentsOf: target), as: UTF8.self)
      == "{\"date\":\"2026-11-30\",\"learner\":\"amina\",\"status\":\"pending-plan-engine\",\"version\":1}\n")
    let override = try NightlyRunner.run(
      root: root, planner: echo, options: .init(date: try EpochDay(parsing: "2026-12-25")))
    #expect(override.planned == 1)
    #expect(NightlyFixture.files(root).keys.sorted()
      == ["amina/.lock", "amina/plans/2026-11-30.json", "amina/plans/2026-12-25.json", "amina/profile.json"])
  }

  @Test("a run stopped midway, then rerun, leaves the same files as an uninterrupted run")
  func interruptedThenRerun() throws {
    let whole = NightlyFixture.makeRoot(), broken = NightlyFixture.makeRoot()
    defer {
      NightlyFixture.remove(whole)
      NightlyFixture.remove(broken)
    }
    NightlyFixture.addLearners(whole, count: 25)
    NightlyFixture.addLearners(broken, count: 25)
    _ = try NightlyRunner.run(root: whole, planner: echo, options: .init(jobs: 2))

    let stopped = try NightlyRunner.run(
      root: broken, planner: StoppingPlanner(inner: echo, limit: 9), options: .init(jobs: 1))
    #expect(stopped.planned == 9)
    #expect(stopped.failed.count == 16)
    #expect(NightlyFixture.plans(broken).count == 9)
    // What a kill during a write leaves: a hidden temporary file, never a partial plan.
    let leftover = broken.appendingPathComponent("learner-0010/plans/.2026-11-30.json.4242-1.tmp")
    try FileManager.default.createDirectory(at: leftover.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("{\"dat".utf8).write(to: leftover)

    let rerun = try NightlyRunner.run(root: broken, planner: echo, options: .init(jobs: 2))
    #expect(rerun.unchanged == 9)
    #expect(rerun.planned == 16)
    #expect(rerun.failed.isEmpty)
    #expect(NightlyFixture.plans(broken) == NightlyFixture.plans(whole))
    #expect(NightlyFixture.plans(whole).count == 25)
  }

  @Test("--jobs does not change the files or the summary", arguments: [2, 3, 8])
  func jobsDoNotMatter(jobs: Int) throws {
    let one = NightlyFixture.makeRoot(), many = NightlyFixture.makeRoot()
    defer {
      NightlyFixture.remove(one)
      NightlyFixture.remove(many)
    }
    for root in [one, many] {
      NightlyFixture.addLearners(root, count: 40)
      NightlyFixture.addLearner(root, "learner-0013", profile: "{\"timezone\":\"Mars/Olympus\"}")
      NightlyFixture.addLearner(root, "learner-0031", profile: "[]")
    }
    let a = try NightlyRunner.run(root: one, planner: echo, options: .init(jobs: 1))
    let b = try NightlyRunner.run(root: many, planner: echo, options: .init(jobs: jobs))
    #expect(NightlyFixture.files(one) == NightlyFixture.files(many))
    #expect(NightlyFixture.withoutTimings(a.json)
      == NightlyFixture.withoutTimings(b.json).replacingOccurrences(of: many.path, with: one.path))
    #expect(a.failed.map(\.learner) == ["learner-0013", "learner-0031"])
  }

  @Test("shards 1…N of N plan every learner exactly once, N = 1…16")
  func shardsCoverEveryLearnerOnce() throws {
    let root = NightlyFixture.makeRoot()
    defer { NightlyFixture.remove(root) }
    NightlyFixture.addLearners(root, count: 60)
    let all = try NightlyRunner.learnerFolders(in: root, shard: .all).learners
    #expect(all.count == 60)
    var firstRun = true
    for count in 1...16 {
      var seen: [String] = []
      var handled = 0
      for index in 1...count {
        let shard = try Shard(index: index, count: count)
        seen += try NightlyRunner.learnerFolders(in: root, shard: shard).learners
        let summary = try NightlyRunner.run(root: root, planner: echo, options: .init(jobs: 2, shard: shard))
        #expect(summary.shard == shard)
        #expect(summary.failed.isEmpty)
        handled += summary.planned + summary.unchanged
        if !firstRun { #expect(summary.planned == 0) }
      }
      firstRun = false
      #expect(seen.sorted() == all, "N = \(count): every learner once")
      #expect(handled == 60)
      #expect(NightlyFixture.plans(root).count == 60)
    }
  }

  @Test("learners: immediate subfolders with a profile, in byte order; hidden ones ignored, others skipped")
  func whatIsALearner() throws {
    let root = NightlyFixture.makeRoot()
    defer { NightlyFixture.remove(root) }
    for name in ["zeynep", "Zed", "amina", "олена", "b"] {
      NightlyFixture.addLearner(root, name, profile: NightlyFixture.profile())
    }
    NightlyFixture.addLearner(root, ".trash", profile: NightlyFixture.profile())
    try FileManager.default.createDirectory(at: root.appendingPathComponent("lost+found"), withIntermediateDirectories: true)
    try Data("{}".utf8).write(to: root.appendingPathComponent("README.txt"))
    let found = try NightlyRunner.learnerFolders(in: root, shard: .all)
    #expect(found.learners == ["Zed", "amina", "b", "zeynep", "олена"])
    #expect(found.skipped == ["lost+found"])
    let summary = try NightlyRunner.run(root: root, planner: echo, options: .init())
    #expect(summary.skipped == ["lost+found"])
    #expect(summary.learners == 5)
    #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent(".trash/plans").path))
  }

  @Test("each learner gets their own date; --date overrides it for all")
  func dates() throws {
    let root = NightlyFixture.makeRoot()
    defer { NightlyFixture.remove(root) }
    // now = 2026-11-30 22:30 UTC
    NightlyFixture.addLearner(root, "tokyo", profile: NightlyFixture.profile(timezone: "Asia/Tokyo", dayStartHour: 4))  // 12-01 07:30
    NightlyFixture.addLearner(root, "newyork", profile: NightlyFixture.profile(timezone: "America/New_York"))  // 11-30 17:30
    NightlyFixture.addLearner(root, "kyiv-4", profile: NightlyFixture.profile(timezone: "Europe/Kyiv", dayStartHour: 4))  // 12-01 00:30 → still 11-30
    NightlyFixture.addLearner(root, "kyiv-0", profile: NightlyFixture.profile(timezone: "Europe/Kyiv", dayStartHour: 0))  // 12-01
    NightlyFixture.addLearner(root, "defaults", profile: "{\"version\":1}")  // UTC, day start 4 → 11-30
    let summary = try NightlyRunner.run(root: root, planner: echo, options: .init(jobs: 2))
    #expect(NightlyFixture.plans(root).keys.sorted() == [
      "defaults/plans/2026-11-30.json", "kyiv-0/plans/2026-12-01.json", "kyiv-4/plans/2026-11-30.json",
      "newyork/plans/2026-11-30.json", "tokyo/plans/2026-12-01.json",
    ])
    #expect(summary.dates == [try EpochDay(parsing: "2026-11-30"): 3, try EpochDay(parsing: "2026-12-01"): 2])
    #expect(summary.date == nil)

    let fixed = try EpochDay(parsing: "2027-01-15")
    let override = try NightlyRunner.run(root: root, planner: echo, options: .init(date: fixed))
    #expect(override.dates == [fixed: 5])
    #expect(override.date == fixed)
    #expect(NightlyFixture.plans(root).keys.filter { $0.hasSuffix("2027-01-15.json") }.count == 5)
  }

  @Test("the summary JSON, exactly, timings aside")
  func summaryJSON() throws {
    let root = NightlyFixture.makeRoot()
    defer { NightlyFixture.remove(root) }
    NightlyFixture.addLearner(root, "amina", profile: NightlyFixture.profile(timezone: "Asia/Riyadh"))
    NightlyFixture.addLearner(root, "bohdan", profile: NightlyFixture.profile(timezone: "Europe/Kyiv", dayStartHour: 0))
    NightlyFixture.addLearner(root, "chen", profile: "{\"dayStartHour\": 24}")
    try FileManager.default.createDirectory(at: root.appendingPathComponent("drafts"), withIntermediateDirectories: true)
    let summary = try NightlyRunner.run(root: root, planner: echo, options: .init(jobs: 2))
    let chen = root.appendingPathComponent("chen/profile.json").path
    #expect(NightlyFixture.withoutTimings(summary.json) == """
      {"date":null,"dates":{"2026-11-30":1,"2026-12-01":1},"failed":[{"learner":"chen","reason":"\(chen) at dayStartHour: \
      expected the hour the learning day starts, a whole number from 0 to 23, not 24"}],"learners":3,"planned":2,\
      "root":"\(root.path)","shard":"1/1","skipped":["drafts"],"timings":{},"unchanged":0,"version":1}
      """)
    let timings = try #require(summary.json.range(of: "\"timings\":{\"learnersPerSecond\":"))
    #expect(summary.json[timings.upperBound...].contains("\"listingSeconds\":"))
    #expect(summary.timings.total >= summary.timings.listing)
  }

  @Test("summary numbers: seconds to the millisecond, string escapes")
  func summaryFormatting() throws {
    var timings = NightlySummary.Timings()
    timings.listing = 0.0004
    timings.reading = 1.2345
    timings.planning = 12
    timings.writing = 0.0015
    timings.total = 4
    let summary = NightlySummary(
      root: "/srv/\"learners\"", shard: try Shard(parsing: "2/8"), date: try EpochDay(parsing: "2026-03-01"),
      learners: 10, planned: 7, unchanged: 1,
      failed: [.init(learner: "x", reason: "line1\nline2\t\u{1}")], skipped: [],
      dates: [try EpochDay(parsing: "2026-03-01"): 8], timings: timings)
    #expect(summary.json == """
      {"date":"2026-03-01","dates":{"2026-03-01":8},"failed":[{"learner":"x","reason":"line1\\nline2\\t\\u0001"}],\
      "learners":10,"planned":7,"root":"/srv/\\"learners\\"","shard":"2/8","skipped":[],"timings":{"learnersPerSecond":2.5,\
      "listingSeconds":0.000,"planningSeconds":12.000,"readingSeconds":1.235,"totalSeconds":4.000,"writingSeconds":0.002},\
      "unchanged":1,"version":1}
      """)
  }

  @Test("progress is reported once per learner, ending at the total")
  func progress() throws {
    let root = NightlyFixture.makeRoot()
    defer { NightlyFixture.remove(root) }
    NightlyFixture.addLearners(root, count: 12)
    NightlyFixture.addLearner(root, "learner-0004", profile: "nope")
    let seen = NightlyLocked<[NightlyProgress]>([])
    _ = try NightlyRunner.run(root: root, planner: echo, options: .init(jobs: 3, progress: { p in
      seen.withLock { $0.append(p) }
    }))
    let reports = seen.withLock { $0 }
    #expect(reports.map(\.done) == Array(1...12))
    #expect(reports.allSatisfy { $0.total == 12 })
    #expect(reports.last?.failed == 1)
  }

  @Test("the run itself fails on a missing ROOT, a file as ROOT, or no jobs")
  func runFailures() throws {
    let root = NightlyFixture.makeRoot()
    defer { NightlyFixture.remove(root) }
    let missing = root.appendingPathComponent("nope")
    #expect(throws: PlanEngineError.io(
      path: missing.path, reason: "no such folder; ROOT must be the folder that holds the learner folders")) {
      try NightlyRunner.run(root: missing, planner: echo, options: .init())
    }
    let file = root.appendingPathComponent("file")
    try Data().write(to: file)
    #expect(throws: PlanEngineError.io(
      path: file.path, reason: "is a file, not a folder; ROOT must be the folder that holds the learner folders")) {
      try NightlyRunner.run(root: file, planner: echo, options: .init())
    }
    #expect(throws: PlanEngineError.invalidValue(keyPath: "--jobs", value: "0", expected: "a number of jobs, at least 1")) {
      try NightlyRunner.run(root: root, planner: echo, options: .init(jobs: 0))
    }
    let empty = try NightlyRunner.run(root: root, planner: echo, options: .init(jobs: 4))
    #expect(empty.learners == 0 && empty.allPlanned)
  }
}
