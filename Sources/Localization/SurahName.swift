/// A surah's name as a learner reads it: the Arabic name in Arabic text, the transliteration
/// (e.g. "Al-Baqarah") in English and Ukrainian. The names themselves come from the Quran data.
public struct SurahName: Sendable, Hashable {
  public var arabic: String
  public var transliteration: String

  public init(arabic: String, transliteration: String) {
    self.arabic = arabic
    self.transliteration = transliteration
  }

  /// The name in the locale's form.
  public func localized(for locale: PlanLocale) -> String {
    Self.localized(arabic: arabic, transliteration: transliteration, locale: locale)
  }

  /// The name in the locale's form, from the pair the Quran structure carries.
  public static func localized(arabic: String, transliteration: String, locale: PlanLocale) -> String {
    locale == .arabic ? arabic : transliteration
  }
}
