import Foundation
import Testing
@testable import LearnerStore
import TestSupport
@testable import PlannerCLI
@testable import PlannerCore
@testable import Vocabulary

/// A month of RecallLingo use, scripted and seeded, through the CLI in-process (the code that
/// ships): a frequency deck imported, 10 minutes a day of the plan's quizzes (about one answer
/// in ten wrong), a word that never sticks, look-ups of words the learner did not have (one from
/// the built-in list, one with the app's translation), the day's reminders shown and answered
/// at random through their buttons. Every day the commands must agree, and at the end the
/// leech is flagged.
@Suite("Scenario: a month of vocabulary (deck, look-ups, quizzes, reminders, a leech)")
struct VocabularyMonthScenarioTests {
  static let now = Date(timeIntervalSince1970: 1_783_000_000)  // 2026-07-02, after the month

  static func run(_ args: [String]) -> CLIRun {
    let r = runCLI(args, now: now)
    #expect(r.code == 0, "\(args): \(r.err)")
    return r
  }

  static func json(_ args: [String]) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(run(args + ["--format", "json"]).out.utf8)) as? [String: Any])
  }

  static func day(_ d: Int) -> String { d < 10 ? "2026-06-0\(d)" : "2026-06-\(d)" }

  @Test("30 days: deck order kept, look-up-first = quiz-first, reminders rotate, commands agree, the leech is flagged")
  func month() throws {
    let dir = TemporaryFolder.newPath("month")
    var profile = LearnerProfile(id: "month")
    profile.timezone = "UTC"
    profile.dailyMinutes = 10
    try Learner.create(dir, profile: profile)

    // The deck: the demo deck's 39 most frequent words, in its order, and "beautiful"; the
    // first 20 in the deck "core", the rest in "more" ("beautiful" also in "adjectives").
    let deckWords = Array(DemoDeck.entries.prefix(39)) + [BuiltInDictionary.entry("beautiful")!]
    let csv = "english,ukrainian,tags\n" + deckWords.enumerated().map { i, e in
      "\(e.english),\(e.ukrainian.joined(separator: ";")),\(i < 20 ? "core" : e.english == "beautiful" ? "more adjectives" : "more")"
    }.joined(separator: "\n") + "\n"
    let deck = TemporaryFolder.make("deck") + "/deck.csv"
    try Data(csv.utf8).write(to: URL(fileURLWithPath: deck))
    #expect(Self.run(["words", dir, "import", deck, "--at", "2026-05-31T20:00:00Z"]).out.contains("40 added"))

    var rng = SplitMix64(seed: 15)
    var firstNewWords: [String]?
    var lookupFirstAnswers = 0
    var reminderDays = 0
    var leechNoted: String?
    for d in 1...30 {
      let date = Self.day(d)
      // Look-ups during the day of words not in the dictionary: one event adds and counts each.
      if d == 3 { #expect(Self.run(["record", dir, "word", "lookup", "airport", "--at", "\(date)T08:30:00Z"]).out.contains("built-in list")) }
      if d == 3 { _ = Self.run(["record", dir, "word", "add", "bridge", "міст", "--at", "\(date)T08:30:00Z"]) }
      if d == 5 { _ = Self.run(["record", dir, "word", "lookup", "elephant", "--translation", "слон", "--at", "\(date)T08:40:00Z"]) }

      let plan = try Self.json(["today", dir, "--date", date])
      let sections = try #require(plan["sections"] as? [[String: Any]])
      func items(_ kind: String) -> [String] {
        (sections.first { $0["kind"] as? String == kind }?["items"] as? [[String: Any]] ?? []).compactMap { $0["english"] as? String }
      }
      let reviews = items("vocabulary.reviews"), fresh = items("vocabulary.new")
      if firstNewWords == nil, !fresh.isEmpty { firstNewWords = fresh }

      // The commands agree: the plan's reviews are the head of the one ranking's due words,
      // reviews + deferred = stats' due count = words' due flags; stats' "need most practice"
      // is the ranking's head; the planned reminders are the ranking's words, each once.
      let listing = try #require(try Self.json(["words", dir, "--date", date, "--sort", "priority"])["words"] as? [[String: Any]])
      let ranked = listing.compactMap { $0["english"] as? String }
      let due = listing.filter { $0["due"] as? Bool == true }.compactMap { $0["english"] as? String }
      #expect(Array(due.prefix(reviews.count)) == reviews, "\(date)")
      #expect(Array(ranked.prefix(due.count)) == due, "\(date): due words lead the ranking")
      // The same recall for the same word and day in the plan and in the listing.
      let reviewItems = sections.first { $0["kind"] as? String == "vocabulary.reviews" }?["items"] as? [[String: Any]] ?? []
      for item in reviewItems {
        let en = item["english"] as? String
        let planned = (item["reason"] as? [String: Any])?["retrievability"] as? Double
        let listed = listing.first { $0["english"] as? String == en }?["recall"] as? Double
        #expect(planned != nil && planned == listed.map { ($0 * 1000).rounded() / 1000 }, "\(date) \(en ?? "")")
      }
      // The leech's treatment in the plan, in the learner's language (the first day it is planned as one).
      if leechNoted == nil, reviewItems.contains(where: { ($0["reason"] as? [String: Any])?["leech"] as? Bool == true }) {
        leechNoted = date
        let en = Self.run(["today", dir, "--date", date]).out, uk = Self.run(["today", dir, "--date", date, "--locale", "uk"]).out
        #expect(en.contains("; a leech (failed again and again): relearn it: read the card and make up a sentence with it, or suspend it\n"), "\(en)")
        #expect(uk.contains("; проблемне слово (забувається знову і знову): вивчіть його заново: прочитайте картку й складіть із ним речення, або призупиніть його\n"), "\(uk)")
      }
      let deferred = (plan["totals"] as? [String: Any])?["deferredItems"] as? Int ?? -1
      #expect(reviews.count + deferred == due.count, "\(date)")
      let stats = try #require(try Self.json(["stats", dir, "--date", date])["stats"] as? [String: Any])
      #expect(stats["dueToday"] as? Int == due.count, "\(date)")
      let reviewed = listing.filter { $0["recall"] != nil }.compactMap { $0["english"] as? String }
      #expect(stats["needMostPractice"] as? [String] == Array(reviewed.prefix(5)), "\(date)")
      let reminders = (plan["reminders"] as? [[String: Any]] ?? []).compactMap { $0["english"] as? String }
      #expect(Set(reminders).count == reminders.count, "\(date): reminders rotate: \(reminders)")
      let remindable = listing.filter { $0["recall"] != nil || ($0["popularity"] as? Int ?? 0) > 0 }.compactMap { $0["english"] as? String }
      #expect(reminders.count == min(7, remindable.count), "\(date)")  // 08:00–22:00 every 2 h: 7 slots; the cap, 8
      #expect(Array(remindable.prefix(min(due.count, reminders.count))) == Array(reminders.prefix(min(due.count, reminders.count))), "\(date)")
      if reminders.count > 1 { reminderDays += 1 }

      // The learner does the plan in the evening: right answers, about one in ten wrong, and
      // "beautiful" never right.
      var lines: [String] = []
      // (airport and bridge are practised apart, below, on the same days.)
      for (i, en) in (reviews + fresh).enumerated() where en != "airport" && en != "bridge" {
        let entry = deckWords.first { $0.english == en } ?? BuiltInDictionary.entry(en) ?? DeckEntry(english: en, ukrainian: ["слон"])
        let wrong = en == "beautiful" || rng.next() % 10 == 0
        let answer = wrong ? "не знаю" : entry.ukrainian[0]
        let verdict = AnswerChecker.check(answer, accepted: entry.ukrainian).verdict
        let e = LearnerEvent(id: "q\(d)-\(i)", time: EventTime("\(date)T19:\(i < 10 ? "0" : "")\(i):00Z")!,
                             payload: .wordQuizzed(english: en, answer: answer, verdict: verdict, seconds: 12))
        lines.append(String(decoding: e.line, as: UTF8.self))
      }
      // The look-up-first and the quiz-first word get the same six right answers.
      if [4, 6, 9, 13, 19, 27].contains(d) {
        for (i, (en, uk)) in [("airport", "аеропорт"), ("bridge", "міст")].enumerated() {
          let e = LearnerEvent(id: "p\(d)-\(i)", time: EventTime("\(date)T12:0\(i):00Z")!,
                               payload: .wordQuizzed(english: en, answer: uk, verdict: .right, seconds: 10))
          lines.append(String(decoding: e.line, as: UTF8.self))
        }
        lookupFirstAnswers += 1
      }
      // The day's reminders are shown; each answered through its button at random, or ignored.
      for (i, r) in (plan["reminders"] as? [[String: Any]] ?? []).enumerated() {
        let en = r["english"] as! String
        let at = EventTime(r["at"] as! String)!
        lines.append(String(decoding: LearnerEvent(id: "s\(d)-\(i)", time: at, payload: .reminderShown(english: en, mode: .translation)).line, as: UTF8.self))
        let action: ReminderAction? = ["airport", "bridge"].contains(en) ? nil : [.known, .unknown, .dismissed, nil][Int(rng.next() % 4)]
        if let action {
          let acted = EventTime(epochMillis: at.epochMillis + 60_000, offsetSeconds: 0)
          lines.append(String(decoding: LearnerEvent(id: "a\(d)-\(i)", time: acted, payload: .reminderActed(english: en, action: action)).line, as: UTF8.self))
        }
      }
      let batch = TemporaryFolder.make("day") + "/day.jsonl"
      try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: batch))
      _ = Self.run(["record", dir, "--events", batch])
    }

    // Deck order: the first new words were the deck's first (its frequency order, not A→Z).
    #expect(firstNewWords == ["time", "year", "people", "way", "day"])
    // Look-up-first and quiz-first: the same memory after the same six right answers.
    #expect(lookupFirstAnswers == 6)
    let rows = try #require(try Self.json(["words", dir, "--date", "2026-07-01"])["words"] as? [[String: Any]])
    func row(_ en: String) throws -> [String: Any] { try #require(rows.first { $0["english"] as? String == en }) }
    #expect(try row("airport")["stability"] as? Double == (try row("bridge")["stability"] as? Double))
    #expect(try row("airport")["difficulty"] as? Double == (try row("bridge")["difficulty"] as? Double))
    #expect(try row("elephant")["ukrainian"] as? [String] == ["слон"])
    // Reminders rotated on the days with more than one remindable word.
    #expect(reminderDays >= 25)
    // The leech is flagged, shown by stats and words.
    let stats = try #require(try Self.json(["stats", dir, "--date", "2026-07-01"])["stats"] as? [String: Any])
    #expect((stats["leeches"] as? [String])?.first == "beautiful")
    #expect(try row("beautiful")["leech"] as? Bool == true)
    #expect(Self.run(["stats", dir, "--date", "2026-07-01"]).out.contains("  leeches (failed again and again; relearn or suspend): beautiful"))
    #expect(leechNoted != nil)
    // One deck studied: only its words.
    let core = Set(deckWords.prefix(20).map(\.english))
    let coreRows = try #require(try Self.json(["today", dir, "--date", "2026-07-02", "--deck", "core"])["sections"] as? [[String: Any]])
    let corePlanned = coreRows.flatMap { ($0["items"] as? [[String: Any]] ?? []).compactMap { $0["english"] as? String } }
    #expect(!corePlanned.isEmpty && corePlanned.allSatisfy(core.contains), "\(corePlanned)")
    // Its deck suspended, the leech leaves the plan; suspended on its own, it stays out when the deck is back.
    #expect(Self.run(["words", dir, "suspend", "--tag", "adjectives", "--at", "2026-07-01T08:00:00Z"]).out
      == "Suspended the deck adjectives: 1 word left out of plans and reminders.\n")
    #expect(!Self.run(["today", dir, "--date", "2026-07-02"]).out.contains("beautiful"))
    _ = Self.run(["record", dir, "word", "suspend", "beautiful", "--at", "2026-07-01T08:01:00Z"])
    _ = Self.run(["words", dir, "unsuspend", "--tag", "adjectives", "--at", "2026-07-01T08:02:00Z"])
    #expect(!Self.run(["today", dir, "--date", "2026-07-02"]).out.contains("beautiful"))
  }
}
