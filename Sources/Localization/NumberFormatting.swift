/// Numbers, percentages, dates and times as planner prints them in each language, built in code
/// from the CLDR symbols so the output is identical on every platform.
///
/// | locale | decimal | group            | percent | short date        | time  |
/// |--------|---------|------------------|---------|-------------------|-------|
/// | en     | `.`     | `,`              | `60%`   | `2026-12-01`      | 18:30 |
/// | uk     | `,`     | U+00A0 (no-break space) | `60%` | `01.12.2026` | 18:30 |
/// | ar     | `٫`     | `٬`              | `٦٠٪`   | `١‏/١٢‏/٢٠٢٦`      | ١٨:٣٠ |
///
/// English dates are ISO 8601 (unambiguous for an international audience); Ukrainian and Arabic
/// use the CLDR short date patterns `dd.MM.y` and `d‏/M‏/y` (with U+200F RIGHT-TO-LEFT MARK
/// after each slash so the parts keep their order inside Arabic text).
public enum NumberFormatting {
  /// The decimal separator.
  public static func decimalSeparator(_ locale: PlanLocale) -> String {
    switch locale {
    case .english: "."
    case .ukrainian: ","
    case .arabic: "\u{066B}"  // ٫ ARABIC DECIMAL SEPARATOR
    }
  }

  /// The grouping separator between thousands.
  public static func groupingSeparator(_ locale: PlanLocale) -> String {
    switch locale {
    case .english: ","
    case .ukrainian: "\u{00A0}"  // NO-BREAK SPACE
    case .arabic: "\u{066C}"  // ٬ ARABIC THOUSANDS SEPARATOR
    }
  }

  /// An integer with thousands grouped (from 1,000 on) in the locale's digits.
  public static func integer(_ value: Int, locale: PlanLocale) -> String {
    let digits = String(value.magnitude)
    var grouped = ""
    for (offset, digit) in digits.enumerated() {
      if offset > 0 && (digits.count - offset) % 3 == 0 {
        grouped += groupingSeparator(locale)
      }
      grouped.append(digit)
    }
    return (value < 0 ? minusSign(locale) : "") + Digits.localize(grouped, for: locale)
  }

  /// The minus sign: CLDR's U+061C ARABIC LETTER MARK + hyphen-minus in Arabic, so the
  /// sign stays on the number's right-to-left side; a plain hyphen-minus otherwise.
  public static func minusSign(_ locale: PlanLocale) -> String {
    locale == .arabic ? "\u{061C}-" : "-"
  }

  /// A decimal with exactly `fractionDigits` digits after the separator (rounded half away from
  /// zero), in the locale's digits. Matches `PluralOperands(value, fractionDigits:)`.
  public static func decimal(_ value: Double, fractionDigits: Int, locale: PlanLocale) -> String {
    let operands = PluralOperands(value, fractionDigits: fractionDigits)
    let negative = value < 0 && (operands.i != 0 || operands.f != 0)
    var text = integer(operands.i, locale: locale)
    if operands.v > 0 {
      var fraction = String(operands.f)
      while fraction.count < operands.v { fraction = "0" + fraction }
      text += decimalSeparator(locale) + Digits.localize(fraction, for: locale)
    }
    return (negative ? minusSign(locale) : "") + text
  }

  /// A whole percentage: `60%`, `٦٠٪`.
  public static func percent(_ value: Int, locale: PlanLocale) -> String {
    integer(value, locale: locale) + (locale == .arabic ? "\u{066A}" : "%")  // ٪ ARABIC PERCENT SIGN
  }

  /// A calendar date in the locale's short form (see the table above).
  public static func date(year: Int, month: Int, day: Int, locale: PlanLocale) -> String {
    switch locale {
    case .english:
      return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2)
    case .ukrainian:
      return pad(day, 2) + "." + pad(month, 2) + "." + pad(year, 4)
    case .arabic:
      return Digits.arabicIndic("\(day)\u{200F}/\(month)\u{200F}/\(year)")
    }
  }

  /// A 24-hour clock time `HH:mm` in the locale's digits.
  public static func time(hour: Int, minute: Int, locale: PlanLocale) -> String {
    Digits.localize(pad(hour, 2) + ":" + pad(minute, 2), for: locale)
  }

  private static func pad(_ value: Int, _ width: Int) -> String {
    let text = String(value)
    return String(repeating: "0", count: max(0, width - text.count)) + text
  }
}
