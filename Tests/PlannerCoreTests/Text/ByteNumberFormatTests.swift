@testable import PlannerCore
import Foundation
import Testing


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

  @Test("the exact shortest-digits path equals Double.description wherever it answers, and answers almost always")
  func shortestDecimal() {
    var rng = SplitMix64(seed: 77)
    let buf = UnsafeMutablePointer<UInt8>.allocate(capacity: 64)
    defer { buf.deallocate() }
    var answered = 0, mismatches = 0
    let n = 2_000_000
    for i in 0..<n {
      let v: Double
      switch i % 4 {
      case 0: v = Double(rng.next() >> 11) * 0x1p-53  // (0, 1)
      case 1: v = Double(rng.next() >> 11) * 0x1p-53 * 36500
      case 2: v = 0.001 * Double(rng.next() % 1_000_000)  // short decimals: 0.123, 45.6, ...
      default: v = Double(bitPattern: (rng.next() & 0x000F_FFFF_FFFF_FFFF) | (UInt64(1013 + rng.next() % 60) << 52))  // 2^-10 … 2^49
      }
      if let len = ShortestDecimal.write(v, at: buf) {
        answered += 1
        if String(decoding: UnsafeBufferPointer(start: buf, count: len), as: UTF8.self) != v.description {
          mismatches += 1
          if mismatches < 5 { Issue.record("\(v.description) written as \(String(decoding: UnsafeBufferPointer(start: buf, count: len), as: UTF8.self))") }
        }
      }
    }
    #expect(mismatches == 0)
    #expect(answered > n * 98 / 100, "fast path answered \(answered) of \(n)")
    // Integers, powers of two (the narrower lower gap), and the range's edges.
    var edges: [Double] = [0.001, 0.0010000000000000002, 1, 2, 4, 0.5, 0.25, 36500, 10, 100, 1e14, 562949953421311.9]
    for k in -9...48 { edges += [Double(sign: .plus, exponent: k, significand: 1), Double(sign: .plus, exponent: k, significand: 1).nextUp, Double(sign: .plus, exponent: k, significand: 1).nextDown] }
    for v in edges {
      if let len = ShortestDecimal.write(v, at: buf) {
        #expect(String(decoding: UnsafeBufferPointer(start: buf, count: len), as: UTF8.self) == v.description)
      }
    }
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
