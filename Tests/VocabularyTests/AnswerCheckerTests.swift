import Testing
@testable import Vocabulary

@Suite("Vocabulary: the answer checker")
struct VocabAnswerCheckerTests {
  struct Case: Sendable, CustomStringConvertible {
    var answer: String
    var accepted: [String]
    var verdict: AnswerVerdict
    var matched: String?
    var description: String { "\(answer) vs \(accepted)" }
  }

  static let table: [Case] = [
    // right: exact, case, surrounding and inner spaces
    Case(answer: "кіт", accepted: ["кіт"], verdict: .right, matched: "кіт"),
    Case(answer: "  КІТ ", accepted: ["кіт"], verdict: .right, matched: "кіт"),
    Case(answer: "Добрий   ранок", accepted: ["добрий ранок"], verdict: .right, matched: "добрий ранок"),
    // any of several translations
    Case(answer: "будинок", accepted: ["дім", "будинок", "хата"], verdict: .right, matched: "будинок"),
    Case(answer: "хата", accepted: ["дім", "будинок", "хата"], verdict: .right, matched: "хата"),
    // apostrophes
    Case(answer: "пять", accepted: ["пʼять"], verdict: .wrong, matched: nil),  // 4 letters: no typo
    Case(answer: "п'ять", accepted: ["пʼять"], verdict: .right, matched: "пʼять"),
    Case(answer: "п’ять", accepted: ["пʼять"], verdict: .right, matched: "пʼять"),
    Case(answer: "п`ять", accepted: ["п'ять"], verdict: .right, matched: "п'ять"),
    Case(answer: "мʼясо", accepted: ["м’ясо"], verdict: .right, matched: "м’ясо"),
    Case(answer: "сімя", accepted: ["сімʼя"], verdict: .wrong, matched: nil),
    Case(answer: "памятати", accepted: ["памʼятати"], verdict: .typo, matched: "памʼятати"),
    // stress marks are ignored, only they
    Case(answer: "моло́ко", accepted: ["молоко"], verdict: .right, matched: "молоко"),
    Case(answer: "молоко", accepted: ["моло́ко"], verdict: .right, matched: "моло́ко"),
    Case(answer: "ѐлка", accepted: ["елка"], verdict: .right, matched: "елка"),  // е + grave, precomposed
    Case(answer: "за́мок", accepted: ["замо́к"], verdict: .right, matched: "замо́к"),
    // Latin look-alikes
    Case(answer: "кiт", accepted: ["кіт"], verdict: .right, matched: "кіт"),  // Latin i
    Case(answer: "KIT", accepted: ["кіт"], verdict: .right, matched: "кіт"),  // Latin capitals K I T
    Case(answer: "MOPE", accepted: ["море"], verdict: .right, matched: "море"),  // Latin capitals M O P E
    Case(answer: "mope", accepted: ["море"], verdict: .wrong, matched: nil),  // small m is no look-alike
    Case(answer: "сoн", accepted: ["сон"], verdict: .right, matched: "сон"),  // Latin o
    Case(answer: "pекa", accepted: ["рука", "река"], verdict: .right, matched: "река"),
    Case(answer: "cеxа", accepted: ["сеха"], verdict: .right, matched: "сеха"),
    Case(answer: "ЯБЛУКO", accepted: ["яблуко"], verdict: .right, matched: "яблуко"),  // Latin capital O
    Case(answer: "Cир", accepted: ["сир"], verdict: .right, matched: "сир"),  // Latin capital C
    Case(answer: "їжак", accepted: ["їжак"], verdict: .right, matched: "їжак"),
    Case(answer: "ïжак", accepted: ["їжак"], verdict: .right, matched: "їжак"),  // Latin ï
    // й/и, ї/і, ґ/г, є/е stay distinct: short words are wrong, long words a typo
    Case(answer: "мий", accepted: ["мій"], verdict: .wrong, matched: nil),
    Case(answer: "чаи", accepted: ["чай"], verdict: .wrong, matched: nil),
    Case(answer: "країна", accepted: ["країна"], verdict: .right, matched: "країна"),
    Case(answer: "краіна", accepted: ["країна"], verdict: .typo, matched: "країна"),
    Case(answer: "іжа", accepted: ["їжа"], verdict: .wrong, matched: nil),
    Case(answer: "ганок", accepted: ["ґанок"], verdict: .typo, matched: "ґанок"),
    Case(answer: "грати", accepted: ["ґрати"], verdict: .typo, matched: "ґрати"),
    Case(answer: "гава", accepted: ["ґава"], verdict: .wrong, matched: nil),
    Case(answer: "ема", accepted: ["єма"], verdict: .wrong, matched: nil),
    Case(answer: "сiмея", accepted: ["сімʼя"], verdict: .wrong, matched: nil),
    Case(answer: "мое", accepted: ["моє"], verdict: .wrong, matched: nil),
    Case(answer: "твоє", accepted: ["твоє"], verdict: .right, matched: "твоє"),
    Case(answer: "дякую", accepted: ["дякую"], verdict: .right, matched: "дякую"),
    Case(answer: "дякуи", accepted: ["дякую"], verdict: .typo, matched: "дякую"),
    Case(answer: "красиви", accepted: ["красивий"], verdict: .typo, matched: "красивий"),
    Case(answer: "красиві", accepted: ["красивий"], verdict: .wrong, matched: nil),  // two slips
    // typos: substitution, insertion, deletion, adjacent swap in words of 5+ letters
    Case(answer: "яблоко", accepted: ["яблуко"], verdict: .typo, matched: "яблуко"),
    Case(answer: "яблукко", accepted: ["яблуко"], verdict: .typo, matched: "яблуко"),
    Case(answer: "ябуко", accepted: ["яблуко"], verdict: .typo, matched: "яблуко"),
    Case(answer: "ябулко", accepted: ["яблуко"], verdict: .typo, matched: "яблуко"),
    Case(answer: "кішак", accepted: ["кішка"], verdict: .typo, matched: "кішка"),
    Case(answer: "добрий рнаок", accepted: ["добрий ранок"], verdict: .typo, matched: "добрий ранок"),
    Case(answer: "добрийранок", accepted: ["добрий ранок"], verdict: .typo, matched: "добрий ранок"),
    // one slip in a short word is wrong, even inside a long phrase
    Case(answer: "кит", accepted: ["кіт"], verdict: .wrong, matched: nil),
    Case(answer: "дiм", accepted: ["дім"], verdict: .right, matched: "дім"),
    Case(answer: "дон", accepted: ["дім"], verdict: .wrong, matched: nil),
    Case(answer: "на двр", accepted: ["на двір"], verdict: .wrong, matched: nil),
    Case(answer: "стіл", accepted: ["стіл"], verdict: .right, matched: "стіл"),
    Case(answer: "стли", accepted: ["стіл"], verdict: .wrong, matched: nil),
    // wrong: two slips, another word, empty
    Case(answer: "яблко", accepted: ["груша"], verdict: .wrong, matched: nil),
    Case(answer: "ябкуло", accepted: ["яблуко"], verdict: .wrong, matched: nil),
    Case(answer: "", accepted: ["кіт"], verdict: .wrong, matched: nil),
    Case(answer: "   ", accepted: ["кіт"], verdict: .wrong, matched: nil),
    Case(answer: "кіт", accepted: [], verdict: .wrong, matched: nil),
    // right beats typo; the first typo candidate in the given order wins
    Case(answer: "будинок", accepted: ["будинкі", "будинок"], verdict: .right, matched: "будинок"),
    Case(answer: "будинак", accepted: ["будинок", "будинка"], verdict: .typo, matched: "будинок"),
  ]

