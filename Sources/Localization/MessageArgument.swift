/// A value for a `{placeholder}`, formatted by the `Localizer` in the locale's way.
public enum MessageArgument: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
  /// Text inserted as is, wrapped in bidi isolates when its direction differs from the line's
  /// (an English word in an Arabic line, a file path in an Arabic error).
  case text(String)
  /// An integer in the locale's digits, grouped by thousands.
  case integer(Int)
  /// A decimal with a fixed number of fraction digits.
  case decimal(Double, fractionDigits: Int)
  /// A whole percentage.
  case percent(Int)
  /// A calendar date (no time zone: the caller has already chosen the learner's day).
  case date(year: Int, month: Int, day: Int)
  /// A clock time, 24-hour.
  case time(hour: Int, minute: Int)
  /// A surah name, shown in the locale's form.
  case surah(SurahName)

  public init(stringLiteral value: String) { self = .text(value) }
  public init(integerLiteral value: Int) { self = .integer(value) }
}
