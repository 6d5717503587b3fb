import Foundation
import Testing
@testable import LearnerStore
import Localization
import TestSupport
@testable import PlannerCLI
@testable import PlannerCore
@testable import Vocabulary

/// Issue #15's decks through the CLI in-process: tags set on import and by command, one deck
/// listed, studied or suspended, a deck's `rank` column, the bad-word rules on a batch, the
/// leech's treatment in the plan in the learner's language.
@Suite("CLI: tags and decks, rank, batch word validation, the leech note")
struct VocabularyDecksTests {
  static let now = Date(timeIntervalSince1970: 1_780_000_000)  // 2026-05-28T20:26:40Z

  static func learner(_ name: String = "d", locale: PlanLocale = .english) -> String {
    let dir = TemporaryFolder.newPath(name)
    var profile = LearnerProfile(id: name)
    profile.timezone = "UTC"
    profile.locale = locale
    try! Learner.create(dir, profile: profile)
    return dir
  }

  static func run(_ args: [String]) -> CLIRun { runCLI(args, now: now) }
  static func events(_ dir: String) -> String { (try? String(contentsOfFile: dir + "/events.jsonl", encoding: .utf8)) ?? "" }
  static func file(_ name: String, _ text: String) throws -> String {
    let path = TemporaryFolder.make("deck") + "/" + name
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// A learner with the deck `time, year (core); go (verbs, core); run (verbs)`, imported at
  /// 2026-05-01 09:00 UTC with an explicit rank column.
  static func deckLearner(_ name: String = "d") throws -> String {
    let dir = learner(name)
    let deck = try file("deck.csv", "english,ukrainian,tags,rank\ntime,час,core,3\nyear,рік,core,1\ngo,йти,verbs core,\nrun,бігти;бігати,verbs,2\n")
    let r = run(["words", dir, "import", deck, "--at", "2026-05-01T09:00:00Z"])
    #expect(r.code == 0 && r.out == "Imported 4 words from \(deck): 4 added, 0 gained translations, 0 unchanged.\n", "\(r.err)")
    return dir
  }

  static func newWords(_ dir: String, _ extra: [String] = []) throws -> [String] {
    let r = run(["today", dir, "--date", "2026-05-02", "--format", "json"] + extra)
    #expect(r.code == 0, "\(r.err)")
    let json = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
    let sections = try #require(json["sections"] as? [[String: Any]])
    return (sections.first { $0["kind"] as? String == "vocabulary.new" }?["items"] as? [[String: Any]] ?? []).compactMap { $0["english"] as? String }
  }

  @Test("import: the tags column is stored and the rank column orders the deck (words without a rank after, in file order)")
  func importTagsAndRank() throws {
    let dir = try Self.deckLearner()
    #expect(Self.run(["words", dir, "--date", "2026-05-02"]).out == """
      year — рік  (popularity 0, new, tags core, added 2026-05-01)
      run — бігти, бігати  (popularity 0, new, tags verbs, added 2026-05-01)
      time — час  (popularity 0, new, tags core, added 2026-05-01)
      go — йти  (popularity 0, new, tags verbs, core, added 2026-05-01)

      """)
    #expect(try Self.newWords(dir) == ["year", "run", "time", "go"])
    // One word.added (its place in the deck) and one word.tagged per word.
    let lines = Self.events(dir).split(separator: "\n")
    #expect(lines.count == 8)
    #expect(lines[0].hasSuffix(#""type":"word.added","payload":{"english":"year","ukrainian":["рік"],"rank":0}}"#))
    #expect(lines[1].hasSuffix(#""type":"word.tagged","payload":{"english":"year","tags":["core"]}}"#))
    #expect(lines[7].hasSuffix(#""type":"word.tagged","payload":{"english":"go","tags":["verbs","core"]}}"#))

    // Importing again with new tags: only the tags the words lack, counted apart.
    let more = try Self.file("more.csv", "english,ukrainian,tags\ntime,час,Core travel\ngo,йти;іти,verbs\n")
    let r = Self.run(["words", dir, "import", more, "--at", "2026-05-02T09:00:00Z"])
    #expect(r.code == 0)
    #expect(r.out == "Imported 2 words from \(more): 0 added, 1 gained translations, 0 unchanged. Words that gained tags: 1.\n")
    let added = Self.events(dir).split(separator: "\n").suffix(2)
    #expect(added.first?.hasSuffix(#""type":"word.tagged","payload":{"english":"time","tags":["travel"]}}"#) == true)
    #expect(added.last?.hasSuffix(#""type":"word.edited","payload":{"english":"go","ukrainian":["йти","іти"]}}"#) == true)

    // A rank that is not a place in the deck: the file, line and column named, nothing written.
    let before = Self.events(dir)
    let bad = try Self.file("bad.csv", "english,ukrainian,rank\ncat,кіт,1\ndog,пес,first\n")
    let refused = Self.run(["words", dir, "import", bad])
    #expect(refused.code == 1)
    #expect(refused.err == "planner: error: \(bad):3 at column 3 (rank): expected the word's place in the deck, a whole number 0 or more, or nothing\n")
    let badTag = try Self.file("tag.csv", "english,ukrainian,tags\ncat,кіт,a\u{7}b\n")
    #expect(Self.run(["words", dir, "import", badTag]).err
      == "planner: error: \(badTag):2 at column 3 (tags): expected tags: text without control characters (found U+0007)\n")
    #expect(Self.events(dir) == before)

    // JSON decks take `tags` and `rank` too.
    let json = try Self.file("deck.json", #"[{"english":"cat","ukrainian":["кіт"],"rank":2,"tags":["pets"]},{"english":"dog","ukrainian":"пес","rank":1}]"#)
    let other = Self.learner("json")
    #expect(Self.run(["words", other, "import", json, "--at", "2026-05-01T09:00:00Z"]).code == 0)
    #expect(Self.run(["words", other, "--date", "2026-05-02"]).out == """
      dog — пес  (popularity 0, new, added 2026-05-01)
      cat — кіт  (popularity 0, new, tags pets, added 2026-05-01)

      """)
  }

  @Test("export writes the tags and the deck order; importing the export gives the same dictionary (round trip)")
  func exportRoundTripKeepsTags() throws {
    let dir = try Self.deckLearner()
    #expect(Self.run(["record", dir, "word", "tag", "time", "travel", "--at", "2026-05-01T10:00:00Z"]).code == 0)
    let csv = Self.run(["words", dir, "export"])
    #expect(csv.code == 0)
    #expect(csv.out == """
      english,ukrainian,popularity,added,tags
      year,рік,0,2026-05-01T09:00:00+00:00,core
      run,бігти;бігати,0,2026-05-01T09:00:00+00:00,verbs
      time,час,0,2026-05-01T09:00:00+00:00,core;travel
      go,йти,0,2026-05-01T09:00:00+00:00,verbs;core

      """)
    // One deck exported; a file imported into a deck (every word of it gains the tag).
    #expect(Self.run(["words", dir, "export", "--tag", "travel"]).out
      == "english,ukrainian,popularity,added,tags\ntime,час,0,2026-05-01T09:00:00+00:00,core;travel\n")
    let lesson = try Self.file("lesson.csv", "english,ukrainian,tags\ncat,кіт,pets\nrun,бігти,\n")
    #expect(Self.run(["words", dir, "import", lesson, "--tag", "Lesson-1", "--at", "2026-05-01T10:30:00Z"]).out
      == "Imported 2 words from \(lesson): 1 added, 0 gained translations, 0 unchanged. Words that gained tags: 1.\n")
    #expect(Self.run(["words", dir, "--tag", "lesson-1", "--sort", "alpha"]).out == """
      cat — кіт  (popularity 0, new, tags pets, Lesson-1, added 2026-05-01)
      run — бігти, бігати  (popularity 0, new, tags verbs, Lesson-1, added 2026-05-01)

      """)
    #expect(Self.run(["words", dir, "import", lesson, "--tag", "a;b"]).code == 64)
    _ = Self.run(["record", dir, "word", "delete", "cat", "--at", "2026-05-01T10:31:00Z"])
    _ = Self.run(["record", dir, "word", "untag", "run", "Lesson-1", "--at", "2026-05-01T10:31:00Z"])
    for format in ["csv", "json"] {
      let exported = try Self.file("export.\(format)", Self.run(["words", dir, "export", "--format", format]).out)
      let copy = Self.learner("copy-\(format)")
      #expect(Self.run(["words", copy, "import", exported]).code == 0)
      #expect(Self.run(["words", copy, "export"]).out == csv.out, "\(format)")
      #expect(Self.run(["words", copy, "--tag", "travel"]).out == Self.run(["words", dir, "--tag", "travel"]).out)
    }
  }

  @Test("record word tag / untag: exact output, tags checked, an unknown word refused, nothing written")
  func tagByCommand() throws {
    let dir = try Self.deckLearner()
    let tagged = Self.run(["record", dir, "word", "tag", "Run", "travel", "Verbs", "--at", "2026-05-01T10:00:00Z", "--id", "t1"])
    #expect(tagged.code == 0 && tagged.out == "recorded word.tagged t1\n", "\(tagged.err)")
    #expect(Self.events(dir).hasSuffix(#"{"version":1,"id":"t1","at":"2026-05-01T10:00:00Z","type":"word.tagged","payload":{"english":"Run","tags":["travel","Verbs"]}}"# + "\n"))
    // Tags compare case-insensitively: Verbs is the verbs the word had.
    #expect(Self.run(["words", dir, "--tag", "travel"]).out == "run — бігти, бігати  (popularity 0, new, tags verbs, travel, added 2026-05-01)\n")
    let untagged = Self.run(["record", dir, "word", "untag", "run", "VERBS", "--at", "2026-05-01T10:01:00Z", "--id", "t2"])
    #expect(untagged.code == 0 && untagged.out == "recorded word.untagged t2\n")
    #expect(Self.run(["words", dir, "--tag", "verbs"]).out == "go — йти  (popularity 0, new, tags verbs, core, added 2026-05-01)\n")

    let before = Self.events(dir)
    let spaced = Self.run(["record", dir, "word", "tag", "run", "two words"])
    #expect(spaced.code == 64)
    #expect(spaced.err.hasPrefix("planner: error: <TAG>: 'two words' is not valid: expected a tag: one word without spaces or `;` (they separate tags in a deck file)\n"), "\(spaced.err)")
    let long = Self.run(["record", dir, "word", "tag", "run", String(repeating: "x", count: 41)])
    #expect(long.code == 64 && long.err.contains("expected a tag: at most 40 characters (found 41)"), "\(long.err)")
    let missing = Self.run(["record", dir, "word", "tag", "run"])
    #expect(missing.code == 64 && missing.err.hasPrefix("planner: error: missing <TAG>"), "\(missing.err)")
    let unknown = Self.run(["record", dir, "word", "tag", "zebra", "pets"])
    #expect(unknown.code == 1 && unknown.err == "planner: error: unknown word 'zebra': add it first with `planner record DIR word add`\n")
    #expect(Self.events(dir) == before)
  }

  @Test("words --tag lists one deck; a tag no word has is a usage error naming the tags there are")
  func listOneDeck() throws {
    let dir = try Self.deckLearner()
    #expect(Self.run(["words", dir, "--tag", "VERBS", "--sort", "alpha"]).out == """
      go — йти  (popularity 0, new, tags verbs, core, added 2026-05-01)
      run — бігти, бігати  (popularity 0, new, tags verbs, added 2026-05-01)

      """)
    let r = Self.run(["words", dir, "--tag", "verb"])
    #expect(r.code == 64)
    #expect(r.err.hasPrefix("planner: error: --tag: 'verb' is not valid: expected a tag of the learner's words: core, verbs\n"), "\(r.err)")
    let none = Self.learner("none")
    #expect(Self.run(["words", none, "--tag", "x"]).err.hasPrefix(
      "planner: error: --tag: 'x' is not valid: expected a tag of the learner's words (no word has a tag yet: `planner record DIR word tag EN TAG`)\n"))
  }

  @Test("words suspend / unsuspend --tag: the deck leaves the plan and the reminders, words tagged later too; a word suspended on its own stays")
  func suspendADeck() throws {
    let dir = try Self.deckLearner()
    let s = Self.run(["words", dir, "suspend", "--tag", "verbs", "--at", "2026-05-01T10:00:00Z"])
    #expect(s.code == 0 && s.out == "Suspended the deck verbs: 2 words left out of plans and reminders.\n", "\(s.err)")
    #expect(Self.events(dir).split(separator: "\n").last?.hasSuffix(#""type":"deck.suspended","payload":{"tag":"verbs"}}"#) == true)
    #expect(try Self.newWords(dir) == ["year", "time"])
    #expect(Self.run(["words", dir, "--tag", "verbs", "--sort", "alpha"]).out == """
      go — йти  (popularity 0, new, suspended, tags verbs, core, added 2026-05-01)
      run — бігти, бігати  (popularity 0, new, suspended, tags verbs, added 2026-05-01)

      """)
    // A word tagged later is in the suspended deck; time is also suspended on its own.
    _ = Self.run(["record", dir, "word", "tag", "year", "verbs", "--at", "2026-05-01T10:01:00Z"])
    _ = Self.run(["record", dir, "word", "suspend", "time", "--at", "2026-05-01T10:02:00Z"])
    #expect(try Self.newWords(dir) == [])
    #expect(Self.run(["stats", dir, "--date", "2026-05-02"]).out.contains("  suspended: 4\n"))
    let u = Self.run(["words", dir, "unsuspend", "--tag", "Verbs", "--at", "2026-05-01T11:00:00Z"])
    #expect(u.code == 0 && u.out == "The deck Verbs is back: 3 words in plans and reminders again.\n")
    #expect(try Self.newWords(dir) == ["year", "run", "go"])

    // Reminders: a reviewed word of a suspended deck is never reminded of.
    _ = Self.run(["record", dir, "quiz", "run", "--answer", "бігти", "--at", "2026-05-01T12:00:00Z"])
    #expect(Self.run(["remind", dir, "--at", "2026-05-20T09:00:00Z"]).out.contains("run"))
    _ = Self.run(["words", dir, "suspend", "--tag", "verbs", "--at", "2026-05-01T13:00:00Z"])
    #expect(Self.run(["remind", dir, "--at", "2026-05-20T09:00:00Z"]).out.hasPrefix("No reminder due"))

    // Usage: a deck needs --tag; a word is suspended with `record … word suspend`.
    let noTag = Self.run(["words", dir, "suspend"])
    #expect(noTag.code == 64 && noTag.err.hasPrefix("planner: error: missing --tag: words DIR suspend --tag TAG suspends a deck (to suspend one word: `planner record DIR word suspend EN`)\n"), "\(noTag.err)")
    #expect(Self.run(["words", dir, "suspend", "--tag", "nope"]).code == 64)
  }

  @Test("today --deck studies one deck: only its words are planned; a deck nobody has is a usage error")
  func studyOneDeck() throws {
    let dir = try Self.deckLearner()
    #expect(try Self.newWords(dir, ["--deck", "verbs"]) == ["run", "go"])
    #expect(try Self.newWords(dir, ["--deck", "CORE"]) == ["year", "time", "go"])
    let text = Self.run(["today", dir, "--date", "2026-05-02", "--deck", "verbs"])
    #expect(text.out == """
      Plan for 2026-05-02
      1 minute of 30 minutes

      New words
        • run → бігти, бігати · 30 seconds · new word
        • go → йти · 30 seconds · new word

      2026-05-02: 2 items, 1 minute (budget 30 minutes)

      """)
    let r = Self.run(["today", dir, "--deck", "food"])
    #expect(r.code == 64 && r.err.hasPrefix("planner: error: --deck: 'food' is not valid: expected a tag of the learner's words: core, verbs\n"), "\(r.err)")
  }

  @Test("record --events: the bad-word rules apply to a batch, the file and line named, exit 1, nothing written")
  func batchWordValidation() throws {
    let dir = try Self.deckLearner()
    let before = Self.events(dir)
    func batch(_ lines: [String]) throws -> String { try Self.file("b.jsonl", lines.joined(separator: "\n") + "\n") }
    let ok = #"{"version":1,"id":"b1","at":"2026-05-02T10:00:00Z","type":"word.added","payload":{"english":"cat","ukrainian":["кіт"]}}"#
    let cases: [(String, String)] = [
      (#"{"version":1,"id":"b2","at":"2026-05-02T10:00:00Z","type":"word.added","payload":{"english":"do\tg","ukrainian":["пес"]}}"#,
       "2 at payload.english: expected an English word or phrase: text without tabs (found a tab)"),
      (#"{"version":1,"id":"b2","at":"2026-05-02T10:00:00Z","type":"word.added","payload":{"english":"dog","ukrainian":["пес","пе\ns"]}}"#,
       "2 at payload.ukrainian[1]: expected a Ukrainian translation: one line of text (found a line break)"),
      (#"{"version":1,"id":"b2","at":"2026-05-02T10:00:00Z","type":"word.lookedUp","payload":{"english":"\#(String(repeating: "a", count: 101))","ukrainian":["а"]}}"#,
       "2 at payload.english: expected an English word or phrase: at most 100 characters (found 101)"),
      (#"{"version":1,"id":"b2","at":"2026-05-02T10:00:00Z","type":"word.edited","payload":{"english":"time","ukrainian":["ч\u0001с"]}}"#,
       "2 at payload.ukrainian[0]: expected a Ukrainian translation: text without control characters (found U+0001)"),
      (#"{"version":1,"id":"b2","at":"2026-05-02T10:00:00Z","type":"word.added","payload":{"english":"dog","ukrainian":["п\uFFFDс"]}}"#,
       "2 at payload.ukrainian[0]: expected a Ukrainian translation: valid UTF-8 text (found U+FFFD, what is left of bytes that are not UTF-8)"),
      (#"{"version":1,"id":"b2","at":"2026-05-02T10:00:00Z","type":"word.tagged","payload":{"english":"time","tags":["a b"]}}"#,
       "2 at payload.tags[0]: expected a tag: one word without spaces or `;` (they separate tags in a deck file)"),
    ]
    for (line, message) in cases {
      let path = try batch([ok, line])
      let r = Self.run(["record", dir, "--events", path])
      #expect(r.code == 1, "\(line)")
      #expect(r.err == "planner: error: \(path):\(message)\n")
      #expect(Self.events(dir) == before, "all or nothing: \(line)")
    }
    // Bytes that are not UTF-8 inside a line: refused by the reader, line named.
    let raw = TemporaryFolder.make("raw") + "/raw.jsonl"
    try Data(Array((ok + "\n").utf8) + Array(#"{"version":1,"id":"b2","at":"2026-05-02T10:00:00Z","type":"word.added","payload":{"english":"dog","ukrainian":[""#.utf8) + [0xFF] + Array(#""]}}"#.utf8) + [0x0A]).write(to: URL(fileURLWithPath: raw))
    let invalid = Self.run(["record", dir, "--events", raw])
    #expect(invalid.code == 1 && invalid.err.hasPrefix("planner: error: \(raw):2: expected one JSON event per line"), "\(invalid.err)")
    #expect(Self.events(dir) == before)
    // A translation with no Cyrillic letter is recorded, with a warning naming the file and line.
    let latin = #"{"version":1,"id":"b3","at":"2026-05-02T10:00:00Z","type":"word.added","payload":{"english":"dog","ukrainian":["dog"]}}"#
    let path = try batch([ok, latin])
    let warned = Self.run(["record", dir, "--events", path])
    #expect(warned.code == 0 && warned.out == "recorded 2 events\n")
    #expect(warned.err == "planner: warning: \(path):2: 'dog': the translation 'dog' has no Cyrillic letter\n")
  }

  @Test("a look-up of a word nobody can translate: its own error code, exit 1, nothing written")
  func unknownLookup() throws {
    let dir = Self.learner()
    let r = Self.run(["record", dir, "word", "lookup", "zyzzyva"])
    #expect(r.code == 1)
    #expect(r.err == "planner: error: 'zyzzyva' is not in the learner's dictionary nor in the built-in English→Ukrainian list (619 words): "
      + "give the translation the app showed with --translation UK, or add the word with `planner record DIR word add`\n")
    #expect(Self.events(dir).isEmpty)
    let d = Diagnostic(PlanEngineError.unknownLookup("zyzzyva", listSize: BuiltInDictionary.count))
    #expect(d.code == "unknownLookup" && d.exitCode == 1)
    // The translation the app gives is checked like any translation typed.
    let bad = Self.run(["record", dir, "word", "lookup", "zyzzyva", "--translation", "жу\tк"])
    #expect(bad.code == 64 && bad.err.hasPrefix("planner: error: --translation: "), "\(bad.err)")
    #expect(Self.events(dir).isEmpty)
  }

  @Test("the plan says what the leech treatment is, in the learner's language (en, uk)", arguments: [PlanLocale.english, .ukrainian])
  func leechNote(_ locale: PlanLocale) throws {
    let dir = Self.learner("leech-\(locale.rawValue)", locale: locale)
    _ = Self.run(["record", dir, "word", "add", "beautiful", "гарний", "--at", "2026-05-01T08:00:00Z"])
    for day in 1...4 {
      #expect(Self.run(["record", dir, "quiz", "beautiful", "--answer", "не знаю", "--at", "2026-05-0\(day)T09:00:00Z"]).code == 0)
    }
    let r = Self.run(["today", dir, "--date", "2026-05-06"])
    #expect(r.code == 0)
    let line = r.out.split(separator: "\n").first { $0.contains("beautiful") }.map(String.init)
    let expected = locale == .english
      ? "  • beautiful → гарний · 12 seconds · recall 53%, and you reached for it since you last knew it; a leech (failed again and again): relearn it: read the card and make up a sentence with it, or suspend it"
      : "  • beautiful → гарний · 12 секунд · пригадування 53%, і воно вам знадобилося відтоді, як ви його знали; проблемне слово (забувається знову і знову): вивчіть його заново: прочитайте картку й складіть із ним речення, або призупиніть його"
    #expect(line == expected, "\(r.out)")
    // The JSON plan flags it; words and stats say it in the same language.
    #expect(Self.run(["today", dir, "--date", "2026-05-06", "--format", "json"]).out.contains(#""leech" : true"#))
    #expect(Self.run(["words", dir, "--date", "2026-05-06"]).out.contains(locale == .english ? ", leech, " : ", проблемне, "))
    #expect(Self.run(["stats", dir, "--date", "2026-05-06"]).out.contains(locale == .english
      ? "  leeches (failed again and again; relearn or suspend): beautiful\n"
      : "  проблемні слова (забуваються знову і знову; вивчіть заново або призупиніть): beautiful\n"))
  }
}
