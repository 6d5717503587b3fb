import Foundation
import MemoryModels
import PlannerCore

/// The ACT-R truth with spacing-dependent decay (Pavlik & Anderson 2005): every exposure
/// leaves a trace that decays as a power of its age, and a trace laid down while the item is
/// still highly active decays faster, so massed practice is worth less than spaced practice.
///
///     m(t)   = β + o + ln Σᵢ wᵢ · max(t − tᵢ, ε)^(−dᵢ)          activation
///     dᵢ     = c · e^(m(tᵢ)) + a                                 decay of trace i (m before it), 0.1–5
///     d₁     = firstDecay (a when nil)                            decay of the first exposure's trace
///     p(t)   = 1 / (1 + e^((τ − m(t)) / s))                      recall
///     β      = βₕ · ln h₀                                        the item's ease (h₀ folds in δ − α)
///     first exposure: one trace of weight f(rating); a review: one trace of weight 1, or
///     lapseWeight when forgotten (the answer shown after a failed retrieval is a weaker trace)
///
/// t in days (ε = 30 minutes). o is 0 except for material memorised before the start, whose
/// history is a doubling schedule ending on its last day, with o set so that recall is 0.9
/// after its strength.
public struct ActivationTruth: MemoryTruth {
  public struct Parameters: Sendable, Equatable {
    public var decayBase = 0.2          // a
    public var decayScale = 0.2         // c
    public var threshold = -0.5         // τ
    public var noise = 0.3              // s
    public var easeWeight = 0.5         // βₕ
    public var minimumAge = 1.0 / 48    // ε, days
    public var lapseWeight = 0.6
    /// The least decay of a trace.
    public var minimumDecay = 0.1
    /// The decay of a first exposure's trace (study without a retrieval); nil: P&A's a, as for
    /// any trace laid down without activation (so at max(a, minimumDecay)).
    public var firstDecay: Double? = nil
    /// f(rating) for the first trace of an exposure rated Again, Hard, Good, Easy.
    public var firstFactors = [1.0, 1.0, 1.0, 1.0]
    public init() {}
  }

  public struct Trace: Sendable, Equatable {
    public var day: Double
    public var decay: Double
    public var weight: Double
  }

  public struct State: Sendable, Equatable {
    public var traces: [Trace]
    public var offset: Double
  }

  public var name: String
  public var parameters: Parameters
  public var observation: RatingObservation

  public init(name: String = "actr", parameters: Parameters, observation: RatingObservation) {
    self.name = name; self.parameters = parameters; self.observation = observation
  }

  func ease(_ item: TruthItem) -> Double { parameters.easeWeight * log(Swift.max(item.firstStrength, 1e-6)) }

  /// m(t); −∞ without traces.
  public func activation(_ s: State, item: TruthItem, day: Double) -> Double {
    var sum = 0.0
    for tr in s.traces { sum += tr.weight * pow(Swift.max(day - tr.day, parameters.minimumAge), -tr.decay) }
    return sum > 0 ? ease(item) + s.offset + log(sum) : -.infinity
  }

  func adding(_ s: State, item: TruthItem, day: Double, weight: Double) -> State {
    var n = s
    let m = activation(s, item: item, day: day)
    let d = m.isFinite ? parameters.decayScale * exp(Swift.min(m, 20)) + parameters.decayBase : (parameters.firstDecay ?? parameters.decayBase)
    n.traces.append(Trace(day: day, decay: Swift.min(Swift.max(d, parameters.minimumDecay), 5), weight: weight))
    return n
  }

  public func learned(_ item: TruthItem, rating: Rating, day: Double) -> State {
    adding(State(traces: [], offset: 0), item: item, day: day, weight: parameters.firstFactors[rating.rawValue - 1])
  }

  public func seasoned(_ item: TruthItem, strength: Double, lastDay: Double) -> State {
    var s = State(traces: [], offset: 0)
    let h = Swift.max(strength, 0.1)
    for k in stride(from: 7, through: 0, by: -1) { s = adding(s, item: item, day: lastDay - h * (exp2(Double(k)) - 1) / 2, weight: 1) }
    // Recall 0.9 after h days: m(lastDay + h) = τ + s·logit(0.9).
    s.offset = parameters.threshold + parameters.noise * log(9) - activation(s, item: item, day: lastDay + h)
    return s
  }

  public func recall(_ s: State, item: TruthItem, day: Double) -> Double {
    let m = activation(s, item: item, day: day)
    return m.isFinite ? 1 / (1 + exp((parameters.threshold - m) / parameters.noise)) : 0
  }

  public func reviewed(_ s: State, item: TruthItem, rating: Rating, day: Double) -> State {
    adding(s, item: item, day: Swift.max(day, lastDay(s)), weight: rating.isRecall ? 1 : parameters.lapseWeight)
  }

  public func lastDay(_ s: State) -> Double { s.traces.last?.day ?? 0 }
}
