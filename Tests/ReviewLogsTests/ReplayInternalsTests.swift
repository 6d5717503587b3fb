@testable import PlannerCore
@testable import ReviewLogs
import Testing


@Suite("Replay internals: the card index map and the double text cache")
struct ReplayInternalsTests {
  @Test("the card index map agrees with Dictionary through growth and overwrites")
  func cardIndexMap() {
    var rng = SplitMix64(seed: 5)
    var map = CardIndexMap(capacity: 4)
    var reference: [Int64: Int32] = [:]
    for i in 0..<200_000 {
      let key = Int64(bitPattern: rng.next()) % 50_000 * (i % 2 == 0 ? 1 : -1)
      #expect(map.get(key) == reference[key])
      map.set(key, Int32(i))
      reference[key] = Int32(i)
    }
    #expect(map.count == reference.count)
    for (k, v) in reference { #expect(map.get(k) == v) }
    #expect(map.get(Int64.min) == nil)
  }

  @Test("the double text cache always writes the value's own description, collisions included")
  func doubleTextCache() {
    let cache = DoubleTextCache()
    let buf = UnsafeMutablePointer<UInt8>.allocate(capacity: 64)
    defer { buf.deallocate() }
    var rng = SplitMix64(seed: 9)
    // Few distinct values, so most writes are hits, and far more than 512, so slots collide.
    let pool = (0..<3000).map { _ in Double(rng.next() >> 11) * 0x1p-53 * 100 } + [1.0, 10.0, 0.0, -0.0]
    for _ in 0..<200_000 {
      let v = pool[Int(rng.next() % UInt64(pool.count))]
      let n = cache.write(v, at: buf)
      let text = String(decoding: UnsafeBufferPointer(start: buf, count: n), as: UTF8.self)
      if text != v.description { Issue.record("\(text) != \(v.description)"); return }
    }
  }
}
