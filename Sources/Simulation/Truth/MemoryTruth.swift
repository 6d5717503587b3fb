import Foundation
import MemoryModels
import PlannerCore

/// The hidden parameters of one item that a truth model sees: its effective difficulty δ − α
/// (the item's difficulty less the learner's ability) and its first-exposure strength h₀ (days
/// until recall falls to 0.9 right after a first exposure rated Good).
public struct TruthItem: Sendable, Equatable {
  public var difficulty: Double
  public var firstStrength: Double
  public init(difficulty: Double, firstStrength: Double) { self.difficulty = difficulty; self.firstStrength = firstStrength }
}

/// A hidden "truth" memory model: what the simulator draws outcomes from. The planner never
/// sees it; it sees only the events the simulated learner records.
///
/// A truth has an item state, a recall probability after t days, an update after an outcome,
/// and an observation model (``RatingObservation``): the rating drawn on a review, the first
/// rating of a new item and the answer time by rating. Days are fractional days on one clock
/// (the simulator passes learning days). Every function is total and pure; randomness comes in
/// as a generator keyed by ``TruthRandom/generator(seed:learner:item:review:)``.
public protocol MemoryTruth: Sendable {
  associatedtype State: Sendable, Equatable
  /// The name `planner simulate --truth-model` knows it by.
  var name: String { get }
  /// How outcomes are observed: rating mixes and answer times.
  var observation: RatingObservation { get }
  /// The state right after a first exposure on `day`, rated `rating`.
  func learned(_ item: TruthItem, rating: Rating, day: Double) -> State
  /// The state of material practised long before the start: recall 0.9 after `strength` days
  /// from `lastDay` (approximately, for models whose state is a history).
  func seasoned(_ item: TruthItem, strength: Double, lastDay: Double) -> State
  /// The probability of recall on `day` (≥ the last exposure).
  func recall(_ state: State, item: TruthItem, day: Double) -> Double
  /// The state after a review on `day` rated `rating` (same-day repetitions included).
  func reviewed(_ state: State, item: TruthItem, rating: Rating, day: Double) -> State
  /// The day of the last exposure.
  func lastDay(_ state: State) -> Double
}

extension MemoryTruth {
  /// A review's rating: Again with probability 1 − p, else Hard/Good/Easy by ``observation``.
  public func reviewRating(recall p: Double, item: TruthItem, _ rng: inout SplitMix64) -> Rating {
    observation.reviewRating(recall: p, difficulty: item.difficulty, &rng)
  }

  /// The rating of an item's first exposure.
  public func firstRating(_ item: TruthItem, _ rng: inout SplitMix64) -> Rating {
    observation.firstRating(difficulty: item.difficulty, &rng)
  }

  /// Seconds to answer, by rating (first exposures take longer).
  public func answerSeconds(_ rating: Rating, first: Bool, _ rng: inout SplitMix64) -> Double {
    observation.answerSeconds(rating, first: first, &rng)
  }

  /// Days from the last exposure until recall falls to 0.9 (bisection; 0 if already below,
  /// capped at 36,500): the one-number "strength" the truth file records for any truth.
  public func strength(_ state: State, item: TruthItem) -> Double {
    let t0 = lastDay(state)
    if recall(state, item: item, day: t0) <= 0.9 { return 0 }
    var lo = 0.0, hi = 1.0
    while hi < 36_500, recall(state, item: item, day: t0 + hi) > 0.9 { lo = hi; hi *= 2 }
    if hi >= 36_500 { return 36_500 }
    for _ in 0..<40 {
      let mid = (lo + hi) / 2
      if recall(state, item: item, day: t0 + mid) > 0.9 { lo = mid } else { hi = mid }
    }
    return (lo + hi) / 2
  }
}

/// Keys of the truth models' randomness: one stream per (seed, learner, item, review index), so
/// every policy that reviews the same item of the same learner for the n-th time meets the same
/// luck, whatever it did before.
public enum TruthRandom {
  static let tag: UInt64 = 0x5452_5554  // "TRUT"
  public static func generator(seed: UInt64, learner: Int, item: String, review: Int) -> SplitMix64 {
    SplitMix64(keys: seed, tag, UInt64(learner), FNV1a64.hash(item), UInt64(review))
  }

  /// A standard normal draw (Box–Muller, one of the pair), as the simulator draws its own.
  public static func normal(_ rng: inout SplitMix64) -> Double {
    let u1 = Swift.max(rng.nextDouble(), 1e-300)
    let u2 = rng.nextDouble()
    return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
  }
}
