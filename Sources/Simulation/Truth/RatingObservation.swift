import Foundation
import MemoryModels
import PlannerCore

/// How a truth's outcomes are observed: which button a learner presses and how long they take.
///
///     review, recalled with probability p:   P(Hard | recalled) = hardBase + hardSlope · (1 − p)
///                                            P(Easy | recalled) = easyScale · p² · e^(−δ)
///     first exposure (ordered logit):        L = −firstSlope · δ + Logistic(0, 1)
///                                            Again if L < θ₁, Hard if L < θ₂, Good if L < θ₃, else Easy
///     answer time:                           seconds = median(rating) · e^(σ·N(0,1))
///
/// δ is the item's effective difficulty. The constants of each calibrated truth are fitted to
/// the pooled real figures (``TruthCalibrationTargets``); see docs/simulation.md.
public struct RatingObservation: Sendable, Equatable {
  public var hardBase: Double
  public var hardSlope: Double
  public var easyScale: Double
  /// θ₁ ≤ θ₂ ≤ θ₃ of the first-rating ordered logit.
  public var firstThresholds: [Double]
  public var firstSlope: Double
  /// Median seconds of a review by rating (Again, Hard, Good, Easy), and of a first exposure.
  public var reviewSeconds: [Double]
  public var firstSeconds: [Double]
  /// σ of the log-normal answer time.
  public var secondsSpread: Double

  public init(hardBase: Double, hardSlope: Double, easyScale: Double, firstThresholds: [Double], firstSlope: Double,
              reviewSeconds: [Double], firstSeconds: [Double], secondsSpread: Double) {
    self.hardBase = hardBase; self.hardSlope = hardSlope; self.easyScale = easyScale
    self.firstThresholds = firstThresholds; self.firstSlope = firstSlope
    self.reviewSeconds = reviewSeconds; self.firstSeconds = firstSeconds; self.secondsSpread = secondsSpread
  }

  /// The pooled real answer times (long-term reviews and first reviews, medians by rating, in
  /// seconds) and σ = ln(p75 / p25) / 1.349 of Good long-term reviews (0.87).
  public static let realTimes = (review: [10.383, 8.0835, 6.0, 6.285], first: [12.076, 8.569, 7.910, 7.628], spread: 0.866)

  /// Again with probability 1 − p; when recalled, Hard / Easy / Good by the rule above. Two draws.
  public func reviewRating(recall p: Double, difficulty delta: Double, _ rng: inout SplitMix64) -> Rating {
    let u = rng.nextDouble()
    let v = rng.nextDouble()
    if u >= p { return .again }
    let hard = Swift.min(1, Swift.max(0, hardBase + hardSlope * (1 - p)))
    let easy = Swift.min(1 - hard, Swift.max(0, easyScale * p * p * exp(-delta)))
    return v < hard ? .hard : (v < hard + easy ? .easy : .good)
  }

  /// The first rating: ordered logit on the item's difficulty. One draw.
  public func firstRating(difficulty delta: Double, _ rng: inout SplitMix64) -> Rating {
    let u = Swift.min(Swift.max(rng.nextDouble(), 1e-12), 1 - 1e-12)
    let latent = -firstSlope * delta + log(u / (1 - u))
    for (k, theta) in firstThresholds.enumerated() where latent < theta { return Rating(rawValue: k + 1)! }
    return .easy
  }

  /// Seconds to answer: log-normal around the rating's median. Two draws.
  public func answerSeconds(_ rating: Rating, first: Bool, _ rng: inout SplitMix64) -> Double {
    let median = (first ? firstSeconds : reviewSeconds)[rating.rawValue - 1]
    return median * exp(secondsSpread * TruthRandom.normal(&rng))
  }
}
