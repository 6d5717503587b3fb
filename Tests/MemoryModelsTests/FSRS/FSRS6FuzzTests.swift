import Testing
@testable import MemoryModels
@testable import PlannerCore

@Suite("FSRS-6 interval fuzz")
struct FSRS6FuzzTests {
  @Test("Anki's three ranges, worked by hand", arguments: [
    (1, 1...1), (2, 2...2),
    (3, 2...4),  // delta 1.075
    (7, 5...9),  // delta 1.675
    (10, 8...12),  // delta 1.975
    (20, 17...23),  // delta 2.975
    (100, 93...107),  // delta 6.975
    (1000, 948...1052),  // delta 51.975
  ])
  func ranges(days: Int, expected: ClosedRange<Int>) {
    #expect(FSRS6.fuzzRange(days: days) == expected)
  }

  @Test("the maximum interval caps the range and the input")
  func maximum() {
    #expect(FSRS6.fuzzRange(days: 36500) == 34673...36500)
    #expect(FSRS6.fuzzRange(days: 100, maximumInterval: 100) == 93...100)
    #expect(FSRS6.fuzzRange(days: 500, maximumInterval: 100) == 93...100)
  }

  @Test("same card, same review count: same interval; always inside the range, never hi + 1")
  func deterministicAndInRange() {
    var rng = SplitMix64(seed: 11)
    for _ in 0..<5000 {
      let days = rng.nextInt(in: 1...2000)
      let card = Int64(bitPattern: rng.next())
      let count = rng.nextInt(in: 1...100)
      let a = FSRS6.fuzzedInterval(days: days, cardID: card, reviewCount: count)
      let b = FSRS6.fuzzedInterval(days: days, cardID: card, reviewCount: count)
      #expect(a == b)
      #expect(FSRS6.fuzzRange(days: days).contains(a))
    }
  }

  @Test("over many cards every day of the range comes up, about equally often")
  func uniform() {
    var counts: [Int: Int] = [:]
    let n = 10_000
    for card in 0..<Int64(n) { counts[FSRS6.fuzzedInterval(days: 10, cardID: card, reviewCount: 3), default: 0] += 1 }
    #expect(counts.keys.sorted() == [8, 9, 10, 11, 12])
    for (_, c) in counts { #expect(c > n / 5 * 9 / 10 && c < n / 5 * 11 / 10) }
    // The review count matters too: one card's successive reviews do not repeat one offset.
    let offsets = Set((1...50).map { FSRS6.fuzzedInterval(days: 10, cardID: 42, reviewCount: $0) })
    #expect(offsets.count == 5)
  }

  @Test("pinned values, cross-checked by an independent Python transcription of the draw")
  func pinned() {
    // Range 27...33 for 30 days; a change here means every learner's fuzzed schedule moved.
    #expect(FSRS6.fuzzedInterval(days: 30, cardID: 1, reviewCount: 1) == 30)
    #expect(FSRS6.fuzzedInterval(days: 30, cardID: 1_700_000_000_000, reviewCount: 7) == 31)
  }
}
