import Foundation
import Testing
@testable import PlannerCore

/// The fast reader and writer against Foundation's JSONSerialization/JSONDecoder on the same inputs.
@Suite struct JSONRoundTripTests {
  /// Converts a Foundation JSONSerialization tree into our value type, for comparison.
  static func fromFoundation(_ any: Any) -> JSONNode {
    switch any {
    case is NSNull: return .null
    case let s as String: return .string(s)
    case let n as NSNumber:
      if String(cString: n.objCType) == "c" { return .bool(n.boolValue) }
      return .number(n.doubleValue)
    case let a as [Any]: return .array(a.map(fromFoundation))
    case let d as [String: Any]:
      var o = JSONObject()
      for k in d.keys.sorted() { o[k] = fromFoundation(d[k]!) }
      return .object(o)
    default: fatalError("unexpected \(type(of: any))")
    }
  }

  static let samples: [String] = [
    #"{"a":1,"b":[true,false,null],"c":"x"}"#,
    #""esc: \" \\ \/ \b \f \n \r \t \u0001 \u001f""#,
    #""unicode: привіт їжак ґанок — ٱلرَّحِيم 😀""#,
    #""surrogates: \ud83d\ude00 \uD834\uDD1E \u00e9 \u0439""#,
    #"  {"nested":{"deeper":{"deepest":[[[]],{}]}}}  "#,
    #"{"k":"a\u2028b","ar":"\u0628\u0650\u0633\u0652\u0645"}"#,
    "[" + String(repeating: "[", count: 300) + String(repeating: "]", count: 300) + "]",
  ]

