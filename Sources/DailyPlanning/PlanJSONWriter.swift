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
///
/// The bytes go straight into a buffer of spare room (grown by doubling), through a pointer: a
/// plan is about 30 KB written in tens of thousands of small pieces, and `Array.append` per byte
/// (a uniqueness and capacity check each) was half of its cost; an array's
/// `withUnsafeMutableBufferPointer` per piece still checked its uniqueness each time, so the
/// buffer is raw memory the writer owns (``Storage``).
struct PlanJSONWriter {
  /// The buffer: `count` bytes written, the rest spare room (never read).
  private var storage: Storage
  private var count = 0
  private var depth = 0
  /// Nothing written yet in the innermost open container.
  private var empty = true
  /// A non-finite double was met: the output is not JSON.
  private(set) var failed = false

  /// Raw bytes, freed with the last reference (the writer is used in place, never shared).
  private final class Storage {
    let base: UnsafeMutablePointer<UInt8>
    let capacity: Int
    init(capacity: Int) {
      self.capacity = capacity
      base = .allocate(capacity: capacity)
    }
    deinit { base.deallocate() }
  }

  init(capacity: Int) { storage = Storage(capacity: max(capacity, 256)) }

  /// What was written.
  var bytes: [UInt8] {
    [UInt8](unsafeUninitializedCapacity: count) { out, n in
      if count > 0 { out.baseAddress!.initialize(from: storage.base, count: count) }  // (one memcpy)
      n = count
    }
  }

  /// What was written, and a final newline; the writer is left empty.
  mutating func finished() -> [UInt8] {
    put(1) { p in p.pointee = 0x0A; return 1 }
    let out = bytes
    count = 0
    depth = 0
    empty = true
    return out
  }

  /// Runs `body` on room for at least `room` bytes at the end of what is written; `body`
  /// returns how many it wrote.
  @inline(__always)
  private mutating func put(_ room: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
    if storage.capacity - count < room { grow(room) }
    count += body(storage.base + count)
  }

  private mutating func grow(_ room: Int) {
    let bigger = Storage(capacity: storage.capacity + max(storage.capacity, room))
    bigger.base.update(from: storage.base, count: count)
    storage = bigger
  }

  // MARK: containers

  mutating func beginObject() { open(UInt8(ascii: "{")) }
  mutating func endObject() { close(UInt8(ascii: "}")) }
  mutating func beginArray() { open(UInt8(ascii: "[")) }
  mutating func endArray() { close(UInt8(ascii: "]")) }

  private mutating func open(_ bracket: UInt8) {
    put(1) { p in p.pointee = bracket; return 1 }
    depth += 1
    empty = true
  }

  private mutating func close(_ bracket: UInt8) {
    depth -= 1
    let blank = empty, d = depth
    put(2 * d + 3) { p in
      var n = 0
      if blank { p.pointee = 0x0A; n = 1 }
      n += Self.newline(depth: d, at: p + n)
      p[n] = bracket
      return n + 1
    }
    empty = false
  }

  /// A line feed and the indentation of `depth` at `p` (room for 2 × depth + 1 bytes).
  @inline(__always)
  private static func newline(depth: Int, at p: UnsafeMutablePointer<UInt8>) -> Int {
    p.pointee = 0x0A
    (p + 1).initialize(repeating: 0x20, count: 2 * depth)
    return 2 * depth + 1
  }

  /// Starts a member: `"key" : ` on its own line. `key` is the bare name (ASCII, nothing to escape).
  mutating func key(_ key: StaticString) {
    let comma = !empty
    empty = false
    let k = key.utf8CodeUnitCount, d = depth
    put(2 * d + k + 7) { p in
      var n = 0
      if comma { p.pointee = UInt8(ascii: ","); n = 1 }
      n += Self.newline(depth: d, at: p + n)
      p[n] = UInt8(ascii: "\"")
      (p + n + 1).update(from: key.utf8Start, count: k)
      n += k + 1
      p[n] = UInt8(ascii: "\""); p[n + 1] = 0x20; p[n + 2] = UInt8(ascii: ":"); p[n + 3] = 0x20
      return n + 4
    }
  }

  /// Starts an array element on its own line.
  mutating func element() {
    let comma = !empty
    empty = false
    let d = depth
    put(2 * d + 2) { p in
      var n = 0
      if comma { p.pointee = UInt8(ascii: ","); n = 1 }
      return n + Self.newline(depth: d, at: p + n)
    }
  }

  // MARK: values

  mutating func string(_ s: String) {
    var s = s
    s.withUTF8 { string(utf8: $0) }
  }

  /// A string given as its UTF-8.
  mutating func string(utf8 u: UnsafeBufferPointer<UInt8>) {
    put(JSONWriter.escapedCapacity(u.count)) { p in JSONWriter.writeString(u, at: p) }
  }

  /// Two integers joined by an ASCII separator, as a string: `"2:255"`.
  mutating func joined(_ a: Int, _ separator: Unicode.Scalar, _ b: Int) {
    put(44) { p in
      p[0] = UInt8(ascii: "\"")
      var n = 1 + ByteNumberFormat.writeInt(Int64(a), at: p + 1)
      p[n] = UInt8(ascii: separator)
      n += 1 + ByteNumberFormat.writeInt(Int64(b), at: p + n + 1)
      p[n] = UInt8(ascii: "\"")
      return n + 1
    }
  }

  mutating func int(_ v: Int) { put(24) { p in ByteNumberFormat.writeInt(Int64(v), at: p) } }

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
    put(40) { p in
      let n = ByteNumberFormat.writeDouble(v, at: p)
      return n >= 2 && p[n - 2] == UInt8(ascii: ".") && p[n - 1] == UInt8(ascii: "0") ? n - 2 : n
    }
  }

  mutating func bool(_ v: Bool) {
    let word: StaticString = v ? "true" : "false"
    put(5) { p in
      p.update(from: word.utf8Start, count: word.utf8CodeUnitCount)
      return word.utf8CodeUnitCount
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
