/// The CLDR plural rules (CLDR 44, `plurals.xml`) for planner's languages, written out in code
/// because Foundation's `.stringsdict` handling is not dependable on Linux.
///
/// English:   one: i = 1 and v = 0; other.
/// Ukrainian: one: v = 0 and i % 10 = 1 and i % 100 != 11;
///            few: v = 0 and i % 10 = 2..4 and i % 100 != 12..14;
///            many: v = 0 and (i % 10 = 0 or i % 10 = 5..9 or i % 100 = 11..14);
///            other: every number with visible fraction digits.
/// Arabic:    zero: n = 0; one: n = 1; two: n = 2; few: n % 100 = 3..10;
///            many: n % 100 = 11..99; other (100, 101, 102, 200, fractions such as 1.5).
public enum PluralRules {
  /// The categories a language distinguishes, in CLDR order.
  public static func categories(for locale: PlanLocale) -> [PluralCategory] {
    switch locale {
    case .english: [.one, .other]
    case .ukrainian: [.one, .few, .many, .other]
    case .arabic: [.zero, .one, .two, .few, .many, .other]
    }
  }

  /// The category of an integer count (negative counts use their absolute value).
  public static func category(for count: Int, locale: PlanLocale) -> PluralCategory {
    category(for: PluralOperands(count), locale: locale)
  }

  /// The category of a decimal shown with `fractionDigits` digits after the separator.
  public static func category(for value: Double, fractionDigits: Int, locale: PlanLocale) -> PluralCategory {
    category(for: PluralOperands(value, fractionDigits: fractionDigits), locale: locale)
  }

  /// The category of a number given by its plural operands.
  public static func category(for operands: PluralOperands, locale: PlanLocale) -> PluralCategory {
    let i = operands.i, v = operands.v
    switch locale {
    case .english:
      return i == 1 && v == 0 ? .one : .other

    case .ukrainian:
      guard v == 0 else { return .other }
      let mod10 = i % 10, mod100 = i % 100
      if mod10 == 1 && mod100 != 11 { return .one }
      if (2...4).contains(mod10) && !(12...14).contains(mod100) { return .few }
      if mod10 == 0 || (5...9).contains(mod10) || (11...14).contains(mod100) { return .many }
      return .other

    case .arabic:
      // The rules use n, the value itself: a non-zero fraction never matches a range.
      guard operands.isIntegral else { return .other }
      if i == 0 { return .zero }
      if i == 1 { return .one }
      if i == 2 { return .two }
      let mod100 = i % 100
      if (3...10).contains(mod100) { return .few }
      if (11...99).contains(mod100) { return .many }
      return .other
    }
  }
}
