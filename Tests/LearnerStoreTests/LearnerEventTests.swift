import Foundation
import Testing
@testable import LearnerStore
@testable import PlannerCore
@testable import Vocabulary

@Suite struct LearnerEventTests {
  /// One example line per event type (these are the lines docs/learner.md shows).
  static let examples: [String] = [
    #"{"version":1,"id":"e1","at":"2026-11-30T06:10:00+02:00","type":"recitation","payload":{"range":"78:1-16","tier":"new","grade":3,"mistakes":2,"mistakesAt":["78:5","78:9"],"hesitations":1,"seconds":420}}"#,
    #"{"version":1,"id":"e2","at":"2026-11-30T07:00:00+02:00","type":"word.added","payload":{"english":"run","ukrainian":["бігти","бігати"]}}"#,
    #"{"version":1,"id":"e3","at":"2026-11-30T07:01:00+02:00","type":"word.edited","payload":{"english":"run","ukrainian":["бігти"]}}"#,
    #"{"version":1,"id":"e4","at":"2026-11-30T07:02:00+02:00","type":"word.lookedUp","payload":{"english":"run"}}"#,
    #"{"version":1,"id":"e5","at":"2026-11-30T07:03:00+02:00","type":"word.opened","payload":{"english":"run"}}"#,
    #"{"version":1,"id":"e6","at":"2026-11-30T07:04:00+02:00","type":"word.quizzed","payload":{"english":"run","answer":"бігти","verdict":"right","seconds":6.5}}"#,
    #"{"version":1,"id":"e7","at":"2026-11-30T07:05:00+02:00","type":"word.known","payload":{"english":"run"}}"#,
    #"{"version":1,"id":"e8","at":"2026-11-30T07:06:00+02:00","type":"word.unknown","payload":{"english":"run"}}"#,
    #"{"version":1,"id":"e9","at":"2026-11-30T07:07:00+02:00","type":"word.reset","payload":{"english":"run"}}"#,
    #"{"version":1,"id":"e10","at":"2026-11-30T09:00:00+02:00","type":"reminder.shown","payload":{"english":"run","mode":"hint"}}"#,
    #"{"version":1,"id":"e11","at":"2026-11-30T09:01:00+02:00","type":"reminder.acted","payload":{"english":"run","action":"quiz"}}"#,
    #"{"version":1,"id":"e12","at":"2026-11-30T05:55:00+02:00","type":"plan.opened","payload":{"date":"2026-11-30"}}"#,
    #"{"version":1,"id":"e13","at":"2026-11-30T06:20:00+02:00","type":"plan.itemDone","payload":{"date":"2026-11-30","item":"new:78:1-16","seconds":430}}"#,
    #"{"version":1,"id":"e14","at":"2026-11-30T06:21:00+02:00","type":"plan.itemSkipped","payload":{"date":"2026-11-30","item":"old:p12"}}"#,
    #"{"version":1,"id":"e15","at":"2026-11-30T10:00:00+02:00","type":"settings.changed","payload":{"key":"dailyMinutes","value":"40","previous":"30"}}"#,
    #"{"version":1,"id":"e16","at":"2026-11-30T11:00:00+02:00","type":"word.deleted","payload":{"english":"run"}}"#,
    #"{"version":1,"id":"e17","at":"2026-11-30T12:00:00+02:00","type":"event.corrected","payload":{"target":"e1","type":"recitation","payload":{"range":"78:1-16","tier":"new","grade":4,"mistakes":0}}}"#,
    #"{"version":1,"id":"e18","at":"2026-11-30T12:01:00+02:00","type":"event.corrected","payload":{"target":"e6","void":true}}"#,
    #"{"version":1,"id":"e19","at":"2026-11-30T12:00:00+02:00","type":"word.lookedUp","payload":{"english":"elephant","ukrainian":["слон"]}}"#,
    #"{"version":1,"id":"e20","at":"2026-11-30T12:01:00+02:00","type":"word.added","payload":{"english":"time","ukrainian":["час"],"rank":0}}"#,
    #"{"version":1,"id":"e21","at":"2026-11-30T12:02:00+02:00","type":"word.suspended","payload":{"english":"time"}}"#,
    #"{"version":1,"id":"e22","at":"2026-11-30T12:03:00+02:00","type":"word.unsuspended","payload":{"english":"time"}}"#,
    #"{"version":1,"id":"e23","at":"2026-11-30T12:04:00+02:00","type":"word.tagged","payload":{"english":"time","tags":["core","nouns"]}}"#,
    #"{"version":1,"id":"e24","at":"2026-11-30T12:05:00+02:00","type":"word.untagged","payload":{"english":"time","tags":["nouns"]}}"#,
    #"{"version":1,"id":"e25","at":"2026-11-30T12:06:00+02:00","type":"deck.suspended","payload":{"tag":"core"}}"#,
    #"{"version":1,"id":"e26","at":"2026-11-30T12:07:00+02:00","type":"deck.unsuspended","payload":{"tag":"core"}}"#,
  ]

  @Test func everyTypeHasAnExample() throws {
    let types = try Self.examples.map { try LearnerEvent.decode(JSONParser.parse($0), file: "f", line: 1).type }
    #expect(Set(types) == Set(EventType.allCases))
  }

