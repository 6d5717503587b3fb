import Foundation
import Testing
@testable import LearnerStore
@testable import PlannerCore
import TestSupport

/// `record` in constant time: the id index, one lock, exact duplicate rules in NFC, all or
/// nothing on a failed write, and a log corrupted in place refused.
@Suite struct LearnerRecordTests {
  static let nfc = "caf\u{E9}-1"
  static let nfd = "cafe\u{301}-1"
  static func plan(_ id: String, _ minute: Int) -> LearnerEvent {
    Fixed.event(id, "2026-11-30T07:\(minute < 10 ? "0" : "")\(minute):00+02:00", .planOpened(date: "2026-11-30"))
  }

  @Test func anNFDIdIsTheSameIdInABatchOfOneAndOfSix() throws {
    #expect(Array(Self.nfc.utf8) != Array(Self.nfd.utf8))
    let tmp = TemporaryFolder()
    let dir = Fixed.learner(tmp)
    try Learner.record(dir, events: [Self.plan(Self.nfc, 0)], now: Fixed.now)
    let before = tmp.read("amina/events.jsonl")
    // A batch of one: already recorded, nothing appended.
    let one = try Learner.record(dir, events: [Self.plan(Self.nfd, 0)], now: Fixed.now)
    #expect(one.appended.isEmpty && one.alreadyRecorded == [Self.nfc])
    #expect(tmp.read("amina/events.jsonl") == before)
    // A batch of six (the NFD id among five new ones), through the batch reader.
    let lines = ([Self.plan(Self.nfd, 0)] + (1...5).map { Self.plan("n\($0)", $0) }).map { String(decoding: $0.line, as: UTF8.self) }
    let six = try Learner.recordBatch(dir, bytes: Array((lines.joined(separator: "\n") + "\n").utf8), file: "b.jsonl", now: Fixed.now)
    #expect(six.appended.map(\.id) == ["n1", "n2", "n3", "n4", "n5"] && six.alreadyRecorded == [Self.nfc])
    // The same id (either form) with other content is refused.
    let other = Fixed.event(Self.nfd, "2026-11-30T07:00:00+02:00", .planOpened(date: "2026-11-29"))
    #expect(throws: PlanEngineError.conflictingEvent(id: Self.nfc, file: dir + "/events.jsonl", line: 1)) {
      try Learner.record(dir, events: [other], now: Fixed.now)
    }
    #expect(throws: PlanEngineError.conflictingEvent(id: Self.nfc, file: dir + "/events.jsonl", line: 1)) {
      try Learner.record(dir, events: [other] + (6...10).map { Self.plan("n\($0)", $0) }, now: Fixed.now)
    }
    // Stored once, in NFC.
    let history = try Learner.history(dir).events
    #expect(history.count == 6 && Array(history[0].id.utf8) == Array(Self.nfc.utf8))
  }

  @Test func recordReadsNeitherTheWholeLogNorTheProfileTwice() throws {
    let tmp = TemporaryFolder()
    let dir = Fixed.learner(tmp)
    try Learner.record(dir, events: (0..<50).map { Self.plan("p\($0)", $0 % 60) }, now: Fixed.now)
    let (_, counts) = Instrumentation.counting { try! Learner.record(dir, events: [Self.plan("q", 1)], now: Fixed.now) }
    #expect(counts[.historyRead] == nil && counts[.fullFold] == nil && counts[.indexRebuilds] == nil)
    #expect(counts[.profileRead] == 1 && counts[.profileParse] == 1 && counts[.snapshotLoad] == 1)
    #expect(counts[.indexTailLines] == nil)
  }

  @Test func theIndexHealsWhenMissingBehindOrForAnotherLog() throws {
    let tmp = TemporaryFolder()
    let dir = Fixed.learner(tmp)
    try Learner.record(dir, events: (0..<20).map { Self.plan("p\($0)", $0) }, now: Fixed.now)
    // Missing: rebuilt from the log, duplicates still found.
    try FileManager.default.removeItem(atPath: dir + "/events.idx")
    var (r, counts) = Instrumentation.counting { try! Learner.record(dir, events: [Self.plan("p3", 3)], now: Fixed.now) }
    #expect(r.alreadyRecorded == ["p3"] && counts[.indexRebuilds] == 1)
    // Behind the log (a kill between the append and the index update): the new lines are indexed.
    tmp.append("amina/events.jsonl", String(decoding: Self.plan("late", 30).line, as: UTF8.self) + "\n")
    (r, counts) = Instrumentation.counting { try! Learner.record(dir, events: [Self.plan("late", 30)], now: Fixed.now) }
    #expect(r.alreadyRecorded == ["late"] && counts[.indexTailLines] == 1 && counts[.indexRebuilds] == nil)
    // Garbage: rebuilt.
    tmp.write("amina/events.idx", "not an index")
    (r, counts) = Instrumentation.counting { try! Learner.record(dir, events: [Self.plan("p7", 7)], now: Fixed.now) }
    #expect(r.alreadyRecorded == ["p7"] && counts[.indexRebuilds] == 1)
    // The index of another log (the log replaced by a shorter one): rebuilt, no false hits.
    let index = try #require(FileManager.default.contents(atPath: dir + "/events.idx"))
    tmp.write("amina/events.jsonl", String(decoding: Self.plan("z", 1).line, as: UTF8.self) + "\n")
    try FileManager.default.removeItem(atPath: dir + "/" + Learner.snapshotFile)
    #expect(FileManager.default.createFile(atPath: dir + "/events.idx", contents: index))
    (r, counts) = Instrumentation.counting { try! Learner.record(dir, events: [Self.plan("p3", 3)], now: Fixed.now) }
    #expect(r.appended.map(\.id) == ["p3"] && counts[.indexRebuilds] == 1)
    #expect(try Learner.history(dir).events.map(\.id) == ["z", "p3"])
  }

  @Test func aFailedWriteLeavesNothingOfTheBatch() throws {
    let tmp = TemporaryFolder()
    let dir = Fixed.learner(tmp)
    try Learner.record(dir, events: [Self.plan("a", 0)], now: Fixed.now)
    let before = tmp.read("amina/events.jsonl")
    let batch = (1...3000).map { Self.plan("b\($0)", $0 % 60) }
    let bytes = Array(batch.map { String(decoding: $0.line, as: UTF8.self) }.joined(separator: "\n").utf8)
    // The disk fills after 641 events' worth of bytes.
    LogFile.injectFault(LogFile.Fault(afterBytes: bytes.count * 641 / 3000), forAppendTo: dir + "/events.jsonl")
    #expect(throws: PlanEngineError.io(path: dir + "/events.jsonl", reason: "cannot write: No space left on device; nothing of this batch was kept")) {
      try Learner.recordBatch(dir, bytes: bytes, file: "batch.jsonl", now: Fixed.now)
    }
    #expect(tmp.read("amina/events.jsonl") == before)
    #expect(try Learner.load(dir).state.eventCount == 1)
    // Sent again, all of it is recorded (the index holds no id of the failed batch).
    let again = try Learner.recordBatch(dir, bytes: bytes, file: "batch.jsonl", now: Fixed.now)
    #expect(again.appended.count == 3000 && again.alreadyRecorded.isEmpty)
    #expect(try Learner.history(dir).events.count == 3001)
  }

  @Test func aLineCorruptedInPlaceIsRefusedByNameAndRepaired() throws {
    let tmp = TemporaryFolder()
    let dir = Fixed.learner(tmp)
    try Learner.record(dir, events: (0..<10).map { Self.plan("p\($0)", $0) }, now: Fixed.now)
    _ = try Learner.load(dir)
    // Line 4 corrupted in place (same length), behind a valid snapshot and index.
    var lines = tmp.read("amina/events.jsonl").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    lines[3] = String(repeating: "#", count: lines[3].utf8.count)
    tmp.write("amina/events.jsonl", lines.joined(separator: "\n"))
    let corrupt = tmp.read("amina/events.jsonl")
    // The rolling check reads a log this small whole on every record.
    let batch = (10..<600).map { Self.plan("p\($0)", $0 % 60) }
    #expect(throws: PlanEngineError.malformed(
      file: dir + "/events.jsonl", line: 4, keyPath: nil,
      expected: "one JSON event per line (column 1: unexpected character '#', expected a value); nothing more is written to this log until `planner repair \(dir)` sets the line aside")) {
      try Learner.record(dir, events: batch, now: Fixed.now)
    }
    #expect(tmp.read("amina/events.jsonl") == corrupt)
    // A rebuild names it too.
    try FileManager.default.removeItem(atPath: dir + "/" + Learner.snapshotFile)
    #expect(throws: PlanEngineError.self) { try Learner.load(dir) }
    // Repair sets it aside (kept in events.corrupt.jsonl with its line number) and the learner works.
    let report = try Learner.repair(dir)
    #expect(report.setAside.map(\.line) == [4])
    #expect(tmp.read("amina/events.corrupt.jsonl") == lines[3] + "\n")
    #expect(try Learner.history(dir).events.map(\.id) == (0..<10).filter { $0 != 3 }.map { "p\($0)" })
    let after = try Learner.record(dir, events: batch, now: Fixed.now)
    #expect(after.appended.count == 590)
  }

  /// A killed index rebuild or `DurableFile.replace` leaves a temporary file: the next
  /// `record` removes the index's (`.events.idx.tmp`, never read), `repair` the others whose
  /// process is gone, and neither touches the log, the profile or a running process's file.
  @Test func temporaryFilesAKillLeftAreRemoved() throws {
    let tmp = TemporaryFolder()
    let dir = Fixed.learner(tmp)
    try Learner.record(dir, events: (0..<5).map { Self.plan("t\($0)", $0) }, now: Fixed.now)
    tmp.write("amina/" + EventIndex.temporaryFile, String(repeating: "\u{0}junk", count: 100))
    try Learner.record(dir, events: [Self.plan("t5", 5)], now: Fixed.now)
    #expect(!FileManager.default.fileExists(atPath: dir + "/" + EventIndex.temporaryFile))
    #expect(try Learner.recordedEvent(dir, id: "t5")?.1 == 6)
    let log = tmp.read("amina/events.jsonl"), profile = tmp.read("amina/profile.json")
    // 2^31 − 2 is no process; this process is one.
    let gone = ".snapshot.bin.tmp-2147483646", gone2 = ".profile.json.tmp-2147483645", alive = ".profile.json.tmp-\(getpid())"
    for name in [EventIndex.temporaryFile, gone, gone2, alive, ".notes.txt.tmp-2147483646"] { tmp.write("amina/" + name, "x") }
    let report = try Learner.repair(dir)
    #expect(report.temporariesRemoved == [EventIndex.temporaryFile, gone2, gone])
    #expect(report.setAside.isEmpty && report.torn == nil && report.kept == 6)
    for name in [alive, ".notes.txt.tmp-2147483646"] { #expect(FileManager.default.fileExists(atPath: dir + "/" + name), "\(name)") }
    #expect(tmp.read("amina/events.jsonl") == log && tmp.read("amina/profile.json") == profile)
    #expect(try Learner.load(dir).state.eventCount == 6)
  }

  @Test func configIsAtomicWithItsEvent() throws {
    for stop in [Learner.ConfigStep.beforeJournal, .afterJournal, .afterEvent, .afterProfile] {
      let tmp = TemporaryFolder()
      let dir = Fixed.learner(tmp)
      let profileBefore = tmp.read("amina/profile.json")
      Learner.injectConfigStop(stop, in: dir)
      #expect(throws: PlanEngineError.io(path: dir, reason: "stopped at \(stop) (injected)")) {
        try Learner.configure(dir, key: "dailyMinutes", value: "45", now: Fixed.now, id: "c1")
      }
      if stop == .beforeJournal {
        #expect(tmp.read("amina/profile.json") == profileBefore && tmp.read("amina/events.jsonl").isEmpty)
        continue
      }
      // Every load sees the change already (the journal's profile) …
      #expect(try Learner.loadProfile(dir).0.dailyMinutes == 45, "\(stop)")
      // … and the next writer finishes it: the event once, the profile written, the journal gone.
      try Learner.record(dir, events: [Self.plan("x", 1)], now: Fixed.now)
      let events = try Learner.history(dir).events
      #expect(events.map(\.id) == ["c1", "x"], "\(stop)")
      #expect(events[0].payload == .settingsChanged(key: "dailyMinutes", value: "45", previous: "30"))
      #expect(try LearnerProfile.decode(Data(tmp.read("amina/profile.json").utf8), file: "p").dailyMinutes == 45)
      #expect(!FileManager.default.fileExists(atPath: dir + "/" + Learner.settingsJournal))
      // A retry of the same change succeeds without writing.
      #expect(try Learner.configure(dir, key: "dailyMinutes", value: "45", now: Fixed.now, id: "c1") == ("30", "45"))
      #expect(try Learner.history(dir).events.count == 2)
    }
  }

  @Test func nothingIsCreatedInAFolderThatIsNotALearner() throws {
    let tmp = TemporaryFolder()
    let dir = tmp.file("nobody")
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    #expect(throws: PlanEngineError.self) { try Learner.record(dir, events: [Self.plan("a", 1)], now: Fixed.now) }
    #expect(throws: PlanEngineError.self) { try Learner.configure(dir, key: "dailyMinutes", value: "40", now: Fixed.now) }
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
  }
}

