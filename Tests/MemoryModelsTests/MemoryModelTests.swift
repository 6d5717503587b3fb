import Testing
@testable import MemoryModels
@testable import PlannerCore

/// What every `MemoryModel` promises, checked generically on FSRS-6, SM-2 and HLR over seeded
/// random histories.
@Suite("MemoryModel invariants")
struct MemoryModelTests {
  static func check<M: MemoryModel>(_ model: M, seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    for _ in 0..<300 {
      var state: M.State? = nil
      for k in 0..<15 {
        let g = Rating(rawValue: rng.nextInt(in: 1...4))!
        let t = k == 0 ? -1 : rng.nextInt(in: 0...60)
        let s = model.next(state, elapsedDays: t, rating: g)
        state = s
        // Recall: 1-ish at t = 0, in [0, 1], never rising with time.
        var previous = 1.0
        for day in stride(from: 0.0, through: 400, by: 7.5) {
          let p = model.predictedRecall(s, elapsedDays: day)
          #expect(p >= 0 && p <= 1 && p <= previous + 1e-15)
          previous = p
        }
        // Intervals: at least one day, never longer for a higher desired retention.
        var last = Int.max
        for dr in [0.7, 0.8, 0.85, 0.9, 0.95, 0.97] {
          let ivl = model.intervalDays(s, desiredRetention: dr)
          #expect(ivl >= 1 && ivl <= 36500 && ivl <= last)
          last = ivl
        }
        #expect(model.stabilityDays(s) > 0)
      }
    }
  }

  @Test("FSRS-6") func fsrs() { Self.check(FSRS6(), seed: 1) }
  @Test("SM-2") func sm2() { Self.check(SM2(), seed: 2) }
  @Test("HLR") func hlr() { Self.check(HalfLifeRegression(), seed: 3) }

  @Test("names and difficulty")
  func names() {
    #expect([FSRS6().name, SM2().name, HalfLifeRegression().name] == ["fsrs6", "sm2", "hlr"])
    let s = FSRS6().next(nil, elapsedDays: -1, rating: .good)
    #expect(FSRS6().difficulty(s) == s.difficulty)
  }
}
