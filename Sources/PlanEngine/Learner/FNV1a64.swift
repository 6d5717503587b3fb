/// FNV-1a, 64 bit: offset basis 0xcbf29ce484222325, prime 0x100000001b3; for each byte,
/// h = (h XOR byte) · prime (mod 2^64). Stable across processes, machines and versions,
/// unlike `hashValue`.
public struct FNV1a64: Sendable {
  public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

  public init() {}

  public mutating func combine<S: Sequence>(_ bytes: S) where S.Element == UInt8 {
    var h = value
    for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
    value = h
  }

  public static func hash<S: Sequence>(_ bytes: S) -> UInt64 where S.Element == UInt8 {
    var h = FNV1a64()
    h.combine(bytes)
    return h.value
  }

  /// 16 lower-case hex digits.
  public static func hex(_ v: UInt64) -> String {
    let s = String(v, radix: 16)
    return String(repeating: "0", count: 16 - s.count) + s
  }
}