/// The correction event: supersedes an earlier event by id; the original stays in the log.
@Suite struct LearnerCorrectionTests {
  static func recite(_ id: String, _ at: String, grade: Int) -> LearnerEvent {
    Fixed.event(id, at, .recitation(Recitation(range: "112", tier: .oldRevision, grade: grade)))
  }

  @Test func aCorrectionFoldsInPlaceOfTheOriginal() throws {
    let tmp = TemporaryFolder()
    let dir = Fixed.learner(tmp)
    try Learner.record(dir, events: [
      Self.recite("r1", "2026-11-28T07:00:00+02:00", grade: 3),
      Self.recite("r2", "2026-11-29T07:00:00+02:00", grade: 1),  // mis-tapped: meant 4
      Self.recite("r3", "2026-11-30T07:00:00+02:00", grade: 3),
    ], now: Fixed.now)
    _ = try Learner.load(dir, now: Fixed.now)
    let fix = Fixed.event("fix1", "2026-11-30T08:00:00+02:00",
                          .eventCorrected(target: "r2", replacement: .recitation(Recitation(range: "112", tier: .oldRevision, grade: 4))))
    try Learner.record(dir, events: [fix], now: Fixed.now)
    let corrected = try Learner.load(dir, now: Fixed.now)
    let meant = LearnerFold.replay(profile: corrected.profile, events: [
      Self.recite("r1", "2026-11-28T07:00:00+02:00", grade: 3),
      Self.recite("r2", "2026-11-29T07:00:00+02:00", grade: 4),
      Self.recite("r3", "2026-11-30T07:00:00+02:00", grade: 3),
    ])
    #expect(corrected.state.items["s112"] == meant.items["s112"])
    #expect(corrected.state.items["s112"]?.lapses == 0)
    #expect(corrected.state.eventCount == 4)
    // The original stays in the log, and the snapshot path agrees with a replay.
    #expect(try Learner.history(dir).events.map(\.id) == ["r1", "r2", "r3", "fix1"])
    #expect(try Learner.load(dir, now: Fixed.now).fromSnapshot)
    #expect(try Learner.load(dir, now: Fixed.now).state == corrected.state)
    // Voided: folded as if it never happened (the last correction wins).
    try Learner.record(dir, events: [Fixed.event("fix2", "2026-11-30T08:01:00+02:00", .eventCorrected(target: "r2", replacement: nil))], now: Fixed.now)
    let voided = try Learner.load(dir, now: Fixed.now)
    let without = LearnerFold.replay(profile: voided.profile, events: [
      Self.recite("r1", "2026-11-28T07:00:00+02:00", grade: 3), Self.recite("r3", "2026-11-30T07:00:00+02:00", grade: 3),
    ])
    #expect(voided.state.items["s112"] == without.items["s112"])
  }

