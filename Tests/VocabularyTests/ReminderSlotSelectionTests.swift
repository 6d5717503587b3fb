import Foundation
import Testing
@testable import MemoryModels
@testable import PlannerCore
@testable import Vocabulary

/// The reminders' slot selection in one pass (the first open words of the day's order kept once,
/// the words waiting out the repeat gap checked per slot) gives exactly what comparing every open
/// word at every slot gives, with the day's events: words shown and ignored, shown and answered,
/// failed since, settled, and the next reminder from several moments of the day.
@Suite("Reminders: one pass over the words per day picks what a scan per slot picks")
struct ReminderSlotSelectionTests {
  static func events(seed: UInt64, words: [VocabularyWord], clock: LearningDayClock, day: EpochDay) -> [ReminderDayEvent] {
    var rng = SplitMix64(seed: seed)
    func pick(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
    let start = clock.instant(of: day, minute: 8 * 60)
    var out: [ReminderDayEvent] = []
    for _ in 0..<(10 + pick(30)) {
      let w = words[pick(words.count)].english
      let at = start.addingTimeInterval(Double(pick(14 * 60)) * 60)
      switch pick(7) {
      case 0, 1: out.append(.shown(english: w, at: at))
      case 2: out.append(.acted(english: w, at: at))
      case 3: out.append(.activity(english: w, WordActivityEvent(at: at, activity: .quiz(.wrong))))
      case 4: out.append(.activity(english: w, WordActivityEvent(at: at, activity: .quiz(.right))))
      case 5: out.append(.activity(english: w, WordActivityEvent(at: at, activity: .lookup)))
      default: out.append(.activity(english: w, WordActivityEvent(at: at, activity: .unknown)))
      }
    }
    return out
  }

  @Test(arguments: [("Europe/Kyiv", UInt64(11)), ("America/New_York", 12), ("UTC", 13)])
  func onePassEqualsTheScan(zone: String, seed: UInt64) throws {
    let clock = try LearningDayClock(timeZoneIdentifier: zone, dayStartHour: 4)
    var compared = 0
    for (n, day) in [EpochDay(year: 2026, month: 3, day: 29)!, EpochDay(year: 2026, month: 6, day: 2)!].enumerated() {
      let words = VocabularyRankingSpeedTests.words(seed: seed &+ UInt64(n), count: 250, clock: clock, day: day)
      for (frequency, cap, gapHours) in [(30, 12, 3.0), (60, 5, 1.0), (120, 8, 0.5), (15, 40, 6.0)] {
        var policy = ReminderPolicy(frequencyMinutes: frequency, dailyCap: cap)
        policy.repeatGapHours = gapHours
        for mode in [ReminderPolicy.Mode.translation, .mixed] {
          policy.mode = mode
          let input = ReminderScheduler.Input(clock: clock, policy: policy, words: words)
          let events = Self.events(seed: seed &* 31 &+ UInt64(frequency), words: words, clock: clock, day: day)
          let start = clock.instant(of: day, minute: 8 * 60)
          for notBefore in [nil, start.addingTimeInterval(3 * 3600), start.addingTimeInterval(9 * 3600)] as [Date?] {
            for dayEvents in [[], events] {
              let fast = try ReminderScheduler.schedule(input, day: day, events: dayEvents, notBefore: notBefore)
              let scan = try ReminderScheduler.schedule(input, day: day, events: dayEvents, notBefore: notBefore, scanEverySlot: true)
              #expect(fast == scan, "\(zone) \(day) every \(frequency) cap \(cap) gap \(gapHours) \(mode) from \(String(describing: notBefore))")
              if !scan.isEmpty { compared += 1 }
            }
          }
        }
      }
    }
    #expect(compared > 40)  // the comparisons are of reminders, not of empty days
  }

  /// A day without events leaves out the words that cannot be open (suspended; neither a memory
  /// state nor a popularity) before any per-word work: its reminders are those of the same day
  /// with an event that changes no word (an action on a word not in the list), which walks them all.
  @Test(arguments: [("Europe/Kyiv", UInt64(21)), ("America/New_York", 22)])
  func wordsThatCannotOpenAreLeftOutUnchanged(zone: String, seed: UInt64) throws {
    let clock = try LearningDayClock(timeZoneIdentifier: zone, dayStartHour: 4)
    let day = EpochDay(year: 2026, month: 6, day: 2)!
    let given = VocabularyRankingSpeedTests.words(seed: seed, count: 300, clock: clock, day: day)
    // In key order with one word a key (a learner's state), and as generated (any order, duplicates).
    var seen = Set<String>()
    let ordered = given.sorted { $0.key < $1.key }.filter { seen.insert($0.key).inserted }
    // Few words reviewed: the words only looked up (no memory state, a popularity) take slots too.
    let sparse = ordered.enumerated().map { i, w in
      var w = w
      if i % 8 != 0 { w.memory = nil; w.lastReviewedAt = nil; w.lastRating = nil }
      return w
    }
    #expect(ordered.contains { $0.memory == nil && $0.popularity > 0 } && ordered.contains { $0.suspended })
    let noOp = ReminderDayEvent.acted(english: "no such word", at: clock.instant(of: day.advanced(by: -1), minute: 0))
    var compared = 0
    for words in [ordered, sparse, given] {
      for (frequency, cap) in [(30, 12), (15, 40), (60, 5)] {
        for mode in [ReminderPolicy.Mode.translation, .mixed] {
          var policy = ReminderPolicy(frequencyMinutes: frequency, dailyCap: cap)
          policy.mode = mode
          let input = ReminderScheduler.Input(clock: clock, policy: policy, words: words)
          let without = try ReminderScheduler.schedule(input, day: day, events: [], notBefore: nil)
          let walked = try ReminderScheduler.schedule(input, day: day, events: [noOp], notBefore: nil)
          #expect(without == walked, "\(zone) every \(frequency) cap \(cap) \(mode)")
          compared += without.count
        }
      }
    }
    #expect(compared > 60)
  }
}