  @Test(arguments: examples)
  func examplesRoundTripByteForByte(_ line: String) throws {
    let e = try LearnerEvent.decode(JSONParser.parse(line), file: "events.jsonl", line: 1)
    #expect(String(decoding: e.line, as: UTF8.self) == line)
    // Building the same event from its typed parts gives the same content.
    #expect(LearnerEvent(id: e.id, time: e.time, payload: e.payload) == e)
  }

  @Test func unknownFutureFieldsAreKept() throws {
    let line = #"{"version":1,"id":"x","at":"2026-11-30T06:10:00Z","type":"word.lookedUp","payload":{"english":"run","source":"camera","context":{"page":3}},"device":"phone-7"}"#
    let e = try LearnerEvent.decode(JSONParser.parse(line), file: "f", line: 1)
    #expect(String(decoding: e.line, as: UTF8.self) == line)
    #expect(e.payload == .wordLookedUp(english: "run"))
  }

  @Test func rangesAreStoredCanonical() throws {
    let line = #"{"version":1,"id":"x","at":"2026-11-30T06:10:00Z","type":"recitation","payload":{"range":"78:1-78:40","tier":"old","grade":4}}"#
    let e = try LearnerEvent.decode(JSONParser.parse(line), file: "f", line: 1)
    guard case .recitation(let r) = e.payload else { Issue.record(); return }
    #expect(r.range == "78")
    #expect(e.json["payload"]?["range"] == .string("78"))
  }

  static let bad: [(String, String, String)] = [
    // line, key path, part of the expectation
    (#"{"version":1,"id":"x","at":"2026-11-30T06:10:00Z","type":"word.sung","payload":{}}"#, "type", "one of recitation"),
    (#"{"version":1,"id":"x","at":"2026-11-30T06:10:00Z","type":"recitation","payload":{"range":"2:300","tier":"new","grade":3}}"#, "payload.range", "surah 2 (Al-Baqara) has 286 ayahs"),
    (#"{"version":1,"id":"x","at":"2026-11-30T06:10:00Z","type":"recitation","payload":{"range":"115:1","tier":"new","grade":3}}"#, "payload.range", "there are 114 surahs"),
    (#"{"version":1,"id":"x","at":"2026-11-30T06:10:00Z","type":"recitation","payload":{"range":"78:16-78:1","tier":"new","grade":3}}"#, "payload.range", "backwards"),
    (#"{"version":1,"id":"x","at":"2026-11-30T06:10:00Z","type":"recitation","payload":{"range":"78","tier":"new","grade":5}}"#, "payload.grade", "a grade 1–4"),
    (#"{"version":1,"id":"x","at":"2026-11-30T06:10:00Z","type":"recitation","payload":{"range":"78","tier":"new","grade":0}}"#, "payload.grade", "a grade 1–4"),
    (#"{"version":1,"id":"x","at":"2026-11-30T06:10:00Z","type":"recitation","payload":{"range":"78","tier":"later","grade":2}}"#, "payload.tier", "new, recent or old"),
    (#"{"version":1,"id":"x","at":"2026-11-30T06:10:00Z","type":"recitation","payload":{"range":"78:1-5","tier":"new","grade":2,"mistakesAt":["78:9"]}}"#, "payload.mistakesAt[0]", "inside the recited range"),
    (#"{"version":1,"id":"x","at":"2026-11-30 06:10","type":"word.lookedUp","payload":{"english":"a"}}"#, "at", "with offset"),
    (#"{"version":2,"id":"x","at":"2026-11-30T06:10:00Z","type":"word.lookedUp","payload":{"english":"a"}}"#, "version", "newer planner"),
    (#"{"version":1,"at":"2026-11-30T06:10:00Z","type":"word.lookedUp","payload":{"english":"a"}}"#, "id", "missing"),
    (#"{"version":1,"id":"x","at":"2026-11-30T06:10:00Z","type":"word.added","payload":{"english":"a","ukrainian":[]}}"#, "payload.ukrainian", "one or more"),
    (#"{"version":1,"id":"x","at":"2026-11-30T06:10:00Z","type":"word.quizzed","payload":{"english":"a","answer":"б","verdict":"maybe"}}"#, "payload.verdict", "right, typo or wrong"),
    (#"{"version":1,"id":"x","at":"2026-11-30T06:10:00Z","type":"plan.opened","payload":{"date":"2026-02-30"}}"#, "payload.date", "YYYY-MM-DD"),
  ]

  @Test(arguments: bad.indices)
  func badEventsNameFileLineAndKeyPath(_ i: Int) throws {
    let (line, key, expected) = Self.bad[i]
    let value = try JSONParser.parse(line)
    do {
      _ = try LearnerEvent.decode(value, file: "batch.jsonl", line: 7)
      Issue.record("accepted \(line)")
    } catch {
      guard case .malformed(let file, let l, let keyPath, let exp) = error else { Issue.record("\(error)"); return }
      #expect(file == "batch.jsonl" && l == 7)
      #expect(keyPath == key)
      #expect(exp.contains(expected), "\(exp)")
    }
  }

  @Test func wordKeysIgnoreCaseAndSpacing() {
    #expect(wordKey("  Run  Away ") == "run away")
    #expect(wordKey("RUN") == wordKey("run"))
  }
}
