import Foundation
import Testing
@testable import LearnerStore
@testable import DailyPlanning
import TestSupport
@testable import PlannerCLI
@testable import PlannerCore
@testable import Vocabulary

@Suite("CLI: words, stats, remind")
struct VocabCommandsTests {
  static let now = Date(timeIntervalSince1970: 1_778_576_400)  // 2026-05-12T09:00:00Z = 12:00 Kyiv

  /// A fresh learner in Europe/Kyiv, in a temporary folder.
  static func learner() throws -> String {
    let dir = TemporaryFolder.newPath("vocab-cli")
    var profile = LearnerProfile(id: "t")
    profile.timezone = "Europe/Kyiv"
    profile.vocabulary.reminderEveryMinutes = 60
    profile.vocabulary.reminderDailyCap = 20
    try Learner.create(dir, profile: profile)
    return dir
  }

  static func record(_ dir: String, _ items: [(String, EventPayload)]) throws {
    let events = items.enumerated().map { i, item in
      LearnerEvent(id: "t\(i)-\(item.0)", time: EventTime(item.0)!, payload: item.1)
    }
    try Learner.record(dir, events: events, now: now)
  }

  static func run(_ args: [String]) -> (Int32, String, String) {
    let r = runCLI(args, now: now)
    return (r.code, r.out, r.err)
  }

