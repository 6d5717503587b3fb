import Testing
@testable import PlannerCore

@Suite("SplitMix64")
struct SplitMix64Tests {
  @Test("the reference sequence for seed 1234567 (Vigna's splitmix64.c)")
  func referenceOutputs() {
    var rng = SplitMix64(seed: 1_234_567)
    #expect(rng.next() == 6_457_827_717_110_365_317)
    #expect(rng.next() == 3_203_168_211_198_807_973)
    #expect(rng.next() == 9_817_491_932_198_370_423)
  }

  @Test("copies replay the same stream; keys give distinct, order-sensitive streams")
  func determinism() {
    var a = SplitMix64(keys: 1, 2)
    var b = a
    #expect((0..<10).map { _ in a.next() } == (0..<10).map { _ in b.next() })
    var c = SplitMix64(keys: 2, 1)
    var d = SplitMix64(keys: 1, 2)
    #expect(c.next() != d.next())
  }

  @Test("nextDouble is in [0, 1) with mean ≈ 1/2; nextInt covers its range evenly")
  func draws() {
    var rng = SplitMix64(seed: 99)
    var sum = 0.0
    for _ in 0..<100_000 {
      let x = rng.nextDouble()
      #expect(x >= 0 && x < 1)
      sum += x
    }
    #expect(Swift.abs(sum / 100_000 - 0.5) < 0.005)
    var counts = [Int](repeating: 0, count: 7)
    for _ in 0..<70_000 {
      let k = rng.nextInt(in: -3...3)
      counts[k + 3] += 1
    }
    for c in counts { #expect(c > 9_500 && c < 10_500) }
    #expect(rng.nextInt(in: 5...5) == 5)
    let wide = rng.nextInt(in: Int.min...Int.max)
    _ = wide  // the full range must not trap
  }
}
