import Foundation
import MemoryModels
import PlannerCore

/// The exponential truth, half-life-regression style (Settles & Meeder 2016): forgetting is
/// exponential and the half-life depends on how often the item was recalled and forgotten,
/// not on when (no spacing effect: the family's defining difference from the power law).
///
///     p(t)      = 2^(−t / H)
///     log₂ H    = log₂ H₀ + b + θ_r · ((1 + n_r)^κ − 1) − θ_w · (√(1 + n_w) − 1) − θ_d · δ
///     H₀        = h₀ / log₂(1 / 0.9)       (recall 0.9 after h₀ days for a fresh item rated Good)
///     first exposure:  n_r = n_w = 0, b = log₂ f(rating)
///     a review:        n_r += 1 if recalled, else n_w += 1 (× sameDayWeight the same day)
///
/// κ = ½ is HLR's √ count feature; the calibration fits κ for recalls (a schedule that
/// multiplies intervals needs κ near 1) and keeps √ for lapses (so leeches do not spiral). n_r, n_w are real counts so that
/// material memorised before the start can sit anywhere.
public struct HalfLifeTruth: MemoryTruth {
  public struct Parameters: Sendable, Equatable {
    public var rightWeight = 2.0
    public var wrongWeight = 1.0
    public var difficultyWeight = 0.5
    /// κ: the recall count feature's exponent.
    public var countExponent = 0.5
    public var sameDayWeight = 0.25
    /// f(rating) on h₀ for a first exposure rated Again, Hard, Good, Easy.
    public var firstFactors = [1.0, 1.0, 1.0, 1.0]
    public init() {}
  }

  public struct State: Sendable, Equatable {
    public var right: Double
    public var wrong: Double
    /// b: the first rating's offset (log₂), or a seasoned item's.
    public var bias: Double
    public var lastDay: Double
  }

  public var name: String
  public var parameters: Parameters
  public var observation: RatingObservation

  public init(name: String = "exponential", parameters: Parameters, observation: RatingObservation) {
    self.name = name; self.parameters = parameters; self.observation = observation
  }

  static let log2OfTenNinths = log2(1 / 0.9)

  /// log₂ H of a state.
  public func log2HalfLife(_ s: State, item: TruthItem) -> Double {
    let q = parameters
    return log2(Swift.max(item.firstStrength, 1e-6) / Self.log2OfTenNinths) + s.bias
      + q.rightWeight * (pow(1 + s.right, q.countExponent) - 1) - q.wrongWeight * ((1 + s.wrong).squareRoot() - 1)
      - q.difficultyWeight * item.difficulty
  }

  public func learned(_ item: TruthItem, rating: Rating, day: Double) -> State {
    State(right: 0, wrong: 0, bias: log2(parameters.firstFactors[rating.rawValue - 1]), lastDay: day)
  }

  /// A seasoned item: the recalls that bring H to h / log₂(10/9) (the rest in b).
  public func seasoned(_ item: TruthItem, strength: Double, lastDay: Double) -> State {
    var s = State(right: 0, wrong: 0, bias: 0, lastDay: lastDay)
    let target = log2(Swift.max(strength, 1e-6) / Self.log2OfTenNinths)
    let gap = target - log2HalfLife(s, item: item)
    if gap > 0, parameters.rightWeight > 0, parameters.countExponent > 0 {
      s.right = pow(gap / parameters.rightWeight + 1, 1 / parameters.countExponent) - 1
    }
    s.bias = target - log2HalfLife(s, item: item)
    return s
  }

  public func recall(_ s: State, item: TruthItem, day: Double) -> Double {
    exp2(-Swift.max(0, day - s.lastDay) / exp2(log2HalfLife(s, item: item)))
  }

  public func reviewed(_ s: State, item: TruthItem, rating: Rating, day: Double) -> State {
    var n = s
    let w = day - s.lastDay < 0.5 ? parameters.sameDayWeight : 1
    if rating.isRecall { n.right += w } else { n.wrong += w }
    n.lastDay = Swift.max(day, s.lastDay)
    return n
  }

  public func lastDay(_ s: State) -> Double { s.lastDay }
}