  @Test("table of right, typo and wrong answers", arguments: table)
  func verdicts(_ c: Case) {
    let result = AnswerChecker.check(c.answer, accepted: c.accepted)
    #expect(result.verdict == c.verdict)
    #expect(result.matched == c.matched)
  }

  @Test("й, ї, ґ, є survive folding; NFD input is recomposed, not stripped")
  func diacriticPairsStayDistinct() {
    for (with, without) in [("й", "и"), ("ї", "і"), ("ґ", "г"), ("є", "е"), ("Й", "и"), ("Ї", "і"), ("Ґ", "г"), ("Є", "е")] {
      #expect(UkrainianText.folded(with) != UkrainianText.folded(without))
      let decomposed = with.decomposedStringWithCanonicalMapping
      #expect(UkrainianText.folded(decomposed) == UkrainianText.folded(with))
    }
    #expect(UkrainianText.folded("и\u{0306}") == "й")
    #expect(UkrainianText.folded("і\u{0308}") == "ї")
    #expect(UkrainianText.folded("й\u{0301}") == "й")
  }

  @Test("stress marks U+0301 and U+0300 are removed, other combining marks kept")
  func onlyStressMarksRemoved() {
    #expect(UkrainianText.removingStress("ру\u{0301}ка") == "рука")
    #expect(UkrainianText.removingStress("ру\u{0300}ка") == "рука")
    #expect(UkrainianText.removingStress("а\u{0308}") == "а\u{0308}".precomposedStringWithCanonicalMapping)
  }

  @Test("every apostrophe variant folds to U+02BC")
  func apostrophes() {
    for variant in ["'", "\u{2019}", "\u{2018}", "`", "\u{00B4}", "\u{02BC}", "\u{2032}", "\u{FF07}"] {
      #expect(UkrainianText.folded("м\(variant)ята") == "мʼята")
    }
  }

  @Test("Latin look-alikes, lower and upper case, fold to Cyrillic")
  func lookAlikes() {
    #expect(UkrainianText.folded("iaoecpx") == "іаоеcрх".replacingOccurrences(of: "c", with: "с"))
    #expect(UkrainianText.folded("IAOECPX") == UkrainianText.folded("ІАОЕСРХ"))
  }

  @Test("verdicts grade the memory model: right Good, typo Hard, wrong Again")
  func grades() {
    #expect(AnswerVerdict.right.rating == .good)
    #expect(AnswerVerdict.typo.rating == .hard)
    #expect(AnswerVerdict.wrong.rating == .again)
  }

  @Test("OSA distance: each slip kind counts one, a swap is one not two")
  func distance() {
    func d(_ a: String, _ b: String) -> Int { optimalStringAlignmentDistance(Array(a), Array(b)) }
    #expect(d("кішка", "кішка") == 0)
    #expect(d("кішка", "кошка") == 1)
    #expect(d("кішка", "кішкаа") == 1)
    #expect(d("кішка", "кіка") == 1)
    #expect(d("кішка", "кішак") == 1)
    #expect(d("ca", "abc") == 3)  // OSA, not full Damerau (which gives 2)
    #expect(d("", "abc") == 3)
    #expect(optimalStringAlignmentDistance(Array("abcdef"), Array("ghijkl"), limit: 1) == 2)
  }
}
