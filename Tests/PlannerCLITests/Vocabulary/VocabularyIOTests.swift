import Foundation
import Testing
@testable import LearnerStore
import Localization
import TestSupport
@testable import PlannerCLI
@testable import PlannerCore
@testable import Vocabulary

/// The vocabulary commands' input and output: the checker through `record quiz`, the learner's
/// language, export and import, bad words.
@Suite("CLI: vocabulary in and out (quiz, locale, export/import, bad words)")
struct VocabIOTests {
  static let now = Date(timeIntervalSince1970: 1_778_576_400)  // 2026-05-12T09:00:00Z

  static func learner(locale: PlanLocale = .english) throws -> String {
    let dir = TemporaryFolder.newPath("vocab-io")
    var profile = LearnerProfile(id: "t")
    profile.timezone = "Europe/Kyiv"
    profile.locale = locale
    try Learner.create(dir, profile: profile)
    return dir
  }

  static func run(_ args: [String]) -> CLIRun { runCLI(args, now: now) }

  static func write(_ text: String, _ name: String) throws -> String {
    try write(Array(text.utf8), name)
  }

  static func write(_ bytes: [UInt8], _ name: String) throws -> String {
    let path = TemporaryFolder.make("file") + "/" + name
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  static func events(_ dir: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: dir + "/events.jsonl")) }

  /// The session of docs/vocabulary.md: four words imported, river edited to річка alone,
  /// quizzes on 2026-05-03, a look-up of cat on 2026-05-04.
  static func session(locale: PlanLocale = .english) throws -> String {
    let dir = try learner(locale: locale)
    let deck = try write("english,ukrainian\ncat,кіт;кішка\nriver,річка;ріка\nfive,пʼять\nhello friend,\"привіт, друже\"\n", "deck.csv")
    #expect(run(["words", dir, "import", deck, "--at", "2026-05-01T09:00:00+03:00"]).code == 0)
    #expect(run(["record", dir, "word", "edit", "river", "річка", "--at", "2026-05-02T09:00:00+03:00"]).code == 0)
    let quizzes: [(String, String, String)] = [
      ("river", "ріка", "wrong (річка)"), ("five", "пять", "typo, the right spelling is пʼять"), ("cat", "кіт, кішка", "right"),
    ]
    for (i, (en, answer, verdict)) in quizzes.enumerated() {
      let r = run(["record", dir, "quiz", en, "--answer", answer, "--at", "2026-05-03T09:0\(i):00+03:00", "--id", "q\(i)"])
      #expect(r.code == 0, "\(r.err)")
      #expect(r.out == "recorded word.quizzed q\(i): \(verdict)\n")
    }
    #expect(run(["record", dir, "quiz", "hello friend", "--answer", "привіт друже!", "--at", "2026-05-03T09:05:00+03:00", "--id", "q4"]).out
      == "recorded word.quizzed q4: right\n")
    #expect(run(["record", dir, "word", "lookup", "cat", "--at", "2026-05-04T09:00:00+03:00"]).code == 0)
    return dir
  }

  // MARK: The checker through record quiz

  @Test("record quiz: a blank answer is refused (64), nothing written; I don't know is its own event")
  func blankAnswer() throws {
    let dir = try Self.session()
    let before = try Self.events(dir)
    for answer in ["", "   ", " . ", "\u{200B}"] {
      let r = Self.run(["record", dir, "quiz", "cat", "--answer", answer])
      #expect(r.code == 64)
      #expect(r.err.contains("--answer: '\(answer)' is not valid: expected an answer"))
      #expect(r.err.contains("planner record DIR word unknown EN"))
    }
    #expect(try Self.events(dir) == before)
  }

  @Test("record quiz --reverse: the English answer, checked with the English rules")
  func reverseQuiz() throws {
    let dir = try Self.session()
    #expect(Self.run(["record", dir, "quiz", "cat", "--reverse", "--answer", "Cat!", "--id", "r1"]).out == "recorded word.quizzed r1: right\n")
    #expect(Self.run(["record", dir, "quiz", "river", "--reverse", "--answer", "rivr", "--id", "r2"]).out
      == "recorded word.quizzed r2: typo, the right spelling is river\n")
    #expect(Self.run(["record", dir, "quiz", "five", "--reverse", "--answer", "cat", "--id", "r3"]).out == "recorded word.quizzed r3: wrong (five)\n")
  }

  // MARK: The learner's language

  static let wordsEnglish = """
    cat — кіт, кішка  (popularity 1, recall 79%, added 2026-05-01)
    river — річка  (popularity 1, recall 66%, added 2026-05-01)
    five — пʼять  (popularity 0, recall 83%, added 2026-05-01)
    hello friend — привіт, друже  (popularity 0, recall 88%, added 2026-05-01)

    """

  static let wordsUkrainian = """
    cat — кіт, кішка  (популярність 1, пригадування 79%, додано 01.05.2026)
    river — річка  (популярність 1, пригадування 66%, додано 01.05.2026)
    five — пʼять  (популярність 0, пригадування 83%, додано 01.05.2026)
    hello friend — привіт, друже  (популярність 0, пригадування 88%, додано 01.05.2026)

    """

  @Test("words in English and Ukrainian, by --locale or the profile")
  func wordsLocale() throws {
    let dir = try Self.session()
    #expect(Self.run(["words", dir, "--date", "2026-05-06"]).out == Self.wordsEnglish)
    #expect(Self.run(["words", dir, "--date", "2026-05-06", "--locale", "uk"]).out == Self.wordsUkrainian)
    let uk = try Self.session(locale: .ukrainian)
    #expect(Self.run(["words", uk, "--date", "2026-05-06"]).out == Self.wordsUkrainian)
    #expect(Self.run(["words", uk, "--date", "2026-05-06", "--locale", "en"]).out == Self.wordsEnglish)
    let empty = try Self.learner(locale: .ukrainian)
    #expect(Self.run(["words", empty]).out
      == "Слів ще немає. Додайте слово командою planner record DIR word add EN UK або імпортуйте набір командою planner words DIR import FILE.\n")
    let bad = Self.run(["words", dir, "--locale", "fr"])
    #expect(bad.code == 64)
  }

  @Test("stats in English and Ukrainian")
  func statsLocale() throws {
    let dir = try Self.session()
    #expect(Self.run(["stats", dir, "--date", "2026-05-06"]).out == """
      Vocabulary on 2026-05-06
        words: 4 (0 not yet reviewed)
        most popular: cat (popularity 1)
        due today: 3
        well known (recall ≥ 85%): 1
        average recall: 79%
        need practice most: river, cat, five, hello friend

      """)
    let uk = try Self.session(locale: .ukrainian)
    #expect(Self.run(["stats", uk, "--date", "2026-05-06"]).out == """
      Словник на 06.05.2026
        слів: 4 (ще не повторювали: 0)
        найпопулярніше: cat (популярність 1)
        пора повторити сьогодні: 3
        добре відомі (пригадування ≥ 85%): 1
        середнє пригадування: 79%
        найбільше потребують практики: river, cat, five, hello friend

      """)
  }

  @Test("remind in English and Ukrainian; nothing to remind of, in both")
  func remindLocale() throws {
    let dir = try Self.session()
    let at = "2026-05-06T09:30:00+03:00"
    #expect(Self.run(["remind", dir, "--at", at]).out
      == "2026-05-06T10:00:00+03:00  translation\nriver — річка\nactions: check-me, i-know, i-dont-know\n")
    #expect(Self.run(["remind", dir, "--at", at, "--locale", "uk"]).out
      == "2026-05-06T10:00:00+03:00  переклад\nriver — річка\nдії: перевірити мене, я знаю, я не знаю\n")
    let uk = try Self.session(locale: .ukrainian)
    #expect(Self.run(["remind", uk, "--at", at]).out
      == "2026-05-06T10:00:00+03:00  переклад\nriver — річка\nдії: перевірити мене, я знаю, я не знаю\n")
    let empty = try Self.learner(locale: .ukrainian)
    #expect(Self.run(["remind", empty, "--at", at]).out
      == "Нагадувань немає: до кінця завтрашнього дня немає слова, про яке варто нагадати.\n")
    #expect(Self.run(["remind", empty, "--at", at, "--locale", "en"]).out
      == "No reminder due: no word to remind of before tomorrow's waking hours end.\n")
  }

  @Test("words import prints its summary in the learner's language")
  func importLocale() throws {
    let dir = try Self.learner(locale: .ukrainian)
    for (text, out) in [
      ("english,ukrainian\ncat,кіт\n", "Імпортовано 1 слово з F: нових 1, з новими перекладами 0, без змін 0.\n"),
      ("english,ukrainian\ncat,кіт\ndog,пес\n", "Імпортовано 2 слова з F: нових 1, з новими перекладами 0, без змін 1.\n"),
    ] {
      let deck = try Self.write(text, "deck.csv")
      #expect(Self.run(["words", dir, "import", deck]).out == out.replacingOccurrences(of: "F", with: deck))
    }
  }

  // MARK: Export and import

  @Test("words export → import into a fresh learner → export: the same bytes, CSV and JSON")
  func roundTrip() throws {
    let dir = try Self.session()
    let csv = Self.run(["words", dir, "export"])
    #expect(csv.code == 0)
    #expect(csv.out == """
      english,ukrainian,popularity,added,tags
      cat,кіт;кішка,1,2026-05-01T09:00:00+03:00,
      river,річка,1,2026-05-01T09:00:00+03:00,
      five,пʼять,0,2026-05-01T09:00:00+03:00,
      hello friend,"привіт, друже",0,2026-05-01T09:00:00+03:00,

      """)
    for (name, args) in [("deck.csv", ["--format", "csv"]), ("deck.json", ["--format", "json"])] {
      let file = TemporaryFolder.make("export") + "/" + name
      let exported = Self.run(["words", dir, "export", file])
      #expect(exported.out == "Exported 4 words to \(file).\n")
      let fresh = try Self.learner()
      #expect(Self.run(["words", fresh, "import", file]).out == "Imported 4 words from \(file): 4 added, 0 gained translations, 0 unchanged.\n")
      #expect(Self.run(["words", fresh, "export"] + args).out == Self.run(["words", dir, "export"] + args).out)
      // Importing the export into the learner it came from changes nothing.
      let before = try Self.events(dir)
      #expect(Self.run(["words", dir, "import", file]).out.contains("0 added, 0 gained translations, 4 unchanged."))
      #expect(try Self.events(dir) == before)
    }
  }

  @Test("words --format json output imports; a JSON object without `words` gets a JSON error")
  func listingImports() throws {
    let dir = try Self.session()
    let listing = try Self.write(Self.run(["words", dir, "--format", "json"]).out, "words.json")
    let fresh = try Self.learner()
    #expect(Self.run(["words", fresh, "import", listing]).code == 0)
    #expect(Self.run(["words", fresh, "export"]).out == Self.run(["words", dir, "export"]).out)
    let object = try Self.write(#"{"version": 1, "cat": "кіт"}"#, "o.json")
    let r = Self.run(["words", fresh, "import", object])
    #expect(r.code == 1)
    #expect(r.err == "planner: error: \(object) at words: expected a JSON array of words, or an object with a `words` array (what `words export --format json` writes)\n")
  }

  @Test("semicolon- and tab-separated files import; an unknown header names the separator read")
  func separators() throws {
    let dir = try Self.learner()
    let semi = try Self.write("english;ukrainian;tags\ncat;\"кіт;кішка\";animals\ndog;пес;\n", "semi.csv")
    #expect(Self.run(["words", dir, "import", semi]).out == "Imported 2 words from \(semi): 2 added, 0 gained translations, 0 unchanged.\n")
    let tab = try Self.write("English\tUkrainian\nbird\tптах\n", "tab.txt")
    #expect(Self.run(["words", dir, "import", tab]).code == 0)
    let anki = try Self.write("#separator:tab\n#html:false\nfront\tback\nbird\tптах\n", "anki.txt")
    let r = Self.run(["words", dir, "import", anki])
    #expect(r.code == 1)
    #expect(r.err.contains("anki.txt:3: expected a header row naming the columns `english` and `ukrainian`, separated by commas, semicolons or tabs (read as tab-separated: found `front`, `back`)"))
    #expect(Self.run(["words", dir, "--sort", "alpha"]).out == """
      bird — птах  (popularity 0, new, added 2026-05-12)
      cat — кіт, кішка  (popularity 0, new, tags animals, added 2026-05-12)
      dog — пес  (popularity 0, new, added 2026-05-12)

      """)
  }

  // MARK: Bad words

  @Test("bad words on the command line: exit 64, nothing written", arguments: [
    ["two\nlines", "два"], ["tab\there", "таб"], ["bell\u{07}", "дзвін"], ["bad\u{FFFD}", "кіт"],
    [String(repeating: "a", count: 101), "а"], ["cat", "кі\nт"], ["cat", String(repeating: "я", count: 101)], ["cat", "кіт;кішка"],
  ])
  func badWordsArguments(_ words: [String]) throws {
    let dir = try Self.learner()
    let before = try Self.events(dir)
    let r = Self.run(["record", dir, "word", "add"] + words)
    #expect(r.code == 64, "\(r.err)")
    #expect(r.err.contains("is not valid: expected"))
    #expect(try Self.events(dir) == before)
  }

  static let badDecks: [(bytes: [UInt8], error: String)] = {
    let control: [UInt8] = Array("english,ukrainian\n".utf8) + [0x63, 0x01, 0x2C, 0xD0, 0xBA, 0x0A]
    let notUTF8: [UInt8] = Array("english,ukrainian\nc".utf8) + [0xFF] + Array(",кіт\n".utf8)
    let long: String = "english,ukrainian\n" + String(repeating: "w", count: 101) + ",кіт\n"
    return [
      (Array("english,ukrainian\n\"a\tb\",кіт\n".utf8), "deck.csv:2 at column 1 (english): expected an English word or phrase: text without tabs (found a tab)"),
      (Array("english,ukrainian\ncat,\"кі\nт\"\n".utf8), "deck.csv:2 at column 2 (ukrainian): expected Ukrainian translations: one line of text (found a line break)"),
      (control, "deck.csv:2 at column 1 (english): expected an English word or phrase: text without control characters (found U+0001)"),
      (notUTF8, "deck.csv:2 at column 1: expected UTF-8 text"),
      (Array(long.utf8), "deck.csv:2 at column 1 (english): expected an English word or phrase: at most 100 characters (found 101)"),
      (Array(#"[{"english": "cat", "ukrainian": ["кі\tт"]}]"#.utf8), "deck.csv at [0].ukrainian[0]: expected a Ukrainian translation: text without tabs (found a tab)"),
    ]
  }()

  @Test("bad words in a deck: exit 1 naming line and column, nothing written", arguments: 0..<6)
  func badWordsFile(_ index: Int) throws {
    let (bytes, error) = Self.badDecks[index]
    let dir = try Self.learner()
    let before = try Self.events(dir)
    let deck = try Self.write(bytes, "deck.csv")
    let r = Self.run(["words", dir, "import", deck])
    #expect(r.code == 1)
    let folder = String(deck.dropLast("deck.csv".count))
    let expected: String = "planner: error: " + folder + error + "\n"
    #expect(r.err == expected)
    #expect(try Self.events(dir) == before)
  }

  @Test("a translation with no Cyrillic letter is kept, with a warning")
  func nonCyrillicWarning() throws {
    let dir = try Self.learner()
    let r = Self.run(["record", dir, "word", "add", "ok", "ok", "--id", "w1"])
    #expect(r.code == 0)
    #expect(r.err == "planner: warning: 'ok': the translation 'ok' has no Cyrillic letter\n")
    let deck = try Self.write("english,ukrainian\npizza,pizza;піца\n", "deck.csv")
    let i = Self.run(["words", dir, "import", deck])
    #expect(i.code == 0)
    #expect(i.err == "planner: warning: \(deck): 'pizza': the translation 'pizza' has no Cyrillic letter\n")
  }
}

extension VocabIOTests {
  @Test("vocabulary.cards reverse: the plan shows translation → English, the quiz checks English")
  func reverseCards() throws {
    let dir = try Self.session()
    #expect(Self.run(["config", dir, "vocabulary.cards", "reverse"]).out == "vocabulary.cards: forward -> reverse\n")
    let plan = Self.run(["today", dir, "--date", "2026-05-06"])
    #expect(plan.out.contains("  • кіт, кішка → cat · "))
    let json = Self.run(["today", dir, "--date", "2026-05-06", "--format", "json"]).out
    #expect(json.contains("\"direction\" : \"reverse\""))
    #expect(Self.run(["record", dir, "quiz", "cat", "--answer", "CAT", "--id", "c1"]).out == "recorded word.quizzed c1: right\n")
    #expect(Self.run(["config", dir, "vocabulary.cards", "sideways"]).code == 64)
    // Forward learners' plans carry no direction at all.
    let forward = try Self.session()
    #expect(!Self.run(["today", forward, "--date", "2026-05-06", "--format", "json"]).out.contains("direction"))
  }
}
