import Foundation
@testable import LearnerStore
@testable import MemoryModels
@testable import PlannerCore
import Testing
import TestSupport

/// The binary snapshot (`snapshot.bin`, version 3): exact, refused when damaged, older formats
/// rebuilt, and one file for the profile's parameters and a fit without either invalidating
/// the other.
@Suite struct LearnerSnapshotTests {
  static let profile = LearnerProfile(id: "snap")

  /// Parameters other than the defaults (a fit), within the bounds.
  static func fitted() -> [Double] {
    FSRSParameters.defaults.weights.enumerated().map { i, w in
      let b = FSRSParameters.bounds[i]
      return min(max(w * (i % 2 == 0 ? 1.1 : 0.93), b.lowerBound), b.upperBound)
    }
  }

  @Test func serialisationIsExactForBothParameterSets() throws {
    var rng = SplitMix64(seed: 11)
    let events = RandomLearner.events(count: 800, rng: &rng, startDay: 0)
    let own = LearnerFold.replay(profile: Self.profile, events: events)
    var p = Self.profile
    p.parameters = Self.fitted()
    let fit = LearnerFold.replay(profile: p, events: events)
    #expect(own != fit && own.items.count > 20)
    let pending = Array(events.suffix(5))
    let snap = LearnerSnapshot(logBytes: 10, logCount: 1, lastLineStart: 0, lastLineHash: 42, profileHash: 7,
                               watermarkMillis: -5, pending: pending, state: own, parameters: Self.profile.parameters,
                               others: [(p.parameters, fit)])
    let bytes = snap.serialized()
    let parsed = try #require(LearnerSnapshot.parse(bytes))
    #expect(parsed == snap)
    #expect(parsed.state(at: 0) == own && parsed.state(at: 1) == fit && parsed.pending == pending)
    // Asked for the fitted set: it comes first, the profile's second.
    let asFitted = try #require(LearnerSnapshot.parse(bytes, parameters: p.parameters))
    #expect(asFitted.parameters == [p.parameters, Self.profile.parameters])
    #expect(asFitted.state == fit && asFitted.state(at: 1) == own)
    // Round trip of that order too.
    #expect(LearnerSnapshot.parse(asFitted.serialized(), parameters: p.parameters) == asFitted)
    // Torn, cut or changed anywhere: refused (the trailing hash), never misread.
    #expect(LearnerSnapshot.parse(Array(bytes.dropLast(1))) == nil)
    #expect(LearnerSnapshot.parse(Array(bytes.prefix(bytes.count / 2))) == nil)
    #expect(LearnerSnapshot.parse([UInt8](repeating: 0, count: bytes.count)) == nil)
    for at in stride(from: 8, to: bytes.count, by: max(1, bytes.count / 37)) {
      var damaged = bytes
      damaged[at] ^= 0x10
      #expect(LearnerSnapshot.parse(damaged) == nil, "byte \(at) changed")
    }
  }

