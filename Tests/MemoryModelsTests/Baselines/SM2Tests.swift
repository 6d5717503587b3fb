import Testing
@testable import MemoryModels

/// Worked examples of Anki's SM-2 with its default settings, computed by hand from the rules in
/// `docs/fsrs.md` (Anki `rslib/src/scheduler/states/review.rs`).
@Suite("SM-2 baseline (Anki defaults)")
struct SM2Tests {
  let sm2 = SM2()
  typealias S = SM2.State

  @Test("first review: Easy graduates with 4 days, anything else with 1; ease 2.5")
  func firstReview() {
    #expect(sm2.next(nil, elapsedDays: -1, rating: .again) == S(intervalDays: 1, ease: 2.5))
    #expect(sm2.next(nil, elapsedDays: -1, rating: .hard) == S(intervalDays: 1, ease: 2.5))
    #expect(sm2.next(nil, elapsedDays: -1, rating: .good) == S(intervalDays: 1, ease: 2.5))
    #expect(sm2.next(nil, elapsedDays: -1, rating: .easy) == S(intervalDays: 4, ease: 2.5))
  }

  @Test("on time from 1 day: hard 2, good 3, easy 4 (each at least one more than the last)")
  func onTimeFromOne() {
    let s = S(intervalDays: 1, ease: 2.5)
    #expect(sm2.next(s, elapsedDays: 1, rating: .hard) == S(intervalDays: 2, ease: 2.35))  // 1.2 → 1, ≥ 2
    #expect(sm2.next(s, elapsedDays: 1, rating: .good) == S(intervalDays: 3, ease: 2.5))  // 2.5 → 3
    #expect(sm2.next(s, elapsedDays: 1, rating: .easy) == S(intervalDays: 4, ease: 2.65))  // 3.25 → 3, ≥ 4
    #expect(sm2.next(s, elapsedDays: 1, rating: .again) == S(intervalDays: 1, ease: 2.3))
  }

  @Test("on time from 3 days: hard 4, good 8 (7.5 rounds up), easy 10")
  func onTimeFromThree() {
    let s = S(intervalDays: 3, ease: 2.5)
    #expect(sm2.next(s, elapsedDays: 3, rating: .hard).intervalDays == 4)  // 3.6 → 4
    #expect(sm2.next(s, elapsedDays: 3, rating: .good).intervalDays == 8)
    #expect(sm2.next(s, elapsedDays: 3, rating: .easy).intervalDays == 10)  // 9.75 → 10
  }

  @Test("late by 4 days from 10: hard 12, good (10 + 2)·2.5 = 30, easy 14·2.5·1.3 = 45.5 → 46")
  func late() {
    let s = S(intervalDays: 10, ease: 2.5)
    #expect(sm2.next(s, elapsedDays: 14, rating: .hard).intervalDays == 12)
    #expect(sm2.next(s, elapsedDays: 14, rating: .good).intervalDays == 30)
    #expect(sm2.next(s, elapsedDays: 14, rating: .easy).intervalDays == 46)
  }

  @Test("early (day 4 of 10): hard max(4.8, 6) = 6, good max(10, 10) = 10, easy 10·1.15 = 11.5 → 12")
  func early() {
    let s = S(intervalDays: 10, ease: 2.5)
    #expect(sm2.next(s, elapsedDays: 4, rating: .hard).intervalDays == 6)
    #expect(sm2.next(s, elapsedDays: 4, rating: .good).intervalDays == 10)
    #expect(sm2.next(s, elapsedDays: 4, rating: .easy).intervalDays == 12)
  }

  @Test("a worked history: Good, Good, Good, Again, Good, Easy")
  func history() {
    var s: S? = nil
    var trace: [S] = []
    for (t, g) in [(-1, Rating.good), (1, .good), (3, .good), (8, .again), (1, .good), (3, .easy)] {
      s = sm2.next(s, elapsedDays: t, rating: g)
      trace.append(s!)
    }
    #expect(trace.map(\.intervalDays) == [
      1,  // graduating interval
      3,  // 1·2.5 = 2.5 → 3
      8,  // 3·2.5 = 7.5 → 8
      1,  // lapse: new interval 0 % → the 1-day minimum
      3,  // good 1·2.3 = 2.3 → 2, but at least hard (2) + 1
      9,  // easy 3·2.3·1.3 = 8.97 → 9 (good 6.9 → 7, so ≥ 8)
    ])
    let eases = trace.map(\.ease)
    for (e, x) in zip(eases, [2.5, 2.5, 2.5, 2.3, 2.3, 2.45]) { #expect(Swift.abs(e - x) < 1e-12) }
  }

  @Test("ease never falls below 1.3; same-day reviews are learning steps and change nothing")
  func floorsAndSameDay() {
    var s = S(intervalDays: 5, ease: 2.5)
    for _ in 0..<10 { s = sm2.next(s, elapsedDays: 1, rating: .again) }
    #expect(s.ease == 1.3)
    let t = S(intervalDays: 7, ease: 2.1)
    for g in Rating.allCases { #expect(sm2.next(t, elapsedDays: 0, rating: g) == t) }
  }

  @Test("predicted recall 0.9^(t/interval); intervals for other retentions on the same curve")
  func recallAndInterval() {
    let s = S(intervalDays: 10, ease: 2.5)
    #expect(sm2.predictedRecall(s, elapsedDays: 0) == 1)
    #expect(Swift.abs(sm2.predictedRecall(s, elapsedDays: 10) - 0.9) < 1e-15)
    #expect(Swift.abs(sm2.predictedRecall(s, elapsedDays: 20) - 0.81) < 1e-15)
    #expect(sm2.intervalDays(s, desiredRetention: 0.9) == 10)
    #expect(sm2.intervalDays(s, desiredRetention: 0.8) == 21)  // 10·ln 0.8/ln 0.9 = 21.18
    #expect(sm2.stabilityDays(s) == 10 && sm2.difficulty(s) == nil && sm2.name == "sm2")
  }
}
