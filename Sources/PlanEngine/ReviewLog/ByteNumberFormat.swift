/// Number output straight into a byte buffer: no `String` per value.
///
/// Doubles are written as the shortest decimal that reads back as the same `Double`: the text
/// of `Double.description`, copied into the caller's buffer. (A hand-written shortest formatter
/// would save most of its ~120 ns; until one is proven equal to `description`, we use it.)
public enum ByteNumberFormat {
  /// The most bytes ``writeDouble(_:into:)`` appends (e.g. `-2.2250738585072014e-308`).
  public static let maxDoubleLength = 32

  /// Appends `value.description` as UTF-8 bytes to `out`.
  @inlinable
  public static func writeDouble(_ value: Double, into out: inout [UInt8]) {
    var s = value.description
    s.withUTF8 { out.append(contentsOf: $0) }
  }

  /// Writes `value.description` at `p` and returns the number of bytes (at most 32); `p` must
  /// have room for 40 bytes.
  @inlinable
  public static func writeDouble(_ value: Double, at p: UnsafeMutablePointer<UInt8>) -> Int {
    var s = value.description
    return s.withUTF8 { u in
      p.update(from: u.baseAddress!, count: u.count)
      return u.count
    }
  }

  /// Writes a signed decimal integer at `p` (room for 20 bytes) and returns its length.
  @inlinable
  public static func writeInt(_ value: Int64, at p: UnsafeMutablePointer<UInt8>) -> Int {
    var u = value.magnitude
    var start = 0
    if value < 0 { p[0] = UInt8(ascii: "-"); start = 1 }
    if u < 10 { p[start] = UInt8(truncatingIfNeeded: u) &+ 48; return start + 1 }
    // Count digits, then fill from the right.
    var digits = 1
    var probe = u
    while probe >= 10 { probe /= 10; digits += 1 }
    var i = start + digits - 1
    while u >= 10 {
      let q = u / 10
      p[i] = UInt8(truncatingIfNeeded: u &- q &* 10) &+ 48
      u = q
      i -= 1
    }
    p[i] = UInt8(truncatingIfNeeded: u) &+ 48
    return start + digits
  }

  /// `value.description` as a `String`, through the same byte path (for tests and small output).
  public static func string(_ value: Double) -> String {
    var bytes: [UInt8] = []
    writeDouble(value, into: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }
}