  /// Versions 1 and 2 (JSON, `snapshot.json` and `snapshot.fitted.json`) are not read: the
  /// first load replays once, writes `snapshot.bin`, removes them, and the next loads use it.
  @Test(arguments: [
    #"{"version":1,"foldVersion":3,"logBytes":0,"logCount":0,"lastLineStart":0,"lastLineHash":"cbf29ce484222325","profileHash":"0000000000000000","latestEventMillis":null,"eventCount":0,"eventsByType":{},"habits":{},"items":[]}"#,
    #"{"version":2,"foldVersion":4,"logBytes":0,"logCount":0,"lastLineStart":0,"lastLineHash":"cbf29ce484222325","profileHash":"0000000000000000","watermark":null,"pending":[],"latestEventMillis":null,"eventCount":0,"eventsByType":{},"habits":{},"plan":{},"items":[]}"#,
  ])
  func olderFormatsAreRebuilt(json: String) throws {
    let tmp = TemporaryFolder()
    let dir = Fixed.learner(tmp)
    var rng = SplitMix64(seed: 3)
    try Learner.record(dir, events: RandomLearner.events(count: 60, rng: &rng, startDay: 0), now: Fixed.now)
    try? FileManager.default.removeItem(atPath: dir + "/" + Learner.snapshotFile)
    for name in Learner.legacySnapshotFiles { tmp.write("amina/" + name, json) }
    let first = try Learner.load(dir)
    #expect(!first.fromSnapshot)
    let history = try Learner.history(dir).events
    #expect(first.state == LearnerFold.replay(profile: first.profile, events: history))
    for name in Learner.legacySnapshotFiles { #expect(!FileManager.default.fileExists(atPath: dir + "/" + name), "\(name)") }
    let second = try Learner.load(dir)
    #expect(second.fromSnapshot && second.state == first.state)
  }

  /// Word tags and suspended decks (fold version 7) survive `snapshot.bin`: the second load
  /// comes from the snapshot and equals a full replay of the log.
  @Test func tagsAndSuspendedDecksSurviveTheSnapshot() throws {
    let tmp = TemporaryFolder()
    let dir = Fixed.learner(tmp)
    func e(_ id: String, _ minute: Int, _ payload: EventPayload) -> LearnerEvent {
      LearnerEvent(id: id, time: EventTime("2026-11-29T08:0\(minute):00Z")!, payload: payload)
    }
    let events = [
      e("d1", 0, .wordAdded(english: "run", ukrainian: ["бігти"], rank: 0)),
      e("d2", 1, .wordAdded(english: "go", ukrainian: ["йти"], rank: 1)),
      e("d3", 2, .wordAdded(english: "time", ukrainian: ["час"], rank: 2)),
      e("d4", 3, .wordTagged(english: "run", tags: ["verbs", "Travel"])),
      e("d5", 4, .wordTagged(english: "go", tags: ["Verbs"])),
      e("d6", 5, .wordTagged(english: "time", tags: ["core"])),
      e("d7", 6, .deckSuspended(tag: "verbs")),
    ]
    try Learner.record(dir, events: events, now: Fixed.now)
    _ = try Learner.load(dir, now: Fixed.now)
    #expect(FileManager.default.fileExists(atPath: dir + "/" + Learner.snapshotFile))
    let second = try Learner.load(dir, now: Fixed.now)
    let replay = LearnerFold.replay(profile: second.profile, events: try Learner.history(dir).events)
    #expect(second.fromSnapshot)
    #expect(second.state == replay)
    #expect(second.state.suspendedDecks == ["verbs"])
    #expect(second.state.word("run")?.word?.tags == ["verbs", "Travel"])
    #expect(second.state.word("go")?.word?.tags == ["Verbs"] && second.state.word("time")?.word?.tags == ["core"])
    #expect(second.state.word("run")?.word?.suspended == false)  // the deck suspends it, not the word's own flag
  }

  /// `record`/`show` (the profile's parameters) and `today`/`nightly` (a fit) share one file:
  /// each rewrite carries the other's set forward, so neither makes the other replay, and each
  /// state is the replay's with its parameters.
  @Test func theProfilesAndTheFittedStateDoNotInvalidateEachOther() throws {
    let tmp = TemporaryFolder()
    let dir = Fixed.learner(tmp)
    var rng = SplitMix64(seed: 9)
    // In time order: an event older than the watermark replays (and keeps only its own set).
    let all = RandomLearner.events(count: 700, rng: &rng, startDay: 0).sorted { $0.time.epochMillis < $1.time.epochMillis }
    let fitted = Self.fitted()
    func now(_ events: ArraySlice<LearnerEvent>) -> Date {
      Date(timeIntervalSince1970: Double(events.map(\.time.epochMillis).max()!) / 1000 + 60)
    }
    func replayed(_ parameters: [Double]?) throws -> LearnerState {
      var p = try Learner.loadProfile(dir).0
      if let parameters { p.parameters = parameters }
      return LearnerFold.replay(profile: p, events: try Learner.history(dir).events)
    }
    try Learner.record(dir, events: Array(all[0..<600]), now: now(all[0..<600]))
    _ = try Learner.load(dir, now: now(all[0..<600]))  // the profile's set
    // The fit's first load replays once (its set is new) and keeps the profile's.
    let (fitFirst, c0) = try Instrumentation.counting { try Learner.load(dir, parameters: fitted, now: now(all[0..<600])) }
    #expect(!fitFirst.fromSnapshot && c0[.fullFold] == 1)
    #expect(try Learner.load(dir, writeSnapshot: false).fromSnapshot)
    var cursor = 600
    while cursor < all.count {
      let batch = all[cursor..<min(cursor + 25, all.count)]
      cursor += batch.count
      // `record` loads the profile's state; `nightly` the fitted one and rewrites the snapshot.
      let (_, recordCounts) = try Instrumentation.counting { try Learner.record(dir, events: Array(batch), now: now(batch)) }
      #expect(recordCounts[.fullFold] == nil && recordCounts[.snapshotLoad] == 1)
      let (fit, fitCounts) = try Instrumentation.counting { try Learner.load(dir, parameters: fitted, now: now(batch)) }
      let fitReplayed = try replayed(fitted)
      #expect(fit.fromSnapshot && fitCounts[.fullFold] == nil && fit.state == fitReplayed)
      let (own, ownCounts) = try Instrumentation.counting { try Learner.load(dir, now: now(batch)) }
      let ownReplayed = try replayed(nil)
      #expect(own.fromSnapshot && ownCounts[.fullFold] == nil && own.state == ownReplayed)
      #expect(own.state != fit.state)
    }
  }
}
