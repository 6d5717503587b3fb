/// A vector over the 21 FSRS-6 weights (24 lanes, the last 3 unused), used as the tangent
/// dX/dw of a quantity X in forward-mode differentiation and as an accumulated gradient.
///
/// Three `SIMD8<Double>` blocks so the chain-rule updates compile to a few vector
/// multiply-adds: lanes 0…7 are w0…w7, 8…15 are w8…w15, 16…20 are w16…w20.
public struct ParameterGradient: Sendable, Hashable {
  @usableFromInline var a: SIMD8<Double>
  @usableFromInline var b: SIMD8<Double>
  @usableFromInline var c: SIMD8<Double>

  @inlinable init(a: SIMD8<Double>, b: SIMD8<Double>, c: SIMD8<Double>) {
    self.a = a
    self.b = b
    self.c = c
  }

  public static let zero = ParameterGradient(a: .zero, b: .zero, c: .zero)

  public init(_ values: [Double]) {
    precondition(values.count == FSRSParameters.count)
    self = .zero
    for i in values.indices { self[i] = values[i] }
  }

  /// The 21 components as an array.
  public var values: [Double] { (0..<FSRSParameters.count).map { self[$0] } }

  @inlinable public subscript(_ i: Int) -> Double {
    get { i < 8 ? a[i] : (i < 16 ? b[i - 8] : c[i - 16]) }
    set {
      if i < 8 { a[i] = newValue } else if i < 16 { b[i - 8] = newValue } else { c[i - 16] = newValue }
    }
  }

  @inlinable @inline(__always) static func * (g: ParameterGradient, k: Double) -> ParameterGradient {
    ParameterGradient(a: g.a * k, b: g.b * k, c: g.c * k)
  }

  @inlinable @inline(__always) static func + (x: ParameterGradient, y: ParameterGradient) -> ParameterGradient {
    ParameterGradient(a: x.a + y.a, b: x.b + y.b, c: x.c + y.c)
  }

  @inlinable @inline(__always) static func += (x: inout ParameterGradient, y: ParameterGradient) {
    x.a += y.a
    x.b += y.b
    x.c += y.c
  }

  /// self += g · k
  @inlinable @inline(__always) mutating func add(_ g: ParameterGradient, times k: Double) {
    a += g.a * k
    b += g.b * k
    c += g.c * k
  }
}
