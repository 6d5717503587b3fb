import MemoryModels
import PlannerCore

/// The truths `planner simulate --truth-model` offers.
public enum TruthModelName: String, CaseIterable, Sendable {
  /// The simulator's power law as it has always been (the default: old outputs stay byte for byte).
  case power
  /// The same power law, its observation model and first exposures calibrated to real data.
  case powerCalibrated = "power-calibrated"
  /// ACT-R with spacing-dependent decay, calibrated.
  case actr
  /// Exponential forgetting with a half-life regression, calibrated.
  case exponential

  /// The truth behind the name; nil for the default power law, which ``HiddenMemory`` runs on
  /// its own unchanged path.
  public var truth: AnyMemoryTruth? {
    switch self {
    case .power: nil
    case .powerCalibrated: .power(.calibrated)
    case .actr: .actr(.calibrated)
    case .exponential: .exponential(.calibrated)
    }
  }
}

/// One of the word-level truths, as a value the simulator can hold (a closed set, so no
/// existential boxes in the hot loop).
public enum AnyMemoryTruth: MemoryTruth {
  case power(PowerLawTruth)
  case actr(ActivationTruth)
  case exponential(HalfLifeTruth)

  public enum State: Sendable, Equatable {
    case power(PowerLawTruth.State)
    case actr(ActivationTruth.State)
    case exponential(HalfLifeTruth.State)
  }

  public var name: String {
    switch self {
    case .power(let t): t.name
    case .actr(let t): t.name
    case .exponential(let t): t.name
    }
  }

  public var observation: RatingObservation {
    switch self {
    case .power(let t): t.observation
    case .actr(let t): t.observation
    case .exponential(let t): t.observation
    }
  }

  public func learned(_ item: TruthItem, rating: Rating, day: Double) -> State {
    switch self {
    case .power(let t): .power(t.learned(item, rating: rating, day: day))
    case .actr(let t): .actr(t.learned(item, rating: rating, day: day))
    case .exponential(let t): .exponential(t.learned(item, rating: rating, day: day))
    }
  }

  public func seasoned(_ item: TruthItem, strength: Double, lastDay: Double) -> State {
    switch self {
    case .power(let t): .power(t.seasoned(item, strength: strength, lastDay: lastDay))
    case .actr(let t): .actr(t.seasoned(item, strength: strength, lastDay: lastDay))
    case .exponential(let t): .exponential(t.seasoned(item, strength: strength, lastDay: lastDay))
    }
  }

  public func recall(_ state: State, item: TruthItem, day: Double) -> Double {
    switch (self, state) {
    case (.power(let t), .power(let s)): t.recall(s, item: item, day: day)
    case (.actr(let t), .actr(let s)): t.recall(s, item: item, day: day)
    case (.exponential(let t), .exponential(let s)): t.recall(s, item: item, day: day)
    default: 0
    }
  }

  public func reviewed(_ state: State, item: TruthItem, rating: Rating, day: Double) -> State {
    switch (self, state) {
    case (.power(let t), .power(let s)): .power(t.reviewed(s, item: item, rating: rating, day: day))
    case (.actr(let t), .actr(let s)): .actr(t.reviewed(s, item: item, rating: rating, day: day))
    case (.exponential(let t), .exponential(let s)): .exponential(t.reviewed(s, item: item, rating: rating, day: day))
    default: learned(item, rating: rating, day: day)
    }
  }

  public func lastDay(_ state: State) -> Double {
    switch state {
    case .power(let s): s.lastDay
    case .actr(let s): s.traces.last?.day ?? 0
    case .exponential(let s): s.lastDay
    }
  }
}
