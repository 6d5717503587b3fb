/// A byte-level JSON writer: compact output (no spaces), keys in the object's own order,
/// non-ASCII characters written as UTF-8, only `"`, `\` and control characters escaped.
///
/// Numbers: an integral value within ±2^53 is written as an integer (`3`, not `3.0`); any other
/// finite value as Swift's shortest round-tripping decimal (`0.1`, `1e-05`, `1.5e+300`).
/// JSON has no NaN or infinity: they are written as `null` (the engine never produces them).
public struct JSONWriter: Sendable {
  public internal(set) var bytes: [UInt8] = []

  public init(capacity: Int = 256) { bytes.reserveCapacity(capacity) }

  /// The compact serialization of one value.
  public static func serialize(_ value: JSONNode) -> [UInt8] {
    var w = JSONWriter()
    w.write(value)
    return w.bytes
  }

  public static func string(_ value: JSONNode) -> String {
    String(decoding: serialize(value), as: UTF8.self)
  }

  public mutating func write(_ value: JSONNode) {
    switch value {
    case .null: writeRaw("null")
    case .bool(let b): writeRaw(b ? "true" : "false")
    case .number(let d): writeNumber(d)
    case .string(let s): writeString(s)
    case .array(let a):
      bytes.append(UInt8(ascii: "["))
      for (i, v) in a.enumerated() {
        if i > 0 { bytes.append(UInt8(ascii: ",")) }
        write(v)
      }
      bytes.append(UInt8(ascii: "]"))
    case .object(let o):
      bytes.append(UInt8(ascii: "{"))
      var first = true
      for (k, v) in o.pairs {
        if !first { bytes.append(UInt8(ascii: ",")) }
        first = false
        writeString(k)
        bytes.append(UInt8(ascii: ":"))
        write(v)
      }
      bytes.append(UInt8(ascii: "}"))
    }
  }

  public mutating func writeRaw(_ s: StaticString) {
    bytes.append(contentsOf: UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
  }

  public mutating func writeRawByte(_ b: UInt8) { bytes.append(b) }

  public mutating func writeInt(_ value: Int) { ByteNumberFormat.writeInt(Int64(value), into: &bytes) }

  public mutating func writeNumber(_ d: Double) {
    guard d.isFinite else { writeRaw("null"); return }
    if d.rounded(.towardZero) == d, abs(d) <= 9_007_199_254_740_992, !(d == 0 && d.sign == .minus) {
      writeInt(Int(d))
      return
    }
    ByteNumberFormat.writeDouble(d, into: &bytes)
  }

  public mutating func writeString(_ s: String) { Self.writeString(s, into: &bytes) }

  /// Appends `s` as a JSON string to `bytes`: `"`, `\` and the control characters escaped
  /// (`\b \t \n \f \r`, others as `\u00xx` in lowercase hex), everything else as its
  /// UTF-8. `JSONEncoder` escapes the same way (the plan's writer relies on it).
  public static func writeString(_ s: String, into bytes: inout [UInt8]) {
    var s = s
    s.withUTF8 { u in
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: escapedCapacity(u.count)) { buf in
        let n = writeString(u, at: buf.baseAddress!)
        bytes.append(contentsOf: UnsafeBufferPointer(start: buf.baseAddress!, count: n))
      }
    }
  }

  /// The room ``writeString(_:at:)`` needs for `count` UTF-8 bytes (each escaped at most to six).
  @inlinable
  public static func escapedCapacity(_ count: Int) -> Int { 6 * count + 2 }

  /// Writes the UTF-8 bytes `u` as a JSON string at `p` (room for ``escapedCapacity(_:)``
  /// bytes), escaped as ``writeString(_:into:)`` says, and returns the number of bytes written.
  public static func writeString(_ u: UnsafeBufferPointer<UInt8>, at p: UnsafeMutablePointer<UInt8>) -> Int {
    var out = p
    @inline(__always) func put(_ b: UInt8) { out.pointee = b; out += 1 }
    put(UInt8(ascii: "\""))
    var runStart = 0
    var i = 0
    let n = u.count
    while i < n {
      // Eight bytes at a time while none needs escaping (URLs and texts mostly do not).
      if n - i >= 8, !Self.anyEscaped(UnsafeRawPointer(u.baseAddress! + i).loadUnaligned(as: UInt64.self)) {
        i += 8
        continue
      }
      let c = u[i]
      i += 1
      guard c < 0x20 || c == 0x22 || c == 0x5C else { continue }
      let at = i - 1
      if runStart < at {
        out.update(from: u.baseAddress! + runStart, count: at - runStart)
        out += at - runStart
      }
      runStart = at + 1
      put(UInt8(ascii: "\\"))
      switch c {
      case 0x22: put(UInt8(ascii: "\""))
      case 0x5C: put(UInt8(ascii: "\\"))
      case 0x0A: put(UInt8(ascii: "n"))
      case 0x0D: put(UInt8(ascii: "r"))
      case 0x09: put(UInt8(ascii: "t"))
      case 0x08: put(UInt8(ascii: "b"))
      case 0x0C: put(UInt8(ascii: "f"))
      default:
        let hex: StaticString = "0123456789abcdef"
        put(UInt8(ascii: "u")); put(UInt8(ascii: "0")); put(UInt8(ascii: "0"))
        put(hex.utf8Start[Int(c >> 4)])
        put(hex.utf8Start[Int(c & 0xF)])
      }
    }
    if runStart < u.count {
      out.update(from: u.baseAddress! + runStart, count: u.count - runStart)
      out += u.count - runStart
    }
    put(UInt8(ascii: "\""))
    return out - p
  }

  /// Whether any of the eight bytes of `w` is below U+0020, `"` or `\` (the bytes a JSON
  /// string escapes). Exact: a byte is below `k` (≤ 0x80) iff `(b − k) & ~b` has its high bit
  /// set, and a borrow only ever reaches a higher byte from a byte that already answers yes.
  @inline(__always)
  static func anyEscaped(_ w: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101, high: UInt64 = 0x8080_8080_8080_8080
    let quote = w ^ (ones &* 0x22), backslash = w ^ (ones &* 0x5C)
    let below = (w &- ones &* 0x20) & ~w
    let zeroQuote = (quote &- ones) & ~quote
    let zeroBackslash = (backslash &- ones) & ~backslash
    return (below | zeroQuote | zeroBackslash) & high != 0
  }
}
