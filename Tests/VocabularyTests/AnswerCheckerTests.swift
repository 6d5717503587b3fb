import Foundation
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
    Case(answer: "пять", accepted: ["пʼять"], verdict: .typo, matched: "пʼять"),  // the apostrophe dropped: a typo at any length
    Case(answer: "п'ять", accepted: ["пʼять"], verdict: .right, matched: "пʼять"),
    Case(answer: "п’ять", accepted: ["пʼять"], verdict: .right, matched: "пʼять"),
    Case(answer: "п`ять", accepted: ["п'ять"], verdict: .right, matched: "п'ять"),
    Case(answer: "мʼясо", accepted: ["м’ясо"], verdict: .right, matched: "м’ясо"),
    Case(answer: "сімя", accepted: ["сімʼя"], verdict: .typo, matched: "сімʼя"),
    Case(answer: "мʼяч", accepted: ["мʼяч"], verdict: .right, matched: "мʼяч"),
    Case(answer: "мяч", accepted: ["мʼяч"], verdict: .typo, matched: "мʼяч"),
    Case(answer: "пʼ ять", accepted: ["пʼять"], verdict: .wrong, matched: nil),  // a space in a 4-letter word
    Case(answer: "бʼюро", accepted: ["бюро"], verdict: .typo, matched: "бюро"),  // an apostrophe added
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
    // punctuation costs nothing; hyphens and apostrophes stay
    Case(answer: "яблуко.", accepted: ["яблуко"], verdict: .right, matched: "яблуко"),
    Case(answer: "яблуко!", accepted: ["яблуко"], verdict: .right, matched: "яблуко"),
    Case(answer: "«яблуко»", accepted: ["яблуко"], verdict: .right, matched: "яблуко"),
    Case(answer: "яблуко?!", accepted: ["яблуко"], verdict: .right, matched: "яблуко"),
    Case(answer: "привіт друже", accepted: ["привіт, друже"], verdict: .right, matched: "привіт, друже"),
    Case(answer: "привіт, друже!", accepted: ["привіт друже"], verdict: .right, matched: "привіт друже"),
    Case(answer: "будь-ласка", accepted: ["будь-ласка"], verdict: .right, matched: "будь-ласка"),
    Case(answer: "будь–ласка", accepted: ["будь-ласка"], verdict: .right, matched: "будь-ласка"),  // en dash
    Case(answer: "будьласка", accepted: ["будь-ласка"], verdict: .typo, matched: "будь-ласка"),
    Case(answer: "...", accepted: ["кіт"], verdict: .wrong, matched: nil),
    // several translations listed: right when every one is accepted
    Case(answer: "кіт, кішка", accepted: ["кіт", "кішка"], verdict: .right, matched: "кіт"),
    Case(answer: "кішка; кіт", accepted: ["кіт", "кішка"], verdict: .right, matched: "кішка"),
    Case(answer: "кіт / кішка", accepted: ["кіт", "кішка"], verdict: .right, matched: "кіт"),
    Case(answer: "кіт, кішак", accepted: ["кіт", "кішка"], verdict: .typo, matched: "кішка"),
    Case(answer: "кіт, собака", accepted: ["кіт", "кішка"], verdict: .wrong, matched: nil),
    Case(answer: "кіт,", accepted: ["кіт", "кішка"], verdict: .right, matched: "кіт"),
    Case(answer: "привіт, друзе", accepted: ["привіт, друже"], verdict: .typo, matched: "привіт, друже"),
    // invisible characters are removed
    Case(answer: "кі\u{200B}т", accepted: ["кіт"], verdict: .right, matched: "кіт"),  // zero-width space
    Case(answer: "ябл\u{00AD}уко", accepted: ["яблуко"], verdict: .right, matched: "яблуко"),  // soft hyphen
    Case(answer: "\u{FEFF}яблуко\u{200D}", accepted: ["яблуко"], verdict: .right, matched: "яблуко"),  // BOM, joiner
    Case(answer: "\u{2066}кіт\u{2069}", accepted: ["кіт"], verdict: .right, matched: "кіт"),  // bidi isolates
    Case(answer: "\u{200B}", accepted: ["кіт"], verdict: .wrong, matched: nil),
    // right beats typo; the first typo candidate in the given order wins
    Case(answer: "будинок", accepted: ["будинкі", "будинок"], verdict: .right, matched: "будинок"),
    Case(answer: "будинак", accepted: ["будинок", "будинка"], verdict: .typo, matched: "будинок"),
  ]

  /// Real words the checker knows (the built-in dictionary, the learner's other words).
  static let known = AnswerChecker.knownWords(["ріка", "кішка", "кит", "сірка", "рука"])

  static let knownTable: [Case] = [
    // a real word that is not the answer is wrong, however close
    Case(answer: "ріка", accepted: ["річка"], verdict: .wrong, matched: nil),
    Case(answer: "Ріка!", accepted: ["річка"], verdict: .wrong, matched: nil),
    Case(answer: "сірка", accepted: ["свірка"], verdict: .wrong, matched: nil),
    Case(answer: "ріка", accepted: ["річка", "ріка"], verdict: .right, matched: "ріка"),  // accepted wins
    Case(answer: "річкa", accepted: ["річка"], verdict: .right, matched: "річка"),
    Case(answer: "річка", accepted: ["річка"], verdict: .right, matched: "річка"),
    Case(answer: "річак", accepted: ["річка"], verdict: .typo, matched: "річка"),  // not a word: a slip
    Case(answer: "кіт, рука", accepted: ["кіт", "кішка"], verdict: .wrong, matched: nil),
  ]

  static let englishTable: [Case] = [
    Case(answer: "cat", accepted: ["cat"], verdict: .right, matched: "cat"),
    Case(answer: "  Cat ", accepted: ["cat"], verdict: .right, matched: "cat"),
    Case(answer: "CAT!", accepted: ["cat"], verdict: .right, matched: "cat"),
    Case(answer: "сat", accepted: ["cat"], verdict: .right, matched: "cat"),  // Cyrillic с
    Case(answer: "don’t", accepted: ["don't"], verdict: .right, matched: "don't"),
    Case(answer: "dont", accepted: ["don't"], verdict: .typo, matched: "don't"),
    Case(answer: "good morning", accepted: ["Good morning"], verdict: .right, matched: "Good morning"),
    Case(answer: "good mornig", accepted: ["good morning"], verdict: .typo, matched: "good morning"),
    Case(answer: "hause", accepted: ["house"], verdict: .typo, matched: "house"),
    Case(answer: "aple", accepted: ["apple"], verdict: .typo, matched: "apple"),
    Case(answer: "cta", accepted: ["cat"], verdict: .wrong, matched: nil),  // 3 letters: no slip
    Case(answer: "dog", accepted: ["cat"], verdict: .wrong, matched: nil),
    Case(answer: "way, road", accepted: ["way", "road"], verdict: .right, matched: "way"),
    Case(answer: "", accepted: ["cat"], verdict: .wrong, matched: nil),
    Case(answer: "mouse", accepted: ["house"], verdict: .wrong, matched: nil),  // a known word: wrong
    Case(answer: "ice-cream", accepted: ["ice-cream"], verdict: .right, matched: "ice-cream"),
  ]

  @Test("the table holds at least 60 cases in all")
  func tableSize() {
    #expect(Self.table.count + Self.knownTable.count + Self.englishTable.count >= 60)
  }

  @Test("known words: a real word that is not the answer is wrong, not a typo", arguments: knownTable)
  func knownWords(_ c: Case) {
    let result = AnswerChecker.check(c.answer, accepted: c.accepted, knownWords: Self.known)
    #expect(result.verdict == c.verdict)
    #expect(result.matched == c.matched)
  }

  @Test("English answers (reverse cards): case, apostrophes, punctuation, one typo", arguments: englishTable)
  func english(_ c: Case) {
    let result = AnswerChecker.check(
      c.answer, accepted: c.accepted, language: .english, knownWords: AnswerChecker.knownWords(["mouse", "cat"], language: .english))
    #expect(result.verdict == c.verdict)
    #expect(result.matched == c.matched)
  }

  @Test("blank answers: spaces, punctuation and invisible characters only")
  func blank() {
    for text in ["", "   ", "…", " . ", "\u{200B}", "\t"] { #expect(AnswerChecker.isBlank(text)) }
    for text in ["а", " кіт ", "x"] { #expect(!AnswerChecker.isBlank(text)) }
    #expect(AnswerChecker.isBlank("?!", language: .english))
  }

  @Test("the dictionary check: the built-in dictionary knows ріка; a reverse card accepts synonyms")
  func dictionaryCheck() {
    let at = Date(timeIntervalSince1970: 0)
    let river = VocabularyWord(english: "river", translations: ["річка"], addedAt: at)
    let way = VocabularyWord(english: "way", translations: ["шлях", "дорога"], addedAt: at)
    let road = VocabularyWord(english: "road", translations: ["дорога"], addedAt: at)
    let dictionary = [river, way, road]
    #expect(AnswerChecker.check("ріка", word: river, dictionary: dictionary).verdict == .wrong)
    #expect(AnswerChecker.check("річак", word: river, dictionary: dictionary).verdict == .typo)
    #expect(AnswerChecker.check("road", word: way, dictionary: dictionary, direction: .reverse) == AnswerCheck(verdict: .right, matched: "road"))
    #expect(AnswerChecker.check("Way.", word: way, dictionary: dictionary, direction: .reverse) == AnswerCheck(verdict: .right, matched: "way"))
    #expect(AnswerChecker.check("rievr", word: river, dictionary: dictionary, direction: .reverse) == AnswerCheck(verdict: .typo, matched: "river"))
    #expect(AnswerChecker.check("river", word: road, dictionary: dictionary, direction: .reverse).verdict == .wrong)
  }

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
