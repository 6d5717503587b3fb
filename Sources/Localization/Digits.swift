/// Digit shapes, mapped in code: Foundation's choice of digits depends on the locale variant
/// (`ar` vs `ar-EG` vs `ar-MA`) and the platform, and planner must print the same bytes everywhere.
public enum Digits {
  /// ٠١٢٣٤٥٦٧٨٩ (U+0660 … U+0669), the digits of Arabic text in the Arab world east of Egypt
  /// (CLDR numbering system `arab`).
  public static let arabicIndic: [Character] = ["٠", "١", "٢", "٣", "٤", "٥", "٦", "٧", "٨", "٩"]

  /// Replaces each ASCII digit 0–9 by the Arabic-Indic digit of the same value; everything else
  /// is kept.
  public static func arabicIndic(_ text: String) -> String {
    var result = ""
    result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
    for scalar in text.unicodeScalars {
      if scalar.value >= 0x30 && scalar.value <= 0x39 {
        result.unicodeScalars.append(Unicode.Scalar(0x0660 + scalar.value - 0x30)!)
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// The digits of `text` in the locale's shapes (Arabic-Indic for Arabic, ASCII otherwise).
  public static func localize(_ text: String, for locale: PlanLocale) -> String {
    locale == .arabic ? arabicIndic(text) : text
  }
}
