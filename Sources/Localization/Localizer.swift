/// Turns message keys and arguments into text in one language, from the embedded catalogs.
///
/// ```swift
/// let ar = Localizer(locale: .arabic)
/// ar.plural(.countLines, count: 15)                        // "١٥ سطرًا"
/// ar.string(.reminderAt, ["time": .time(hour: 18, minute: 30), "word": "apple"])
/// // "الساعة ١٨:٣٠: \u{2066}apple\u{2069}"
/// ```
///
/// A key missing from the locale's catalog falls back to English, then to the key itself;
/// `CatalogTests` keeps every catalog complete so neither happens in a release.
public struct Localizer: Sendable {
  public let locale: PlanLocale
  private let catalog: Catalog
  private let fallback: Catalog?

  /// A localizer over the catalog embedded in the binary.
  public init(locale: PlanLocale) {
    self.init(catalog: Catalog.embedded(locale),
              fallback: locale == .english ? nil : Catalog.embedded(.english))
  }

  /// A localizer over a given catalog (tests, or a catalog being written).
  public init(catalog: Catalog, fallback: Catalog? = nil) {
    self.locale = catalog.locale
    self.catalog = catalog
    self.fallback = fallback
  }

  /// The direction of this language's lines.
  public var direction: TextDirection { locale.direction }

  /// A plain message with its placeholders filled. On a plural message, the `other` form.
  public func string(_ key: MessageKey, _ arguments: [String: MessageArgument] = [:]) -> String {
    guard let message = message(key.rawValue) else { return key.rawValue }
    let text: String
    switch message {
    case .text(let plain): text = plain
    case .plural(let forms): text = forms[.other] ?? ""
    }
    return fill(text, arguments)
  }

  /// A counted message: the form of `count`'s plural category, `{count}` in the locale's digits.
  public func plural(_ key: MessageKey, count: Int, _ arguments: [String: MessageArgument] = [:]) -> String {
    counted(key, operands: PluralOperands(count),
            count: NumberFormatting.integer(count, locale: locale), arguments)
  }

  /// A counted message for a decimal shown with `fractionDigits` digits (`1.5 hours`): the
  /// category follows the number as shown, so `1.0` is not "one" in English.
  public func plural(_ key: MessageKey, count: Double, fractionDigits: Int,
                     _ arguments: [String: MessageArgument] = [:]) -> String {
    counted(key, operands: PluralOperands(count, fractionDigits: fractionDigits),
            count: NumberFormatting.decimal(count, fractionDigits: fractionDigits, locale: locale),
            arguments)
  }

  /// One argument as it appears in this language's text.
  public func format(_ argument: MessageArgument) -> String {
    switch argument {
    case .text(let text):
      return Bidi.embed(text, in: direction)
    case .integer(let value):
      return NumberFormatting.integer(value, locale: locale)
    case .decimal(let value, let fractionDigits):
      return NumberFormatting.decimal(value, fractionDigits: fractionDigits, locale: locale)
    case .percent(let value):
      return NumberFormatting.percent(value, locale: locale)
    case .date(let year, let month, let day):
      return NumberFormatting.date(year: year, month: month, day: day, locale: locale)
    case .time(let hour, let minute):
      return NumberFormatting.time(hour: hour, minute: minute, locale: locale)
    case .surah(let name):
      return Bidi.embed(name.localized(for: locale), in: direction)
    }
  }

  /// A surah's name in this language's form (Arabic in Arabic, the transliteration elsewhere).
  public func surahName(arabic: String, transliteration: String) -> String {
    SurahName.localized(arabic: arabic, transliteration: transliteration, locale: locale)
  }

  private func counted(_ key: MessageKey, operands: PluralOperands, count: String,
                       _ arguments: [String: MessageArgument]) -> String {
    guard let message = message(key.rawValue) else { return key.rawValue }
    let text: String
    switch message {
    case .text(let plain):
      text = plain
    case .plural(let forms):
      let category = PluralRules.category(for: operands, locale: locale)
      text = forms[category] ?? forms[.other] ?? ""
    }
    return MessageTemplate.substitute(text) { name in
      name == "count" ? count : arguments[name].map(format)
    }
  }

  private func fill(_ text: String, _ arguments: [String: MessageArgument]) -> String {
    MessageTemplate.substitute(text) { arguments[$0].map(format) }
  }

  private func message(_ key: String) -> Catalog.Message? {
    catalog.messages[key] ?? fallback?.messages[key]
  }
}
