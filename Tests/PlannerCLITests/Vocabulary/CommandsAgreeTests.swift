import Foundation
import Hifz
import Testing
@testable import DailyPlanning
@testable import LearnerStore
import PlannerCore
import TestSupport
import Vocabulary

/// Every command that shows a word's recall, what is due or a plan item reads the same loaded
/// state (`LearnerDailyPlanner.load`, the parameters in force) through the same rule
/// (`VocabularyPriority`): `today`, `words`, `stats`, `remind`, `show` and `nightly` agree on
/// the same day, for a learner whose parameters were refitted and for one on the defaults.
@Suite("CLI: today, words, stats, remind, show and nightly agree on recall and due")
struct CommandsAgreeTests {
  static let date = "2026-03-01"
  /// 2026-03-01T12:00:00Z: `show` has no --date, it plans on the learning day of `now`. The
  /// fitted learner's last quizzes are 2 days (words quizzed every third day) to 6 weeks (daily
  /// words) before it, so some words are due and some are not, whatever the fit.
  static let now = Date(timeIntervalSince1970: 1_772_366_400)

  /// `words` words quizzed on `days` days each, spaced 1–3 days apart, some wrong (seeded),
  /// a few looked up; in UTC. 30 × 20 = 600 reviews reach the first refit checkpoint (400).
  static func learner(_ name: String, words: Int, days: Int, root: TemporaryFolder) throws -> String {
    let dir = root.file(name)
    var profile = LearnerProfile(id: name)
    profile.timezone = "UTC"
    profile.dailyMinutes = 2  // some due reviews are deferred: the plan's due count is items + deferred
    try Learner.create(dir, profile: profile)
    var events: [LearnerEvent] = []
    var rng = SplitMix64(seed: 21)
    let start: Int64 = 1_767_225_600_000  // 2026-01-01T00:00Z
    func at(_ ms: Int64) -> EventTime { EventTime(epochMillis: ms, offsetSeconds: 0) }
    for w in 0..<words {
      events.append(LearnerEvent(id: "a\(w)", time: at(start + Int64(w) * 1000), payload: .wordAdded(english: "w\(w)", ukrainian: ["с\(w)"])))
    }
    for day in 0..<days {
      for w in 0..<words {
        let right = rng.next() % 10 < 8
        let t = start + Int64(day * (1 + w % 3)) * 86_400_000 + 3_600_000 + Int64(w) * 1000
        events.append(LearnerEvent(id: "q\(day)-\(w)", time: at(t),
                                   payload: .wordQuizzed(english: "w\(w)", answer: right ? "с\(w)" : "x", verdict: right ? .right : .wrong, seconds: 30)))
      }
    }
    for w in stride(from: 0, to: words, by: 4) {
      events.append(LearnerEvent(id: "l\(w)", time: at(start + 58 * 86_400_000 + Int64(w) * 1000), payload: .wordLookedUp(english: "w\(w)")))
    }
    try Learner.record(dir, events: events, now: now)
    return dir
  }

