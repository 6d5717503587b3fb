import Foundation
import Testing
@testable import MemoryModels
@testable import PlannerCore

@Suite("FSRS parameter file")
struct FSRSParameterFileTests {
  static let w = FSRSParameters.defaults.weights
  static func list(_ v: [Double]) -> String { "[" + v.map(\.description).joined(separator: ", ") + "]" }
  static func decode(_ text: String) throws(MemoryModelsError) -> FSRSParameterFile {
    try FSRSParameterFile.decode(Data(text.utf8))
  }
  static func expectMalformed(_ text: String, keyPath: String, containing fragment: String) {
    do {
      _ = try decode(text)
      Issue.record("decoded \(text) without an error")
    } catch {
      guard case .malformedParameterFile(let k, let expected) = error else {
        Issue.record("unexpected error \(error)")
        return
      }
      #expect(k == keyPath)
      #expect(expected.contains(fragment), "\(expected)")
    }
  }

  @Test("the full form, with statistics and keys we do not know")
  func fullObject() throws {
    let text = """
      {"version": 1, "model": "fsrs6", "parameters": \(Self.list(Self.w)),
       "reviews": 84000, "log_loss_before": 0.36, "log_loss_after": 0.3312, "fitted": "all",
       "fit": {"epochs": 5, "seconds": 0.08}, "rmse_bins": 0.021, "comment": "from fsrs-rs"}
      """
    let f = try Self.decode(text)
    #expect(f.version == 1 && f.model == "fsrs6")
    #expect(f.parameters == .defaults)
    #expect(f.migration.isNoOp && f.migrationNote == nil)
    #expect(f.reviews == 84000)
    #expect(f.logLossBefore == 0.36 && f.logLossAfter == 0.3312)
    #expect(f.fitted == "all")
    #expect(f.fit == ["epochs": .number(5), "seconds": .number(0.08)])
    #expect(f.extra == ["rmse_bins": .number(0.021), "comment": .string("from fsrs-rs")])
  }

