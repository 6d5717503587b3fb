/// SplitMix64 (Steele, Lea & Flood 2014; the seeding generator of xoshiro): a tiny, fast,
/// seeded generator whose output depends only on its seed, on every platform and Swift
/// version. Use it for everything that must be reproducible (fuzz, synthetic logs,
/// simulation), never `SystemRandomNumberGenerator`.
///
/// The helpers (``nextDouble()``, ``nextInt(in:)``) are our own rather than the standard
/// library's `random(in:using:)`, whose algorithm is not promised to stay the same.
public struct SplitMix64: RandomNumberGenerator, Sendable, Hashable {
  /// The whole state: the next output is `mix(state + golden gamma)`.
  public var state: UInt64

  /// 2^64 / φ, the Weyl-sequence increment.
  public static let goldenGamma: UInt64 = 0x9E37_79B9_7F4A_7C15

  @inlinable
  public init(seed: UInt64) { self.state = seed }

  /// A generator keyed by several integers (e.g. card id and review count): each key is
  /// folded in through the mixing function, so nearby keys give unrelated streams.
  @inlinable
  public init(keys: UInt64...) {
    var s: UInt64 = 0
    for k in keys { s = SplitMix64.mix((s &+ SplitMix64.goldenGamma) ^ k) }
    self.state = s
  }

  /// The SplitMix64 output function (a variant of MurmurHash3's 64-bit finalizer).
  @inlinable
  public static func mix(_ x: UInt64) -> UInt64 {
    var z = x
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  @inlinable
  public mutating func next() -> UInt64 {
    state &+= SplitMix64.goldenGamma
    return SplitMix64.mix(state)
  }

  /// A uniform Double in [0, 1) with 53 random bits.
  @inlinable
  public mutating func nextDouble() -> Double {
    Double(next() >> 11) * 0x1p-53
  }

  /// A uniform integer in `range`, without modulo bias (Lemire's multiply-and-reject).
  @inlinable
  public mutating func nextInt(in range: ClosedRange<Int>) -> Int {
    let span = UInt64(bitPattern: Int64(range.upperBound &- range.lowerBound)) &+ 1
    if span == 0 { return Int(truncatingIfNeeded: next()) }  // the full 64-bit range
    var m = next().multipliedFullWidth(by: span)
    if m.low < span {
      let threshold = (0 &- span) % span
      while m.low < threshold { m = next().multipliedFullWidth(by: span) }
    }
    return range.lowerBound &+ Int(truncatingIfNeeded: m.high)
  }
}