  @Test func aCorrectionOfNothingOrOfAnotherTypeIsRefused() throws {
    let tmp = TemporaryFolder()
    let dir = Fixed.learner(tmp)
    try Learner.record(dir, events: [Self.recite("r1", "2026-11-28T07:00:00+02:00", grade: 3)], now: Fixed.now)
    let before = tmp.read("amina/events.jsonl")
    #expect(throws: PlanEngineError.malformed(file: "command line", line: nil, keyPath: "target",
                                              expected: "the id of an event recorded before ('nope' is not in the log)")) {
      try Learner.record(dir, events: [Fixed.event("f", "2026-11-30T08:00:00+02:00", .eventCorrected(target: "nope", replacement: nil))], now: Fixed.now)
    }
    #expect(throws: PlanEngineError.malformed(file: "command line", line: nil, keyPath: "type",
                                              expected: "the type of the event corrected (recitation), not plan.opened")) {
      try Learner.record(dir, events: [Fixed.event("f", "2026-11-30T08:00:00+02:00",
                                                   .eventCorrected(target: "r1", replacement: .planOpened(date: "2026-11-28")))], now: Fixed.now)
    }
    #expect(tmp.read("amina/events.jsonl") == before)
  }

  @Test("the index rebuilt and grown window by window (small windows: carries, wraps) finds every id")
  func theIndexIsBuiltAndGrownInWindows() throws {
    let tmp = TemporaryFolder()
    let dir = Fixed.learner(tmp)
    let events = (0..<3000).map { LearnerRecordTests.plan("p\($0)", $0 % 60) }
    try Learner.record(dir, events: events, now: Fixed.now)
    // Where each line starts.
    var offsets: [Int] = []
    var at = 0
    for e in events { offsets.append(at); at += e.line.count + 1 }
    let log = try Learner.load(dir, now: Fixed.now).logPosition
    #expect(log.bytes == at && log.lines == 3000)
    let grown = try EventIndex.open(dir, log: log)  // grown by the record, default window
    #expect(grown.count == 3000 && grown.capacity == 16384)
    grown.close()
    // Rebuilt with 16-slot windows: 1,024 windows over a scratch file of 3,000 pairs.
    try FileManager.default.removeItem(atPath: dir + "/events.idx")
    var index = try EventIndex.open(dir, log: log, windowSlots: 16)
    #expect(index.count == 3000 && index.capacity == 16384 && index.covered == log)
    for (k, e) in events.enumerated() { #expect(index.candidates(e.id).contains(offsets[k]), "p\(k)") }
    #expect(index.candidates("p3000").isEmpty)
    #expect(try index.verifyPrefix(logPath: dir + "/events.jsonl"))
    // Grown (×4 past half full) with 16-slot windows read from the old table: every pair kept.
    let more = (0..<6000).map { (EventIndex.digest("x\($0)"), 1_000_000 + $0) }
    try index.insert(more, covering: log, appended: [])
    #expect(index.count == 9000 && index.capacity == 65536)
    for (k, e) in events.enumerated() { #expect(index.candidates(e.id).contains(offsets[k]), "p\(k)") }
    for (d, offset) in more.prefix(500) { #expect(index.candidates("x\(offset - 1_000_000)").contains(offset), "\(d)") }
    index.close()
    // Nothing left beside the index.
    let names = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.contains("idx") }
    #expect(names == ["events.idx"])
  }
}
