import Foundation
import MemoryModels
import PlannerCore

/// The power-law truth: the optimizer issue's ``PowerLawMemory`` (hyperbolic forgetting, not
/// FSRS) with a per-item effective difficulty δ. One number per item, its strength h (days
/// until recall falls to 0.9):
///
///     p(t)           = (1 + t / (9·h))^−1
///     first exposure:  h ← h₀ · f(rating)                    f = firstFactors (Again, Hard, Good, Easy)
///     same day:        h ← h · (sameDayGain if recalled, else sameDayLoss)
///     after recall:    h ← h · (1 + a · e^(−δ) · h^(−b) · √(1 − p))
///     after a lapse:   h ← max(floor, c · h^k · e^(−l·δ))
///
/// ``simulator`` is the hidden memory `planner simulate` has always used (``HiddenMemory``
/// calls the same formulas); ``calibrated`` is fitted to the pooled real figures.
public struct PowerLawTruth: MemoryTruth {
  public struct Parameters: Sendable, Equatable {
    /// a, b: growth after a recall and its damping by strength.
    public var growth = 4.0
    public var damping = 0.2
    /// c, k, l: what a lapse keeps.
    public var lapseKeep = 0.3
    public var lapseExponent = 0.7
    public var lapseDifficulty = 0.3
    public var floor = 0.05
    public var sameDayGain = 1.2
    public var sameDayLoss = 0.8
    /// f(rating) on h₀ for a first exposure rated Again, Hard, Good, Easy.
    public var firstFactors = [1.0, 1.0, 1.0, 1.0]
    public init() {}
  }

  public struct State: Sendable, Equatable {
    public var strength: Double
    public var lastDay: Double
    public init(strength: Double, lastDay: Double) { self.strength = strength; self.lastDay = lastDay }
  }

  public var name: String
  public var parameters: Parameters
  public var observation: RatingObservation

  public init(name: String = "power", parameters: Parameters, observation: RatingObservation) {
    self.name = name; self.parameters = parameters; self.observation = observation
  }

  /// p(t) = (1 + t / (9·h))^−1.
  @inlinable public static func recall(elapsedDays t: Double, strength h: Double) -> Double {
    1 / (1 + Swift.max(t, 0) / (9 * h))
  }

  /// h · (1 + a · e^(−δ) · h^(−b) · √(1 − p)): the strength after a recall at recall p.
  public static func grown(_ h: Double, recall p: Double, difficulty delta: Double, _ q: Parameters) -> Double {
    h * (1 + q.growth * exp(-delta) * pow(h, -q.damping) * (1 - p).squareRoot())
  }

  /// max(floor, c · h^k · e^(−l·δ)): the strength after a lapse.
  public static func lapsed(_ h: Double, difficulty delta: Double, _ q: Parameters) -> Double {
    Swift.max(q.floor, q.lapseKeep * pow(h, q.lapseExponent) * exp(-q.lapseDifficulty * delta))
  }

  public func learned(_ item: TruthItem, rating: Rating, day: Double) -> State {
    State(strength: item.firstStrength * parameters.firstFactors[rating.rawValue - 1], lastDay: day)
  }

  public func seasoned(_ item: TruthItem, strength: Double, lastDay: Double) -> State { State(strength: strength, lastDay: lastDay) }

  public func recall(_ s: State, item: TruthItem, day: Double) -> Double {
    Self.recall(elapsedDays: day - s.lastDay, strength: s.strength)
  }

  public func reviewed(_ s: State, item: TruthItem, rating: Rating, day: Double) -> State {
    var h = s.strength
    let t = day - s.lastDay
    if t < 0.5 {
      h *= rating.isRecall ? parameters.sameDayGain : parameters.sameDayLoss
    } else if rating.isRecall {
      h = Self.grown(h, recall: Self.recall(elapsedDays: t, strength: h), difficulty: item.difficulty, parameters)
    } else {
      h = Self.lapsed(h, difficulty: item.difficulty, parameters)
    }
    return State(strength: h, lastDay: Swift.max(day, s.lastDay))
  }

  public func lastDay(_ s: State) -> Double { s.lastDay }

  /// The simulator's hidden memory as it has always been (uncalibrated: Hard and Easy by
  /// PowerLawMemory's rule, first exposures always Good, answer times from the learner's pace).
  public static let simulator = PowerLawTruth(
    name: "legacy", parameters: Parameters(),
    observation: RatingObservation(hardBase: 0.05, hardSlope: 0.5, easyScale: 0.15, firstThresholds: [-.infinity, -.infinity, .infinity],
                                   firstSlope: 0, reviewSeconds: RatingObservation.realTimes.review,
                                   firstSeconds: RatingObservation.realTimes.first, secondsSpread: RatingObservation.realTimes.spread))
}
