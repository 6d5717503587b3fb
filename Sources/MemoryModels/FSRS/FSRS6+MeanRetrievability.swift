import Foundation

extension FSRS6 {
  /// R̄(t₀, H, S): the mean of R over the H days after t₀, the forgetting curve's integral in
  /// closed form (no sampling):
  ///
  ///     R̄ = (1/H) ∫_{t₀}^{t₀+H} (1 + c·τ)^d dτ = [(1 + c·(t₀+H))^(d+1) − (1 + c·t₀)^(d+1)] / (H·c·(d+1)),
  ///     c = factor / S,  d = decay = −w20  (d + 1 > 0: w20 ≤ 0.8 by the spec's bounds)
  ///
  /// Total: H ≤ 0 gives R(t₀); S and t₀ are clamped as `retrievability` takes them.
  ///
  /// With a recall bias b the mean of the biased recall q = σ(b + logit R) has no closed form;
  /// it is integrated in u = ln(1 + c·τ), where R = e^(d·u) and dτ = e^u/c du, by composite
  /// Simpson's rule on 64 panels (the integrand e^u·q is smooth in u):
  ///
  ///     R̄ = (1/(H·c)) ∫_{ln(1+c·t₀)}^{ln(1+c·(t₀+H))} e^u · q(e^(d·u)) du
  @inlinable
  public func meanRetrievability(from t0: Double, days h: Double, stability s: Double) -> Double {
    let s = Self.clampStability(s), t0 = Swift.max(t0, 0)
    guard h > 0, h.isFinite else { return retrievability(elapsedDays: t0, stability: s) }
    let c = factor / s, e = decay + 1
    if recallBias != 0 {
      let a = Foundation.log(1 + c * t0), b = Foundation.log(1 + c * (t0 + h))
      let panels = 64
      let step = (b - a) / Double(panels)
      var sum = 0.0
      for k in 0...panels {
        let u = a + Double(k) * step
        let f = Foundation.exp(u) * Self.biased(Foundation.exp(decay * u), odds: biasOdds)
        sum += (k == 0 || k == panels ? 1 : (k % 2 == 1 ? 4 : 2)) * f
      }
      return Swift.min(1, Swift.max(0, sum * step / 3 / (h * c)))
    }
    let upper = Foundation.exp(e * Foundation.log(1 + c * (t0 + h))), lower = Foundation.exp(e * Foundation.log(1 + c * t0))
    return Swift.min(1, Swift.max(0, (upper - lower) / (h * c * e)))
  }
}
