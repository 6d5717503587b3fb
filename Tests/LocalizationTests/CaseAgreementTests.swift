import Testing
@testable import Localization

/// Every counted message, read aloud for several numbers: the form must agree with the number
/// *and* with the word that governs it (Ukrainian `з` and `до` take the genitive, `на` the
/// accusative, `для` the genitive). The table is written out by hand and reviewed; a new counted
/// message fails `everyCountedMessageIsListed` until its forms are added here and checked.
@Suite("Catalogs: case agreement of counted messages")
struct CaseAgreementTests {
  /// 1, 2, 5, 11, 21, 22, 25 and 1.5 (one fraction digit).
  static func renderings(_ l: Localizer, _ key: MessageKey) -> [String] {
    [1, 2, 5, 11, 21, 22, 25].map { l.plural(key, count: $0) } + [l.plural(key, count: 1.5, fractionDigits: 1)]
  }

  static let ukrainian: [String: [String]] = [
    "count.days": ["1 день", "2 дні", "5 днів", "11 днів", "21 день", "22 дні", "25 днів", "1,5 дня"],
    "count.items": ["1 завдання", "2 завдання", "5 завдань", "11 завдань", "21 завдання", "22 завдання", "25 завдань", "1,5 завдання"],
    "count.lines": ["1 рядок", "2 рядки", "5 рядків", "11 рядків", "21 рядок", "22 рядки", "25 рядків", "1,5 рядка"],
    "count.minutes": ["1 хвилина", "2 хвилини", "5 хвилин", "11 хвилин", "21 хвилина", "22 хвилини", "25 хвилин", "1,5 хвилини"],
    "count.minutesGenitive": ["1 хвилини", "2 хвилин", "5 хвилин", "11 хвилин", "21 хвилини", "22 хвилин", "25 хвилин", "1,5 хвилини"],
    "count.pages": ["1 сторінка", "2 сторінки", "5 сторінок", "11 сторінок", "21 сторінка", "22 сторінки", "25 сторінок", "1,5 сторінки"],
    "count.reviews": ["1 повторення", "2 повторення", "5 повторень", "11 повторень", "21 повторення", "22 повторення", "25 повторень", "1,5 повторення"],
    "count.seconds": ["1 секунда", "2 секунди", "5 секунд", "11 секунд", "21 секунда", "22 секунди", "25 секунд", "1,5 секунди"],
    "count.secondsGenitive": ["1 секунди", "2 секунд", "5 секунд", "11 секунд", "21 секунди", "22 секунд", "25 секунд", "1,5 секунди"],
    "count.words": ["1 слово", "2 слова", "5 слів", "11 слів", "21 слово", "22 слова", "25 слів", "1,5 слова"],
    "error.failedLearners": ["Не вдалося скласти план для 1 учня", "Не вдалося скласти план для 2 учнів", "Не вдалося скласти план для 5 учнів", "Не вдалося скласти план для 11 учнів", "Не вдалося скласти план для 21 учня", "Не вдалося скласти план для 22 учнів", "Не вдалося скласти план для 25 учнів", "Не вдалося скласти план для 1,5 учня"],
    "item.newLessonLines": ["новий урок, 1 рядок", "новий урок, 2 рядки", "новий урок, 5 рядків", "новий урок, 11 рядків", "новий урок, 21 рядок", "новий урок, 22 рядки", "новий урок, 25 рядків", "новий урок, 1,5 рядка"],
    "item.notRevisedForDays": ["не повторювали 1 день", "не повторювали 2 дні", "не повторювали 5 днів", "не повторювали 11 днів", "не повторювали 21 день", "не повторювали 22 дні", "не повторювали 25 днів", "не повторювали 1,5 дня"],
    "plan.budgetExceededBy": ["бюджет часу перевищено на 1 хвилину", "бюджет часу перевищено на 2 хвилини", "бюджет часу перевищено на 5 хвилин", "бюджет часу перевищено на 11 хвилин", "бюджет часу перевищено на 21 хвилину", "бюджет часу перевищено на 22 хвилини", "бюджет часу перевищено на 25 хвилин", "бюджет часу перевищено на 1,5 хвилини"],
    "plan.deferred": ["1 завдання перенесено на наступні дні", "2 завдання перенесено на наступні дні", "5 завдань перенесено на наступні дні", "11 завдань перенесено на наступні дні", "21 завдання перенесено на наступні дні", "22 завдання перенесено на наступні дні", "25 завдань перенесено на наступні дні", "1,5 завдання перенесено на наступні дні"],
  ]

