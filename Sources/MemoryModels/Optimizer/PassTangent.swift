/// The tangent arithmetic of a gradient pass (``FSRS6LossGradient/step(_:_:_:weights:fisher:)``):
/// dS/dw over the 21 weights and dD/dw4…w7, in `Double` (``ParameterGradient``, the exact
/// passes) or in `Float` (``FloatTangent``, the Gauss–Newton passes: half the vector work).
///
/// Concrete types behind a protocol, not one generic struct: the standard library's fast SIMD
/// operators are the concrete `SIMD8<Double>`/`SIMD8<Float>` ones, which generic code would not
/// reach after specialization.
@usableFromInline
protocol PassTangent {
  associatedtype Difficulty: DifficultyTangent
  static var zero: Self { get }
  static func * (g: Self, k: Double) -> Self
  /// self += g · k
  mutating func add(_ g: Self, times k: Double)
  /// self[4…7] += dd · k
  mutating func add(difficulty dd: Difficulty, times k: Double)
  subscript(_ i: Int) -> Double { get set }
  /// self[i] += x, in the lane's own precision (one conversion, not a round trip).
  mutating func add(_ x: Double, at i: Int)
  /// The 24 lanes in single precision, for the Fisher rows.
  var single: (SIMD8<Float>, SIMD8<Float>, SIMD8<Float>) { get }
  /// A lane's gradient sum when its card starts, the pass's running sum being `grad`.
  static func carried(_ grad: ParameterGradient) -> Self
  /// Hands a lane's gradient sum back to the pass's running sum at the card's end.
  static func flush(_ sum: Self, into grad: inout ParameterGradient)
  /// Whether the pass may regroup the partial derivatives' arithmetic (fewer divisions, taken
  /// off the serial chain; rounding changes): not for the exact `Double` passes.
  static var reassociates: Bool { get }
}

/// dD/dw4…dD/dw7 (no other weight reaches D).
@usableFromInline
protocol DifficultyTangent {
  static var zero: Self { get }
  static func * (g: Self, k: Double) -> Self
  subscript(_ i: Int) -> Double { get set }
  /// self[i] += x
  mutating func add(_ x: Double, at i: Int)
}

extension ParameterGradient: PassTangent {
  @usableFromInline typealias Difficulty = DoubleDifficulty

  @inlinable @inline(__always) mutating func add(difficulty dd: DoubleDifficulty, times k: Double) {
    a.highHalf += dd.v * k
  }

  @inlinable var single: (SIMD8<Float>, SIMD8<Float>, SIMD8<Float>) {
    @inline(__always) get { (SIMD8<Float>(a), SIMD8<Float>(b), SIMD8<Float>(c)) }
  }

  @inlinable @inline(__always) mutating func add(_ x: Double, at i: Int) { self[i] += x }

  /// The Double pass carries the running sum through the lane: the same additions, in the same
  /// order, as before lanes existed.
  @inlinable @inline(__always) static func carried(_ grad: ParameterGradient) -> ParameterGradient { grad }
  @inlinable static var reassociates: Bool { false }
  @inlinable @inline(__always) static func flush(_ sum: ParameterGradient, into grad: inout ParameterGradient) { grad = sum }
}

@usableFromInline
struct DoubleDifficulty: DifficultyTangent {
  @usableFromInline var v: SIMD4<Double>
  @inlinable init(_ v: SIMD4<Double>) { self.v = v }
  @inlinable static var zero: DoubleDifficulty { DoubleDifficulty(.zero) }
  @inlinable @inline(__always) static func * (g: DoubleDifficulty, k: Double) -> DoubleDifficulty { DoubleDifficulty(g.v * k) }
  @inlinable subscript(_ i: Int) -> Double {
    @inline(__always) get { v[i] }
    @inline(__always) set { v[i] = newValue }
  }
  @inlinable @inline(__always) mutating func add(_ x: Double, at i: Int) { v[i] += x }
}

/// The tangent in single precision: 24 `Float` lanes (three `SIMD8<Float>`, half the registers
/// and instructions of ``ParameterGradient``). Its error (about 10⁻⁶ relative after a card's
/// reviews) only steers the Gauss–Newton step; each card's gradient is summed here and added to
/// the pass's `Double` sum at the card's end, so the error does not grow with the data.
@usableFromInline
struct FloatTangent: PassTangent {
  @usableFromInline typealias Difficulty = FloatDifficulty
  @usableFromInline var a: SIMD8<Float>
  @usableFromInline var b: SIMD8<Float>
  @usableFromInline var c: SIMD8<Float>

