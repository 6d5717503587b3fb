/// The shortest decimal that reads back as the same Double, for 0.001 ≤ v < 2^49, in the
/// layout of `Double.description` (`0.0123`, `2.3065`, `36500.0`), by exact integer arithmetic.
///
/// v = m·2^e is the centre of its rounding interval (v − ½ulp⁻, v + ½ulp). With s = 2 − e,
/// v·10^k = 4m·5^k / 2^(s−k), and the interval ends are (4m ∓ 2)·5^k / 2^(s−k) (4m − 1 below
/// a power of two). For k = 0, 1, 2, … the first k whose open interval holds an integer gives
/// the shortest digits; among those integers we take the one nearest v·10^k. Everything fits in
/// 128 bits (4m < 2^55, 5^k < 2^52 for k ≤ 22). Where the answer could depend on how a parser
/// treats an exact boundary or tie, we return nil and the caller uses `description`.
@available(macOS 15.0, iOS 18.0, *)
public enum ShortestDecimal {
  /// Writes the digits at `p` (room for 32 bytes) and returns the length, or nil when `v` is
  /// outside the fast range or on a boundary case.
  @inlinable
  public static func write(_ v: Double, at p: UnsafeMutablePointer<UInt8>) -> Int? {
    guard v >= 0.001 && v < 562_949_953_421_312 else { return nil }  // 2^49; also rejects NaN
    let bits = v.bitPattern
    let fraction = bits & ((1 << 52) - 1)
    let m4 = UInt128(fraction | (1 << 52)) << 2
    let s = 2 - (Int((bits >> 52) & 0x7FF) - 1075)
    let lowerGap: UInt128 = fraction == 0 ? 1 : 2
    // 17 significant digits always identify a double: k17 fraction digits is enough.
    let k17 = v >= 1 ? 17 - ByteNumberFormat.digitCount(UInt64(v)) : 19
    // The smallest k whose open interval holds an integer (monotone in k: binary search).
    var lo = 0, hi = k17
    while lo < hi {
      let mid = (lo + hi) >> 1
      let sh = s - mid
      let f = UInt128(pow5(mid))
      if (((m4 - lowerGap) * f) >> sh) + 1 <= ((m4 + 2) * f) >> sh { hi = mid } else { lo = mid + 1 }
    }
    let k = lo
    let sh = s - k
    guard sh > 1 && sh < 127 else { return nil }
    let f = UInt128(pow5(k))
    let mask = (UInt128(1) << sh) - 1
    let low = (m4 - lowerGap) * f, high = (m4 + 2) * f
    // An interval end that is itself an integer (at this k, hence at every shorter one): a
    // parser's tie rule would decide, so leave it to `description`. Rare.
    if low & mask == 0 || high & mask == 0 { return nil }
    let dMin = (low >> sh) + 1, dMax = high >> sh
    guard dMin <= dMax else { return nil }
    let centre = m4 * f
    var d = centre >> sh
    let rest = centre & mask
    let half = UInt128(1) << (sh - 1)
    if rest == half { return nil }
    if rest > half { d += 1 }
    if d < dMin { d = dMin } else if d > dMax { d = dMax }
    return layout(UInt64(d), fractionDigits: k, at: p)
  }

  @inlinable
  static func pow5(_ k: Int) -> UInt64 {
    var r: UInt64 = 1
    var b: UInt64 = 5
    var e = k
    while e > 0 {
      if e & 1 == 1 { r &*= b }
      b &*= b
      e >>= 1
    }
    return r
  }

  /// Writes d·10^−k as `int.frac`, with `.0` for integers and `0.00…` below one.
  @inlinable
  static func layout(_ d: UInt64, fractionDigits k: Int, at p: UnsafeMutablePointer<UInt8>) -> Int {
    let digits = ByteNumberFormat.digitCount(d)
    if k == 0 {
      let n = ByteNumberFormat.writeInt(Int64(d), at: p)
      p[n] = UInt8(ascii: ".")
      p[n + 1] = UInt8(ascii: "0")
      return n + 2
    }
    if digits > k {
      // Write all digits shifted by one, then open the gap for the point.
      let n = ByteNumberFormat.writeInt(Int64(d), at: p + 1)
      let intDigits = digits - k
      for i in 0..<intDigits { p[i] = p[i + 1] }
      p[intDigits] = UInt8(ascii: ".")
      return n + 1
    }
    p[0] = UInt8(ascii: "0")
    p[1] = UInt8(ascii: ".")
    let zeros = k - digits
    for i in 0..<zeros { p[2 + i] = UInt8(ascii: "0") }
    return 2 + zeros + ByteNumberFormat.writeInt(Int64(d), at: p + 2 + zeros)
  }
}
