import Testing
@testable import Localization
@testable import PlannerCore

@Suite("Localizer")
struct LocalizerTests {
  let en = Localizer(locale: .english)
  let uk = Localizer(locale: .ukrainian)
  let ar = Localizer(locale: .arabic)

  @Test("English counted phrases")
  func english() {
    #expect(en.plural(.countMinutes, count: 0) == "0 minutes")
    #expect(en.plural(.countMinutes, count: 1) == "1 minute")
    #expect(en.plural(.countMinutes, count: 2) == "2 minutes")
    #expect(en.plural(.countMinutes, count: 1.0, fractionDigits: 1) == "1.0 minutes")
    #expect(en.plural(.countWords, count: 12_345) == "12,345 words")
    #expect(en.plural(.itemNotRevisedForDays, count: 1) == "not revised for 1 day")
  }

  @Test("Ukrainian counted phrases use one, few, many and other")
  func ukrainian() {
    let lines = [1: "1 рядок", 2: "2 рядки", 4: "4 рядки", 5: "5 рядків", 11: "11 рядків", 12: "12 рядків",
                 21: "21 рядок", 22: "22 рядки", 25: "25 рядків", 111: "111 рядків", 0: "0 рядків"]
    for (count, text) in lines { #expect(uk.plural(.countLines, count: count) == text) }
    #expect(uk.plural(.countMinutes, count: 1.5, fractionDigits: 1) == "1,5 хвилини")
    #expect(uk.plural(.countWords, count: 1_001) == "1\u{00A0}001 слово")
    #expect(uk.plural(.planBudgetExceededBy, count: 21) == "бюджет часу перевищено на 21 хвилину")
    #expect(uk.plural(.errorFailedLearners, count: 3) == "Не вдалося скласти план для 3 учнів")
  }

  @Test("Arabic counted phrases use all six forms and Arabic-Indic digits")
  func arabic() {
    #expect(ar.plural(.countMinutes, count: 0) == "٠ دقيقة")
    #expect(ar.plural(.countMinutes, count: 1) == "دقيقة واحدة")
    #expect(ar.plural(.countMinutes, count: 2) == "دقيقتان")
    #expect(ar.plural(.countMinutes, count: 3) == "٣ دقائق")
    #expect(ar.plural(.countMinutes, count: 10) == "١٠ دقائق")
    #expect(ar.plural(.countMinutes, count: 11) == "١١ دقيقة")
    #expect(ar.plural(.countMinutes, count: 100) == "١٠٠ دقيقة")
    #expect(ar.plural(.countMinutes, count: 103) == "١٠٣ دقائق")
    #expect(ar.plural(.countLines, count: 15) == "١٥ سطرًا")
    #expect(ar.plural(.countPages, count: 1_234) == "١٬٢٣٤ صفحة")
    #expect(ar.plural(.countMinutes, count: 2.5, fractionDigits: 1) == "٢٫٥ دقيقة")
    #expect(ar.plural(.itemNewLessonLines, count: 7) == "درس جديد، ٧ أسطر")
  }

  @Test("no Arabic output has an ASCII digit, for any counted message and count 0…200")
  func arabicDigitsEverywhere() {
    for key in MessageKey.allCases {
      for count in 0...200 {
        let text = ar.plural(key, count: count, ["date": .date(year: 2026, month: 12, day: 1), "r": .decimal(0.85, fractionDigits: 2)])
        #expect(!text.contains { $0.isASCII && $0.isNumber }, "\(key) \(count): \(text)")
      }
    }
  }

  @Test("Arabic-Indic digits are mapped in code, one for one")
  func digitMapping() {
    #expect(Digits.arabicIndic("0123456789") == "٠١٢٣٤٥٦٧٨٩")
    #expect(Digits.arabicIndic("0123456789").unicodeScalars.map(\.value) == Array(0x0660...0x0669))
    #expect(Digits.arabicIndic("page 7, 18:30") == "page ٧, ١٨:٣٠")
    #expect(Digits.localize("42", for: .ukrainian) == "42")
    #expect(NumberFormatting.decimal(0.85, fractionDigits: 2, locale: .arabic) == "٠٫٨٥")
    #expect(NumberFormatting.decimal(-0.004, fractionDigits: 2, locale: .english) == "0.00")
    #expect(NumberFormatting.decimal(-1.25, fractionDigits: 1, locale: .ukrainian) == "-1,3")
    #expect(NumberFormatting.integer(1_000_000, locale: .english) == "1,000,000")
    #expect(NumberFormatting.integer(999, locale: .english) == "999")
    #expect(NumberFormatting.percent(60, locale: .arabic) == "٦٠٪")
    #expect(NumberFormatting.integer(-1_500, locale: .arabic) == "\u{061C}-١٬٥٠٠")
    #expect(NumberFormatting.decimal(-2.5, fractionDigits: 1, locale: .arabic) == "\u{061C}-٢٫٥")
    #expect(NumberFormatting.integer(-1_500, locale: .ukrainian) == "-1\u{00A0}500")
  }

  @Test("dates and times in each language")
  func datesAndTimes() {
    let date = MessageArgument.date(year: 2026, month: 12, day: 1)
    #expect(en.format(date) == "2026-12-01")
    #expect(uk.format(date) == "01.12.2026")
    #expect(ar.format(date) == "١\u{200F}/١٢\u{200F}/٢٠٢٦")
    #expect(ar.format(.time(hour: 7, minute: 5)) == "٠٧:٠٥")
    #expect(en.string(.forecastCatchUp, ["date": date]) == "caught up by 2026-12-01")
    #expect(uk.string(.forecastGoal, ["date": date]) == "мети буде досягнуто до 01.12.2026")
  }

  @Test("text of the other direction is isolated; text of the line's own direction is not")
  func isolates() {
    // An Arabic word in an English line: RIGHT-TO-LEFT ISOLATE … POP DIRECTIONAL ISOLATE.
    #expect(en.string(.reminderAt, ["time": .time(hour: 18, minute: 30), "word": "الفاتحة"])
            == "at 18:30: \u{2067}الفاتحة\u{2069}")
    // An English word in an Arabic line: LEFT-TO-RIGHT ISOLATE.
    #expect(ar.string(.reminderAt, ["time": .time(hour: 18, minute: 30), "word": "apple"])
            == "الساعة ١٨:٣٠: \u{2066}apple\u{2069}")
    // A Ukrainian translation in an Arabic line, and a path in an Arabic error.
    #expect(ar.string(.reminderAt, ["time": .time(hour: 9, minute: 0), "word": "яблуко"])
            == "الساعة ٠٩:٠٠: \u{2066}яблуко\u{2069}")
    #expect(ar.string(.errorLocation, ["file": "learners/amina/events.jsonl", "line": 12])
            == "\u{2066}learners/amina/events.jsonl\u{2069}، السطر ١٢")
    // Same direction or no strong letters: unchanged, no invisible characters.
    #expect(en.string(.reminderAt, ["time": .time(hour: 18, minute: 30), "word": "apple"]) == "at 18:30: apple")
    #expect(ar.string(.reminderAt, ["time": .time(hour: 18, minute: 30), "word": "تفاحة"]) == "الساعة ١٨:٣٠: تفاحة")
    #expect(en.string(.errorLocation, ["file": "/tmp/1.json", "line": 3]) == "/tmp/1.json, line 3")
  }

  @Test("Bidi helpers")
  func bidi() {
    #expect(Bidi.isolate("سورة البقرة (2)") == "\u{2067}سورة البقرة (2)\u{2069}")
    #expect(Bidi.isolate("Al-Baqarah البقرة") == "\u{2066}Al-Baqarah البقرة\u{2069}")
    #expect(Bidi.isolate("1–7") == "\u{2068}1–7\u{2069}")
    #expect(Bidi.firstStrongDirection(of: "٣ دقائق") == .rightToLeft)
    #expect(Bidi.firstStrongDirection(of: "12: яблуко") == .leftToRight)
    #expect(Bidi.firstStrongDirection(of: "٠١٢ - 3") == nil)
    #expect(Bidi.embed("Al-Fatiha الفاتحة", in: .leftToRight) == "\u{2066}Al-Fatiha الفاتحة\u{2069}")
    #expect(Bidi.strongDirection(of: "\u{064E}") == nil)  // fatha, a combining mark
    #expect(Bidi.strongDirection(of: "\u{FEFB}") == .rightToLeft)  // lam-alef ligature
    // ASCII is decided without the scalar's properties: the same as the properties say.
    for v in UInt32(0)..<0x80 {
      let scalar = Unicode.Scalar(v)!
      let p = scalar.properties
      #expect(Bidi.strongDirection(of: scalar) == (p.isAlphabetic ? .leftToRight : nil), "U+\(v)")
    }
  }

  @Test("surah names: Arabic in Arabic, transliteration elsewhere")
  func surahNames() {
    let name = SurahName(arabic: "البقرة", transliteration: "Al-Baqarah")
    let range: [String: MessageArgument] = ["surah": .surah(name), "from": 1, "to": 5]
    #expect(en.string(.quranAyahRange, range) == "Al-Baqarah 1–5")
    #expect(uk.string(.quranAyahRange, range) == "Al-Baqarah 1–5")
    #expect(ar.string(.quranAyahRange, range) == "البقرة ١–٥")
    #expect(ar.surahName(arabic: "الفاتحة", transliteration: "Al-Fatihah") == "الفاتحة")
    #expect(uk.surahName(arabic: "الفاتحة", transliteration: "Al-Fatihah") == "Al-Fatihah")
  }

  @Test("the plan summary line in all three languages")
  func summaryLine() {
    func summary(_ l: Localizer) -> String {
      l.string(.planSummary, [
        "date": .date(year: 2026, month: 3, day: 14),
        "items": .text(l.plural(.countItems, count: 12)),
        "planned": .text(l.plural(.countMinutes, count: 25)),
        "budget": .text(l.plural(.countMinutes, count: 30)),
      ])
    }
    #expect(summary(en) == "2026-03-14: 12 items, 25 minutes (budget 30 minutes)")
    #expect(summary(uk) == "14.03.2026: 12 завдань, 25 хвилин (бюджет 30 хвилин)")
    #expect(summary(ar) == "١٤\u{200F}/٣\u{200F}/٢٠٢٦: ١٢ مهمة، ٢٥ دقيقة (من أصل ٣٠ دقيقة)")
  }

  @Test("section titles")
  func sections() {
    let keys: [MessageKey] = [.sectionNewLesson, .sectionRecentRevision, .sectionOldRevision,
                              .sectionVocabularyReviews, .sectionNewWords, .sectionReminders]
    #expect(keys.map { en.string($0) } == ["New lesson", "Recent revision", "Old revision",
                                             "Vocabulary reviews", "New words", "Reminders"])
    #expect(keys.map { uk.string($0) } == ["Новий урок", "Недавнє повторення", "Давнє повторення",
                                             "Повторення слів", "Нові слова", "Нагадування"])
    #expect(keys.map { ar.string($0) } == ["الدرس الجديد", "المراجعة القريبة", "المراجعة البعيدة",
                                             "مراجعة المفردات", "كلمات جديدة", "التذكيرات"])
  }

  @Test("a key missing from a catalog falls back to English; a missing argument stays visible")
  func fallbacks() {
    let partial = Catalog(locale: .ukrainian, messages: ["plan.title": .text("План на {date}")])
    let localizer = Localizer(catalog: partial, fallback: Catalog.embedded(.english))
    #expect(localizer.string(.planEmpty) == "Nothing is due today.")
    #expect(localizer.string(.planTitle) == "План на {date}")
    #expect(Localizer(catalog: partial).string(.planEmpty) == "plan.empty")
  }

  @Test("placeholders: names are ASCII words; other braces are literal")
  func templates() {
    #expect(MessageTemplate.placeholders(in: "{a} and {b2}, not { x } or {1} or {") == ["a", "b2"])
    #expect(MessageTemplate.substitute("{{a}}", { $0 == "a" ? "A" : nil }) == "{A}")
  }

  @Test("locale codes")
  func locales() throws {
    #expect(try PlanLocale(code: "uk-UA") == .ukrainian)
    #expect(try PlanLocale(code: "ar_EG") == .arabic)
    #expect(throws: PlanEngineError.invalidValue(keyPath: "--locale", value: "fr", expected: "one of en, ar, uk")) {
      try PlanLocale(code: "fr", keyPath: "--locale")
    }
  }
}
