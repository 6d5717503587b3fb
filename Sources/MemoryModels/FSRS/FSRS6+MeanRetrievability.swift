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
  /// it is integrated in u = ln(1 + c·τ), where R = e^(d·u) and dτ = e^u/c du, by 8-point
  /// Gauss–Legendre quadrature (the integrand e^u·q is smooth in u; within 2·10⁻⁸ of a
  /// 2,048-panel Simpson sum over t₀ ≤ 200, H ≤ 365, S from 0.01 to 10⁴ and |b| ≤ 2, where the
  /// 64-panel Simpson sum it replaced was within 2·10⁻⁶, at a twelfth of the `exp` calls: the
  /// old revision's ranking takes this mean for every due page every day):
  ///
  ///     R̄ = (1/(H·c)) ∫_{ln(1+c·t₀)}^{ln(1+c·(t₀+H))} e^u · q(e^(d·u)) du
  @inlinable
  public func meanRetrievability(from t0: Double, days h: Double, stability s: Double) -> Double {
    let s = Self.clampStability(s), t0 = Swift.max(t0, 0)
    guard h > 0, h.isFinite else { return retrievability(elapsedDays: t0, stability: s) }
    let c = factor / s, e = decay + 1
    if recallBias != 0 {
      let a = Foundation.log(1 + c * t0), b = Foundation.log(1 + c * (t0 + h))
      let mid = (a + b) / 2, half = (b - a) / 2, d = decay, odds = biasOdds
      // The nodes ±x and weights w of 8-point Gauss–Legendre quadrature on [−1, 1]. At the
      // nodes mid ∓ half·x, e^u and e^(d·u) are e^mid and e^(d·mid) divided and multiplied by
      // e^(half·x) and e^(d·half·x): ten `exp` a mean, not sixteen.
      let eMid = Foundation.exp(mid), eDMid = Foundation.exp(d * mid)
      @inline(__always) func pair(_ x: Double, _ w: Double) -> Double {
        let e = Foundation.exp(half * x), eD = Foundation.exp(d * half * x)
        return w * (eMid / e * Self.biased(eDMid / eD, odds: odds) + eMid * e * Self.biased(eDMid * eD, odds: odds))
      }
      let sum = pair(0.1834346424956498, 0.3626837833783620) + pair(0.5255324099163290, 0.3137066458778873)
        + pair(0.7966664774136267, 0.2223810344533745) + pair(0.9602898564975363, 0.1012285362903763)
      return Swift.min(1, Swift.max(0, sum * half / (h * c)))
    }
    let upper = Foundation.exp(e * Foundation.log(1 + c * (t0 + h))), lower = Foundation.exp(e * Foundation.log(1 + c * t0))
    return Swift.min(1, Swift.max(0, (upper - lower) / (h * c * e)))
  }
}