  static let english: [String: [String]] = [
    "count.days": ["1 day", "2 days", "5 days", "11 days", "21 days", "22 days", "25 days", "1.5 days"],
    "count.items": ["1 item", "2 items", "5 items", "11 items", "21 items", "22 items", "25 items", "1.5 items"],
    "count.lines": ["1 line", "2 lines", "5 lines", "11 lines", "21 lines", "22 lines", "25 lines", "1.5 lines"],
    "count.minutes": ["1 minute", "2 minutes", "5 minutes", "11 minutes", "21 minutes", "22 minutes", "25 minutes", "1.5 minutes"],
    "count.minutesGenitive": ["1 minute", "2 minutes", "5 minutes", "11 minutes", "21 minutes", "22 minutes", "25 minutes", "1.5 minutes"],
    "count.pages": ["1 page", "2 pages", "5 pages", "11 pages", "21 pages", "22 pages", "25 pages", "1.5 pages"],
    "count.reviews": ["1 review", "2 reviews", "5 reviews", "11 reviews", "21 reviews", "22 reviews", "25 reviews", "1.5 reviews"],
    "count.seconds": ["1 second", "2 seconds", "5 seconds", "11 seconds", "21 seconds", "22 seconds", "25 seconds", "1.5 seconds"],
    "count.secondsGenitive": ["1 second", "2 seconds", "5 seconds", "11 seconds", "21 seconds", "22 seconds", "25 seconds", "1.5 seconds"],
    "count.words": ["1 word", "2 words", "5 words", "11 words", "21 words", "22 words", "25 words", "1.5 words"],
    "error.failedLearners": ["1 learner could not be planned", "2 learners could not be planned", "5 learners could not be planned", "11 learners could not be planned", "21 learners could not be planned", "22 learners could not be planned", "25 learners could not be planned", "1.5 learners could not be planned"],
    "item.newLessonLines": ["new lesson, 1 line", "new lesson, 2 lines", "new lesson, 5 lines", "new lesson, 11 lines", "new lesson, 21 lines", "new lesson, 22 lines", "new lesson, 25 lines", "new lesson, 1.5 lines"],
    "item.notRevisedForDays": ["not revised for 1 day", "not revised for 2 days", "not revised for 5 days", "not revised for 11 days", "not revised for 21 days", "not revised for 22 days", "not revised for 25 days", "not revised for 1.5 days"],
    "plan.budgetExceededBy": ["budget exceeded by 1 minute", "budget exceeded by 2 minutes", "budget exceeded by 5 minutes", "budget exceeded by 11 minutes", "budget exceeded by 21 minutes", "budget exceeded by 22 minutes", "budget exceeded by 25 minutes", "budget exceeded by 1.5 minutes"],
    "plan.deferred": ["1 item moved to later days", "2 items moved to later days", "5 items moved to later days", "11 items moved to later days", "21 items moved to later days", "22 items moved to later days", "25 items moved to later days", "1.5 items moved to later days"],
  ]

  @Test("every counted message is in the reviewed tables", arguments: [PlanLocale.english, .ukrainian])
  func everyCountedMessageIsListed(_ locale: PlanLocale) {
    let table = locale == .english ? Self.english : Self.ukrainian
    let counted = Catalog.embedded(locale).messages.filter { if case .plural = $0.value { true } else { false } }.keys.sorted()
    #expect(counted == table.keys.sorted())
  }

  @Test("Ukrainian: each counted message agrees with its number and its governing word", arguments: ukrainian.keys.sorted())
  func ukrainianForms(_ key: String) throws {
    let l = Localizer(locale: .ukrainian)
    let messageKey = try #require(MessageKey(rawValue: key))
    #expect(Self.renderings(l, messageKey) == Self.ukrainian[key])
  }

  @Test("English: singular only for exactly 1", arguments: english.keys.sorted())
  func englishForms(_ key: String) throws {
    let l = Localizer(locale: .english)
    let messageKey = try #require(MessageKey(rawValue: key))
    #expect(Self.renderings(l, messageKey) == Self.english[key])
  }

  @Test("no English text says item(s), times for once, or 'reached for N times'")
  func englishWording() {
    for (key, message) in Catalog.embedded(.english).messages {
      for (_, text) in message.forms {
        #expect(!text.contains("(s)"), "\(key)")
        #expect(!text.contains("for {count} times"), "\(key)")
      }
    }
  }
}