  @Test("only parameters is required: version 1 and model fsrs6 by default, nulls are absent")
  func defaultsForMissingKeys() throws {
    let f = try Self.decode(#"{"parameters": \#(Self.list(Self.w)), "reviews": null, "fit": null}"#)
    #expect(f.version == 1 && f.model == "fsrs6" && f.parameters == .defaults)
    #expect(f.reviews == nil && f.fit == nil && f.extra.isEmpty)
  }

  @Test("a bare array of 21, 19 or 17 numbers; 19 and 17 report their migration")
  func bareArrays() throws {
    #expect(try Self.decode(Self.list(Self.w)).parameters == .defaults)
    let f19 = try Self.decode(Self.list(Array(Self.w.prefix(19))))
    #expect(f19.parameters.weights == Array(Self.w.prefix(19)) + [0, 0.5])
    #expect(f19.migration.originalCount == 19)
    #expect(f19.migrationNote?.contains("FSRS-5") == true)
    let f17 = try Self.decode(Self.list(FSRSParametersTests.fsrs45))
    #expect(f17.migration.originalCount == 17)
    #expect(f17.migrationNote?.contains("FSRS-4.5") == true)
    // Inside an object too.
    let o19 = try Self.decode(#"{"version": 1, "parameters": \#(Self.list(Array(Self.w.prefix(19))))}"#)
    #expect(o19.parameters == f19.parameters && o19.migration == f19.migration)
  }

  @Test("an out-of-bounds value names its index; a wrong length says how many came")
  func parameterErrors() {
    var v = Self.w
    v[12] = 0.3
    #expect(throws: MemoryModelsError.parameterOutOfBounds(index: 12, value: 0.3, lower: 0.001, upper: 0.25)) {
      try Self.decode(#"{"parameters": \#(Self.list(v))}"#)
    }
    #expect(throws: MemoryModelsError.parameterCount(20)) { try Self.decode(Self.list(Array(Self.w.prefix(20)))) }
    #expect(throws: MemoryModelsError.parameterCount(0)) { try Self.decode(#"{"parameters": []}"#) }
  }

  @Test("structural errors name the key path and what was expected")
  func structuralErrors() {
    var items = Self.w.map(\.description)
    items[3] = "\"8.2956\""
    Self.expectMalformed(#"{"parameters": [\#(items.joined(separator: ","))]}"#, keyPath: "parameters[3]", containing: "a number (w3), found a string")
    Self.expectMalformed(#"{"version": 1}"#, keyPath: "parameters", containing: "missing")
    Self.expectMalformed(#"{"parameters": {"w0": 1}}"#, keyPath: "parameters", containing: "found an object")
    Self.expectMalformed(#"{"version": 3, "parameters": []}"#, keyPath: "version", containing: "found 3")
    Self.expectMalformed(#"{"version": "1", "parameters": []}"#, keyPath: "version", containing: "an integer, found a string")
    Self.expectMalformed(#"{"version": 1.5, "parameters": []}"#, keyPath: "version", containing: "an integer")
    Self.expectMalformed(#"{"model": "sm2", "parameters": []}"#, keyPath: "model", containing: "found \"sm2\"")
    Self.expectMalformed(#"{"parameters": \#(Self.list(Self.w)), "reviews": -3}"#, keyPath: "reviews", containing: "≥ 0, found -3")
    Self.expectMalformed(#"{"parameters": \#(Self.list(Self.w)), "log_loss_after": "low"}"#, keyPath: "log_loss_after", containing: "a number")
    Self.expectMalformed(#"{"parameters": \#(Self.list(Self.w)), "fitted": 3}"#, keyPath: "fitted", containing: "a string")
    Self.expectMalformed(#"{"parameters": \#(Self.list(Self.w)), "fit": [1]}"#, keyPath: "fit", containing: "an object")
    Self.expectMalformed(#""fsrs6""#, keyPath: "", containing: "found a string")
  }

  @Test("text that is not JSON, NaN included (JSON has no NaN)", arguments: [
    "", "{", "[0.212, 1.29,", #"{"parameters": [NaN]}"#, "fsrs6",
  ])
  func notJSON(text: String) {
    Self.expectMalformed(text, keyPath: "", containing: "valid JSON")
  }

  @Test("errors read as one sentence with the key path")
  func errorText() {
    let e = MemoryModelsError.malformedParameterFile(keyPath: "parameters[3]", expected: "a number (w3), found a string")
    #expect(e.description == "at parameters[3]: expected a number (w3), found a string")
  }

  @Test("what the optimizer writes: fixed key order, exact numbers, reads back equal")
  func encoding() throws {
    let file = FSRSParameterFile(
      parameters: .defaults, reviews: 84000, logLossBefore: 0.3581, logLossAfter: 0.3312,
      fitted: "all", fit: ["epochs": .number(5), "batch": .number(512)], extra: ["seed": .number(2023)])
    let text = file.jsonText()
    #expect(text == """
      {
        "version": 1,
        "model": "fsrs6",
        "parameters": \(Self.list(Self.w)),
        "reviews": 84000,
        "log_loss_before": 0.3581,
        "log_loss_after": 0.3312,
        "fitted": "all",
        "fit": {
          "batch": 512,
          "epochs": 5
        },
        "seed": 2023
      }

      """)
    #expect(try FSRSParameterFile.decode(file.encoded()) == file)
    // The smallest file: only what is required.
    let minimal = FSRSParameterFile(parameters: .defaults)
    #expect(minimal.jsonText() == "{\n  \"version\": 1,\n  \"model\": \"fsrs6\",\n  \"parameters\": \(Self.list(Self.w))\n}\n")
  }

  @Test("every Double survives a round trip bit for bit")
  func exactNumbers() throws {
    var rng = SplitMix64(seed: 7)
    for _ in 0..<200 {
      let v = FSRSParameters.bounds.map { b in b.lowerBound + rng.nextDouble() * (b.upperBound - b.lowerBound) }
      let file = FSRSParameterFile(parameters: try FSRSParameters(validating: v), logLossAfter: rng.nextDouble())
      let back = try FSRSParameterFile.decode(file.encoded())
      #expect(back.parameters.weights == v)
      #expect(back.logLossAfter == file.logLossAfter)
    }
  }

  @Test("Codable: the same rules when embedded in another document")
  func codableEmbedding() throws {
    struct Learner: Codable { var fsrs: FSRSParameterFile }
    let json = #"{"fsrs": {"parameters": \#(Self.list(Array(Self.w.prefix(19))))}}"#
    let learner = try JSONDecoder().decode(Learner.self, from: Data(json.utf8))
    #expect(learner.fsrs.migration.originalCount == 19)
    let again = try JSONDecoder().decode(Learner.self, from: try JSONEncoder().encode(learner))
    #expect(again.fsrs.parameters == learner.fsrs.parameters)
    #expect(throws: MemoryModelsError.parameterCount(2)) {
      try JSONDecoder().decode(Learner.self, from: Data(#"{"fsrs": [1, 2]}"#.utf8))
    }
  }
}
