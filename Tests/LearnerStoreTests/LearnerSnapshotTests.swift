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

  /// Version 4's head: the state after every event of the prefix, beside the watermark state
  /// stored as the items that differ from it. Exact for both sets, and smaller than two states.
  @Test func theHeadAndTheWatermarkStateRoundTripForBothSets() throws {
    var rng = SplitMix64(seed: 12)
    let events = RandomLearner.events(count: 800, rng: &rng, startDay: 0).sorted { $0.time.epochMillis < $1.time.epochMillis }
    var p = Self.profile
    p.parameters = Self.fitted()
    let cut = 780
    let own = LearnerFold.replay(profile: Self.profile, events: Array(events[..<cut]))
    let fit = LearnerFold.replay(profile: p, events: Array(events[..<cut]))
    let ownHead = LearnerFold.replay(profile: Self.profile, events: events)
    let fitHead = LearnerFold.replay(profile: p, events: events)
    #expect(ownHead != own && ownHead.items.count >= own.items.count)
    let pending = Array(events[cut...])
    func snapshot(head: Bool) -> LearnerSnapshot {
      LearnerSnapshot(logBytes: 10, logCount: 1, lastLineStart: 0, lastLineHash: 42, profileHash: 7,
                      watermarkMillis: events[cut - 1].time.epochMillis, pending: pending, state: own,
                      parameters: Self.profile.parameters, others: [(p.parameters, fit)],
                      head: head ? LearnerSnapshot.Head(state: ownHead, others: [fitHead]) : nil)
    }
    let snap = snapshot(head: true)
    let bytes = snap.serialized()
    let parsed = try #require(LearnerSnapshot.parse(bytes))
    #expect(parsed == snap)
    #expect(parsed.state(at: 0) == own && parsed.state(at: 1) == fit)
    #expect(parsed.headState(at: 0) == ownHead && parsed.headState(at: 1) == fitHead)
    let asFitted = try #require(LearnerSnapshot.parse(bytes, parameters: p.parameters))
    #expect(asFitted.state == fit && asFitted.state(at: 1) == own)
    #expect(asFitted.headState(at: 0) == fitHead && asFitted.headState(at: 1) == ownHead)
    #expect(LearnerSnapshot.parse(asFitted.serialized(), parameters: p.parameters) == asFitted)
    // The head alone, for either set, without the rest.
    let (prefix, counts) = Instrumentation.counting { LearnerSnapshot.parsePrefix(bytes, parameters: p.parameters) }
    #expect(prefix?.head == fitHead && prefix?.parameters[prefix!.first] == p.parameters && counts[.snapshotWhole] == nil)
    #expect(LearnerSnapshot.parsePrefix(bytes, parameters: Self.profile.parameters)?.head == ownHead)
    // Without a head (a snapshot made from parts) it reads as before, and has no prefix.
    let plain = snapshot(head: false).serialized()
    #expect(LearnerSnapshot.parse(plain) == snapshot(head: false))
    #expect(LearnerSnapshot.parsePrefix(plain, parameters: Self.profile.parameters) == nil)
    // The watermark state costs only the items the last events touched (here 20 events on a
    // small learner touch a good part of it), well under a second copy.
    #expect(2 * bytes.count < 3 * plain.count, "\(bytes.count) vs \(plain.count)")
    // Damaged anywhere: refused.
    for at in stride(from: 8, to: bytes.count, by: max(1, bytes.count / 41)) {
      var damaged = bytes
      damaged[at] ^= 0x04
      #expect(LearnerSnapshot.parse(damaged) == nil && LearnerSnapshot.parsePrefix(damaged, parameters: Self.profile.parameters) == nil,
              "byte \(at) changed")
    }
  }

  /// A load whose new events come in time order folds them on the head and decodes nothing
  /// else; one a little late (after the watermark, before the head's latest event) decodes the
  /// whole snapshot and folds from the watermark state: both are the full replay's state.
  @Test func aLoadInTimeOrderReadsOnlyTheHead() throws {
    let tmp = TemporaryFolder()
    let dir = Fixed.learner(tmp)
    var rng = SplitMix64(seed: 21)
    let all = RandomLearner.events(count: 400, rng: &rng, startDay: 0).sorted { $0.time.epochMillis < $1.time.epochMillis }
    let latest = all.last!.time.epochMillis
    let now = Date(timeIntervalSince1970: Double(latest) / 1000 + 60)
    try Learner.record(dir, events: all, now: now)
    _ = try Learner.load(dir, now: now)  // writes the snapshot
    func replay() throws -> LearnerState {
      LearnerFold.replay(profile: try Learner.loadProfile(dir).0, events: try Learner.history(dir).events)
    }
    func event(_ id: String, _ millis: Int64) -> LearnerEvent {
      LearnerEvent(id: id, time: EventTime(epochMillis: millis, offsetSeconds: 0), payload: .planOpened(date: "2026-11-30"))
    }
    try Learner.record(dir, events: [event("after1", latest + 1_000), event("after2", latest + 2_000)], now: now)
    let (inOrder, c1) = try Instrumentation.counting { try Learner.load(dir, writeSnapshot: false, now: now) }
    #expect(inOrder.fromSnapshot && c1[.snapshotWhole] == nil && c1[.fullFold] == nil && c1[.tailEvents] == 2)
    #expect(inOrder.state == (try replay()))
    // What a reminder needs from the events after the watermark is still there (decoded then).
    #expect(inOrder.recent?.events.suffix(2).map(\.id) == ["after1", "after2"])
    // An hour before the latest event: within the late window, not in time order.
    try Learner.record(dir, events: [event("late", latest - 3_600_000)], now: now)
    let (late, c2) = try Instrumentation.counting { try Learner.load(dir, writeSnapshot: false, now: now) }
    #expect(late.fromSnapshot && c2[.snapshotWhole] == 1 && c2[.fullFold] == nil)
    #expect(late.state == (try replay()))
  }

  /// The head is decoded in place into the state's dictionary: a file whose checksum holds but
  /// names one item twice (never written: the keys come from a dictionary) is refused, not
  /// merged into one item.
  @Test func aHeadNamingAnItemTwiceIsRefused() throws {
    var state = LearnerState()
    for (english, day) in [("ab", 3), ("ac", 5)] {
      var item = ItemState()
      item.lastDay = day
      item.reviews = day
      item.word = WordEntry(english: english, ukrainian: ["слово"], addedMillis: 1_000)
      state.items["w:" + english] = item
    }
    let snap = LearnerSnapshot(logBytes: 10, logCount: 1, lastLineStart: 0, lastLineHash: 42, profileHash: 7,
                               state: state, head: LearnerSnapshot.Head(state: state, others: []))
    let bytes = snap.serialized()
    #expect(LearnerSnapshot.parsePrefix(bytes, parameters: Self.profile.parameters)?.head == state)
    // The second key's bytes ("w:ac", after its length) made the first's, the checksum redone.
    let second = Array("w:ac".utf8)
    let at = try #require((0...(bytes.count - second.count)).first { Array(bytes[$0..<$0 + second.count]) == second })
    var twice = Array(bytes.dropLast(8))
    twice[at + 3] = UInt8(ascii: "b")
    var w = LearnerSnapshotBytes.Writer(capacity: twice.count + 8)
    w.bytes = twice
    w.fixed64(LearnerSnapshotBytes.checksum(twice))
    #expect(LearnerSnapshot.parsePrefix(w.bytes, parameters: Self.profile.parameters) == nil)
    #expect(LearnerSnapshot.parse(w.bytes) == nil)
  }
}
