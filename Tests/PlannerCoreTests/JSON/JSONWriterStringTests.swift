import Testing
@testable import PlannerCore

/// `JSONWriter.writeString` skips eight bytes at a time when none needs escaping: the word test
/// and the whole writer against the rule stated byte by byte.
@Suite struct JSONWriterStringTests {
  /// The bytes a JSON string escapes, as the writer's documentation states them.
  static func escaped(_ b: UInt8) -> Bool { b < 0x20 || b == 0x22 || b == 0x5C }

  /// The reference escaper: one byte at a time.
  static func reference(_ bytes: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [0x22]
    for b in bytes {
      guard escaped(b) else { out.append(b); continue }
      switch b {
      case 0x22: out += Array("\\\"".utf8)
      case 0x5C: out += Array("\\\\".utf8)
      case 0x0A: out += Array("\\n".utf8)
      case 0x0D: out += Array("\\r".utf8)
      case 0x09: out += Array("\\t".utf8)
      case 0x08: out += Array("\\b".utf8)
      case 0x0C: out += Array("\\f".utf8)
      default:
        let hex = Array("0123456789abcdef".utf8)
        out += Array("\\u00".utf8) + [hex[Int(b >> 4)], hex[Int(b & 0xF)]]
      }
    }
    return out + [0x22]
  }

  /// Bytes around every boundary of the rule (and UTF-8's lead and continuation bytes) most of
  /// the time, any byte otherwise.
  static func byte(_ rng: inout SplitMix64) -> UInt8 {
    let edges: [UInt8] = [0x00, 0x01, 0x08, 0x0A, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x61, 0x7F, 0x80, 0xA0, 0xD0, 0xFF]
    return rng.next() % 3 == 0 ? UInt8(truncatingIfNeeded: rng.next()) : edges[Int(rng.next() % UInt64(edges.count))]
  }

  @Test("the eight-byte test says whether any byte needs escaping, for every position")
  func wordTest() {
    var rng = SplitMix64(seed: 41)
    for _ in 0..<20_000 {
      // Mostly plain text with at most one or two boundary bytes, so both answers occur.
      var bytes = (0..<8).map { _ in UInt8(0x41 + rng.next() % 26) }
      for _ in 0..<Int(rng.next() % 3) { bytes[Int(rng.next() % 8)] = Self.byte(&rng) }
      let word = bytes.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
      #expect(JSONWriter.anyEscaped(word) == bytes.contains(where: Self.escaped), "\(bytes)")
    }
  }

  @Test("strings of every length up to 40 are written as the byte-by-byte rule writes them")
  func writesLikeTheRule() {
    var rng = SplitMix64(seed: 42)
    for round in 0..<3_000 {
      let count = round % 41
      let bytes = (0..<count).map { _ in rng.next() % 4 == 0 ? Self.byte(&rng) : UInt8(0x20 + rng.next() % 0x5F) }
      let out = [UInt8](unsafeUninitializedCapacity: JSONWriter.escapedCapacity(count)) { buffer, n in
        n = bytes.withUnsafeBufferPointer { JSONWriter.writeString($0, at: buffer.baseAddress!) }
      }
      #expect(out == Self.reference(bytes), "round \(round): \(bytes)")
    }
  }
}
