/// A decimal integer written in ASCII bytes, read in place: the review-log readers' fields,
/// without a `String` each.
public enum ASCIIInteger {
  /// The integer in `base[a..<b]`: an optional `+` or `-`, then one or more digits, as
  /// `Int64(String)` reads it; nil for anything else (spaces included) and on overflow.
  @inlinable @inline(__always)
  public static func parse(_ base: UnsafePointer<UInt8>, _ a: Int, _ b: Int) -> Int64? {
    var i = a
    var negative = false
    if i < b && base[i] == UInt8(ascii: "-") { negative = true; i += 1 } else if i < b && base[i] == UInt8(ascii: "+") { i += 1 }
    let digits = b - i
    guard digits > 0 else { return nil }
    var v: UInt64 = 0
    if digits <= 18 {
      // At most 18 digits cannot overflow.
      while i < b {
        let d = base[i] &- 48
        if d > 9 { return nil }
        v = v &* 10 &+ UInt64(d)
        i += 1
      }
    } else {
      while i < b {
        let d = base[i] &- 48
        if d > 9 { return nil }
        let (m, o1) = v.multipliedReportingOverflow(by: 10)
        let (s, o2) = m.addingReportingOverflow(UInt64(d))
        if o1 || o2 { return nil }
        v = s
        i += 1
      }
    }
    if negative {
      guard v <= UInt64(Int64.max) + 1 else { return nil }
      return v == UInt64(Int64.max) + 1 ? Int64.min : -Int64(v)
    }
    guard v <= UInt64(Int64.max) else { return nil }
    return Int64(v)
  }
}
