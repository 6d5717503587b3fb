/// Number output straight into a byte buffer: no `String` per value.
///
/// Doubles are written as the shortest decimal that reads back as the same `Double`, exactly the
/// text of `Double.description` (the tests compare them on millions of seeded values). Values in
/// [0.001, 2^49) take ``ShortestDecimal`` (exact integer arithmetic, no `String`); the rest, and
/// the rare values on a rounding boundary, go through `description`, copied into the buffer.
public enum ByteNumberFormat {
  /// The most bytes ``writeDouble(_:into:)`` appends (e.g. `-2.2250738585072014e-308`).
  public static let maxDoubleLength = 32

  /// Appends `value.description` as UTF-8 bytes to `out`.
  @inlinable
  public static func writeDouble(_ value: Double, into out: inout [UInt8]) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 40) { buf in
      let n = writeDouble(value, at: buf.baseAddress!)
      out.append(contentsOf: UnsafeBufferPointer(start: buf.baseAddress!, count: n))
    }
  }

  /// Appends `value` in decimal as UTF-8 bytes to `out`.
  @inlinable
  public static func writeInt(_ value: Int64, into out: inout [UInt8]) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buf in
      let n = writeInt(value, at: buf.baseAddress!)
      out.append(contentsOf: UnsafeBufferPointer(start: buf.baseAddress!, count: n))
    }
  }

  /// Writes `value.description` at `p` and returns the number of bytes (at most 32); `p` must
  /// have room for 40 bytes.
  @inlinable
  public static func writeDouble(_ value: Double, at p: UnsafeMutablePointer<UInt8>) -> Int {
    if let n = ShortestDecimal.write(value, at: p) { return n }
    return writeDescription(value, at: p)
  }

  /// `value.description`, copied to `p`.
  @inlinable
  public static func writeDescription(_ value: Double, at p: UnsafeMutablePointer<UInt8>) -> Int {
    var s = value.description
    return s.withUTF8 { u in
      p.update(from: u.baseAddress!, count: u.count)
      return u.count
    }
  }

  /// Writes a signed decimal integer at `p` (room for 20 bytes) and returns its length.
  /// Eight digits at a time in independent 32-bit halves, then pairs for the rest.
  @inlinable
  public static func writeInt(_ value: Int64, at p: UnsafeMutablePointer<UInt8>) -> Int {
    var u = value.magnitude
    let sign = value < 0 ? 1 : 0
    if sign == 1 { p.pointee = UInt8(ascii: "-") }
    let digits = digitCount(u)
    var end = p + sign + digits
    while u >= 100_000_000 {
      let q = u / 100_000_000
      write8(UInt32(truncatingIfNeeded: u &- q &* 100_000_000), at: end - 8)
      end -= 8
      u = q
    }
    var v = UInt32(truncatingIfNeeded: u)
    while v >= 100 {
      let q = v / 100
      write2(v &- q &* 100, at: end - 2)
      end -= 2
      v = q
    }
    if v >= 10 {
      write2(v, at: end - 2)
    } else {
      (end - 1).pointee = UInt8(truncatingIfNeeded: v) &+ 48
    }
    return sign + digits
  }

  /// Exactly eight digits (leading zeros kept) of v < 10^8.
  @inlinable @inline(__always)
  static func write8(_ v: UInt32, at p: UnsafeMutablePointer<UInt8>) {
    let high = v / 10_000, low = v &- high &* 10_000
    let a = high / 100, b = high &- a &* 100, c = low / 100, d = low &- c &* 100
    write2(a, at: p)
    write2(b, at: p + 2)
    write2(c, at: p + 4)
    write2(d, at: p + 6)
  }

  /// Exactly two digits of v < 100.
  @inlinable @inline(__always)
  static func write2(_ v: UInt32, at p: UnsafeMutablePointer<UInt8>) {
    let tens = (v &* 205) >> 11  // v / 10 for v < 179
    p[0] = UInt8(truncatingIfNeeded: tens) &+ 48
    p[1] = UInt8(truncatingIfNeeded: v &- tens &* 10) &+ 48
  }

  /// Decimal digits of `u` (1 for 0).
  @inlinable @inline(__always)
  static func digitCount(_ u: UInt64) -> Int {
    // floor(log10) from the bit length, corrected by one comparison.
    let bits = 64 - u.leadingZeroBitCount
    let t = (bits &* 1233) >> 12  // ≈ bits · log10(2), 0…19
    return max(t + (u >= powerOf10(t) ? 1 : 0), 1)
  }

  @inlinable @inline(__always)
  static func powerOf10(_ k: Int) -> UInt64 {
    switch k {
    case 0: return 1
    case 1: return 10
    case 2: return 100
    case 3: return 1_000
    case 4: return 10_000
    case 5: return 100_000
    case 6: return 1_000_000
    case 7: return 10_000_000
    case 8: return 100_000_000
    case 9: return 1_000_000_000
    case 10: return 10_000_000_000
    case 11: return 100_000_000_000
    case 12: return 1_000_000_000_000
    case 13: return 10_000_000_000_000
    case 14: return 100_000_000_000_000
    case 15: return 1_000_000_000_000_000
    case 16: return 10_000_000_000_000_000
    case 17: return 100_000_000_000_000_000
    case 18: return 1_000_000_000_000_000_000
    default: return 10_000_000_000_000_000_000
    }
  }

  /// `value.description` as a `String`, through the same byte path (for tests and small output).
  public static func string(_ value: Double) -> String {
    var bytes: [UInt8] = []
    writeDouble(value, into: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }
}

