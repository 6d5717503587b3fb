import Foundation
import Testing
@testable import PlannerCore

@Suite("JSONNode: Codable, the pretty layout, the integer range")
struct JSONNodePrettyAndCodableTests {
  @Test("decodes every kind through Codable, booleans apart from numbers, keys sorted")
  func decoding() throws {
    let text = #"{"f": {"g": false}, "a": null, "b": true, "c": 1.5, "d": "x", "e": [1, "y"]}"#
    let v = try JSONDecoder().decode(JSONNode.self, from: Data(text.utf8))
    #expect(v == .object(JSONObject([
      "a": .null, "b": .bool(true), "c": .number(1.5), "d": .string("x"),
      "e": .array([.number(1), .string("y")]), "f": .object(JSONObject(["g": .bool(false)])),
    ])))
    #expect(v.objectValue?.keys == ["a", "b", "c", "d", "e", "f"])
    // And the one parser reads the same value.
    #expect(try JSONParser.parse(text) == v)
  }

  @Test("pretty: sorted keys, scalar arrays on one line, escapes, shortest numbers")
  func writing() throws {
    let v = JSONNode.object(JSONObject([
      "z": .array([.number(1), .number(0.1), .number(1e-05), .number(-2.5e300)]),
      "a": .string("quote \" backslash \\ newline \n tab \t bell \u{07} алеф ا"),
      "m": .array([.object(JSONObject(["k": .null]))]),
      "n": .number(.nan),
    ]))
    #expect(JSONWriter.pretty(v) == """
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
    // It reads back as the same value (NaN aside, which JSON cannot hold), by Codable and by the parser.
    let back = try JSONDecoder().decode(JSONNode.self, from: Data(JSONWriter.pretty(v).utf8))
    if case .object(var o) = v {
      o["n"] = .null
      #expect(back == .object(o))
      #expect(try JSONParser.parse(JSONWriter.pretty(v)) == .object(o))
    }
    #expect(JSONWriter.prettyObject([("b", .number(2)), ("a", .object(JSONObject(["y": .number(1), "x": .number(0)])))]) == """
      {
        "b": 2,
        "a": {
          "x": 0,
          "y": 1
        }
      }
      """)
  }

  @Test("one integer range, ±2^53, for reading and for both layouts")
  func integerRange() {
    let limit = 9_007_199_254_740_992.0
    #expect(JSONNode.number(3).intValue == 3)
    #expect(JSONNode.number(3.5).intValue == nil)
    #expect(JSONNode.string("3").intValue == nil)
    #expect(JSONNode.number(limit).intValue == 9_007_199_254_740_992)
    #expect(JSONNode.number(-limit).intValue == -9_007_199_254_740_992)
    #expect(JSONNode.number(limit * 2).intValue == nil)
    #expect(JSONNode.number(0x1p60).intValue == nil)
    for (x, text) in [(limit, "9007199254740992"), (-limit, "-9007199254740992"), (1e15, "1000000000000000"),
                      (limit * 2, "1.8014398509481984e+16"), (-0.0, "-0.0"), (0.5, "0.5")] {
      #expect(JSONWriter.string(.number(x)) == text)
      #expect(JSONWriter.pretty(.number(x)) == text)
    }
  }

  @Test("hashing agrees with order-insensitive equality")
  func hashing() {
    let a = JSONNode.object(JSONObject(["x": .number(1), "y": .string("b")]))
    let b = JSONNode.object(JSONObject(["y": .string("b"), "x": .number(1)]))
    #expect(a == b)
    #expect(Set([a, b]).count == 1)
  }
}
