import Foundation
import Testing
@testable import MemoryModels
@testable import PlannerCore

/// The shortcuts of the hot paths give exactly the bits of the plain calls.
@Suite("FSRS-6 batch and shared-R paths")
struct FSRS6BatchTests {
  /// Seeded items of 0…40 reviews (a third same-day), every rating, under fitted-like and
  /// default parameters.
  static func items(seed: UInt64, count: Int) -> (ratings: [Rating], elapsed: [Int32], starts: [Int]) {
    var rng = SplitMix64(seed: seed)
    var ratings: [Rating] = []
    var elapsed: [Int32] = []
    var starts = [0]
    for _ in 0..<count {
      let n = rng.nextInt(in: 0...40)
      for k in 0..<n {
        ratings.append(Rating(rawValue: rng.nextInt(in: 1...4))!)
        elapsed.append(k == 0 || rng.nextInt(in: 0...2) == 0 ? 0 : Int32(rng.nextInt(in: 1...400)))
      }
      starts.append(ratings.count)
    }
    return (ratings, elapsed, starts)
  }

  static let models: [FSRS6] = [
    FSRS6(),
    FSRS6(parameters: try! FSRSParameters(validating: [
      0.3, 1.1, 2.9, 12, 6.2, 0.6, 2.1, 0.01, 1.6, 0.12, 1.0, 1.9, 0.1, 0.3, 2.3, 0.25, 2.9, 0.6, 0.1, 0.2, 0.4,
    ])),
  ]

  @Test("finalStates gives each item the bits of nextState, in any mix of lengths", arguments: [1, 3, 4, 5, 37, 400])
  func finalStatesMatchNextState(items: Int) {
    let (ratings, elapsed, starts) = Self.items(seed: UInt64(items), count: items)
    for model in Self.models {
      let sentinel = MemoryState(stability: -1, difficulty: -1)
      var out = [MemoryState](repeating: sentinel, count: items)
      ratings.withUnsafeBufferPointer { g in
        elapsed.withUnsafeBufferPointer { t in
          starts.withUnsafeBufferPointer { s in
            out.withUnsafeMutableBufferPointer { model.finalStates(ratings: g, elapsedDays: t, itemStarts: s, into: $0.baseAddress!) }
          }
        }
      }
      for k in 0..<items {
        var state: MemoryState? = nil
        for i in starts[k]..<starts[k + 1] { state = model.nextState(state, elapsedDays: Int(elapsed[i]), rating: ratings[i]) }
        let expected = state ?? sentinel  // an item without reviews keeps its slot
        #expect(out[k].stability.bitPattern == expected.stability.bitPattern, "item \(k) of \(items)")
        #expect(out[k].difficulty.bitPattern == expected.difficulty.bitPattern, "item \(k) of \(items)")
      }
    }
  }

  @Test("review is retrievability then nextState, bit for bit, same-day and clamped states too")
  func reviewMatchesTwoCalls() {
    var rng = SplitMix64(seed: 5)
    for model in Self.models {
      for _ in 0..<5000 {
        // A third of the states lie outside the clamps (S < 0.001 or D > 10): nextState clamps them.
        let s = rng.nextInt(in: 0...2) == 0 ? 0.0004 : Double(rng.nextInt(in: 1...100_000)) / 100
        let d = rng.nextInt(in: 0...2) == 0 ? 11.0 : Double(rng.nextInt(in: 100...1000)) / 100
        let state = MemoryState(stability: s, difficulty: d)
        let t = rng.nextInt(in: -1...500)
        let g = Rating(rawValue: rng.nextInt(in: 1...4))!
        let (r, next) = model.review(state, elapsedDays: t, rating: g)
        #expect(r.bitPattern == model.predictedRecall(state, elapsedDays: Double(max(t, 0))).bitPattern)
        let expected = model.nextState(state, elapsedDays: t, rating: g)
        #expect(next.stability.bitPattern == expected.stability.bitPattern)
        #expect(next.difficulty.bitPattern == expected.difficulty.bitPattern)
      }
    }
  }

  @Test("at retention 0.9 the interval skips pow and keeps its bits")
  func intervalAtNinety() {
    var rng = SplitMix64(seed: 9)
    for model in Self.models {
      for _ in 0..<5000 {
        let s = Double(rng.nextInt(in: 1...4_000_000)) / 100
        let raw = model.rawInterval(stability: s, desiredRetention: 0.9).rounded(.toNearestOrEven)
        let expected = Swift.min(Swift.max(Int(Swift.min(raw, 1e9)), 1), FSRS6.maximumInterval)
        #expect(model.intervalDays(stability: s, desiredRetention: 0.9) == expected)
      }
    }
  }
}
