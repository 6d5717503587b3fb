import Foundation
import PlannerCore
import Testing

/// A ``TextList`` left encoded (a snapshot's words) reads back the strings it encodes, and is
/// equal to and hashes as the same list held as strings.
@Suite("Text lists: encoded until read")
struct TextListTests {
  /// The encoding the snapshot writes: each string as its LEB128 UTF-8 length and its bytes.
  static func encode(_ strings: [String], after prefix: [UInt8] = [9, 9]) -> (bytes: [UInt8], range: Range<Int>) {
    var bytes = prefix
    for s in strings {
      var n = s.utf8.count
      while n >= 0x80 { bytes.append(UInt8(n & 0x7F) | 0x80); n >>= 7 }
      bytes.append(UInt8(n))
      bytes.append(contentsOf: s.utf8)
    }
    return (bytes, prefix.count..<bytes.count)
  }

  static func encoded(_ strings: [String]) -> TextList {
    let (bytes, range) = encode(strings)
    let length = bytes.withUnsafeBufferPointer { TextList.encodedLength(of: strings.count, in: $0, from: range.lowerBound) }
    #expect(length == range.count)
    return TextList(encoded: range, in: EncodedTexts(bytes), count: strings.count)
  }

  @Test("the strings, their count, equality and hash are those of the list it encodes")
  func roundTrip() {
    let long = String(repeating: "дуже довгий переклад ", count: 10)  // a length over 127 bytes: two LEB128 bytes
    let lists: [[String]] = [[], ["кіт"], ["кіт", "котик", ""], ["a/b \"c\"", long, "ґанок"]]
    for list in lists {
      let e = Self.encoded(list)
      #expect(e.strings == list)
      #expect(e.count == list.count && e.isEmpty == list.isEmpty)
      #expect(e == TextList(list) && TextList(list) == e)
      #expect(e.hashValue == TextList(list).hashValue)
    }
    #expect(Self.encoded(["кіт"]) != TextList(["кот"]))
    #expect(Self.encoded(["кіт", "пес"]) != Self.encoded(["кіт"]))
  }

  @Test("bytes that are not UTF-8 are repaired as String(decoding:as:) repairs them")
  func repair() {
    let bytes: [UInt8] = [3, 0x61, 0xFF, 0x62]
    let list = TextList(encoded: 0..<4, in: EncodedTexts(bytes), count: 1)
    #expect(list.strings == [String(decoding: [0x61, 0xFF, 0x62] as [UInt8], as: UTF8.self)])
    #expect(list.strings == ["a\u{FFFD}b"])
  }

  @Test("a length past the end, or a truncated length, is refused")
  func bounds() {
    let (bytes, range) = Self.encode(["кіт", "пес"])
    bytes.withUnsafeBufferPointer { all in
      #expect(TextList.encodedLength(of: 2, in: all, from: range.lowerBound) == range.count)
      #expect(TextList.encodedLength(of: 3, in: all, from: range.lowerBound) == nil)
      #expect(TextList.encodedLength(of: 2, in: UnsafeBufferPointer(rebasing: all[0..<(all.count - 1)]), from: range.lowerBound) == nil)
    }
    let open: [UInt8] = [0x80, 0x80]
    open.withUnsafeBufferPointer { #expect(TextList.encodedLength(of: 1, in: $0, from: 0) == nil) }
  }

  @Test("LEB128: values of one to ten bytes read back, and an eleventh byte or a missing end is refused")
  func leb128() {
    func bytes(_ v: UInt64) -> [UInt8] {
      var v = v, out: [UInt8] = []
      while v >= 0x80 { out.append(UInt8(v & 0x7F) | 0x80); v >>= 7 }
      return out + [UInt8(v)]
    }
    for v: UInt64 in [0, 1, 127, 128, 300, 16_383, 16_384, 1 << 35, UInt64.max] {
      let b = bytes(v) + [0x55]
      var at = 0
      let read = b.withUnsafeBufferPointer { LEB128.read($0, at: &at) }
      #expect(read == v && at == b.count - 1, "\(v)")
    }
    var at = 0
    let eleven = [UInt8](repeating: 0x80, count: 10) + [0x01]
    #expect(eleven.withUnsafeBufferPointer { LEB128.read($0, at: &at) } == nil)
    at = 0
    #expect(([0x80, 0x80] as [UInt8]).withUnsafeBufferPointer { LEB128.read($0, at: &at) } == nil)
  }

  @Test("LEB128: any encoding (overlong ones too) at any distance from the buffer's end reads as the byte loop reads it")
  func leb128AgainstTheByteLoop() {
    /// The rule as written: 7 bits a byte, low first, until a byte without the high bit; nil past
    /// the end or past 64 bits.
    func reference(_ b: [UInt8], _ at: inout Int) -> UInt64? {
      var value: UInt64 = 0, shift: UInt64 = 0
      while at < b.count, shift < 64 {
        let x = b[at]
        at += 1
        value |= UInt64(x & 0x7F) << shift
        if x < 0x80 { return value }
        shift += 7
      }
      return nil
    }
    var rng = SplitMix64(seed: 18)
    for _ in 0..<20_000 {
      // 1–11 bytes of 7-bit groups, every one but the last flagged, then 0–10 bytes after.
      let length = 1 + Int(rng.next() % 11)
      var b: [UInt8] = (0..<length).map { k in UInt8(truncatingIfNeeded: rng.next()) & 0x7F | (k < length - 1 ? 0x80 : 0) }
      b += (0..<Int(rng.next() % 11)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
      if rng.next() % 8 == 0 { b.removeLast(Int(rng.next() % UInt64(b.count))) }  // cut short
      let start = b.isEmpty ? 0 : Int(rng.next() % 2) % b.count
      var atRef = start, at = start
      let want = reference(b, &atRef)
      let got = b.withUnsafeBufferPointer { LEB128.read($0, at: &at) }
      #expect(got == want, "\(b) from \(start)")
      if want != nil { #expect(at == atRef, "\(b) from \(start)") }
    }
  }

  @Test("coded as a JSON array of strings, whichever way it was made")
  func codable() throws {
    let e = Self.encoded(["кіт", "котик"])
    let json = try JSONEncoder().encode(e)
    #expect(String(decoding: json, as: UTF8.self) == #"["кіт","котик"]"#)
    #expect(try JSONDecoder().decode(TextList.self, from: json) == e)
  }
}
