import Foundation
import Testing
@testable import MemoryModels
@testable import PlannerCore
@testable import Vocabulary

/// The ranking's cheap arrangement (``VocabularyRanking``: last-review days once through a
/// ``LearningDayClock/DayTable``, keys of plain values, due words sorted alone, new words by
/// partial selection) gives exactly the order of the rule as written: every word ranked by
/// ``VocabularyPriority/precedes(_:_:)`` from ``VocabularyPriority/recall(_:on:clock:model:)``.
@Suite("Vocabulary: the ranking's keys, partial selection and day table equal the rule")
struct VocabularyRankingSpeedTests {
  /// The rule as written, word by word (what ``VocabularyPriority/ranked`` computed before).
  static func reference(_ words: [VocabularyWord], day: EpochDay, clock: LearningDayClock, model: FSRS6, retention: Double) -> [RankedWord] {
    var out: [RankedWord] = []
    for w in words where !w.suspended {
      if let r = VocabularyPriority.recall(w, on: day, clock: clock, model: model) {
        let due = VocabularyPriority.isDue(w, on: day, clock: clock, model: model, desiredRetention: retention)
        out.append(RankedWord(word: w, group: due ? .due : .notDue, recall: r,
                              priority: VocabularyPriority.priority(recall: r, popularity: w.popularity), leech: Leech.isLeech(w)))
      } else {
        out.append(RankedWord(word: w, group: .new, recall: nil, priority: VocabularyPriority.weight(popularity: w.popularity),
                              leech: Leech.isLeech(w)))
      }
    }
    return out.sorted(by: VocabularyPriority.precedes)
  }

  /// Seeded words with many ties: few stabilities, popularities, added dates and ranks; last
  /// reviews around the DST changes of 2026 and at day starts.
  static func words(seed: UInt64, count: Int, clock: LearningDayClock, day: EpochDay) -> [VocabularyWord] {
    var rng = SplitMix64(seed: seed)
    func pick(_ n: UInt64) -> Int { Int(rng.next() % n) }
    let base = Date(timeIntervalSince1970: 1_760_000_000)
    return (0..<count).map { i in
      let en = "w\(pick(UInt64(count)))"  // duplicates on purpose
      let reviewed = pick(4) != 0
      let daysAgo = pick(400)
      let minute = [0, 240, 239, 241, 600, 1439][pick(6)]
      return VocabularyWord(
        english: en, translations: ["слово"], addedAt: base.addingTimeInterval(Double(pick(5)) * 3600),
        popularity: pick(3) == 0 ? pick(4) : 0,
        memory: reviewed ? MemoryState(stability: [0.5, 2, 10, 40, 200][pick(5)], difficulty: 5) : nil,
        lastReviewedAt: reviewed ? clock.instant(of: day.advanced(by: -daysAgo), minute: minute) : nil,
        lastRating: reviewed ? .good : nil, rank: pick(3) == 0 ? nil : pick(20),
        reviewDays: pick(20), lapses: pick(8), suspended: pick(15) == 0)
    }
  }

