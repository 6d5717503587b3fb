/// The CLDR plural operands of a number as it is displayed
/// (https://unicode.org/reports/tr35/tr35-numbers.html#Operands):
/// `i` the integer digits, `v` the number of visible fraction digits, `f` the visible fraction
/// digits as an integer. `n` (the absolute value) is `i` when `f == 0` and is never needed as a
/// floating-point number here, so rules stay exact.
///
/// The operands depend on how a number is shown: `1` is English "one" but `1.0` is "other".
public struct PluralOperands: Sendable, Hashable {
  /// Integer digits of the absolute value.
  public var i: Int
  /// Number of visible fraction digits (with trailing zeros).
  public var v: Int
  /// Visible fraction digits as an integer (with trailing zeros).
  public var f: Int

  public init(i: Int, v: Int = 0, f: Int = 0) {
    self.i = i
    self.v = v
    self.f = f
  }

  /// An integer, shown without fraction digits.
  public init(_ value: Int) {
    self.init(i: Int(clamping: value.magnitude), v: 0, f: 0)
  }

  /// A decimal number shown with exactly `fractionDigits` digits after the separator
  /// (rounded half away from zero, as the formatter shows it).
  public init(_ value: Double, fractionDigits: Int) {
    let digits = max(0, min(fractionDigits, 9))
    var scale = 1
    for _ in 0..<digits { scale *= 10 }
    let product = (value.magnitude * Double(scale)).rounded(.toNearestOrAwayFromZero)
    // Total for any input: NaN counts as 0, and values past Int's range are clamped to it.
    guard product.isFinite, product < 9.2e18 else {
      self.init(i: product.isNaN ? 0 : Int.max / scale, v: digits, f: 0)
      return
    }
    let scaled = Int(product)
    self.init(i: scaled / scale, v: digits, f: scaled % scale)
  }

  /// Operands of a number written with ASCII digits and an optional `.` separator, such as
  /// `"1"`, `"1.50"` or `"-0.0"`. Returns nil for anything else.
  public init?(_ text: String) {
    var body = Substring(text)
    if body.first == "-" || body.first == "+" { body = body.dropFirst() }
    let parts = body.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    guard let integerPart = parts.first, !integerPart.isEmpty, integerPart.count <= 18,
      integerPart.allSatisfy({ $0.isASCII && $0.isNumber }), let i = Int(integerPart)
    else { return nil }
    if parts.count == 1 {
      self.init(i: i)
      return
    }
    let fraction = parts[1]
    guard !fraction.isEmpty, fraction.count <= 18,
      fraction.allSatisfy({ $0.isASCII && $0.isNumber }), let f = Int(fraction)
    else { return nil }
    self.init(i: i, v: fraction.count, f: f)
  }

  /// True when the value is a whole number (`n` has no non-zero fraction digits).
  public var isIntegral: Bool { f == 0 }
}
