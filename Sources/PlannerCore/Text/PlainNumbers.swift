/// Small number-to-text helpers every layer shares (plan notes, summaries, JSON figures).

/// `12 min`, `1 h 5 min`, `40 s`.
@inlinable
package func minutes(_ seconds: Int) -> String {
  if seconds < 60 { return "\(seconds) s" }
  let m = (seconds + 30) / 60
  return m < 60 ? "\(m) min" : "\(m / 60) h \(m % 60) min"
}

/// A number with at most `decimals` decimals and no trailing zeros: `5`, `4.5`, `0.87`.
@inlinable
package func fmt(_ x: Double, _ decimals: Int = 1) -> String {
  var p = 1.0
  for _ in 0..<decimals { p *= 10 }
  let v = (x * p).rounded() / p
  if v == v.rounded() { return String(Int(v)) }
  return ByteNumberFormat.string(v)
}

/// `x` rounded half away from zero to `decimals` decimals.
@inlinable
package func rounded(_ x: Double, _ decimals: Int) -> Double {
  var p = 1.0
  for _ in 0..<decimals { p *= 10 }
  return (x * p).rounded() / p
}

extension String {
  /// `0.87`, `0.9`, `1`: a value already rounded to two decimals, without trailing zeros.
  package init(format2 v: Double) { self = fmt(v, 2) }
}
