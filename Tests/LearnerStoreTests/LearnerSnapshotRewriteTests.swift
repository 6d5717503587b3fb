import Foundation
@testable import LearnerStore
@testable import MemoryModels
@testable import PlannerCore
import Testing
import TestSupport

/// When `today` and `nightly` rewrite the snapshot (``Learner/SnapshotWrite/whenStale``): not
/// after a few new events in time order (they fold on the head, and the snapshot, a prefix of
/// the log, stays valid), but past ``Learner/costlyTail`` events, after a late event, and after
/// a replay. Every load's state is the replay's, and the log after the snapshot is checked as
/// strictly as ever.
@Suite struct LearnerSnapshotRewriteTests {
  /// As `LearnerDailyPlanner.load` loads a learner: the fitted parameters, `.whenStale`.
  static func nightly(_ dir: String, _ parameters: [Double]?, now: Date) throws -> Learner {
    try Learner.load(dir, parameters: parameters, profile: nil, snapshot: .whenStale, now: now)
  }

  static func snapshotBytes(_ dir: String) -> [UInt8]? {
    FileManager.default.contents(atPath: dir + "/" + Learner.snapshotFile).map(Array.init)
  }

  static func replayed(_ dir: String, _ parameters: [Double]?) throws -> LearnerState {
    var p = try Learner.loadProfile(dir).0
    if let parameters { p.parameters = parameters }
    return LearnerFold.replay(profile: p, events: try Learner.history(dir).events)
  }

  static func at(_ millis: Int64) -> Date { Date(timeIntervalSince1970: Double(millis) / 1000 + 60) }

  /// A learner with 400 random events in time order, loaded once with `parameters` (the
  /// snapshot written), and the latest event's time.
  static func learner(_ tmp: TemporaryFolder, _ parameters: [Double]?) throws -> (String, Int64) {
    let dir = Fixed.learner(tmp)
    var rng = SplitMix64(seed: 31)
    let all = RandomLearner.events(count: 400, rng: &rng, startDay: 0).sorted { $0.time.epochMillis < $1.time.epochMillis }
    let latest = all.last!.time.epochMillis
    try Learner.record(dir, events: all, now: at(latest))
    _ = try Learner.load(dir, parameters: parameters, now: at(latest))
    return (dir, latest)
  }

  /// `n` plan openings after `millis`, a minute apart.
  static func events(_ prefix: String, after millis: Int64, count n: Int) -> [LearnerEvent] {
    (0..<n).map { i in
      LearnerEvent(id: "\(prefix)-\(i)", time: EventTime(epochMillis: millis + Int64(i + 1) * 60_000, offsetSeconds: 0),
                   payload: .planOpened(date: "2026-11-30"))
    }
  }

  @Test("nights after a few new events fold them on the head and leave the snapshot as it is")
  func aFewEventsInTimeOrderLeaveTheSnapshot() throws {
    let tmp = TemporaryFolder()
    let fitted = LearnerSnapshotTests.fitted()
    let (dir, latest) = try Self.learner(tmp, fitted)
    let written = try #require(Self.snapshotBytes(dir))
    var last = latest
    for night in 1...5 {
      let new = Self.events("n\(night)", after: last, count: 3)
      last = new.last!.time.epochMillis
      // `record` (the profile's set) does not rewrite it either.
      try Learner.record(dir, events: new, now: Self.at(last))
      let (loaded, counts) = try Instrumentation.counting { try Self.nightly(dir, fitted, now: Self.at(last)) }
      #expect(loaded.fromSnapshot && counts[.fullFold] == nil && counts[.snapshotWhole] == nil)
      #expect(counts[.tailEvents] == 3 * night && loaded.eventsFolded == 3 * night)
      #expect(loaded.state == (try Self.replayed(dir, fitted)))
      #expect(Self.snapshotBytes(dir) == written, "night \(night)")
      // The profile's set folds from the same snapshot.
      let own = try Learner.load(dir, writeSnapshot: false, now: Self.at(last))
      let ownReplayed = try Self.replayed(dir, nil)
      #expect(own.fromSnapshot && own.state == ownReplayed)
    }
  }

  @Test("past the tail's threshold the snapshot is rewritten, for both parameter sets")
  func pastTheThresholdTheSnapshotIsRewritten() throws {
    let tmp = TemporaryFolder()
    let fitted = LearnerSnapshotTests.fitted()
    let (dir, latest) = try Self.learner(tmp, fitted)
    let written = try #require(Self.snapshotBytes(dir))
    let below = Self.events("a", after: latest, count: Learner.costlyTail - 1)
    try Learner.record(dir, events: below, now: Self.at(below.last!.time.epochMillis))
    _ = try Self.nightly(dir, fitted, now: Self.at(below.last!.time.epochMillis))
    #expect(Self.snapshotBytes(dir) == written)
    let one = Self.events("b", after: below.last!.time.epochMillis, count: 1)
    let now = Self.at(one.last!.time.epochMillis)
    try Learner.record(dir, events: one, now: now)
    let (loaded, counts) = try Instrumentation.counting { try Self.nightly(dir, fitted, now: now) }
    #expect(loaded.fromSnapshot && counts[.fullFold] == nil && counts[.tailEvents] == Learner.costlyTail)
    #expect(loaded.state == (try Self.replayed(dir, fitted)))
    #expect(Self.snapshotBytes(dir) != written)
    // The rewritten snapshot covers the whole log, for the fit and for the profile's set.
    let (next, nextCounts) = try Instrumentation.counting { try Self.nightly(dir, fitted, now: now) }
    #expect(next.fromSnapshot && next.eventsFolded == 0 && nextCounts[.fullFold] == nil && next.state == loaded.state)
    let (own, ownCounts) = try Instrumentation.counting { try Learner.load(dir, writeSnapshot: false, now: now) }
    #expect(own.fromSnapshot && own.eventsFolded == 0 && ownCounts[.fullFold] == nil)
    let ownReplayed = try Self.replayed(dir, nil)
    #expect(own.state == ownReplayed)
  }

