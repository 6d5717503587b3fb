import Foundation

/// Duolingo's half-life regression (Settles & Meeder, "A Trainable Spaced Repetition Model for
/// Language Learning", ACL 2016), as a baseline behind ``MemoryModel``:
///
///     p = 2^(−Δ/h),   h = 2^(θ·x),   x = (√(1 + right), √(1 + wrong), 1)
///
/// with Δ the days since the last review and right/wrong the counts of successful and failed
/// reviews so far. h is clipped to [15 minutes, 274 days] and p to [0.0001, 0.9999], as in
/// Duolingo's reference code. Default θ: see ``defaultTheta``.
public struct HalfLifeRegression: MemoryModel, Hashable {
  /// Counts of past reviews: recalls (rating > 1) and lapses.
  public struct State: Sendable, Hashable, Codable {
    public var right: Int
    public var wrong: Int
    public init(right: Int, wrong: Int) {
      self.right = right
      self.wrong = wrong
    }
  }

  /// θ for (√(1 + right), √(1 + wrong), bias).
  public var theta: [Double]

  /// The starting weights of the open srs-benchmark's HLR model (`models/hlr.py`, `init_w`),
  /// the values it begins every per-user fit from: right 2.5819, wrong −0.8674, bias 2.7245.
  public static let defaultTheta = [2.5819, -0.8674, 2.7245]
  /// Duolingo's clips: 15 minutes and 274 days (9 months), in days.
  public static let minimumHalfLife = 15.0 / (24 * 60)
  public static let maximumHalfLife = 274.0
  public static let minimumRecall = 0.0001
  public static let maximumRecall = 0.9999

  public var name: String { "hlr" }

  public init(theta: [Double] = HalfLifeRegression.defaultTheta) {
    precondition(theta.count == 3, "HLR takes three weights: right, wrong, bias")
    self.theta = theta
  }

  /// Counts the review: right + 1 for Hard/Good/Easy, wrong + 1 for Again (t plays no part).
  public func next(_ state: State?, elapsedDays: Int, rating: Rating) -> State {
    var s = state ?? State(right: 0, wrong: 0)
    if rating.isRecall { s.right += 1 } else { s.wrong += 1 }
    return s
  }

  /// h = clip(2^(θ·x), 15 min, 274 days), in days.
  public func halfLife(_ state: State) -> Double {
    let x0 = (1 + Double(state.right)).squareRoot()
    let x1 = (1 + Double(state.wrong)).squareRoot()
    let h = Foundation.exp2(theta[0] * x0 + theta[1] * x1 + theta[2])
    return Swift.min(Swift.max(h, Self.minimumHalfLife), Self.maximumHalfLife)
  }

  /// p = clip(2^(−Δ/h), 0.0001, 0.9999).
  public func predictedRecall(_ state: State, elapsedDays: Double) -> Double {
    let p = Foundation.exp2(-Swift.max(elapsedDays, 0) / halfLife(state))
    return Swift.min(Swift.max(p, Self.minimumRecall), Self.maximumRecall)
  }

  /// Δ such that p = DR: −h·log2(DR), rounded half-to-even, clamped to [1, 36500].
  public func intervalDays(_ state: State, desiredRetention: Double) -> Int {
    let raw = -halfLife(state) * Foundation.log2(desiredRetention)
    guard raw.isFinite else { return FSRS6.maximumInterval }
    return Swift.min(Swift.max(Int(Swift.min(raw.rounded(.toNearestOrEven), 1e9)), 1), FSRS6.maximumInterval)
  }

  public func stabilityDays(_ state: State) -> Double { halfLife(state) }
  public func difficulty(_ state: State) -> Double? { nil }
}
