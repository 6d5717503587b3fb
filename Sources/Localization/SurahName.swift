/// A surah's name as a learner reads it: the Arabic name in Arabic text, the transliteration
/// (e.g. "Al-Baqarah") in English and Ukrainian. The transliteration comes from the Quran data;
/// the Arabic name, given a surah number, from ``arabicNames`` (as readers write it).
public struct SurahName: Sendable, Hashable {
  public var arabic: String
  public var transliteration: String

  public init(arabic: String, transliteration: String) {
    self.arabic = arabic
    self.transliteration = transliteration
  }

  /// Surah `number` (1–114): the Arabic name as readers write it (``arabicNames``) beside the
  /// transliteration the caller has from the Quran data.
  public init(surah number: Int, transliteration: String) {
    self.init(arabic: Self.arabic(surah: number), transliteration: transliteration)
  }

  /// The Arabic name of surah `number` as readers write it; empty outside 1–114.
  public static func arabic(surah number: Int) -> String {
    arabicNames.indices.contains(number - 1) ? arabicNames[number - 1] : ""
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