  static func write(_ text: String, _ name: String) throws -> String {
    let path = TemporaryFolder.make("file") + "/" + name
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test("words import: added, merged, re-import changes nothing")
  func importDeck() throws {
    let dir = try Self.learner()
    let deck = try Self.write("english,ukrainian\ncat,кіт\ndog,пес;собака\ncat,кішка\n", "deck.csv")
    let (code, out, err) = Self.run(["words", dir, "import", deck, "--at", "2026-05-10T10:00:00+03:00"])
    #expect(code == 0, "\(err)")
    #expect(out == "Imported 2 words from \(deck): 2 added, 0 gained translations, 0 unchanged.\n")
    let again = Self.run(["words", dir, "import", deck])
    #expect(again.1 == "Imported 2 words from \(deck): 0 added, 0 gained translations, 2 unchanged.\n")
    let more = try Self.write(#"[{"english":"Dog","ukrainian":["песик","пес"]}]"#, "more.json")
    #expect(Self.run(["words", dir, "import", more]).1 == "Imported 1 word from \(more): 0 added, 1 gained translations, 0 unchanged.\n")
    let list = Self.run(["words", dir, "--sort", "alpha"])
    #expect(list.0 == 0)
    #expect(list.1 == "cat — кіт, кішка  (popularity 0, new, added 2026-05-10)\ndog — пес, собака, песик  (popularity 0, new, added 2026-05-10)\n")
  }

  @Test("words import: a bad deck is refused with its line and column, nothing written")
  func importBad() throws {
    let dir = try Self.learner()
    let before = try Data(contentsOf: URL(fileURLWithPath: dir + "/events.jsonl"))
    let deck = try Self.write("english,ukrainian\ncat,кіт\ndog,\n", "bad.csv")
    let (code, _, err) = Self.run(["words", dir, "import", deck])
    #expect(code == 1)
    #expect(err.contains("bad.csv:3 at column 2 (ukrainian): expected at least one Ukrainian translation"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/events.jsonl")) == before)
  }

  @Test("words: sorts by popularity, JSON listing, bad sort is a usage error")
  func listing() throws {
    let dir = try Self.learner()
    try Self.record(dir, [
      ("2026-05-01T10:00:00+03:00", .wordAdded(english: "apple", ukrainian: ["яблуко"])),
      ("2026-05-02T10:00:00+03:00", .wordAdded(english: "bread", ukrainian: ["хліб"])),
      // studied, then looked up on a later day: a lapse (a look-up of a new word only introduces it)
      ("2026-05-02T10:01:00+03:00", .wordQuizzed(english: "bread", answer: "хліб", verdict: .right, seconds: nil)),
      ("2026-05-03T10:00:00+03:00", .wordLookedUp(english: "bread")),
      ("2026-05-03T10:05:00+03:00", .wordLookedUp(english: "bread")),
    ])
    let (code, out, _) = Self.run(["words", dir, "--sort", "popularity", "--format", "json"])
    #expect(code == 0)
    let json = try JSONSerialization.jsonObject(with: Data(out.utf8)) as! [String: Any]
    let words = json["words"] as! [[String: Any]]
    #expect(words.map { $0["english"] as! String } == ["bread", "apple"])
    #expect(words[0]["popularity"] as? Int == 2)
    #expect(words[0]["due"] as? Bool == true)
    #expect(words[1]["recall"] == nil)
    #expect(Self.run(["words", dir, "--sort", "size"]).0 == 64)
    #expect(Self.run(["words", dir, "exprot"]).0 == 64)
  }

  @Test("stats: total, most popular and more")
  func stats() throws {
    let dir = try Self.learner()
    try Self.record(dir, [
      ("2026-05-01T10:00:00+03:00", .wordAdded(english: "apple", ukrainian: ["яблуко"])),
      ("2026-05-01T10:00:01+03:00", .wordAdded(english: "bread", ukrainian: ["хліб"])),
      ("2026-05-01T10:00:02+03:00", .wordAdded(english: "cheese", ukrainian: ["сир"])),
      ("2026-05-02T10:00:00+03:00", .wordQuizzed(english: "bread", answer: "хліб", verdict: .right, seconds: nil)),
      ("2026-05-03T10:00:00+03:00", .wordLookedUp(english: "bread")),
      ("2026-05-11T10:00:00+03:00", .wordQuizzed(english: "apple", answer: "яблуко", verdict: .right, seconds: 8)),
    ])
    let (code, out, _) = Self.run(["stats", dir])
    #expect(code == 0)
    #expect(out == """
      Vocabulary on 2026-05-12
        words: 3 (1 not yet reviewed)
        most popular: bread (popularity 1)
        due today: 1
        well known (recall ≥ 85%): 1
        average recall: 80%
        need practice most: bread, apple

      """)
  }

  @Test("remind: the next reminder from --at, with today's events taken into account")
  func remind() throws {
    let dir = try Self.learner()
    try Self.record(dir, [
      ("2026-05-01T10:00:00+03:00", .wordAdded(english: "apple", ukrainian: ["яблуко"])),
      ("2026-05-01T10:00:01+03:00", .wordAdded(english: "bread", ukrainian: ["хліб"])),
      ("2026-05-03T10:00:00+03:00", .wordLookedUp(english: "bread")),
      ("2026-05-03T10:00:00+03:00", .wordLookedUp(english: "apple")),
      ("2026-05-12T09:10:00+03:00", .reminderShown(english: "bread", mode: .translation)),
    ])
    let (code, out, err) = Self.run(["remind", dir, "--at", "2026-05-12T09:30:00+03:00"])
    #expect(code == 0, "\(err)")
    // bread was shown at 09:10 (gap 3 h, frequency 60 min): apple at 10:00... but not before 10:10.
    #expect(out == "2026-05-12T11:00:00+03:00  translation\napple — яблуко\nactions: check-me, i-know, i-dont-know\n")
    let json = Self.run(["remind", dir, "--at", "2026-05-12T09:30:00+03:00", "--format", "json"])
    #expect(json.1.contains("\"english\" : \"apple\""))
    #expect(json.1.contains("\"localTime\" : \"2026-05-12T11:00:00+03:00\""))
  }

  @Test("remind: a bad --at is a usage error; a missing learner is an error")
  func remindErrors() throws {
    let dir = try Self.learner()
    #expect(Self.run(["remind", dir, "--at", "tomorrow"]).0 == 64)
    #expect(Self.run(["remind", dir + "-missing"]).0 == 1)
  }
}

@Suite("CLI: record quiz goes through the answer checker")
struct VocabQuizCommandTests {
  @Test("a typo is recorded as typo and the right spelling is shown; look-alikes are right")
  func quizVerdicts() throws {
    let dir = try VocabCommandsTests.learner()
    try VocabCommandsTests.record(dir, [("2026-05-01T10:00:00+03:00", .wordAdded(english: "apple", ukrainian: ["яблуко"]))])
    let typo = VocabCommandsTests.run(["record", dir, "quiz", "apple", "--answer", "яблоко", "--id", "q1", "--at", "2026-05-02T10:00:00+03:00"])
    #expect(typo.0 == 0)
    #expect(typo.1 == "recorded word.quizzed q1: typo, the right spelling is яблуко\n")
    let right = VocabCommandsTests.run(["record", dir, "quiz", "apple", "--answer", " ЯБЛУКO ", "--id", "q2", "--at", "2026-05-03T10:00:00+03:00"])
    #expect(right.1 == "recorded word.quizzed q2: right\n")
    let wrong = VocabCommandsTests.run(["record", dir, "quiz", "apple", "--answer", "груша", "--id", "q3", "--at", "2026-05-04T10:00:00+03:00"])
    #expect(wrong.1 == "recorded word.quizzed q3: wrong (яблуко)\n")
    let learner = try Learner.load(dir)
    #expect(learner.vocabularyWords.first?.popularity == 1)  // right reset it, wrong added one
  }
}

@Suite("CLI: remind on the DST change days in Europe/Kyiv")
struct VocabRemindDSTTests {
  @Test("next reminder at local 10:00 on both change days, UTC shifted by the offset", arguments: [
    ("2026-03-29T09:30:00+03:00", "2026-03-29T10:00:00+03:00", "2026-03-29T07:00:00Z"),
    ("2026-10-25T09:30:00+02:00", "2026-10-25T10:00:00+02:00", "2026-10-25T08:00:00Z"),
  ])
  func dst(_ at: String, _ local: String, _ utc: String) throws {
    let dir = try VocabCommandsTests.learner()
    try VocabCommandsTests.record(dir, [
      ("2026-03-01T10:00:00+02:00", .wordAdded(english: "apple", ukrainian: ["яблуко"])),
      ("2026-03-02T10:00:00+02:00", .wordLookedUp(english: "apple")),
    ])
    let r = runCLI(["remind", dir, "--at", at, "--format", "json"], now: Date(timeIntervalSince1970: 1_800_000_000))
    #expect(r.code == 0, "\(r.err)")
    #expect(r.out.contains("\"localTime\" : \"\(local)\""))
    #expect(r.out.contains("\"at\" : \"\(utc)\""))
    #expect(r.out.contains("\"text\" : \"apple — яблуко\""))
  }
}

@Suite("Vocabulary plan and reminders from a learner folder")
struct VocabLearnerPlanTests {
  @Test("the plan uses the profile's new words per day and the learner's own review time")
  func plan() throws {
    let dir = try VocabCommandsTests.learner()
    try VocabCommandsTests.record(dir, [
      ("2026-05-01T10:00:00+03:00", .wordAdded(english: "apple", ukrainian: ["яблуко"])),
      ("2026-05-01T10:00:01+03:00", .wordAdded(english: "bread", ukrainian: ["хліб"])),
      ("2026-05-01T10:00:02+03:00", .wordAdded(english: "cheese", ukrainian: ["сир"])),
      ("2026-05-01T10:00:03+03:00", .wordAdded(english: "door", ukrainian: ["двері"])),
      ("2026-05-02T10:00:00+03:00", .wordQuizzed(english: "apple", answer: "груша", verdict: .wrong, seconds: 32)),
    ])
    var loaded = try LearnerDailyPlanner.load(dir)
    loaded.profile.vocabulary.newWordsPerDay = 2
    loaded.profile.dailyMinutes = 5
    // The shipped path: `today`'s composition over the vocabulary planner.
    let plan = try LearnerDailyPlanner(now: VocabCommandsTests.now).dailyPlan(loaded, date: EpochDay(year: 2026, month: 5, day: 12)!)
    // One timed review of 32 s: (12·10 + 32)/11 ≈ 13.8 → 14 s; new words 30 · 13.82/12 ≈ 35 s.
    let reviews = plan.sections.filter { $0.kind == .vocabularyReviews }.flatMap(\.items)
    let fresh = plan.sections.filter { $0.kind == .vocabularyNewWords }.flatMap(\.items)
    #expect(reviews.map(\.english) == ["apple"] && reviews.map(\.estimatedSeconds) == [14])
    // Three added by hand wait, one more than the day's 2: that one is made up too (newWordLimit).
    #expect(fresh.map(\.english) == ["bread", "cheese", "door"] && fresh.map(\.estimatedSeconds) == [35, 35, 35])
    #expect(reviews[0].reason.code == .dueAndNeeded)
  }

  @Test("the day's reminders from the profile's settings, in the learner's timezone")
  func reminders() throws {
    let dir = try VocabCommandsTests.learner()  // every 60 min, cap 20, 08:00-22:00
    try VocabCommandsTests.record(dir, [
      ("2026-05-01T10:00:00+03:00", .wordAdded(english: "apple", ukrainian: ["яблуко"])),
      ("2026-05-02T10:00:00+03:00", .wordLookedUp(english: "apple")),
    ])
    // The shipped path: the reminders of `today`'s plan, planned before the day starts.
    let plan = try LearnerDailyPlanner(now: VocabCommandsTests.now).dailyPlan(try LearnerDailyPlanner.load(dir), date: EpochDay(year: 2026, month: 5, day: 12)!)
    // One word: the day's plan shows it once (a word repeats only once ignored or failed).
    #expect(plan.reminders.map(\.at) == ["2026-05-12T08:00:00+03:00"])
    #expect(plan.reminders.map(\.english) == ["apple"])
  }
}
