import Foundation
import Testing
@testable import MemoryModels

@Suite("JSONValue")
struct JSONValueTests {
  @Test("decodes every kind, booleans apart from numbers")
  func decoding() throws {
    let text = #"{"a": null, "b": true, "c": 1.5, "d": "x", "e": [1, "y"], "f": {"g": false}}"#
    let v = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    #expect(v == .object([
      "a": .null, "b": .bool(true), "c": .number(1.5), "d": .string("x"),
      "e": .array([.number(1), .string("y")]), "f": .object(["g": .bool(false)]),
    ]))
  }

  @Test("writes sorted keys, scalar arrays on one line, escapes, shortest numbers")
  func writing() {
    let v = JSONValue.object([
      "z": .array([.number(1), .number(0.1), .number(1e-05), .number(-2.5e300)]),
      "a": .string("quote \" backslash \\ newline \n tab \t bell \u{07} алеф ا"),
      "m": .array([.object(["k": .null])]),
      "n": .number(.nan),
    ])
    #expect(v.jsonText() == """
      {
        "a": "quote \\" backslash \\\\ newline \\n tab \\t bell \\u0007 алеф ا",
        "m": [
          {
            "k": null
          }
        ],
        "n": null,
        "z": [1, 0.1, 1e-05, -2.5e+300]
      }
      """)
    // And it reads back as the same value (NaN aside, which JSON cannot hold).
    let back = try? JSONDecoder().decode(JSONValue.self, from: Data(v.jsonText().utf8))
    if case .object(var o) = v { o["n"] = .null; #expect(back == .object(o)) }
  }

  @Test("integral accessors only for whole numbers")
  func accessors() {
    #expect(JSONValue.number(3).intValue == 3)
    #expect(JSONValue.number(3.5).intValue == nil)
    #expect(JSONValue.string("3").intValue == nil)
    #expect(JSONValue.number(0x1p60).intValue == nil)
  }

  @Test("MemoryModelsError points at the parameter")
  func keyPaths() {
    #expect(MemoryModelsError.parameterOutOfBounds(index: 7, value: 1, lower: 0, upper: 0.75).keyPath == "parameters[7]")
    #expect(MemoryModelsError.parameterCount(3).keyPath == "parameters")
    #expect(MemoryModelsError.malformedParameterFile(keyPath: "version", expected: "1").keyPath == "version")
    #expect(MemoryModelsError.invalidRating(0).keyPath == nil)
  }
}
