import Foundation

/// Binary cross-entropy (log loss) of a predicted recall probability, the loss the optimizer
/// minimises and the evaluator reports.
public enum BinaryCrossEntropy {
  /// Predictions are clamped to [ε, 1 − ε] so a confident miss costs at most −ln ε ≈ 13.8.
  public static let epsilon = 1e-6

  /// −[y·ln p + (1 − y)·ln(1 − p)] with p clamped.
  @inlinable
  public static func loss(_ p: Double, recalled: Bool) -> Double {
    let q = clamp(p)
    return recalled ? -log(q) : -log(1 - q)
  }

  /// p clamped to [ε, 1 − ε]; NaN becomes 0.5 so one broken prediction cannot poison a mean.
  @inlinable
  public static func clamp(_ p: Double) -> Double {
    p.isNaN ? 0.5 : Swift.min(Swift.max(p, epsilon), 1 - epsilon)
  }

  /// The plain (unweighted) mean log loss; 0 for no predictions.
  public static func mean(_ p: [Double], _ recalled: [Bool]) -> Double {
    precondition(p.count == recalled.count)
    guard !p.isEmpty else { return 0 }
    var sum = 0.0
    for i in p.indices { sum += loss(p[i], recalled: recalled[i]) }
    return sum / Double(p.count)
  }
}
