/// What planners and benchmarks need from a memory model, so FSRS-6 and the classic
/// baselines (SM-2, half-life regression) are interchangeable.
///
/// Implementations are value types; `next` returns a new state and never mutates.
public protocol MemoryModel: Sendable {
  associatedtype State: Sendable & Hashable

  /// A short identifier: `fsrs6`, `sm2`, `hlr`.
  var name: String { get }

  /// The state after one review `elapsedDays` whole days after the previous one (ignored for
  /// the first review, when `state` is nil).
  func next(_ state: State?, elapsedDays: Int, rating: Rating) -> State

  /// Predicted probability of recall `elapsedDays` (real) after the last review.
  func predictedRecall(_ state: State, elapsedDays: Double) -> Double

  /// The recall predicted `elapsedDays` (at least 0) after `state` and the state after a
  /// review then: what a replay needs per row, in one call so a model can share the work
  /// (FSRS-6 computes R once). The default calls `predictedRecall` and `next`.
  func review(_ state: State, elapsedDays: Int, rating: Rating) -> (retrievability: Double, next: State)

  /// Whole days until the next review for a desired retention.
  func intervalDays(_ state: State, desiredRetention: Double) -> Int

  /// The state's time scale in days: FSRS stability, SM-2 interval, HLR half-life.
  func stabilityDays(_ state: State) -> Double

  /// FSRS difficulty; nil for models without one.
  func difficulty(_ state: State) -> Double?
}

extension MemoryModel {
  @inlinable
  public func review(_ state: State, elapsedDays: Int, rating: Rating) -> (retrievability: Double, next: State) {
    (predictedRecall(state, elapsedDays: Double(max(elapsedDays, 0))), next(state, elapsedDays: elapsedDays, rating: rating))
  }
}

extension FSRS6: MemoryModel {
  public var name: String { "fsrs6" }

  @inlinable
  public func next(_ state: MemoryState?, elapsedDays: Int, rating: Rating) -> MemoryState {
    nextState(state, elapsedDays: elapsedDays, rating: rating)
  }

  @inlinable
  public func predictedRecall(_ state: MemoryState, elapsedDays: Double) -> Double {
    retrievability(elapsedDays: elapsedDays, stability: state.stability)
  }

  @inlinable
  public func intervalDays(_ state: MemoryState, desiredRetention: Double) -> Int {
    intervalDays(stability: state.stability, desiredRetention: desiredRetention)
  }

  public func stabilityDays(_ state: MemoryState) -> Double { state.stability }
  public func difficulty(_ state: MemoryState) -> Double? { state.difficulty }
}
