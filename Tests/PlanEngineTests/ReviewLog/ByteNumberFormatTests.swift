import Foundation
import Testing

@testable import PlanEngine

@Suite("Number formatting into bytes")
struct ByteNumberFormatTests {
  static func check(_ v: Double) -> Bool {
    ByteNumberFormat.string(v) == v.description
  }

  @Test("doubles: identical to Double.description on edge cases")
  func edges() {
    let values: [Double] = [
      0, -0.0, 1, -1, 0.1, 0.2, 0.3, 1.0 / 3, 2.0 / 3, 1e-5, 1e-4, 1e15, 1e16, 1e17, 123456789012345680,
      .pi, -.pi, .ulpOfOne, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude,
      .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .infinity, -.infinity, .nan,
      0.001, 36500, 0.9, 0.95, 0.8, 9007199254740994, 4.35, 2.675, 0.212, 1.2931, 36499.99999999999,
      Double(Float.greatestFiniteMagnitude), 1.7976931348623157e308, 2.2250738585072014e-308,
    ]
    for v in values {
      #expect(Self.check(v), "\(v)")
      #expect(Self.check(v.nextUp) && Self.check(v.nextDown), "\(v) ± ulp")
    }
  }

  @Test("doubles: read back exactly, as Double.description, on 3 million seeded values")
  func random() {
    var rng = SplitMix64(seed: 20_261_130)
    var mismatches = 0
    for i in 0..<3_000_000 {
      let v: Double
      switch i % 3 {
      case 0: v = Double(bitPattern: rng.next())  // every exponent, NaNs and infinities included
      case 1: v = Double(rng.next() >> 11) * 0x1p-53  // retrievability-like, in [0, 1)
      default: v = Double(rng.next() >> 11) * 0x1p-53 * 36500  // stability-like
      }
      let s = ByteNumberFormat.string(v)
      if s != v.description { mismatches += 1 }
      if i % 3 != 0, Double(s) != v { mismatches += 1 }
    }
    #expect(mismatches == 0)
  }

  @Test("integers")
  func ints() {
    var rng = SplitMix64(seed: 3)
    var values: [Int64] = [0, 1, -1, 9, 10, -10, 99, 100, Int64.max, Int64.min, 1_704_103_200_000, -1]
    var power: Int64 = 1
    for _ in 0...18 {
      values += [power, power - 1, power + 1, -power, -(power - 1)]
      if power <= Int64.max / 10 { power *= 10 }
    }
    for _ in 0..<100_000 { values.append(Int64(bitPattern: rng.next()) >> Int64(rng.next() % 63)) }
    let buf = UnsafeMutablePointer<UInt8>.allocate(capacity: 24)
    defer { buf.deallocate() }
    for v in values {
      let n = ByteNumberFormat.writeInt(v, at: buf)
      #expect(String(decoding: UnsafeBufferPointer(start: buf, count: n), as: UTF8.self) == String(v))
    }
  }
}
