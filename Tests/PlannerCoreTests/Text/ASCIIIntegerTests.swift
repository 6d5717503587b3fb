import Testing
@testable import PlannerCore

/// `ASCIIInteger.parse` reads what `Int64(String)` reads, and refuses what it refuses.
struct ASCIIIntegerTests {
  @Test func readsWhatInt64OfAStringReads() {
    var rng = SplitMix64(seed: 3)
    var texts = ["0", "-0", "+0", "7", "-7", "+7", "", "-", "+", " 1", "1 ", "1a", "--1", "+-1", "0x10", "007",
                 "9223372036854775807", "-9223372036854775808", "9223372036854775808", "-9223372036854775809",
                 "99999999999999999999", "123456789012345678", "1234567890123456789"]
    for _ in 0..<2000 {
      let digits = (0..<Int.random(in: 1...20, using: &rng)).map { _ in String(Int.random(in: 0...9, using: &rng)) }.joined()
      texts.append(["", "-", "+"][Int.random(in: 0...2, using: &rng)] + digits)
    }
    for text in texts {
      let bytes = Array(text.utf8) + [0]  // (never empty: a base address even for "")
      let parsed = bytes.withUnsafeBufferPointer { ASCIIInteger.parse($0.baseAddress!, 0, $0.count - 1) }
      #expect(parsed == Int64(text), "\(text)")
    }
  }
}
