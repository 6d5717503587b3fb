import Foundation
import Testing
@testable import LearnerStore
import TestSupport

/// Fixtures of every format version that exists (version 1 of the profile, the event line and
/// the snapshot): they must keep loading as the formats grow.
@Suite struct LearnerVersionFixtureTests {
  static let profileV1 = #"{"version": 1, "id": "old-timer", "timezone": "Asia/Riyadh", "dayStartHour": 3}"#
  static let eventsV1 = """
    {"version":1,"id":"a","at":"2026-01-10T05:00:00+03:00","type":"recitation","payload":{"range":"114","tier":"old","grade":4,"mistakes":0}}
    {"version":1,"id":"b","at":"2026-01-10T06:00:00+03:00","type":"word.added","payload":{"english":"light","ukrainian":["світло"]},"client":{"app":"2.1"}}
    {"version":1,"id":"c","at":"2026-01-11T02:30:00+03:00","type":"word.quizzed","payload":{"english":"light","answer":"свiтло","verdict":"right"}}

    """
  /// A snapshot written by an older fold: it must be ignored and rebuilt, not trusted.
  static let snapshotOldFold = #"{"version":1,"foldVersion":0,"logBytes":0,"logCount":0,"lastLineStart":0,"lastLineHash":"cbf29ce484222325","profileHash":"0000000000000000","latestEventMillis":null,"eventCount":0,"eventsByType":{},"habits":{},"items":[]}"#

  @Test func version1FolderLoads() throws {
    let tmp = TemporaryFolder()
    try FileManager.default.createDirectory(atPath: tmp.file("old"), withIntermediateDirectories: true)
    tmp.write("old/profile.json", Self.profileV1)
    tmp.write("old/events.jsonl", Self.eventsV1)
    tmp.write("old/snapshot.json", Self.snapshotOldFold)
    let learner = try Learner.load(tmp.file("old"))
    #expect(!learner.fromSnapshot)
    #expect(learner.profile.timezone == "Asia/Riyadh" && learner.profile.dailyMinutes == 30)
    #expect(learner.state.eventCount == 3)
    #expect(learner.state.items["s114"]?.reviewDays == 1)
    // 02:30 with the day starting at 03:00 is still the learning day of the word's addition.
    let light = try #require(learner.state.word("light"))
    #expect(light.reviewDays == 1 && light.quizzes == 1)
    // The unknown "client" key is still in the history, and the rebuilt snapshot is used next.
    #expect(try Learner.history(tmp.file("old")).events[1].json["client"]?["app"] == .string("2.1"))
    #expect(try Learner.load(tmp.file("old")).fromSnapshot)
  }
}