  @inlinable init(a: SIMD8<Float>, b: SIMD8<Float>, c: SIMD8<Float>) {
    self.a = a
    self.b = b
    self.c = c
  }

  @inlinable static var zero: FloatTangent { FloatTangent(a: .zero, b: .zero, c: .zero) }

  @inlinable @inline(__always) static func * (g: FloatTangent, k: Double) -> FloatTangent {
    let f = Float(k)
    return FloatTangent(a: g.a * f, b: g.b * f, c: g.c * f)
  }

  @inlinable @inline(__always) mutating func add(_ g: FloatTangent, times k: Double) {
    let f = Float(k)
    a += g.a * f
    b += g.b * f
    c += g.c * f
  }

  @inlinable @inline(__always) mutating func add(difficulty dd: FloatDifficulty, times k: Double) {
    a.highHalf += dd.v * Float(k)
  }

  @inlinable subscript(_ i: Int) -> Double {
    @inline(__always) get { Double(i < 8 ? a[i] : (i < 16 ? b[i - 8] : c[i - 16])) }
    @inline(__always) set {
      let f = Float(newValue)
      if i < 8 { a[i] = f } else if i < 16 { b[i - 8] = f } else { c[i - 16] = f }
    }
  }

  @inlinable var single: (SIMD8<Float>, SIMD8<Float>, SIMD8<Float>) { @inline(__always) get { (a, b, c) } }

  @inlinable @inline(__always) mutating func add(_ x: Double, at i: Int) {
    let f = Float(x)
    if i < 8 { a[i] += f } else if i < 16 { b[i - 8] += f } else { c[i - 16] += f }
  }

  @inlinable @inline(__always) static func carried(_ grad: ParameterGradient) -> FloatTangent { .zero }
  @inlinable static var reassociates: Bool { true }

  @inlinable @inline(__always) static func flush(_ sum: FloatTangent, into grad: inout ParameterGradient) {
    grad += ParameterGradient(a: SIMD8<Double>(sum.a), b: SIMD8<Double>(sum.b), c: SIMD8<Double>(sum.c))
  }
}

@usableFromInline
struct FloatDifficulty: DifficultyTangent {
  @usableFromInline var v: SIMD4<Float>
  @inlinable init(_ v: SIMD4<Float>) { self.v = v }
  @inlinable static var zero: FloatDifficulty { FloatDifficulty(.zero) }
  @inlinable @inline(__always) static func * (g: FloatDifficulty, k: Double) -> FloatDifficulty { FloatDifficulty(g.v * Float(k)) }
  @inlinable subscript(_ i: Int) -> Double {
    @inline(__always) get { Double(v[i]) }
    @inline(__always) set { v[i] = Float(newValue) }
  }
  @inlinable @inline(__always) mutating func add(_ x: Double, at i: Int) { v[i] += Float(x) }
}

/// No tangent: a pass that needs only the loss (``FSRS6LossGradient/fisherPasses`` with no
/// Fisher rows). Every operation is empty, so the compiler drops the tangent arithmetic; the
/// state and the loss are computed exactly as with ``FloatTangent`` (same `reassociates`).
@usableFromInline
struct NoTangent: PassTangent, DifficultyTangent {
  @usableFromInline typealias Difficulty = NoTangent
  @inlinable init() {}
  @inlinable static var zero: NoTangent { NoTangent() }
  @inlinable @inline(__always) static func * (g: NoTangent, k: Double) -> NoTangent { g }
  @inlinable @inline(__always) mutating func add(_ g: NoTangent, times k: Double) {}
  @inlinable @inline(__always) mutating func add(difficulty dd: NoTangent, times k: Double) {}
  @inlinable subscript(_ i: Int) -> Double {
    @inline(__always) get { 0 }
    @inline(__always) set {}
  }
  @inlinable @inline(__always) mutating func add(_ x: Double, at i: Int) {}
  @inlinable var single: (SIMD8<Float>, SIMD8<Float>, SIMD8<Float>) { @inline(__always) get { (.zero, .zero, .zero) } }
  @inlinable @inline(__always) static func carried(_ grad: ParameterGradient) -> NoTangent { NoTangent() }
  @inlinable static var reassociates: Bool { true }
  @inlinable @inline(__always) static func flush(_ sum: NoTangent, into grad: inout ParameterGradient) {}
}
