import Foundation
import Testing
@testable import MemoryModels
@testable import PlannerCore
@testable import Vocabulary

@Suite("Vocabulary: priority and the daily plan")
struct VocabPlanTests {
  /// Every branch of a review's reason, word for word (the text is written as bytes).
  @Test func reviewReasonTexts() {
    func text(_ recall: Double, days: Int, popularity: Int = 0, leech: Bool = false) -> String {
      VocabularyReviewReason(recall: recall, days: days, popularity: popularity, leech: leech, lapses: 9, reviewDays: 23).text
    }
    #expect(text(0.644, days: 9) == "recall now 64% (last review 9 days ago)")
    #expect(text(0.995, days: 1) == "recall now 100% (last review 1 day ago)")
    #expect(text(0.5, days: 0) == "recall now 50% (last review 0 days ago)")
    #expect(text(0.7, days: 2, popularity: 1) == "recall now 70% (last review 2 days ago); you reached for it once since you last knew it")
    #expect(text(0.7, days: 2, popularity: 2).hasSuffix("you reached for it twice since you last knew it"))
    #expect(text(0.7, days: 2, popularity: 12).hasSuffix("you reached for it 12 times since you last knew it"))
    #expect(text(0.3, days: 40, popularity: 3, leech: true) == "recall now 30% (last review 40 days ago); you reached for it 3 times since you last knew it; a leech (failed on 9 of 23 review days): relearn it: read the card and make up a sentence with it, or suspend it")
    // The longest text there is (every part, every number at its widest): the room it is written in.
    let widest = VocabularyReviewReason(recall: -9.2e16, days: Int.min, popularity: Int.max, leech: true, lapses: Int.min,
                                        reviewDays: Int.min).text
    #expect(widest == "recall now -9200000000000000000% (last review \(Int.min) days ago); you reached for it \(Int.max) times since "
      + "you last knew it; a leech (failed on \(Int.min) of \(Int.min) review days): relearn it: read the card and make up a "
      + "sentence with it, or suspend it")
  }

  static let kyiv = try! LearningDayClock(timeZoneIdentifier: "Europe/Kyiv", dayStartHour: 4)
  static let day = EpochDay(year: 2026, month: 3, day: 10)!
  static let model = FSRS6()

  /// A word last reviewed `daysAgo` learning days before `day`, at 10:00 Kyiv.
  static func word(_ en: String, _ uk: String, stability: Double?, daysAgo: Int = 0, popularity: Int = 0, added: Int = 0) -> VocabularyWord {
    let reviewed = kyiv.instant(of: day.advanced(by: -daysAgo), minute: 600)
    return VocabularyWord(
      english: en, translations: [uk], addedAt: Date(timeIntervalSince1970: 1_770_000_000 + Double(added)),
      popularity: popularity, memory: stability.map { MemoryState(stability: $0, difficulty: 5) },
      lastReviewedAt: stability == nil ? nil : reviewed, lastRating: stability == nil ? nil : .good)
  }

  @Test("priority formula: (1 − R) · (1 + log2(1 + popularity)), exact values")
  func formula() {
    #expect(VocabularyPriority.priority(recall: 0.9, popularity: 0) == 0.09999999999999998)
    #expect(abs(VocabularyPriority.priority(recall: 0.9, popularity: 1) - 0.2) < 1e-12)
    #expect(abs(VocabularyPriority.priority(recall: 0.9, popularity: 3) - 0.3) < 1e-12)
    #expect(abs(VocabularyPriority.priority(recall: 0.6, popularity: 7) - 1.6) < 1e-12)
    #expect(VocabularyPriority.priority(recall: 1, popularity: 50) == 0)
    #expect(VocabularyPriority.weight(popularity: -3) == 1)
  }

  @Test("priority for fixed words on a fixed date: R from FSRS-6 at whole learning days")
  func fixedWords() {
    // S = 10 days, 10 days ago: R = 0.9 exactly (R(S, S) = 0.9); popularity 3 → weight 3.
    let w = Self.word("cat", "кіт", stability: 10, daysAgo: 10, popularity: 3)
    let r = VocabularyPriority.recall(w, on: Self.day, clock: Self.kyiv, model: Self.model)!
    #expect(abs(r - 0.9) < 1e-12)
    #expect(abs(VocabularyPriority.priority(w, on: Self.day, clock: Self.kyiv, model: Self.model) - 0.3) < 1e-9)
    // S = 2, 5 days ago, default decay: R = (1 + factor·5/2)^(−decay)
    let w2 = Self.word("dog", "пес", stability: 2, daysAgo: 5)
    let expected = Self.model.retrievability(elapsedDays: 5, stability: 2)
    #expect(VocabularyPriority.recall(w2, on: Self.day, clock: Self.kyiv, model: Self.model) == expected)
    #expect(abs(expected - 0.8261) < 0.0005)
  }

  @Test("a review at 02:00 belongs to the previous learning day (day start 04:00)")
  func learningDay() {
    let twoAM = Self.kyiv.instant(of: Self.day, minute: 120)
    #expect(Self.kyiv.learningDay(of: twoAM) == Self.day.advanced(by: -1))
    #expect(Self.kyiv.learningDay(of: Self.kyiv.instant(of: Self.day, minute: 240)) == Self.day)
  }

  @Test("due reviews ordered by priority; popularity lifts an equally at-risk word")
  func ordering() throws {
    let words = [
      Self.word("apple", "яблуко", stability: 3, daysAgo: 3),
      Self.word("bread", "хліб", stability: 3, daysAgo: 3, popularity: 2),
      Self.word("cheese", "сир", stability: 1, daysAgo: 20),
      Self.word("door", "двері", stability: 30, daysAgo: 2),  // not due
    ]
    let plan = try VocabularyPlanner.plan(.init(day: Self.day, clock: Self.kyiv, words: words, newWordsPerDay: 0, budgetMinutes: 10))
    #expect(plan.items.map(\.english) == ["cheese", "bread", "apple"])
    #expect(plan.items.allSatisfy { $0.kind == .review })
    #expect(plan.items[1].reason.code == .dueAndNeeded)
    #expect(plan.items[2].reason.code == .due)
    #expect(plan.items[2].reason.text == "recall now 90% (last review 3 days ago)")
  }

  @Test("new words only while the reviews fit, up to the daily number")
  func newWords() throws {
    // A deck's words (ranked): the daily number, whatever waits.
    var words = (0..<6).map { i in
      var w = Self.word("new\(i)", "слово", stability: nil, added: i)
      w.rank = i
      return w
    }
    words.append(Self.word("old", "старий", stability: 1, daysAgo: 2))
    let plan = try VocabularyPlanner.plan(.init(day: Self.day, clock: Self.kyiv, words: words, newWordsPerDay: 3, budgetMinutes: 5))
    #expect(plan.items.map(\.english) == ["old", "new0", "new1", "new2"])
    #expect(plan.totalSeconds == 12 + 3 * 30)
    // A budget that fits the review and one new word.
    let tight = try VocabularyPlanner.plan(.init(day: Self.day, clock: Self.kyiv, words: words, newWordsPerDay: 3, budgetMinutes: 0.75))
    #expect(tight.items.map(\.english) == ["old", "new0"])
    // Reviews overflowing the budget: no new words, the rest deferred in order.
    let many = (0..<10).map { Self.word("w\($0)", "с", stability: 1, daysAgo: 1 + $0) } + words
    let over = try VocabularyPlanner.plan(.init(day: Self.day, clock: Self.kyiv, words: many, newWordsPerDay: 3, budgetMinutes: 1))
    #expect(over.items.count == 5)
    #expect(over.items.allSatisfy { $0.kind == .review })
    #expect(over.deferred.count == 6)
    #expect(over.items.map(\.english) == ["w9", "w8", "w7", "w6", "w5"])
  }

  @Test("new words: the daily number, up to twice it while words the learner added themselves wait")
  func newWordsMadeUp() throws {
    // limit = n + min(n, max(0, waiting − n)), waiting: unlearnt words without a deck rank.
    #expect([0, 2, 3, 4, 5, 6, 7, 40].map { VocabularyPlanner.newWordLimit(daily: 3, waitingByHand: $0) } == [3, 3, 3, 4, 5, 6, 6, 6])
    #expect(VocabularyPlanner.newWordLimit(daily: 0, waitingByHand: 10) == 0)
    let byHand = (0..<10).map { Self.word("hand\($0)", "слово", stability: nil, added: $0) }
    let plan = try VocabularyPlanner.plan(.init(day: Self.day, clock: Self.kyiv, words: byHand, newWordsPerDay: 3, budgetMinutes: 10))
    #expect(plan.items.map(\.english) == (0..<6).map { "hand\($0)" })
    // Four waiting: one more than the day's number.
    let four = try VocabularyPlanner.plan(.init(day: Self.day, clock: Self.kyiv, words: Array(byHand.prefix(4)), newWordsPerDay: 3, budgetMinutes: 10))
    #expect(four.items.count == 4)
    // A deck's words do not count as waiting: 2 by hand and 10 ranked give the daily number.
    let deck = (0..<10).map { i in
      var w = Self.word("deck\(i)", "слово", stability: nil, added: 20 + i)
      w.rank = i
      return w
    }
    let mixed = try VocabularyPlanner.plan(.init(day: Self.day, clock: Self.kyiv, words: Array(byHand.prefix(2)) + deck, newWordsPerDay: 3, budgetMinutes: 10))
    #expect(mixed.items.map(\.english) == ["hand0", "hand1", "deck0"])
    // The budget still bounds them: 2 minutes hold four new words of 30 s.
    let tight = try VocabularyPlanner.plan(.init(day: Self.day, clock: Self.kyiv, words: byHand, newWordsPerDay: 3, budgetMinutes: 2))
    #expect(tight.items.count == 4)
  }

  @Test("a new word the learner reached for comes first")
  func popularNew() throws {
    let words = [
      Self.word("alpha", "альфа", stability: nil, added: 0),
      Self.word("zebra", "зебра", stability: nil, popularity: 2, added: 5),
    ]
    let plan = try VocabularyPlanner.plan(.init(day: Self.day, clock: Self.kyiv, words: words, newWordsPerDay: 1, budgetMinutes: 5))
    // Two wait for a daily number of 1: the second is made up (``VocabularyPlanner/newWordLimit``).
    #expect(plan.items.map(\.english) == ["zebra", "alpha"])
    #expect(plan.items[0].reason.code == .newNeeded)
  }

  @Test("estimates: prior until data, then shrunk toward the learner's own mean")
  func estimates() {
    #expect(VocabularyPlanner.estimates(.init()) == VocabularyTimeEstimates(reviewSeconds: 12, newWordSeconds: 30, observedReviews: 0))
    // 10 reviews at 20 s: (12·10 + 20·10)/20 = 16 s; new words 30 · 16/12 = 40 s.
    #expect(VocabularyPlanner.estimates(.init(meanReviewSeconds: 20, reviewCount: 10)) == VocabularyTimeEstimates(reviewSeconds: 16, newWordSeconds: 40, observedReviews: 10))
    // Much data: close to the mean.
    #expect(VocabularyPlanner.estimates(.init(meanReviewSeconds: 6, reviewCount: 990)).reviewSeconds == 6)
  }

  @Test("same inputs, same plan, whatever the input order")
  func deterministic() throws {
    var rng = SplitMix64(seed: 42)
    var words: [VocabularyWord] = []
    for i in 0..<200 {
      let s: Double? = rng.next() % 4 == 0 ? nil : Double(rng.next() % 50 + 1) / 3
      words.append(Self.word("w\(i % 150)-\(i)", "слово", stability: s, daysAgo: Int(rng.next() % 30), popularity: Int(rng.next() % 5), added: Int(rng.next() % 3)))
    }
    let input = VocabularyPlanner.Input(day: Self.day, clock: Self.kyiv, words: words, newWordsPerDay: 7, budgetMinutes: 8)
    let a = try VocabularyPlanner.plan(input)
    var shuffled = input
    shuffled.words.reverse()
    let b = try VocabularyPlanner.plan(shuffled)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    #expect(try encoder.encode(a) == encoder.encode(b))
    #expect(a.totalSeconds <= a.budgetSeconds)
    let decoded = try JSONDecoder().decode(VocabularyPlan.self, from: encoder.encode(a))
    #expect(decoded == a)
  }

  @Test("bad plan input is refused")
  func badInput() {
    #expect(throws: PlanEngineError.self) {
      try VocabularyPlanner.plan(.init(day: Self.day, clock: Self.kyiv, words: [], newWordsPerDay: -1, budgetMinutes: 5))
    }
    #expect(throws: PlanEngineError.self) {
      try VocabularyPlanner.plan(.init(day: Self.day, clock: Self.kyiv, words: [], newWordsPerDay: 1, budgetMinutes: -5))
    }
    #expect(throws: PlanEngineError.self) { try EpochDay(parsing: "2026-02-30") }
    #expect(throws: PlanEngineError.self) { try LearningDayClock(timeZoneIdentifier: "Mars/Olympus") }
  }

  @Test("validation: empty translation and unknown word")
  func validation() throws {
    #expect(throws: PlanEngineError.invalidValue(keyPath: "ukrainian[1]", value: " ", expected: "a non-empty Ukrainian translation")) {
      try VocabularyValidation.translations(["кіт", " "])
    }
    #expect(throws: PlanEngineError.self) { try VocabularyValidation.translations([]) }
    #expect(try VocabularyValidation.translations([" кіт", "кiт", "котик"]) == ["кіт", "котик"])
    #expect(throws: PlanEngineError.unknownWord("dog")) {
      try VocabularyValidation.word("dog", in: [Self.word("cat", "кіт", stability: nil)])
    }
    #expect(try VocabularyValidation.word(" CAT ", in: [Self.word("cat", "кіт", stability: nil)]).english == "cat")
  }
}

