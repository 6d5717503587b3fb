import Foundation
import Testing
@testable import LearnerStore
@testable import PlannerCore
@testable import Vocabulary

/// Tags and suspended decks in the fold (fold version 6): `word.tagged`, `word.untagged`,
/// `deck.suspended`, `deck.unsuspended`; what the vocabulary functions see; the snapshot keeps it.
@Suite struct DeckFoldTests {
  static let profile: LearnerProfile = {
    var p = LearnerProfile(id: "decks")
    p.timezone = "UTC"
    return p
  }()

  static func e(_ id: String, _ at: String, _ payload: EventPayload) -> LearnerEvent {
    LearnerEvent(id: id, time: EventTime("2026-05-01T\(at):00Z")!, payload: payload)
  }

  static let events: [LearnerEvent] = [
    e("a1", "08:00", .wordAdded(english: "run", ukrainian: ["бігти"], rank: 0)),
    e("a2", "08:00", .wordAdded(english: "go", ukrainian: ["йти"], rank: 1)),
    e("a3", "08:00", .wordAdded(english: "time", ukrainian: ["час"], rank: 2)),
    e("t1", "08:01", .wordTagged(english: "run", tags: ["verbs", "Travel"])),
    e("t2", "08:02", .wordTagged(english: "go", tags: ["Verbs"])),
    e("t3", "08:03", .wordTagged(english: "run", tags: ["travel", "core"])),  // travel already there
    e("u1", "08:04", .wordUntagged(english: "run", tags: ["TRAVEL"])),
    e("s1", "08:05", .deckSuspended(tag: "VERBS")),
    e("s2", "08:06", .wordSuspended(english: "time")),
    e("t4", "08:07", .wordTagged(english: "time", tags: ["verbs"])),
    e("x1", "08:08", .wordTagged(english: "zebra", tags: ["verbs"])),  // never added: history only
  ]

  static func words(_ state: LearnerState) -> [String: VocabularyWord] {
    Dictionary(uniqueKeysWithValues: Learner.vocabularyWords(state).map { ($0.english, $0) })
  }

  @Test("tags merge case-insensitively (first spelling kept), untag removes; a suspended deck suspends its words, later ones too")
  func tagsAndDecks() throws {
    let state = LearnerFold.replay(profile: Self.profile, events: Self.events)
    #expect(state.word("run")?.word?.tags == ["verbs", "core"])
    #expect(state.word("go")?.word?.tags == ["Verbs"])
    #expect(state.word("zebra") == nil)
    #expect(state.suspendedDecks == ["verbs"])
    let w = Self.words(state)
    #expect(w["run"]?.suspended == true && w["go"]?.suspended == true && w["time"]?.suspended == true)
    #expect(w["run"]?.tags == ["verbs", "core"])
    // Tagging is not a review and changes no popularity.
    #expect(state.word("run")?.reviews == 0 && state.word("run")?.popularity == 0)

    // The deck back: its words return, except the one suspended on its own.
    let back = LearnerFold.replay(profile: Self.profile, events: Self.events + [Self.e("s3", "09:00", .deckUnsuspended(tag: "verbs"))])
    #expect(back.suspendedDecks.isEmpty)
    let b = Self.words(back)
    #expect(b["run"]?.suspended == false && b["go"]?.suspended == false && b["time"]?.suspended == true)
  }

  @Test("studying one deck sets every other word aside, for this plan only")
  func studyingOneDeck() {
    let state = LearnerFold.replay(profile: Self.profile, events: Array(Self.events.prefix(7)))
    let core = Self.words(state.studying(deck: "CORE"))
    #expect(core["run"]?.suspended == false && core["go"]?.suspended == true && core["time"]?.suspended == true)
    #expect(Self.words(state).values.allSatisfy { !$0.suspended })
  }

  @Test("the snapshot keeps tags and suspended decks: parsed back, the same state")
  func snapshotRoundTrip() throws {
    let state = LearnerFold.replay(profile: Self.profile, events: Self.events)
    let snapshot = LearnerSnapshot(logBytes: 1, logCount: 1, lastLineStart: 0, lastLineHash: 1, profileHash: 2, state: state)
    let bytes = snapshot.serialized()
    let parsed = try #require(LearnerSnapshot.parse(bytes))
    #expect(parsed.state == state)
    #expect(parsed.state.suspendedDecks == ["verbs"] && parsed.state.word("run")?.word?.tags == ["verbs", "core"])
    // 7: the binary snapshot (snapshot.bin) carries them; a version-6 file is rebuilt.
    #expect(LearnerSnapshot.foldVersion == 7)
  }

  @Test("event lines: the new kinds read and write back byte for byte; bad tags are named; old lines load as before")
  func eventLines() throws {
    let lines = [
      #"{"version":1,"id":"e1","at":"2026-05-01T08:01:00Z","type":"word.tagged","payload":{"english":"run","tags":["verbs","travel"]}}"#,
      #"{"version":1,"id":"e2","at":"2026-05-01T08:02:00Z","type":"word.untagged","payload":{"english":"run","tags":["travel"]}}"#,
      #"{"version":1,"id":"e3","at":"2026-05-01T08:03:00Z","type":"deck.suspended","payload":{"tag":"verbs"}}"#,
      #"{"version":1,"id":"e4","at":"2026-05-01T08:04:00Z","type":"deck.unsuspended","payload":{"tag":"verbs"}}"#,
    ]
    for line in lines {
      let e = try LearnerEvent.decode(JSONParser.parse(line), file: "events.jsonl", line: 1)
      #expect(String(decoding: e.line, as: UTF8.self) == line)
      #expect(LearnerEvent(id: e.id, time: e.time, payload: e.payload) == e)
    }
    let bad: [(String, String, String)] = [
      (#"{"english":"run","tags":[]}"#, "payload.tags", "one or more tags"),
      (#"{"english":"run"}"#, "payload.tags", "one or more tags"),
      (#"{"english":"run","tags":["a;b"]}"#, "payload.tags[0]", "a tag: one word without spaces or `;` (they separate tags in a deck file)"),
      (#"{"english":"run","tags":[3]}"#, "payload.tags[0]", "a string, not a number"),
    ]
    for (payload, key, expected) in bad {
      let line = #"{"version":1,"id":"b","at":"2026-05-01T08:00:00Z","type":"word.tagged","payload":"# + payload + "}"
      #expect(throws: PlanEngineError.malformed(file: "events.jsonl", line: 7, keyPath: key, expected: expected)) {
        try LearnerEvent.decode(JSONParser.parse(line), file: "events.jsonl", line: 7)
      }
    }
    // A word.added from before tags existed has none; its word is in no deck.
    let old = #"{"version":1,"id":"o","at":"2026-05-01T08:00:00Z","type":"word.added","payload":{"english":"run","ukrainian":["бігти"]}}"#
    let state = LearnerFold.replay(profile: Self.profile, events: [try LearnerEvent.decode(JSONParser.parse(old), file: "f", line: 1)])
    #expect(state.word("run")?.word?.tags == [] && state.suspendedDecks.isEmpty)
  }
}
