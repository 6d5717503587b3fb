import Testing
@testable import PlannerCore

@Suite("Plan engine errors")
struct PlanEngineErrorTests {
  @Test func malformedNamesFileLineAndKeyPath() {
    let e = PlanEngineError.malformed(file: "events.jsonl", line: 7, keyPath: "grade", expected: "a grade from 1 to 4")
    #expect(e.description == "events.jsonl:7 at grade: expected a grade from 1 to 4")
    #expect(e.location.file == "events.jsonl")
    #expect(e.location.line == 7)
    #expect(e.location.keyPath == "grade")
  }
}
