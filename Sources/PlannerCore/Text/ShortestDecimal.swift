/// The shortest decimal that reads back as the same Double, for 0.001 ≤ v < 2^49, in the
/// layout of `Double.description` (`0.0123`, `2.3065`, `36500.0`), by exact integer arithmetic.
///
/// v = m·2^e is the centre of its rounding interval (v − ½ulp⁻, v + ½ulp). With s = 2 − e,
/// v·10^k = 4m·5^k / 2^(s−k), and the interval ends are (4m ∓ 2)·5^k / 2^(s−k) (4m − 1 below
/// a power of two). For k = 0, 1, 2, … the first k whose open interval holds an integer gives
/// the shortest digits; among those integers we take the one nearest v·10^k. Everything fits in
/// 128 bits (4m < 2^55, 5^k < 2^45 for k ≤ 19). Where the answer could depend on how a parser
/// treats an exact boundary or tie, we return nil and the caller uses `description`.
public enum ShortestDecimal {
  /// A 128-bit product as two words, with the few operations the search needs (`UInt128`'s
  /// generic operators are not inlined and cost more than the whole search).
  @usableFromInline
  struct Wide {
    @usableFromInline var high: UInt64
    @usableFromInline var low: UInt64

    @inlinable @inline(__always) init(_ a: UInt64, times b: UInt64) {
      (high, low) = a.multipliedFullWidth(by: b)
    }

    /// ⌊self / 2^sh⌋ for 0 < sh < 128, when it fits in 64 bits.
    @inlinable @inline(__always) func shifted(_ sh: Int) -> UInt64 {
      sh >= 64 ? high &>> UInt64(sh &- 64) : (high &<< UInt64(64 &- sh)) | (low &>> UInt64(sh))
    }

    /// Whether the low `sh` bits are all zero (self is a multiple of 2^sh).
    @inlinable @inline(__always) func lowBitsZero(_ sh: Int) -> Bool {
      if sh >= 64 {
        return low == 0 && (sh == 64 || high & ((1 &<< UInt64(sh &- 64)) &- 1) == 0)
      }
      return low & ((1 &<< UInt64(sh)) &- 1) == 0
    }

    /// Bit `i` (0 ≤ i < 128).
    @inlinable @inline(__always) func bit(_ i: Int) -> Bool {
      i >= 64 ? (high &>> UInt64(i &- 64)) & 1 == 1 : (low &>> UInt64(i)) & 1 == 1
    }
  }

  /// Writes the digits at `p` (room for 32 bytes) and returns the length, or nil when `v` is
  /// outside the fast range or on a boundary case.
  @inlinable
  public static func write(_ v: Double, at p: UnsafeMutablePointer<UInt8>) -> Int? {
    guard v >= 0.001 && v < 562_949_953_421_312 else { return nil }  // 2^49; also rejects NaN
    let bits = v.bitPattern
    let fraction = bits & ((1 << 52) - 1)
    let m4 = (fraction | (1 << 52)) << 2
    let s = 2 - (Int((bits >> 52) & 0x7FF) - 1075)
    let below = m4 - (fraction == 0 ? 1 : 2)
    let above = m4 + 2
    // Whether the open interval, scaled by 10^k, holds an integer.
    @inline(__always) func holds(_ k: Int) -> Bool {
      let f = pow5(k)
      return Wide(below, times: f).shifted(s - k) < Wide(above, times: f).shifted(s - k)
    }
    // 17 significant digits always identify a double, so k17 fraction digits suffice; most
    // values need 17 or 16, short decimals far fewer: try k17 − 1 and k17 − 2, then bisect.
    let k17 = v >= 1 ? 17 - ByteNumberFormat.digitCount(UInt64(v)) : v >= 0.1 ? 17 : v >= 0.01 ? 18 : 19
    var k = k17
    if k17 > 0 && holds(k17 - 1) {
      k = k17 - 1
      if k > 0 && holds(k - 1) {
        var lo = 0, hi = k - 1
        while lo < hi {
          let mid = (lo + hi) >> 1
          if holds(mid) { hi = mid } else { lo = mid + 1 }
        }
        k = lo
      }
    }
    let sh = s - k
    guard sh > 1 && sh < 120 else { return nil }
    let f = pow5(k)
    let low = Wide(below, times: f), high = Wide(above, times: f)
    // An interval end that is itself an integer (at this k, hence at every shorter one): a
    // parser's tie rule would decide, so leave it to `description`. Rare.
    if low.lowBitsZero(sh) || high.lowBitsZero(sh) { return nil }
    let dMin = low.shifted(sh) + 1, dMax = high.shifted(sh)
    guard dMin <= dMax else { return nil }
    let centre = Wide(m4, times: f)
    var d = centre.shifted(sh)
    // Round to nearest: compare the remainder with one half.
    if centre.bit(sh - 1) {
      if centre.lowBitsZero(sh - 1) { return nil }  // an exact tie
      d += 1
    }
    if d < dMin { d = dMin } else if d > dMax { d = dMax }
    return layout(d, fractionDigits: k, at: p)
  }

  /// 5^k for 0 ≤ k ≤ 19.
  @inlinable @inline(__always)
  static func pow5(_ k: Int) -> UInt64 {
    switch k {
    case 0: return 1
    case 1: return 5
    case 2: return 25
    case 3: return 125
    case 4: return 625
    case 5: return 3125
    case 6: return 15625
    case 7: return 78125
    case 8: return 390625
    case 9: return 1953125
    case 10: return 9765625
    case 11: return 48828125
    case 12: return 244140625
    case 13: return 1220703125
    case 14: return 6103515625
    case 15: return 30517578125
    case 16: return 152587890625
    case 17: return 762939453125
    case 18: return 3814697265625
    default: return 19073486328125
    }
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
