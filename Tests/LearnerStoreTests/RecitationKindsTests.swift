import Foundation
import Hifz
import Testing
@testable import LearnerStore
@testable import MemoryModels
@testable import PlannerCore

/// Mistake kinds in the recitation event (additive: `prompts`, `tajweed`), and declared
/// memorisation as the fold's starting state.
@Suite struct RecitationKindsTests {
  @Test func oldRecitationJSONLoadsWithNoKinds() throws {
    let line = #"{"version":1,"id":"e1","at":"2026-11-30T06:10:00+02:00","type":"recitation","payload":{"range":"78:1-16","tier":"new","grade":3,"mistakes":2}}"#
    let e = try LearnerEvent.decode(JSONParser.parse(line), file: "f", line: 1)
    guard case .recitation(let r) = e.payload else { Issue.record(); return }
    #expect(r.prompts == 0 && r.tajweed == 0 && r.mistakes == 2)
    #expect(String(decoding: e.line, as: UTF8.self) == line)
  }

  @Test func kindsRoundTripAndReachThePlanner() throws {
    let line = #"{"version":1,"id":"e1","at":"2026-11-30T06:10:00+02:00","type":"recitation","payload":{"range":"78:1-16","tier":"new","grade":2,"mistakes":0,"prompts":1,"tajweed":3}}"#
    let e = try LearnerEvent.decode(JSONParser.parse(line), file: "f", line: 1)
    guard case .recitation(let r) = e.payload else { Issue.record(); return }
    #expect(r.prompts == 1 && r.tajweed == 3)
    #expect(String(decoding: e.line, as: UTF8.self) == line)
    let q = try #require(r.quranRecitation(day: EpochDay(0), range: try AyahRange(parsing: r.range)))
    #expect(q.prompts == 1 && q.tajweedMistakes == 3)
    let bad = #"{"version":1,"id":"e1","at":"2026-11-30T06:10:00+02:00","type":"recitation","payload":{"range":"78","tier":"new","grade":3,"tajweed":-1}}"#
    #expect(throws: PlanEngineError.self) { try LearnerEvent.decode(JSONParser.parse(bad), file: "f", line: 1) }
  }

  @Test func aTajweedSlipDoesNotLowerTheUnitsMemory() throws {
    // Graded Hard by the teacher for tajweed only: the units keep a fluent memory grade.
    let q = QuranRecitation(day: EpochDay(0), range: try AyahRange(parsing: "112"), tier: .oldRevision, grade: .hard, tajweedMistakes: 2)
    #expect(QuranGrading.unitRatings(of: q).map(\.rating) == [.good])
  }
}
