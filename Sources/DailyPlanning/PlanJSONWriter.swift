import PlannerCore

/// Writes JSON byte for byte as Foundation's `JSONEncoder` does with
/// `[.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]`, without its generic machinery (a
/// tree of boxed values per plan, then a sort of every object's keys): the plan's types write
/// their own members, in sorted order, straight into one byte buffer (`DailyPlan+JSONWriter.swift`).
///
/// The layout it reproduces (checked against `JSONEncoder` in `PlanJSONWriterTests`):
/// - `{`, each member on its own line indented two spaces a level as `"key" : value`, members
///   separated by `,`; arrays the same with elements; an empty container is `[`, an empty line,
///   then `]` at the container's indentation.
/// - Keys in byte order of their UTF-8 (the writers list them so; absent optionals omitted).
/// - Strings: `"` and `\` escaped, U+0008/09/0A/0C/0D as `\b \t \n \f \r`, other controls below
///   U+0020 as `\u00xx` (lowercase hex); everything else, `/` included, as its UTF-8.
/// - Integers in decimal; doubles as `Double.description` without a trailing `.0` (`1`, `0.1`,
///   `1e-07`, `-0`). A non-finite double cannot be encoded (`JSONEncoder` throws): ``failed``.
struct PlanJSONWriter {
  private(set) var bytes: [UInt8] = []
  private var depth = 0
  /// Nothing written yet in the innermost open container.
  private var empty = true
  /// A non-finite double was met: the output is not JSON.
  private(set) var failed = false

  init(capacity: Int) { bytes.reserveCapacity(capacity) }

  // MARK: containers

  mutating func beginObject() { open(UInt8(ascii: "{")) }
  mutating func endObject() { close(UInt8(ascii: "}")) }
  mutating func beginArray() { open(UInt8(ascii: "[")) }
  mutating func endArray() { close(UInt8(ascii: "]")) }

  private mutating func open(_ bracket: UInt8) {
    bytes.append(bracket)
    depth += 1
    empty = true
  }

  private mutating func close(_ bracket: UInt8) {
    depth -= 1
    if empty { bytes.append(0x0A) }
    newline()
    bytes.append(bracket)
    empty = false
  }

  private mutating func newline() {
    bytes.append(0x0A)
    for _ in 0..<depth { bytes.append(0x20); bytes.append(0x20) }
  }

  /// Starts a member: `"key" : ` on its own line. `key` is the bare name (ASCII, nothing to escape).
  mutating func key(_ key: StaticString) {
    separate()
    bytes.append(UInt8(ascii: "\""))
    bytes.append(contentsOf: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
    bytes.append(UInt8(ascii: "\""))
    bytes.append(0x20); bytes.append(UInt8(ascii: ":")); bytes.append(0x20)
  }

  /// Starts an array element on its own line.
  mutating func element() { separate() }

  private mutating func separate() {
    if !empty { bytes.append(UInt8(ascii: ",")) }
    empty = false
    newline()
  }

  // MARK: values

  mutating func string(_ s: String) { JSONWriter.writeString(s, into: &bytes) }

  mutating func int(_ v: Int) { ByteNumberFormat.writeInt(Int64(v), into: &bytes) }

  mutating func double(_ v: Double) {
    guard v.isFinite else {
      failed = true
      return
    }
    // Whole numbers that fit: their digits (`Double.description` gives `12.0`, written `12`).
    if v == v.rounded(.towardZero), v.magnitude < 1e15, !(v == 0 && v.sign == .minus) {
      int(Int(v))
      return
    }
    let start = bytes.count
    ByteNumberFormat.writeDouble(v, into: &bytes)
    if bytes.count - start >= 2, bytes[bytes.count - 2] == UInt8(ascii: "."), bytes[bytes.count - 1] == UInt8(ascii: "0") {
      bytes.removeLast(2)
    }
  }

  mutating func bool(_ v: Bool) {
    if v {
      bytes.append(contentsOf: [UInt8(ascii: "t"), UInt8(ascii: "r"), UInt8(ascii: "u"), UInt8(ascii: "e")])
    } else {
      bytes.append(contentsOf: [UInt8(ascii: "f"), UInt8(ascii: "a"), UInt8(ascii: "l"), UInt8(ascii: "s"), UInt8(ascii: "e")])
    }
  }

  mutating func strings(_ list: [String]) {
    beginArray()
    for s in list { element(); string(s) }
    endArray()
  }

  // MARK: members (an absent optional writes nothing, as `encodeIfPresent`)

  mutating func member(_ k: StaticString, _ v: String) { key(k); string(v) }
  mutating func member(_ k: StaticString, _ v: Int) { key(k); int(v) }
  mutating func member(_ k: StaticString, _ v: Double) { key(k); double(v) }
  mutating func member(_ k: StaticString, _ v: Bool) { key(k); bool(v) }
  mutating func member(_ k: StaticString, _ v: [String]) { key(k); strings(v) }
  mutating func member(_ k: StaticString, _ v: String?) { if let v { member(k, v) } }
  mutating func member(_ k: StaticString, _ v: Int?) { if let v { member(k, v) } }
  mutating func member(_ k: StaticString, _ v: Double?) { if let v { member(k, v) } }
  mutating func member(_ k: StaticString, _ v: Bool?) { if let v { member(k, v) } }
  mutating func member(_ k: StaticString, _ v: [String]?) { if let v { member(k, v) } }
}