  @Test("a late event (before the head's latest) rewrites the snapshot once")
  func aLateEventRewritesTheSnapshotOnce() throws {
    let tmp = TemporaryFolder()
    let (dir, latest) = try Self.learner(tmp, nil)
    let written = try #require(Self.snapshotBytes(dir))
    let now = Self.at(latest)
    let late = LearnerEvent(id: "late", time: EventTime(epochMillis: latest - 3_600_000, offsetSeconds: 0),
                            payload: .planOpened(date: "2026-11-29"))
    try Learner.record(dir, events: [late], now: now)
    let (loaded, counts) = try Instrumentation.counting { try Self.nightly(dir, nil, now: now) }
    #expect(loaded.fromSnapshot && counts[.snapshotWhole] == 1 && counts[.fullFold] == nil)
    #expect(loaded.state == (try Self.replayed(dir, nil)))
    #expect(Self.snapshotBytes(dir) != written)
    let (next, nextCounts) = try Instrumentation.counting { try Self.nightly(dir, nil, now: now) }
    #expect(next.fromSnapshot && next.eventsFolded == 0 && nextCounts[.snapshotWhole] == nil && next.state == loaded.state)
  }

  @Test("the log after a snapshot left in place is checked as strictly: a bad line, a changed prefix")
  func aDamagedLogAfterTheSnapshotIsStillCaught() throws {
    let tmp = TemporaryFolder()
    let (dir, latest) = try Self.learner(tmp, nil)
    let new = Self.events("n", after: latest, count: 3)
    let now = Self.at(new.last!.time.epochMillis)
    try Learner.record(dir, events: new, now: now)
    _ = try Self.nightly(dir, nil, now: now)
    let logPath = dir + "/" + Learner.eventsFile
    let good = try #require(FileManager.default.contents(atPath: logPath))
    // A line after the snapshot that is not an event: the same error as reading the history.
    var bad = good
    bad.append(contentsOf: Array("{\"version\":1,\"id\":\"x\",\n".utf8))
    try bad.write(to: URL(fileURLWithPath: logPath))
    var expected: PlanEngineError?
    do { _ = try Learner.history(dir) } catch { expected = error }
    #expect(expected != nil)
    #expect(throws: expected!) { try Self.nightly(dir, nil, now: now) }
    // A new event's line changed in place (same length): folded as it now reads.
    let bytes = Array(good)
    let n2 = try #require(Self.find("\"n-2\"", in: bytes))
    var changed = good
    changed[n2 + 1] = UInt8(ascii: "m")
    try changed.write(to: URL(fileURLWithPath: logPath))
    let reread = try Self.nightly(dir, nil, now: now)
    let rereadReplayed = try Self.replayed(dir, nil)
    #expect(reread.fromSnapshot && reread.state == rereadReplayed)
    #expect(reread.recent?.events.suffix(3).map(\.id) == ["n-0", "n-1", "m-2"])
    // The snapshot's last line (the one before the new events) changed: the key no longer
    // matches, one replay.
    let n0 = try #require(Self.find("\"n-0\"", in: bytes))
    let newStart = (bytes[..<n0].lastIndex(of: 0x0A) ?? -1) + 1
    let lastStart = (bytes[..<(newStart - 1)].lastIndex(of: 0x0A) ?? -1) + 1
    let id = try #require(Self.find("\"id\":\"", in: bytes, from: lastStart)) + 6
    #expect(id < newStart)
    var prefixChanged = good
    prefixChanged[id] = prefixChanged[id] == UInt8(ascii: "z") ? UInt8(ascii: "y") : UInt8(ascii: "z")
    try prefixChanged.write(to: URL(fileURLWithPath: logPath))
    let (replay, counts) = try Instrumentation.counting { try Self.nightly(dir, nil, now: now) }
    let replayReplayed = try Self.replayed(dir, nil)
    #expect(!replay.fromSnapshot && counts[.fullFold] == 1 && replay.state == replayReplayed)
  }

  static func find(_ needle: String, in bytes: [UInt8], from start: Int = 0) -> Int? {
    let n = Array(needle.utf8)
    guard bytes.count >= n.count else { return nil }
    return (start...(bytes.count - n.count)).first { bytes[$0..<($0 + n.count)].elementsEqual(n) }
  }
}
