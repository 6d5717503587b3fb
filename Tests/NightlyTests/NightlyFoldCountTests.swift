import Foundation
@testable import DailyPlanning
@testable import LearnerStore
import MemoryModels
import Nightly
@testable import PlannerCore
import Testing
import TestSupport

/// What the nightly job folds (`Instrumentation.counting`): the first night fits a learner once
/// and folds its history twice (the review histories with the profile's parameters, then the
/// fitted ones), writing one snapshot with both; the nights after fold only the new events.
@Suite struct NightlyFoldCountTests {
  /// 700 daily recitations, over 300 pages, before `NightlyFixture.now`: past the first refit
  /// checkpoint (400 reviews).
  static func history() -> [LearnerEvent] {
    (0..<700).map { d in
      LearnerEvent(id: "e\(d)", time: EventTime(epochMillis: 1_730_000_000_000 + Int64(d) * 86_400_000, offsetSeconds: 0),
                   payload: .recitation(Recitation(range: "p\(d % 300 + 1)", tier: .oldRevision, grade: d % 7 == 0 ? 1 : 3)))
    }
  }

  @Test("the first night fits once and folds the history twice; the next nights fold only the new events")
  func foldsPerNight() throws {
    let root = NightlyFixture.makeRoot("fold-count")
    defer { NightlyFixture.remove(root) }
    let dir = root.path + "/learner-0001"
    let profile = LearnerProfile(id: "learner-0001")
    try Learner.create(dir, profile: profile)
    try Learner.record(dir, events: Self.history(), now: NightlyFixture.now)
    try? FileManager.default.removeItem(atPath: dir + "/" + Learner.snapshotFile)  // the first night: no snapshot yet
    #expect(!FileManager.default.fileExists(atPath: dir + "/" + ParameterRefit.cacheFile))
    let planner = LearnerDailyPlanner(now: NightlyFixture.now)
    let options = NightlyOptions(jobs: 1)

    let (first, firstCounts) = try Instrumentation.counting { try NightlyRunner.run(root: root, planner: planner, options: options) }
    #expect(first.planned == 1 && first.failed.isEmpty)
    #expect(firstCounts[.fullFold] == 2 && firstCounts[.historyRead] == nil && firstCounts[.snapshotLoad] == nil)
    #expect(FileManager.default.fileExists(atPath: dir + "/" + ParameterRefit.cacheFile))
    // The plan is the one of the whole history folded and fitted the way it always was.
    let history = try Learner.history(dir).events
    let (reference, fitted) = LearnerDailyPlanner.Loaded.folding(profile: profile, events: history, cached: nil)
    #expect(reference.parameters.source == "fitted" && fitted != nil)
    let expected = try planner.plan(reference, date: nil)
    #expect(Array(try Data(contentsOf: URL(fileURLWithPath: dir + "/plans/\(expected.date).json"))) == expected.plan)

    // A night after a few new events: `record` (the profile's parameters) and the job (the
    // fit) both start from the one snapshot.
    let new = (0..<3).map { i in
      LearnerEvent(id: "n\(i)", time: EventTime(epochMillis: 1_730_000_000_000 + Int64(700 + i) * 86_400_000, offsetSeconds: 0),
                   payload: .recitation(Recitation(range: "p\(i + 10)", tier: .oldRevision, grade: 3)))
    }
    let (_, recordCounts) = try Instrumentation.counting { try Learner.record(dir, events: new, now: NightlyFixture.now) }
    #expect(recordCounts[.fullFold] == nil && recordCounts[.snapshotLoad] == 1)
    let snapshotPath = dir + "/" + Learner.snapshotFile
    let firstSnapshot = FileManager.default.contents(atPath: snapshotPath)
    #expect(firstSnapshot != nil)
    let (next, nextCounts) = try Instrumentation.counting { try NightlyRunner.run(root: root, planner: planner, options: options) }
    #expect(next.failed.isEmpty && next.planned + next.unchanged == 1)
    #expect(nextCounts[.fullFold] == nil && nextCounts[.snapshotLoad] == 1 && nextCounts[.tailEvents] == 3)
    // Three new events in time order: folded on the snapshot's head, which is left as it is.
    #expect(FileManager.default.contents(atPath: snapshotPath) == firstSnapshot)
    let all = try Learner.history(dir).events
    let (again, _) = LearnerDailyPlanner.Loaded.folding(profile: profile, events: all, cached: fitted)
    let expectedNext = try planner.plan(again, date: nil)
    #expect(Array(try Data(contentsOf: URL(fileURLWithPath: dir + "/plans/\(expectedNext.date).json"))) == expectedNext.plan)

    // The same date again, nothing new: unchanged, from the snapshot.
    let (rerun, rerunCounts) = try Instrumentation.counting { try NightlyRunner.run(root: root, planner: planner, options: options) }
    #expect(rerun.unchanged == 1 && rerunCounts[.fullFold] == nil && rerunCounts[.snapshotLoad] == 1)
    #expect(rerunCounts[.tailEvents] == 3 && FileManager.default.contents(atPath: snapshotPath) == firstSnapshot)
  }
}
