import Foundation
import Testing
@testable import MemoryModels
@testable import PlannerCore
@testable import Vocabulary

@Suite("Vocabulary: the one ranking, leeches, deck order")
struct VocabularyRankingTests {
  static let clock = try! LearningDayClock(timeZoneIdentifier: "UTC", dayStartHour: 4)
  static let day = EpochDay(year: 2026, month: 5, day: 12)!
  static let added = Date(timeIntervalSince1970: 1_770_000_000)

  static func reviewed(_ en: String, stability: Double, daysAgo: Int, popularity: Int = 0, lapses: Int = 0, reviewDays: Int = 1,
                       suspended: Bool = false) -> VocabularyWord {
    VocabularyWord(
      english: en, translations: ["x"], addedAt: added, popularity: popularity, memory: MemoryState(stability: stability, difficulty: 5),
      lastReviewedAt: clock.instant(of: day.advanced(by: -daysAgo), minute: 600), lastRating: .good,
      reviewDays: reviewDays, lapses: lapses, suspended: suspended)
  }

  static func fresh(_ en: String, rank: Int?, popularity: Int = 0, addedAt: Date = added) -> VocabularyWord {
    VocabularyWord(english: en, translations: ["x"], addedAt: addedAt, popularity: popularity, rank: rank)
  }

  static func ranked(_ words: [VocabularyWord]) -> [RankedWord] {
    VocabularyPriority.ranked(words, on: day, clock: clock, model: FSRS6(), desiredRetention: 0.9)
  }

  @Test("due words by (1 − R)·weight, then reviewed words not due, then new words in deck order; suspended left out")
  func order() {
    let words = [
      Self.fresh("year", rank: 1), Self.fresh("time", rank: 0), Self.fresh("alpha", rank: nil),
      Self.fresh("later", rank: 0, addedAt: Self.added.addingTimeInterval(60)),
      Self.fresh("wanted", rank: 5, popularity: 1),
      Self.reviewed("at-risk", stability: 0.5, daysAgo: 9),  // R ≈ 0.64: due, priority ≈ 0.36
      Self.reviewed("ninety", stability: 10, daysAgo: 11),  // R ≈ 0.89: due, priority ≈ 0.11
      Self.reviewed("popular", stability: 10, daysAgo: 10, popularity: 3),  // R = 0.9, weight 3: 0.3
      Self.reviewed("fresh-in-mind", stability: 30, daysAgo: 1),  // not due
      Self.reviewed("paused", stability: 1, daysAgo: 20, suspended: true),
    ]
    let r = Self.ranked(words)
    #expect(r.map(\.word.english) == [
      "at-risk", "popular", "ninety", "fresh-in-mind", "wanted", "time", "year", "alpha", "later",
    ])
    #expect(r.map(\.group) == [.due, .due, .due, .notDue, .new, .new, .new, .new, .new])
    // The ranking is the plan's: the same words, the same order.
    let plan = try! VocabularyPlanner.plan(.init(day: Self.day, clock: Self.clock, words: words.shuffled(), newWordsPerDay: 3, budgetMinutes: 10))
    #expect(plan.items.map(\.english) == ["at-risk", "popular", "ninety", "wanted", "time", "year"])
    // And `words --sort priority`: the ranking, then suspended words.
    #expect(WordSort.priority.sorted(words, on: Self.day, clock: Self.clock, model: FSRS6(), desiredRetention: 0.9).map(\.english)
            == r.map(\.word.english) + ["paused"])
  }

  @Test("a leech: at least 4 lapses making up a third of its review days")
  func leech() {
    #expect(!Leech.isLeech(lapses: 3, reviewDays: 3))
    #expect(Leech.isLeech(lapses: 4, reviewDays: 12))
    #expect(!Leech.isLeech(lapses: 4, reviewDays: 13))
    #expect(Leech.isLeech(lapses: 8, reviewDays: 24))
    let w = Self.reviewed("beautiful", stability: 0.5, daysAgo: 2, lapses: 9, reviewDays: 23)
    let plan = try! VocabularyPlanner.plan(.init(day: Self.day, clock: Self.clock, words: [w], newWordsPerDay: 0, budgetMinutes: 5))
    #expect(plan.items.first?.leech == true)
    #expect(plan.items.first?.reason.text.hasSuffix("a leech (failed on 9 of 23 review days): relearn it: read the card and make up a sentence with it, or suspend it") == true)
    let stats = VocabularyStats.compute(words: [w, Self.reviewed("fine", stability: 9, daysAgo: 1)], day: Self.day, clock: Self.clock)
    #expect(stats.leeches == ["beautiful"])
    // Reminders show a leech's translation even in hint mode: re-exposure, not another failed recall.
    let reminders = try! ReminderScheduler.reminders(
      .init(clock: Self.clock, policy: ReminderPolicy(dailyCap: 1, mode: .hint), words: [w]), day: Self.day)
    #expect(reminders.map(\.mode) == [.translation] && reminders.first?.text == "beautiful — x")
  }

  @Test("a deck keeps its file order; the built-in dictionary reads the demo deck")
  func deckOrder() throws {
    let csv = "english,ukrainian\ntime,час\nyear,рік\npeople,люди\nafter,після\n"
    #expect(try DeckImporter.parse(Array(csv.utf8), file: "d.csv").map(\.english) == ["time", "year", "people", "after"])
    // The demo deck in its frequency order, and the built-in dictionary reads it.
    #expect(DemoDeck.entries.prefix(4).map(\.english) == ["time", "year", "people", "way"])
    #expect(BuiltInDictionary.entry("Airport")?.ukrainian == ["аеропорт"] && BuiltInDictionary.entry("zyzzyva") == nil)
    #expect(BuiltInDictionary.count == 619)
  }
}