@Suite("Vocabulary: listing and statistics")
struct VocabListingTests {
  static let day = VocabPlanTests.day
  static let clock = VocabPlanTests.kyiv

  static let words = [
    VocabPlanTests.word("banana", "банан", stability: nil, popularity: 1, added: 30),
    VocabPlanTests.word("Apple", "яблуко", stability: 3, daysAgo: 3, popularity: 4, added: 20),
    VocabPlanTests.word("cherry", "вишня", stability: 40, daysAgo: 1, added: 10),
    VocabPlanTests.word("date", "фінік", stability: 1, daysAgo: 9, popularity: 4, added: 40),
  ]

  @Test("sorted by date added, alphabetically, or by popularity, with tie-breaks")
  func sorts() {
    #expect(WordSort.date.sorted(Self.words).map(\.english) == ["cherry", "Apple", "banana", "date"])
    #expect(WordSort.alpha.sorted(Self.words).map(\.english) == ["Apple", "banana", "cherry", "date"])
    #expect(WordSort.popularity.sorted(Self.words).map(\.english) == ["Apple", "date", "banana", "cherry"])
    #expect(WordSort.popularity.sorted(Self.words.reversed()) == WordSort.popularity.sorted(Self.words))
  }

  @Test("stats: total, most popular, new, due, well known, who needs practice")
  func stats() {
    let s = VocabularyStats.compute(words: Self.words, day: Self.day, clock: Self.clock)
    #expect(s.totalWords == 4)
    #expect(s.mostPopular == "Apple")
    #expect(s.mostPopularCount == 4)
    #expect(s.newWords == 1)
    #expect(s.dueToday == 2)  // Apple (R = 0.9 at S) and date
    #expect(s.wellKnown == 2)  // Apple at exactly 0.9, cherry
    #expect(s.needMostPractice == ["date", "Apple", "cherry"])
    let none = VocabularyStats.compute(words: [], day: Self.day, clock: Self.clock)
    #expect(none.mostPopular == nil && none.averageRecall == nil && none.totalWords == 0)
  }
}
