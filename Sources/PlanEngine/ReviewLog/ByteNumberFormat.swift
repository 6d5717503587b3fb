/// Number output straight into a byte buffer: no `String` per value.
///
/// Doubles are written as the shortest decimal that reads back as the same `Double`, the exact
/// text of `Double.description` (tests check it on millions of seeded values): we call the
/// Swift runtime's own shortest-digits routine (`swift_float64ToString`, SwiftDtoa, which
/// `description` itself calls) into a stack buffer, skipping the `String` it would allocate.
public enum ByteNumberFormat {
  /// The most bytes ``writeDouble(_:into:)`` appends (e.g. `-2.2250738585072014e-308`).
  public static let maxDoubleLength = 32

  /// Appends `value.description` as UTF-8 bytes to `out`.
  @inlinable
  public static func writeDouble(_ value: Double, into out: inout [UInt8]) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 40) { buf in
      let n = Int(_plannerFloat64ToString(buf.baseAddress!, 40, value, false))
      out.append(contentsOf: UnsafeBufferPointer(start: buf.baseAddress!, count: n))
    }
  }

  /// Writes `value.description` at `p` and returns the number of bytes (at most 32); `p` must
  /// have room for 40 bytes.
  @inlinable
  public static func writeDouble(_ value: Double, at p: UnsafeMutablePointer<UInt8>) -> Int {
    Int(_plannerFloat64ToString(p, 40, value, false))
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

/// The Swift runtime's shortest round-trip formatter behind `Double.description`
/// (stdlib/public/runtime/SwiftDtoa.cpp); `debug: false` is `description`, `true` `debugDescription`.
@usableFromInline
@_silgen_name("swift_float64ToString")
func _plannerFloat64ToString(
  _ buffer: UnsafeMutablePointer<UInt8>, _ bufferLength: UInt, _ value: Double, _ debug: Bool
) -> UInt64