  @Test(arguments: [("Europe/Kyiv", UInt64(1)), ("America/New_York", 2), ("UTC", 3), ("Australia/Lord_Howe", 4)])
  func rankingEqualsTheRule(zone: String, seed: UInt64) throws {
    let clock = try LearningDayClock(timeZoneIdentifier: zone, dayStartHour: 4)
    let model = FSRS6()
    for day in [EpochDay(year: 2026, month: 3, day: 29)!, EpochDay(year: 2026, month: 11, day: 1)!, EpochDay(year: 2026, month: 5, day: 12)!] {
      let words = Self.words(seed: seed &+ UInt64(day.value), count: 600, clock: clock, day: day)
      for retention in [0.9, 0.8] {
        let expected = Self.reference(words, day: day, clock: clock, model: model, retention: retention)
        let got = VocabularyPriority.ranked(words, on: day, clock: clock, model: model, desiredRetention: retention)
        #expect(got == expected, "\(zone) \(day) \(retention)")
        // The plan: every due review in the ranking's order, then the first new words.
        let plan = try VocabularyPlanner.plan(.init(day: day, clock: clock, words: words, newWordsPerDay: 7, budgetMinutes: 10_000,
                                                    desiredRetention: retention, model: model))
        let due = expected.filter { $0.group == .due }
        #expect((plan.items + plan.deferred).filter { $0.kind == .review }.map(\.english) == due.map(\.word.english))
        let fresh = expected.filter { $0.group == .new }
        let limit = VocabularyPlanner.newWordLimit(daily: 7, waitingByHand: fresh.count(where: { $0.word.rank == nil }))
        #expect(plan.items.filter { $0.kind == .new }.map(\.english) == fresh.prefix(limit).map(\.word.english))
        #expect(plan.items.filter { $0.kind == .review }.map(\.priority) == due.map(\.priority))
      }
    }
  }

  @Test("the first k by partial selection equal the first k of the stable sort, ties in input order")
  func partialSelection() {
    var rng = SplitMix64(seed: 9)
    for round in 0..<200 {
      let n = Int(rng.next() % 60)
      let items = (0..<n).map { i in (value: Int(rng.next() % UInt64(1 + round % 7)), id: i) }
      let byValue: ((value: Int, id: Int), (value: Int, id: Int)) -> Bool = { $0.value < $1.value }
      let sorted = items.sorted(by: byValue)
      for k in [0, 1, 2, 5, n / 2, n - 1, n, n + 3] where k >= 0 {
        let got = VocabularyRanking.first(k, of: items, by: byValue)
        #expect(got.map(\.id) == sorted.prefix(k).map(\.id), "round \(round) n \(n) k \(k)")
      }
    }
  }

  @Test("reminders from words out of key order, with duplicate keys, are those of the sorted first occurrences")
  func remindersKeyOrder() throws {
    let clock = try LearningDayClock(timeZoneIdentifier: "Europe/Kyiv", dayStartHour: 4)
    let day = EpochDay(year: 2026, month: 3, day: 29)!  // the spring change
    let words = Self.words(seed: 5, count: 300, clock: clock, day: day)
    var seen = Set<String>()
    let firsts = words.filter { seen.insert($0.key).inserted }.sorted { $0.key < $1.key }
    let policy = ReminderPolicy(frequencyMinutes: 30, dailyCap: 12)
    let a = try ReminderScheduler.reminders(.init(clock: clock, policy: policy, words: words), day: day)
    let b = try ReminderScheduler.reminders(.init(clock: clock, policy: policy, words: firsts), day: day)
    #expect(a.count == 12)
    #expect(a == b)
    // The rule as written: at each slot, the first eligible word (not shown yet today) by group,
    // priority, lower recall, in key order, with recall and "due" asked of the clock per word.
    let model = FSRS6()
    var shown = Set<String>()
    var expected: [String] = []
    for slot in try ReminderScheduler.chosenSlots(.init(clock: clock, policy: policy, words: words), day: day) {
      let slotDay = clock.learningDay(of: slot)
      var best: (Int, Double, Double, String)?
      for w in firsts where !w.suspended && (w.memory != nil || w.popularity > 0) && !shown.contains(w.key) {
        let r = VocabularyPriority.recall(w, on: slotDay, clock: clock, model: model) ?? 0
        let p = VocabularyPriority.priority(recall: r, popularity: w.popularity)
        let g = VocabularyPriority.isDue(w, on: slotDay, clock: clock, model: model, desiredRetention: 0.9) ? 0 : 1
        if let b = best, (b.0, -b.1, b.2) <= (g, -p, r) { continue }
        best = (g, p, r, w.key)
      }
      if let best { expected.append(best.3); shown.insert(best.3) }
    }
    #expect(a.map { VocabularyWord.key($0.english) } == expected)
  }
}
