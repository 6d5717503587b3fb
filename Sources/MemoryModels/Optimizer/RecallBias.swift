import Foundation

/// The learner's recall bias b, fitted after the 21 weights on the same training targets:
/// the predicted recall becomes q = σ(b + logit p), p the fitted curve's recall (``FSRS6``,
/// "Recall bias"). b minimises the recency-weighted cross-entropy plus a Gaussian pull to 0,
///
///     J(b) = Σ_i ρ_i·BCE(σ(b + logit p_i), y_i) + b² / (2·τ²),
///
/// (ρ the fit's recency weights, so the latest targets count most; τ = ``priorScale``). Its
/// gradient, expanded to second order around b = 0 from three moments of one pass,
///
///     J'(b) ≈ m₁ + (m₂ + 1/τ²)·b + ½·m₃·b²,
///     m₁ = Σ ρ(p − y),  m₂ = Σ ρ·p(1 − p),  m₃ = Σ ρ·p(1 − p)(1 − 2p),
///
/// is solved for its root nearest 0 (the exact minimiser to O(b³); the measured bias is a few
/// tenths at most). Measured on the dev set: docs/optimizer.md, "Recall bias".
public enum RecallBias {
  /// τ, the prior's scale in log-odds: a bias of 0.3 costs half a nat of the total weighted
  /// log-likelihood, so a few hundred targets can move it and a few thousand set it.
  public static let priorScale = 0.3

  /// The three weighted moments of one pass at the fitted weights.
  public struct Moments: Sendable, Hashable {
    public var m1 = 0.0
    public var m2 = 0.0
    public var m3 = 0.0
    public init(m1: Double = 0, m2: Double = 0, m3: Double = 0) {
      self.m1 = m1; self.m2 = m2; self.m3 = m3
    }

    /// One target: predicted recall `p` (clamped), recalled or not, weight ρ.
    @inlinable @inline(__always)
    public mutating func add(_ p: Double, recalled: Bool, weight rho: Double) {
      let v = p * (1 - p)
      m1 += rho * (p - (recalled ? 1 : 0))
      m2 += rho * v
      m3 += rho * v * (1 - 2 * p)
    }

    @inlinable public static func += (a: inout Moments, b: Moments) {
      a.m1 += b.m1; a.m2 += b.m2; a.m3 += b.m3
    }
  }

  /// The root nearest 0 of m₁ + (m₂ + 1/τ²)·b + ½·m₃·b² (the Newton step −m₁/(m₂ + 1/τ²) when
  /// the quadratic has none), clamped into ``FSRSParameters/recallBiasBounds``.
  public static func solve(_ m: Moments, priorScale tau: Double = priorScale) -> Double {
    let a = 0.5 * m.m3, b = m.m2 + 1 / (tau * tau), c = m.m1
    let disc = b * b - 4 * a * c
    let root = disc >= 0 ? -2 * c / (b + disc.squareRoot()) : -c / b
    guard root.isFinite else { return 0 }
    let bounds = FSRSParameters.recallBiasBounds
    return Swift.min(Swift.max(root, bounds.lowerBound), bounds.upperBound)
  }
}
