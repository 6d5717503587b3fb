import Foundation
import Testing
@testable import LearnerStore
import PlannerCore
import TestSupport

/// The learner folder written by the planner before issue #13 changed the store's formats
/// (Fixtures/learner-v1, see Fixtures/README.md) keeps loading in every later version.
@Suite struct LearnerFixtureTests {
  /// A fresh copy of the fixture (tests never write into the package).
  static func copy() throws -> (TemporaryFolder, String) {
    let source = try Fixtures.path("Tests/LearnerStoreTests/Fixtures/learner-v1")
    let tmp = TemporaryFolder()
    let dir = tmp.file("learner-v1")
    try FileManager.default.copyItem(atPath: source, toPath: dir)
    return (tmp, dir)
  }

  @Test func theFixtureIsComplete() throws {
    let (tmp, dir) = try Self.copy()
    defer { withExtendedLifetime(tmp) {} }
    for name in ["profile.json", "events.jsonl", "snapshot.json", "plans/2026-11-30.json"] {
      #expect(FileManager.default.fileExists(atPath: dir + "/" + name), "\(name) missing from the fixture")
    }
    #expect(try String(contentsOfFile: dir + "/events.jsonl", encoding: .utf8).split(separator: "\n").count == 14)
  }

  @Test func loadsWithTheSameStateFromItsSnapshotOrFromItsEvents() throws {
    let (tmp, dir) = try Self.copy()
    defer { withExtendedLifetime(tmp) {} }
    let first = try Learner.load(dir)  // the v1 snapshot, or a rebuild when its format moved on
    #expect(first.profile.id == "fixture-v1" && first.profile.timezone == "Europe/Kyiv" && first.profile.locale.rawValue == "uk")
    #expect(first.profile.quran.goal?.memorised.map(\.range.description) == ["112-114"])
    let s = first.state
    #expect(s.eventCount == 14)
    #expect(s.eventsByType == ["plan.itemDone": 1, "plan.itemSkipped": 1, "plan.opened": 1, "recitation": 2, "reminder.acted": 1,
                               "reminder.shown": 1, "settings.changed": 1, "word.added": 2, "word.lookedUp": 1,
                               "word.quizzed": 2, "word.unknown": 1])
    #expect(s.word("cat")?.word?.ukrainian == ["кіт", "кішка"])
    #expect(s.word("cat")?.lookups == 1 && s.word("cat")?.quizzes == 1)
    #expect(s.word("light")?.quizzesWrong == 1 || s.word("light")?.quizzes == 1)
    #expect(s.items["p582"]?.reviewDays == 1 && s.items["p582"]?.mistakes == 1)
    #expect(s.items["s114"]?.reviewDays == 1)
    #expect(s.habits.planItemsDone == 1 && s.habits.planItemsSkipped == 1 && s.habits.recitationSeconds == 420)
    // Without the snapshot: the same state, folded from the events alone.
    // The v1 JSON snapshot is not read (it is rebuilt as snapshot.bin) and is removed.
    #expect(!first.fromSnapshot && !FileManager.default.fileExists(atPath: dir + "/snapshot.json"))
    try FileManager.default.removeItem(atPath: dir + "/" + Learner.snapshotFile)
    let rebuilt = try Learner.load(dir)
    #expect(!rebuilt.fromSnapshot)
    #expect(rebuilt.state == s)
    // And the snapshot this version wrote serves the next load.
    #expect(try Learner.load(dir).fromSnapshot)
  }

  @Test func recordsOnTopOfIt() throws {
    let (tmp, dir) = try Self.copy()
    defer { withExtendedLifetime(tmp) {} }
    let now = Date(timeIntervalSince1970: 1_796_200_000)  // 2026-12-02
    let e = LearnerEvent(id: "after-v1", time: EventTime(epochMillis: 1_796_190_000_000, offsetSeconds: 7200),
                         payload: .wordKnown(english: "cat"))
    #expect(try Learner.record(dir, events: [e], now: now).appended == [e])
    // An id of the old log is found (same content: already recorded; other content: refused).
    let old = try Learner.history(dir).events[1]
    #expect(old.id == "w1")
    #expect(try Learner.record(dir, events: [old], now: now).alreadyRecorded == ["w1"])
    let other = LearnerEvent(id: "w1", time: old.time, payload: .wordAdded(english: "cat", ukrainian: ["кицька"]))
    #expect(throws: PlanEngineError.conflictingEvent(id: "w1", file: dir + "/events.jsonl", line: 2)) {
      try Learner.record(dir, events: [other], now: now)
    }
    let learner = try Learner.load(dir)
    #expect(learner.state.eventCount == 15)
    #expect(learner.state.word("cat")?.popularity == 0)
  }

  @Test func itsPlanFileIsAPlanDocument() throws {
    let (tmp, dir) = try Self.copy()
    defer { withExtendedLifetime(tmp) {} }
    let bytes = try #require(FileManager.default.contents(atPath: dir + "/plans/2026-11-30.json"))
    guard case .object(let o) = try JSONParser.parse(Array(bytes)) else { Issue.record("not an object"); return }
    #expect(o["date"] == .string("2026-11-30"))
  }

  /// `learner-v3bin`: a folder with a version-3 `snapshot.bin` (written by the planner before
  /// version 4 put the head in it). Not read as a snapshot: the first load rebuilds it from
  /// the events (the same state as a replay), the next one reads the new file.
  @Test func aVersion3BinarySnapshotIsRebuiltOnce() throws {
    let source = try Fixtures.path("Tests/LearnerStoreTests/Fixtures/learner-v3bin")
    let tmp = TemporaryFolder()
    let dir = tmp.file("learner-v3bin")
    try FileManager.default.copyItem(atPath: source, toPath: dir)
    let old = try #require(FileManager.default.contents(atPath: dir + "/" + Learner.snapshotFile))
    #expect(Array(old.prefix(9)) == LearnerSnapshot.magic + [3])
    #expect(LearnerSnapshot.parse(Array(old)) == nil)
    let now = Date(timeIntervalSince1970: 1_796_000_000)  // 2026-11-30
    let first = try Learner.load(dir, now: now)
    let history = try Learner.history(dir).events
    #expect(!first.fromSnapshot && history.count == 8)
    #expect(first.state == LearnerFold.replay(profile: first.profile, events: history))
    #expect(first.state.word("run")?.quizzes == 1 && first.state.eventsByType["recitation"] == 6)
    let rebuilt = try #require(FileManager.default.contents(atPath: dir + "/" + Learner.snapshotFile))
    #expect(Array(rebuilt.prefix(9)) == LearnerSnapshot.magic + [UInt8(LearnerSnapshot.currentVersion)])
    let second = try Learner.load(dir, now: now)
    #expect(second.fromSnapshot && second.state == first.state)
    try Learner.record(dir, events: [LearnerEvent(id: "after", time: EventTime("2026-11-29T08:00:00+02:00")!,
                                                  payload: .planOpened(date: "2026-11-29"))], now: now)
    #expect(try Learner.load(dir, now: now).state.eventCount == 9)
  }
}