  static func json(_ r: CLIRun, _ what: String) throws -> [String: Any] {
    #expect(r.code == 0, "\(what): \(r.err)")
    return try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any], "\(what)")
  }

  static func check(_ name: String, words: Int, days: Int, parameters: String) throws {
    let tmp = TemporaryFolder("agree")
    let root = tmp.file("root")
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    defer { withExtendedLifetime(tmp) {} }
    let dir = try learner(name, words: words, days: days, root: tmp)

    // today: the plan, with the parameters in force.
    let todayRun = runCLI(["today", dir, "--date", date, "--format", "json"], now: now)
    let plan = try json(todayRun, "today")
    #expect((plan["parameters"] as? [String: Any])?["source"] as? String == parameters)

    // words: recall and due of each word.
    let listing = try json(runCLI(["words", dir, "--date", date, "--format", "json"], now: now), "words")
    var recall: [String: Double] = [:], popularity: [String: Int] = [:]
    var due: Set<String> = []
    for row in try #require(listing["words"] as? [[String: Any]]) {
      let english = try #require(row["english"] as? String)
      recall[english] = try #require(row["recall"] as? Double, "\(english) has a recall")
      popularity[english] = row["popularity"] as? Int
      if row["due"] as? Bool == true { due.insert(english) }
    }
    #expect(recall.count == words)
    #expect(due.count > 0 && due.count < words, "a mix of due and not due words")

    // The rule itself, on the state `today` plans on (the JSON's shortest decimals read back
    // through JSONSerialization, within a few ulps).
    let loaded = try LearnerDailyPlanner.load(dir)
    let day = try EpochDay(parsing: date)
    let clock = try loaded.vocabularyClock()
    for w in loaded.vocabularyWords {
      let r = try #require(VocabularyPriority.recall(w, on: day, clock: clock, model: loaded.memoryModel))
      #expect(abs(r - recall[w.english]!) < 1e-12, "\(w.english)")
      #expect(VocabularyPriority.isDue(w, on: day, clock: clock, model: loaded.memoryModel, desiredRetention: loaded.vocabularyRetention)
              == due.contains(w.english))
    }

    // today: every vocabulary review shows the word's recall (rounded to 3 places, as plans
    // do) and is due; reviews planned + deferred = the due count.
    let sections = try #require(plan["sections"] as? [[String: Any]])
    let reviews = sections.filter { $0["kind"] as? String == "vocabulary.reviews" }.flatMap { $0["items"] as? [[String: Any]] ?? [] }
    #expect(!reviews.isEmpty)
    for item in reviews {
      let english = try #require(item["english"] as? String)
      let shown = try #require((item["reason"] as? [String: Any])?["retrievability"] as? Double)
      #expect(shown == (recall[english]! * 1000).rounded() / 1000, "\(english)")
      #expect(due.contains(english), "\(english) is planned, so due")
    }
    let deferred = try #require((plan["totals"] as? [String: Any])?["deferredItems"] as? Int)
    #expect(deferred > 0)
    #expect(reviews.count + deferred == due.count)

    // stats: the same due count, recall and well-known words.
    let stats = try #require(try json(runCLI(["stats", dir, "--date", date, "--format", "json"], now: now), "stats")["stats"] as? [String: Any])
    #expect(stats["dueToday"] as? Int == due.count)
    // Well known: recall at least the desired retention (the profile's default, 0.85 since #19).
    #expect(stats["wellKnown"] as? Int == recall.values.filter { $0 >= 0.85 }.count)
    let mean = recall.values.reduce(0, +) / Double(recall.count)
    #expect(abs((stats["averageRecall"] as? Double ?? -1) - mean) < 1e-12)

    // show (on the learning day of `now`, the same date): the same recall per word and due count.
    let shown = try json(runCLI(["show", dir, "--format", "json"], now: now), "show")
    #expect((shown["learner"] as? [String: Any])?["learningDay"] as? String == date)
    #expect((shown["due"] as? [String: Any])?["words"] as? Int == due.count)
    let items = try #require(shown["items"] as? [[String: Any]])
    #expect(items.count == words)
    for item in items {
      let english = try #require(item["english"] as? String)
      #expect(item["retrievability"] as? Double == recall[english], "\(english)")
    }

    // remind: the next reminder's priority is the word's recall and popularity, as planned.
    let remind = try json(runCLI(["remind", dir, "--at", date + "T09:30:00Z", "--format", "json"], now: now), "remind")
    let reminder = try #require(remind["reminder"] as? [String: Any])
    let english = try #require(reminder["english"] as? String)
    let expected = VocabularyPriority.priority(recall: recall[english]!, popularity: popularity[english] ?? 0)
    #expect(abs((reminder["priority"] as? Double ?? -1) - expected) < 1e-12)
    // ... and it is the word of highest priority.
    let best = recall.keys.map { VocabularyPriority.priority(recall: recall[$0]!, popularity: popularity[$0] ?? 0) }.max()!
    #expect(abs(best - expected) < 1e-12)

    // nightly: the plan file is today's bytes.
    try FileManager.default.copyItem(atPath: dir, toPath: root + "/" + name)
    let nightly = runCLI(["nightly", root, "--date", date], now: now)
    #expect(nightly.code == 0, "\(nightly.err)")
    let file = try String(contentsOfFile: root + "/\(name)/plans/\(date).json", encoding: .utf8)
    #expect(file == todayRun.out)
  }

  @Test("a learner whose parameters were refitted from 600 reviews")
  func fitted() throws {
    try Self.check("fitted", words: 30, days: 20, parameters: "fitted")
  }

  /// `show` counts the Quran units due by the Quran planner's rule, the units `today` revises
  /// (recent and old revision) when nothing is deferred: a juz-30 learner with An-Naba to
  /// Al-Ghashiya memorised, some of it recited days ago.
  @Test("show's Quran due count is what today revises")
  func quranDue() throws {
    let tmp = TemporaryFolder("agree-quran")
    let dir = tmp.file("hafsa")
    var profile = LearnerProfile(id: "hafsa")
    profile.timezone = "UTC"
    profile.dailyMinutes = 90
    profile.quran.settings.dailyMinutes = 90
    profile.quran.settings.desiredRetention = 0.95  // the fixture's recitations make pages due at 0.95
    profile.quran.goal = QuranGoal(direction: .fromAnNas, scope: try AyahRange(parsing: "juz30"),
                                   memorised: [MemorisedRange(try AyahRange(parsing: "78-88"), selfRating: .good)],
                                   startDate: try EpochDay(parsing: "2026-02-01"))
    try Learner.create(dir, profile: profile)
    let start: Int64 = 1_769_904_000_000  // 2026-02-01T00:00Z
    var events: [LearnerEvent] = []
    for (k, surah) in (78...88).enumerated() {
      let t = start + Int64(k * 2) * 86_400_000 + 7 * 3_600_000
      events.append(LearnerEvent(id: "r\(surah)", time: EventTime(epochMillis: t, offsetSeconds: 0),
                                 payload: .recitation(Recitation(range: "\(surah)", tier: .oldRevision, grade: k % 4 == 0 ? 2 : 3))))
    }
    try Learner.record(dir, events: events, now: Self.now)
    let plan = try Self.json(runCLI(["today", dir, "--date", Self.date, "--format", "json"], now: Self.now), "today")
    #expect((plan["totals"] as? [String: Any])?["deferredItems"] as? Int == 0)
    var units = Set<ReviewUnitID>()
    for section in try #require(plan["sections"] as? [[String: Any]]) where ["quran.recent", "quran.old"].contains(section["kind"] as? String) {
      for item in section["items"] as? [[String: Any]] ?? [] {
        for r in item["ranges"] as? [String] ?? [] { units.formUnion(ReviewUnits.units(overlapping: try AyahRange(parsing: r))) }
      }
    }
    #expect(!units.isEmpty, "some memorised pages are due on \(Self.date)")
    let shown = try Self.json(runCLI(["show", dir, "--format", "json"], now: Self.now), "show")
    #expect((shown["due"] as? [String: Any])?["quranPages"] as? Int == units.count)
  }

  @Test("a learner on the default parameters")
  func defaults() throws {
    try Self.check("defaults", words: 12, days: 10, parameters: "defaults")
  }
}
