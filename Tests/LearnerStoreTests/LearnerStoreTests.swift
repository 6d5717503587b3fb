import Foundation
import Testing
@testable import LearnerStore
@testable import PlannerCore
import TestSupport

@Suite struct LearnerStoreTests {
  @Test func initCreatesAFolderAndRefusesToOverwrite() throws {
    let tmp = TemporaryFolder()
    let dir = Fixed.learner(tmp)
    #expect(FileManager.default.fileExists(atPath: dir + "/profile.json"))
    #expect(tmp.read("amina/events.jsonl") == "")
    #expect(throws: PlanEngineError.self) { try Learner.create(dir, profile: LearnerProfile(id: "other")) }
    #expect(try Learner.loadProfile(dir).0.id == "amina")
  }

  @Test func idempotentRecording() throws {
    let tmp = TemporaryFolder()
    let dir = Fixed.learner(tmp)
    let add = Fixed.event("a1", "2026-11-30T07:00:00+02:00", .wordAdded(english: "run", ukrainian: ["бігти"]))
    let first = try Learner.record(dir, events: [add], now: Fixed.now)
    #expect(first.appended == [add] && first.alreadyRecorded.isEmpty)
    let again = try Learner.record(dir, events: [add], now: Fixed.now)
    #expect(again.appended.isEmpty && again.alreadyRecorded == ["a1"])
    #expect(tmp.read("amina/events.jsonl").split(separator: "\n").count == 1)
    let changed = Fixed.event("a1", "2026-11-30T07:00:00+02:00", .wordAdded(english: "run", ukrainian: ["бігати"]))
    #expect(throws: PlanEngineError.conflictingEvent(id: "a1", file: dir + "/events.jsonl", line: 1)) {
      try Learner.record(dir, events: [changed], now: Fixed.now)
    }
    #expect(tmp.read("amina/events.jsonl").split(separator: "\n").count == 1)
  }

  @Test func badInputIsRefusedBeforeAnythingIsWritten() throws {
    let tmp = TemporaryFolder()
    let dir = Fixed.learner(tmp)
    let ok = Fixed.event("k1", "2026-11-30T07:00:00+02:00", .wordAdded(english: "run", ukrainian: ["бігти"]))
    try Learner.record(dir, events: [ok], now: Fixed.now)
    let before = tmp.read("amina/events.jsonl")
    // A word never added.
    #expect(throws: PlanEngineError.unknownWord("walk")) {
      try Learner.record(dir, events: [Fixed.event("k2", "2026-11-30T08:00:00+02:00", .wordLookedUp(english: "walk"))], now: Fixed.now)
    }
    // More than the clock skew (10 minutes) ahead.
    #expect(throws: PlanEngineError.malformed(file: "command line", line: nil, keyPath: "--at",
                                              expected: "a time no more than 10 minutes ahead of now (2026-11-30T12:00:00Z), not 2026-11-30T12:10:00.001Z")) {
      try Learner.record(dir, events: [Fixed.event("k3", "2026-11-30T12:10:00.001Z", .wordLookedUp(english: "run"))], now: Fixed.now)
    }
    // A deleted word.
    try Learner.record(dir, events: [Fixed.event("k4", "2026-11-30T09:00:00+02:00", .wordDeleted(english: "RUN"))], now: Fixed.now)
    #expect(throws: PlanEngineError.unknownWord("run")) {
      try Learner.record(dir, events: [Fixed.event("k5", "2026-11-30T10:00:00+02:00", .wordOpened(english: "run"))], now: Fixed.now)
    }
    #expect(tmp.read("amina/events.jsonl").split(separator: "\n").count == 2)
    #expect(tmp.read("amina/events.jsonl").hasPrefix(before))
    // Up to 10 minutes ahead is fine.
    try Learner.record(dir, events: [Fixed.event("k6", "2026-11-30T12:10:00Z", .planOpened(date: "2026-11-30"))], now: Fixed.now)
  }

  @Test func batchIsAllOrNothing() throws {
    let tmp = TemporaryFolder()
    let dir = Fixed.learner(tmp)
    let lines = [
      #"{"version":1,"id":"b1","at":"2026-11-30T07:00:00+02:00","type":"word.added","payload":{"english":"run","ukrainian":["бігти"]}}"#,
      #"{"version":1,"id":"b2","at":"2026-11-30T07:01:00+02:00","type":"word.quizzed","payload":{"english":"run","answer":"бігти","verdict":"right"}}"#,
      #"{"version":1,"id":"b3","at":"2026-11-30T07:02:00+02:00","type":"word.quizzed","payload":{"english":"walk","answer":"x","verdict":"wrong"}}"#,
    ]
    tmp.write("batch.jsonl", lines.joined(separator: "\n") + "\n")
    do {
      _ = try Learner.recordBatch(dir, file: tmp.file("batch.jsonl"), now: Fixed.now)
      Issue.record("accepted a batch with an unknown word")
    } catch {
      #expect(error == .malformed(file: tmp.file("batch.jsonl"), line: 3, keyPath: "payload.english",
                                   expected: "a word in the dictionary ('walk' was never added, or was deleted)"))
    }
    #expect(tmp.read("amina/events.jsonl") == "")
    tmp.write("batch.jsonl", lines[0...1].joined(separator: "\n") + "\n{not json\n")
    #expect(throws: PlanEngineError.self) { try Learner.recordBatch(dir, file: tmp.file("batch.jsonl"), now: Fixed.now) }
    #expect(tmp.read("amina/events.jsonl") == "")
    tmp.write("batch.jsonl", lines[0...1].joined(separator: "\n") + "\n")
    let outcome = try Learner.recordBatch(dir, file: tmp.file("batch.jsonl"), now: Fixed.now)
    #expect(outcome.appended.map(\.id) == ["b1", "b2"])
    #expect(try Learner.recordBatch(dir, file: tmp.file("batch.jsonl"), now: Fixed.now).alreadyRecorded == ["b1", "b2"])
  }

  @Test func tornLastLineIsReportedSetAsideAndNeverFolded() throws {
    let tmp = TemporaryFolder()
    let dir = Fixed.learner(tmp)
    try Learner.record(dir, events: [
      Fixed.event("t1", "2026-11-30T07:00:00+02:00", .wordAdded(english: "run", ukrainian: ["бігти"])),
      Fixed.event("t2", "2026-11-30T07:01:00+02:00", .wordLookedUp(english: "run")),
    ], now: Fixed.now)
    let torn = #"{"version":1,"id":"t3","at":"2026-11-30T07:02:00+02:00","type":"word.look"#
    tmp.append("amina/events.jsonl", torn)
    let learner = try Learner.load(dir)
    #expect(learner.torn?.line == 3)
    #expect(learner.torn?.bytes == Array(torn.utf8))
    #expect(learner.state.eventCount == 2)
    #expect(learner.state.word("run")?.lookups == 1)
    // The next write moves the torn bytes aside and appends on a fresh line.
    let outcome = try Learner.record(dir, events: [Fixed.event("t4", "2026-11-30T07:03:00+02:00", .wordOpened(english: "run"))], now: Fixed.now)
    #expect(outcome.setAside?.bytes == Array(torn.utf8))
    #expect(tmp.read("amina/events.torn.jsonl") == torn + "\n")
    let after = try Learner.load(dir)
    #expect(after.torn == nil)
    #expect(after.state.eventCount == 3)
    #expect(try Learner.history(dir).events.map(\.id) == ["t1", "t2", "t4"])
  }

  @Test func aMalformedLineInsideTheLogIsAnErrorNamingIt() throws {
    let tmp = TemporaryFolder()
    let dir = Fixed.learner(tmp)
    try Learner.record(dir, events: [Fixed.event("m1", "2026-11-30T07:00:00+02:00", .planOpened(date: "2026-11-30"))], now: Fixed.now)
    tmp.append("amina/events.jsonl", "{\"oops\"\n")
    // Nothing more is written to a log that is damaged inside.
    #expect(throws: PlanEngineError.self) {
      try Learner.record(dir, events: [Fixed.event("m2", "2026-11-30T08:00:00+02:00", .planOpened(date: "2026-11-30"))], now: Fixed.now)
    }
    #expect(throws: PlanEngineError.malformed(file: dir + "/events.jsonl", line: 2, keyPath: nil,
                                               expected: "one JSON event per line (column 8: expected ':' after an object key)")) {
      try Learner.load(dir)
    }
  }

  @Test func lockContentionWaitsThenFailsClearly() throws {
    let tmp = TemporaryFolder()
    let dir = Fixed.learner(tmp)
    let held = try LearnerLock(directory: dir)
    let start = Date()
    #expect(throws: PlanEngineError.lockTimeout(path: dir + "/.lock", seconds: 0.2)) {
      try Learner.record(dir, events: [Fixed.event("l1", "2026-11-30T07:00:00+02:00", .planOpened(date: "2026-11-30"))],
                         now: Fixed.now, lockTimeout: 0.2)
    }
    #expect(Date().timeIntervalSince(start) >= 0.2)
    #expect(tmp.read("amina/events.jsonl") == "")
    held.unlock()
    try Learner.record(dir, events: [Fixed.event("l1", "2026-11-30T07:00:00+02:00", .planOpened(date: "2026-11-30"))],
                       now: Fixed.now, lockTimeout: 0.2)
    #expect(tmp.read("amina/events.jsonl").contains("\"l1\""))
  }

  @Test func configWritesTheProfileAndRecordsTheChange() throws {
    let tmp = TemporaryFolder()
    let dir = Fixed.learner(tmp)
    let (previous, current) = try Learner.configure(dir, key: "dailyMinutes", value: "45", now: Fixed.now, id: "c1")
    #expect(previous == "30" && current == "45")
    // A retry (same id, same change) succeeds and records nothing more.
    #expect(try Learner.configure(dir, key: "dailyMinutes", value: "45", now: Fixed.now, id: "c1") == ("30", "45"))
    #expect(try Learner.loadProfile(dir).0.dailyMinutes == 45)
    let log = try Learner.history(dir)
    #expect(log.events.map(\.payload) == [.settingsChanged(key: "dailyMinutes", value: "45", previous: "30")])
    #expect(log.events[0].time.text == "2026-11-30T14:00:00+02:00")
    let profileBefore = tmp.read("amina/profile.json")
    #expect(throws: PlanEngineError.self) { try Learner.configure(dir, key: "timezone", value: "Moon/Base", now: Fixed.now) }
    #expect(tmp.read("amina/profile.json") == profileBefore)
    #expect(try Learner.history(dir).events.count == 1)
    // The same id for another change is refused before the profile is touched.
    #expect(throws: PlanEngineError.conflictingEvent(id: "c1", file: dir + "/events.jsonl", line: 1)) {
      try Learner.configure(dir, key: "dailyMinutes", value: "50", now: Fixed.now, id: "c1")
    }
    #expect(tmp.read("amina/profile.json") == profileBefore)
  }

  @Test func oldSnapshotOrProfileChangeRebuilds() throws {
    let tmp = TemporaryFolder()
    let dir = Fixed.learner(tmp)
    try Learner.record(dir, events: [
      Fixed.event("s1", "2026-11-30T07:00:00+02:00", .recitation(Recitation(range: "78:1-16", tier: .newLesson, grade: 3))),
    ], now: Fixed.now)
    try FileManager.default.removeItem(atPath: dir + "/" + Learner.snapshotFile)  // record rebuilt one
    #expect(try Learner.load(dir).fromSnapshot == false)
    #expect(try Learner.load(dir).fromSnapshot == true)
    // Corrupt snapshot: rebuilt, same state.
    let good = try Learner.load(dir).state
    tmp.write("amina/" + Learner.snapshotFile, "{\"version\":1,")
    let rebuilt = try Learner.load(dir)
    #expect(rebuilt.fromSnapshot == false && rebuilt.state == good)
    // A profile change (parameters) makes it stale.
    try Learner.configure(dir, key: "dayStartHour", value: "0", now: Fixed.now)
    #expect(try Learner.load(dir).fromSnapshot == false)
  }

  /// Late events fold from the snapshot while they are within its late window (2 days before
  /// the latest event); an older one replays the history once, and the snapshot then covers it.
  @Test func lateEventsFoldFromTheSnapshotOrRebuildItOnce() throws {
    let tmp = TemporaryFolder()
    let dir = Fixed.learner(tmp)
    let r = { (id: String, at: String) in Fixed.event(id, at, .recitation(Recitation(range: "112", tier: .oldRevision, grade: 3))) }
    func replayed(_ l: Learner) throws -> LearnerState { LearnerFold.replay(profile: l.profile, events: try Learner.history(dir).events) }
    try Learner.record(dir, events: [r("a", "2026-11-26T08:00:00+02:00"), r("b", "2026-11-30T08:00:00+02:00")], now: Fixed.now)
    _ = try Learner.load(dir, now: Fixed.now)
    try Learner.record(dir, events: [r("c", "2026-11-30T09:00:00+02:00")], now: Fixed.now)
    let onTime = try Learner.load(dir, now: Fixed.now)
    #expect(onTime.fromSnapshot && onTime.eventsFolded == 1)
    // A day late (a phone syncing yesterday's reviews): still from the snapshot, in time order.
    try Learner.record(dir, events: [r("d", "2026-11-29T08:00:00+02:00")], now: Fixed.now)
    let late = try Learner.load(dir, now: Fixed.now)
    #expect(late.fromSnapshot && late.eventsFolded == 1)
    #expect(late.state == (try replayed(late)))
    #expect(late.state.items["s112"]!.reviewDays == 3)  // the 26th, 29th and 30th
    // A week late: one replay, which rewrites the snapshot; the loads after it start from it.
    try Learner.record(dir, events: [r("e", "2026-11-22T08:00:00+02:00")], now: Fixed.now)
    let week = try Learner.load(dir, now: Fixed.now)
    #expect(!week.fromSnapshot && week.eventsFolded == 5)
    #expect(week.state == (try replayed(week)))
    let after = try Learner.load(dir, now: Fixed.now)
    #expect(after.fromSnapshot && after.eventsFolded == 0 && after.state == week.state)
    // `record` itself rebuilds the snapshot after a late event, so it does not replay each time.
    try Learner.record(dir, events: [r("f", "2026-11-20T08:00:00+02:00")], now: Fixed.now)
    let (_, rebuild) = Instrumentation.counting { try! Learner.record(dir, events: [r("g", "2026-11-30T10:00:00+02:00")], now: Fixed.now) }
    #expect(rebuild[.fullFold] == 1)
    let (_, counts) = Instrumentation.counting { try! Learner.record(dir, events: [r("g2", "2026-11-30T10:01:00+02:00")], now: Fixed.now) }
    #expect(counts[.fullFold] == nil && counts[.snapshotLoad] == 1 && counts[.historyRead] == nil)
    // Dated 5 minutes ahead (a fast clock): accepted, and the next on-time event does not replay.
    try Learner.record(dir, events: [r("h", "2026-11-30T14:05:00+02:00")], now: Fixed.now)
    _ = try Learner.load(dir, now: Fixed.now)
    try Learner.record(dir, events: [r("i", "2026-11-30T13:30:00+02:00")], now: Fixed.now)
    let ahead = try Learner.load(dir, now: Fixed.now)
    #expect(ahead.fromSnapshot && ahead.eventsFolded == 1)
    #expect(ahead.state == (try replayed(ahead)))
  }

  @Test func largeBatchesUseTheIdIndexWithTheSameResults() throws {
    let tmp = TemporaryFolder()
    let dir = Fixed.learner(tmp)
    let batch = (0..<8).map { Fixed.event("x\($0)", "2026-11-30T07:0\($0):00+02:00", .planOpened(date: "2026-11-30")) }
    #expect(try Learner.record(dir, events: batch, now: Fixed.now).appended.count == 8)
    let again = try Learner.record(dir, events: batch + [Fixed.event("x8", "2026-11-30T07:09:00+02:00", .planOpened(date: "2026-11-30"))], now: Fixed.now)
    #expect(again.alreadyRecorded == batch.map(\.id) && again.appended.map(\.id) == ["x8"])
    var changed = batch
    changed[5] = Fixed.event("x5", "2026-11-30T07:05:00+02:00", .planOpened(date: "2026-11-29"))
    #expect(throws: PlanEngineError.conflictingEvent(id: "x5", file: dir + "/events.jsonl", line: 6)) {
      try Learner.record(dir, events: changed, now: Fixed.now)
    }
    #expect(try Learner.history(dir).events.count == 9)
  }
}
