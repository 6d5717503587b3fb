import Foundation
import Testing
@testable import MemoryModels
@testable import PlannerCore
@testable import Vocabulary

/// A day's recall and "due" worked out once (``VocabularyDayFacts``) and handed to the ranking
/// and the reminders changes nothing they decide: the same plan and the same reminders as when
/// each works them out itself, and facts of another day are ignored.
@Suite("Vocabulary: a day's recall worked out once for the ranking and the reminders")
struct VocabularyDayFactsTests {
  @Test(arguments: [("Europe/Kyiv", UInt64(21)), ("America/New_York", 22), ("UTC", 23)])
  func sameDecisionsWithTheFacts(zone: String, seed: UInt64) throws {
    let clock = try LearningDayClock(timeZoneIdentifier: zone, dayStartHour: 4)
    let day = EpochDay(year: 2026, month: 6, day: 2)!
    let model = FSRS6()
    var reminders = 0, reviews = 0
    for n in 0..<4 {
      let words = VocabularyRankingSpeedTests.words(seed: seed &+ UInt64(n), count: 300, clock: clock, day: day)
      let lastDays = VocabularyRanking.lastReviewDays(words, clock: clock)
      let facts = VocabularyDayFacts(words, lastDays: lastDays, on: day, model: model, desiredRetention: 0.85)
      for i in words.indices {
        #expect(facts.recall[i] == VocabularyRanking.recall(words[i].memory, lastDay: lastDays[i], on: day, model: model))
        #expect(facts.due[i] == VocabularyRanking.isDue(words[i].memory, lastDay: lastDays[i], on: day, model: model,
                                                         desiredRetention: 0.85))
      }
      let otherDay = VocabularyDayFacts(words, lastDays: lastDays, on: day.advanced(by: 9), model: model, desiredRetention: 0.85)

      var plan = VocabularyPlanner.Input(day: day, clock: clock, words: words, newWordsPerDay: 6, budgetMinutes: 12,
                                         desiredRetention: 0.85, model: model)
      let alone = try VocabularyPlanner.planned(plan).plan
      for given in [facts, otherDay] {
        plan.dayFacts = given
        #expect(try VocabularyPlanner.planned(plan).plan == alone)
      }
      reviews += alone.items.filter { $0.kind == .review }.count

      var input = ReminderScheduler.Input(clock: clock, policy: ReminderPolicy(frequencyMinutes: 45, dailyCap: 10), words: words,
                                          model: model, desiredRetention: 0.85)
      let scheduled = try ReminderScheduler.reminders(input, day: day)
      for given in [facts, otherDay] {
        input.dayFacts = given
        #expect(try ReminderScheduler.reminders(input, day: day) == scheduled)
      }
      reminders += scheduled.count
    }
    #expect(reminders > 10 && reviews > 10)  // decisions compared, not empty days
  }
}