  @Test(arguments: samples)
  func parsesLikeFoundation(_ text: String) throws {
    let ours = try JSONParser.parse(text)
    let theirs = Self.fromFoundation(try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]))
    #expect(ours == theirs)
  }

  @Test(arguments: samples)
  func writerOutputReadsBackInFoundationAndOurs(_ text: String) throws {
    let value = try JSONParser.parse(text)
    let bytes = JSONWriter.serialize(value)
    #expect(try JSONParser.parse(bytes) == value)
    let theirs = Self.fromFoundation(try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]))
    #expect(theirs == value)
  }

  struct Sample: Codable, Equatable {
    var name: String
    var values: [Double]
    var count: Int
    var flag: Bool
    var note: String?
  }

  @Test func encoderOutputParsesAndOurOutputDecodes() throws {
    let s = Sample(name: "tab\t\"q\" \\ ї 😀 \u{7}", values: [0.1, 1e-7, 123456.789, -0.5, 1e300, 2.5e-300], count: -42, flag: true, note: nil)
    let encoded = try JSONEncoder().encode(s)
    let parsed = try JSONParser.parse(Array(encoded))
    #expect(parsed["name"]?.stringValue == s.name)
    #expect(parsed["values"]?.arrayValue?.compactMap(\.doubleValue) == s.values)
    #expect(parsed["count"]?.intValue == -42)
    let ours = JSONWriter.serialize(parsed)
    #expect(try JSONDecoder().decode(Sample.self, from: Data(ours)) == s)
  }

  @Test func numbersRoundTripExactly() throws {
    var rng = UInt64(0x9E3779B97F4A7C15)
    for _ in 0..<5000 {
      rng = rng &* 6364136223846793005 &+ 1442695040888963407
      let d = Double(bitPattern: rng >> 2)  // finite, positive, every exponent
      guard d.isFinite else { continue }
      let bytes = JSONWriter.serialize(.number(d))
      #expect(try JSONParser.parse(bytes) == .number(d))
      // JSONDecoder (swift-foundation) parses correctly rounded; JSONSerialization on Linux does not.
      #expect(try JSONDecoder().decode(Double.self, from: Data(bytes)) == d)
    }
    #expect(JSONWriter.string(.number(3)) == "3")
    #expect(JSONWriter.string(.number(-0.0)) == "-0.0")
    #expect(JSONWriter.string(.number(.nan)) == "null")
  }

  @Test func numbersParseLikeJSONDecoder() throws {
    let text = "[0,-0,1,-1,12345678901234,123456789012345678,1.5,-2.25,1e3,1E-3,6.02e+23,-1.7976931348623157e308,5e-324,0.1,0.30000000000000004,2.2250738585072014e-308,9007199254740993]"
    let theirs = try JSONDecoder().decode([Double].self, from: Data(text.utf8))
    let ours = try JSONParser.parse(text).arrayValue?.compactMap(\.doubleValue)
    #expect(ours == theirs)
    #expect(ours?.map { $0.sign } == theirs.map { $0.sign })
    let written = JSONWriter.serialize(.array(theirs.map(JSONNode.number)))
    #expect(try JSONDecoder().decode([Double].self, from: Data(written)) == theirs)
  }

  /// Decimals of up to 15 significant digits take the parser's division path (m / 10^f); they
  /// parse to the same Double as the general conversion, sign of zero included, over seeded
  /// random digits, fraction lengths 1–22 and leading zeros, and at the path's edges.
  @Test func shortDecimalsParseLikeTheGeneralConversion() throws {
    var rng = SplitMix64(seed: 17)
    var texts = ["0.0", "-0.0", "0.1", "0.212", "1.2931", "-3.5", "123456789012345.0", "0.000000000000000000001",
                 "9.99999999999999", "0.3", "2.5e0", "999999999999999.9", "1234567890.12345", "0.1234567890123456"]
    for _ in 0..<4000 {
      let total = Int.random(in: 1...15, using: &rng)
      let fraction = Int.random(in: 1...min(total + 7, 22), using: &rng)
      var digits = (0..<total).map { _ in String(Int.random(in: 0...9, using: &rng)) }.joined()
      if fraction > total { digits = String(repeating: "0", count: fraction - total) + digits }
      let whole = String(digits.dropLast(fraction)), part = String(digits.suffix(fraction))
      let intPart = whole.drop { $0 == "0" }
      texts.append((Bool.random(using: &rng) ? "-" : "") + (intPart.isEmpty ? "0" : String(intPart)) + "." + part)
    }
    for text in texts {
      let parsed = try JSONParser.parse(text).doubleValue
      let general = Double(text)
      #expect(parsed?.bitPattern == general?.bitPattern, "\(text)")
    }
  }

  @Test func keyOrderIsKeptAndEqualityIgnoresIt() throws {
    let a = try JSONParser.parse(#"{"z":1,"a":2,"m":{"y":1,"b":2}}"#)
    #expect(JSONWriter.string(a) == #"{"z":1,"a":2,"m":{"y":1,"b":2}}"#)
    #expect(a == (try JSONParser.parse(#"{"a":2,"m":{"b":2,"y":1},"z":1}"#)))
    #expect(a != (try JSONParser.parse(#"{"a":2,"m":{"b":3,"y":1},"z":1}"#)))
  }

  static let invalid: [(String, Int, Int, Int)] = [
    // text, byte offset, line, column
    ("{\"a\":1,}", 7, 1, 8),
    ("[1,2", 4, 1, 5),
    ("{\"a\" 1}", 5, 1, 6),
    ("\"abc", 0, 1, 1),
    ("01", 1, 1, 2),
    ("{\n  \"a\": tru\n}", 12, 2, 11),
    ("\"\\ud800\"", 7, 1, 8),
    ("\"\\udc00x\"", 7, 1, 8),
    ("\"a\u{1}\"", 2, 1, 3),
    ("[1] x", 4, 1, 5),
    ("{\"a\":1,\"a\":2}", 7, 1, 8),
    ("-", 1, 1, 2),
    ("1.", 2, 1, 3),
    ("1e", 2, 1, 3),
    ("\"\\x\"", 2, 1, 3),
    ("", 0, 1, 1),
  ]

  @Test(arguments: invalid.indices)
  func rejectsWithPosition(_ i: Int) throws {
    let (text, offset, line, column) = Self.invalid[i]
    if ![0, 10].contains(i) {  // Foundation accepts a trailing comma and duplicate keys; we refuse them
      #expect(throws: (any Error).self) { try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]) }
    }
    do {
      _ = try JSONParser.parse(text)
      Issue.record("accepted \(text)")
    } catch {
      #expect(error.offset == offset, "\(text): \(error)")
      #expect(error.line == line, "\(text): \(error)")
      #expect(error.column == column, "\(text): \(error)")
    }
  }

  @Test func rejectsInvalidUTF8AndTooDeep() {
    #expect(throws: JSONSyntaxError.self) { try JSONParser.parse([0x22, 0xC3, 0x28, 0x22]) }
    let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
    #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(deep) }
  }
}
