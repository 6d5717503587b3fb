import Foundation
import Testing
@testable import MemoryModels
@testable import PlannerCore
@testable import Vocabulary

@Suite("Vocabulary: reminders")
struct VocabReminderTests {
  static let kyiv = try! LearningDayClock(timeZoneIdentifier: "Europe/Kyiv", dayStartHour: 4)
  static let day = EpochDay(year: 2026, month: 5, day: 12)!

  static func word(_ en: String, _ uk: String, stability: Double, daysAgo: Int, popularity: Int = 0, last: Rating = .good) -> VocabularyWord {
    VocabularyWord(
      english: en, translations: [uk], addedAt: Date(timeIntervalSince1970: 1_770_000_000), popularity: popularity,
      memory: MemoryState(stability: stability, difficulty: 5),
      lastReviewedAt: kyiv.instant(of: day.advanced(by: -daysAgo), minute: 600), lastRating: last)
  }

  static let words = [
    word("cat", "кіт", stability: 2, daysAgo: 6, popularity: 3),  // most at risk and popular
    word("dog", "собака", stability: 3, daysAgo: 4),
    word("house", "будинок", stability: 20, daysAgo: 2, last: .again),
  ]

  /// Enough words for every slot of a day (reminders rotate: one word a slot).
  static let many = words + (1...9).map { word("w\($0)", "слово\($0)", stability: Double($0 + 1), daysAgo: $0 + 2) }

  static func input(_ policy: ReminderPolicy, habits: ReminderHabits = .init(), words: [VocabularyWord] = words) -> ReminderScheduler.Input {
    .init(clock: kyiv, policy: policy, habits: habits, words: words)
  }

  static func local(_ reminders: [Reminder]) -> [String] { reminders.map(\.localTime) }

  @Test("times at the frequency inside waking hours, in the learner's timezone")
  func basicTimes() throws {
    let r = try ReminderScheduler.reminders(Self.input(ReminderPolicy(frequencyMinutes: 180, dailyCap: 10, mode: .translation), words: Self.many), day: Self.day)
    #expect(Self.local(r) == [
      "2026-05-12T08:00:00+03:00", "2026-05-12T11:00:00+03:00", "2026-05-12T14:00:00+03:00",
      "2026-05-12T17:00:00+03:00", "2026-05-12T20:00:00+03:00",
    ])
    #expect(r[0].at == Date(timeIntervalSince1970: 1_778_562_000))  // 2026-05-12T05:00:00Z
  }

  @Test("DST days in Europe/Kyiv: same local times, UTC instants shift by an hour", arguments: [
    ("2026-03-28", "+02:00", "06:00:00Z"), ("2026-03-29", "+03:00", "05:00:00Z"),
    ("2026-10-24", "+03:00", "05:00:00Z"), ("2026-10-25", "+02:00", "06:00:00Z"),
  ])
  func dstDays(_ date: String, _ offset: String, _ utc: String) throws {
    let day = try EpochDay(parsing: date)
    let r = try ReminderScheduler.reminders(Self.input(ReminderPolicy(frequencyMinutes: 240, dailyCap: 10), words: Self.many), day: day)
    #expect(Self.local(r) == ["08:00", "12:00", "16:00", "20:00"].map { "\(date)T\($0):00\(offset)" })
    let formatter = ISO8601DateFormatter()
    #expect(formatter.string(from: r[0].at) == "\(date)T\(utc)")
  }

  @Test("a waking day across the DST change has the slots its real length holds: 23 and 25")
  func dstRealLength() throws {
    let policy = ReminderPolicy(frequencyMinutes: 60, dailyCap: 100, wakeAt: .init(hour: 0), sleepAt: .init(hour: 0))
    let spring = try ReminderScheduler.slots(Self.input(policy), day: EpochDay(year: 2026, month: 3, day: 29)!)
    let autumn = try ReminderScheduler.slots(Self.input(policy), day: EpochDay(year: 2026, month: 10, day: 25)!)
    #expect(spring.count == 23)
    #expect(autumn.count == 25)
    #expect(spring.prefix(5).map { Self.kyiv.localISO8601($0) } == [
      "2026-03-29T00:00:00+02:00", "2026-03-29T01:00:00+02:00", "2026-03-29T02:00:00+02:00",
      "2026-03-29T04:00:00+03:00", "2026-03-29T05:00:00+03:00",
    ])
    #expect(autumn[3...5].map { Self.kyiv.localISO8601($0) } == [
      "2026-10-25T03:00:00+03:00", "2026-10-25T03:00:00+02:00", "2026-10-25T04:00:00+02:00",
    ])
  }

  @Test("an instant's local ISO 8601 text is the rule as written, in every zone and year, the offset's sign included")
  func localISO8601IsTheRuleAsWritten() throws {
    func rule(_ clock: LearningDayClock, _ date: Date) -> String {
      let offset = clock.timeZone.secondsFromGMT(for: date)
      let local = Int((date.timeIntervalSince1970).rounded(.down)) + offset
      let days = local >= 0 ? local / 86400 : -((86399 - local) / 86400)
      let secondsOfDay = local - days * 86400
      func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
      let sign = offset < 0 ? "-" : "+"
      let off = abs(offset)
      return "\(EpochDay(days))T\(two(secondsOfDay / 3600)):\(two(secondsOfDay / 60 % 60)):\(two(secondsOfDay % 60))"
        + "\(sign)\(two(off / 3600)):\(two(off / 60 % 60))"
    }
    var rng = SplitMix64(seed: 8601)
    for zone in ["Europe/Kyiv", "America/St_Johns", "Asia/Kathmandu", "Pacific/Kiritimati", "UTC", "America/Los_Angeles"] {
      let clock = try LearningDayClock(timeZoneIdentifier: zone, dayStartHour: 4)
      let instants = [-62_167_219_200.0, -62_167_219_201.5, 0, -0.25, 253_402_300_799, 253_402_300_800, 1_790_000_000.999]
        + (0..<300).map { _ in Double(Int64(rng.next() % 600_000_000_000) - 300_000_000_000) / 1000 * 60 }
      for t in instants {
        let date = Date(timeIntervalSince1970: t)
        #expect(clock.localISO8601(date) == rule(clock, date), "\(zone) \(t)")
      }
    }
  }

  @Test("a wall time skipped by the spring change lands after the jump")
  func gapTime() {
    let t = Self.kyiv.instant(of: EpochDay(year: 2026, month: 3, day: 29)!, minute: 3 * 60 + 30)
    #expect(Self.kyiv.localISO8601(t) == "2026-03-29T04:30:00+03:00")
    let repeated = Self.kyiv.instant(of: EpochDay(year: 2026, month: 10, day: 25)!, minute: 3 * 60 + 30)
    #expect(Self.kyiv.localISO8601(repeated) == "2026-10-25T03:30:00+03:00")  // first occurrence
  }

  @Test("quiet hours are skipped; bedtime past midnight works")
  func quietHours() throws {
    let policy = ReminderPolicy(
      frequencyMinutes: 120, dailyCap: 20, wakeAt: .init(hour: 9), sleepAt: .init(hour: 1),
      quietHours: [.init(from: .init(hour: 12), to: .init(hour: 15))], repeatGapHours: 0)
    let r = try ReminderScheduler.slots(Self.input(policy), day: Self.day)
    #expect(r.map { Self.kyiv.localISO8601($0) } == [
      "2026-05-12T09:00:00+03:00", "2026-05-12T11:00:00+03:00", "2026-05-12T15:00:00+03:00",
      "2026-05-12T17:00:00+03:00", "2026-05-12T19:00:00+03:00", "2026-05-12T21:00:00+03:00",
      "2026-05-12T23:00:00+03:00",
    ])
    // Quiet hours across midnight (22:00-07:00) with early waking.
    let night = ReminderPolicy(frequencyMinutes: 60, dailyCap: 20, wakeAt: .init(hour: 6), sleepAt: .init(hour: 23), quietHours: [.init(from: .init(hour: 22), to: .init(hour: 7))])
    let n = try ReminderScheduler.slots(Self.input(night), day: Self.day)
    #expect(Self.kyiv.localISO8601(n.first!) == "2026-05-12T07:00:00+03:00")
    #expect(Self.kyiv.localISO8601(n.last!) == "2026-05-12T21:00:00+03:00")
  }

  @Test("never more than the daily cap; equal weights spread evenly")
  func cap() throws {
    let policy = ReminderPolicy(frequencyMinutes: 120, dailyCap: 3, repeatGapHours: 0)  // slots 8..20 every 2 h: 7
    let r = try ReminderScheduler.reminders(Self.input(policy), day: Self.day)
    #expect(r.map { String($0.localTime.dropFirst(11).prefix(5)) } == ["10:00", "14:00", "18:00"])
    let none = try ReminderScheduler.reminders(Self.input(ReminderPolicy(dailyCap: 0)), day: Self.day)
    #expect(none.isEmpty)
  }

  @Test("more reminders where the learner practises")
  func habitsPractice() throws {
    var practice = [Int](repeating: 0, count: 24)
    practice[20] = 30
    let habits = ReminderHabits(practiceByHour: practice)
    let policy = ReminderPolicy(frequencyMinutes: 120, dailyCap: 3, repeatGapHours: 0)
    let r = try ReminderScheduler.reminders(Self.input(policy, habits: habits), day: Self.day)
    #expect(r.map { String($0.localTime.dropFirst(11).prefix(5)) } == ["16:00", "18:00", "20:00"])
    #expect(habits.weight(hour: 20) == 25)
    #expect(habits.weight(hour: 9) == 1)
  }

  @Test("fewer reminders where they are ignored")
  func habitsIgnored() throws {
    var shown = [Int](repeating: 0, count: 24), ignored = shown
    for h in [8, 10, 12] { shown[h] = 20; ignored[h] = 20 }
    let habits = ReminderHabits(shownByHour: shown, ignoredByHour: ignored)
    let policy = ReminderPolicy(frequencyMinutes: 120, dailyCap: 3, repeatGapHours: 0)
    let r = try ReminderScheduler.reminders(Self.input(policy, habits: habits), day: Self.day)
    #expect(r.map { String($0.localTime.dropFirst(11).prefix(5)) } == ["14:00", "16:00", "20:00"])
    #expect(abs(habits.weight(hour: 8) - 1.0 / 11) < 1e-12)
  }

  @Test("highest priority first; the day's plan shows each word once; an ignored word comes back after the gap, an answered one does not")
  func wordsAndGap() throws {
    let two = Array(Self.words.prefix(2))
    let policy = ReminderPolicy(frequencyMinutes: 60, dailyCap: 5, wakeAt: .init(hour: 8), sleepAt: .init(hour: 13), repeatGapHours: 3)
    let input = Self.input(policy, words: two)
    let r = try ReminderScheduler.reminders(input, day: Self.day)
    #expect(r.map(\.english) == ["cat", "dog"])
    #expect(r.map { String($0.localTime.dropFirst(11).prefix(5)) } == ["08:00", "09:00"])
    #expect(r[0].actions == [.checkMe, .iKnow, .iDontKnow])
    // cat shown at 08:00 and ignored; dog shown at 09:00 and answered ("check me", then nothing more).
    let at8 = Self.kyiv.instant(of: Self.day, minute: 480), at9 = at8.addingTimeInterval(3600)
    let events: [ReminderDayEvent] = [.shown(english: "cat", at: at8), .shown(english: "dog", at: at9), .acted(english: "dog", at: at9.addingTimeInterval(30))]
    let next = try ReminderScheduler.nextReminder(input, after: at9.addingTimeInterval(60), todaysEvents: events)
    #expect(next?.english == "cat" && next?.localTime == "2026-05-12T11:00:00+03:00")  // 3 h after it was ignored
    // A failed word may come back at the next slot.
    let failed = events + [.activity(english: "dog", WordActivityEvent(at: at9.addingTimeInterval(40), activity: .quiz(.wrong)))]
    let soon = try ReminderScheduler.nextReminder(input, after: at9.addingTimeInterval(60), todaysEvents: failed)
    #expect(soon?.english == "dog" && soon?.localTime == "2026-05-12T10:00:00+03:00")
  }

  @Test("mode and text: translation, hint, and mixed by the last rating")
  func modes() throws {
    let base = ReminderPolicy(frequencyMinutes: 60, dailyCap: 3, sleepAt: .init(hour: 11), repeatGapHours: 10)
    var p = base
    p.mode = .translation
    let t = try ReminderScheduler.reminders(Self.input(p), day: Self.day)
    #expect(t.map(\.text) == ["cat — кіт", "dog — собака", "house — будинок"])
    p.mode = .hint
    let h = try ReminderScheduler.reminders(Self.input(p), day: Self.day)
    #expect(h.map(\.text) == ["cat — к _ т", "dog — с _ _ _ _ а", "house — б _ _ _ _ _ к"])
    p.mode = .mixed
    let m = try ReminderScheduler.reminders(Self.input(p), day: Self.day)
    #expect(m.map(\.mode) == [.hint, .hint, .translation])  // house was last failed
  }

  @Test("next reminder: a word failed since it was shown comes back before the gap")
  func nextAfterFailure() throws {
    let policy = ReminderPolicy(frequencyMinutes: 60, dailyCap: 20, repeatGapHours: 3)
    let input = Self.input(policy)
    let eight = Self.kyiv.instant(of: Self.day, minute: 8 * 60)
    let nineThirty = Self.kyiv.instant(of: Self.day, minute: 9 * 60 + 30)
    let shown: [ReminderDayEvent] = [.shown(english: "cat", at: eight), .shown(english: "dog", at: eight.addingTimeInterval(3600))]
    let plain = try #require(try ReminderScheduler.nextReminder(input, after: nineThirty, todaysEvents: shown))
    #expect(plain.english == "house")
    #expect(plain.localTime == "2026-05-12T10:00:00+03:00")
    let failed = shown + [.activity(english: "cat", WordActivityEvent(at: nineThirty.addingTimeInterval(-60), activity: .quiz(.wrong)))]
    let again = try #require(try ReminderScheduler.nextReminder(input, after: nineThirty, todaysEvents: failed))
    #expect(again.english == "cat")
    #expect(again.mode == .translation)  // just failed: show the translation in mixed mode
  }

  @Test("next reminder: words answered right or known today are left alone")
  func nextAfterSuccess() throws {
    let policy = ReminderPolicy(frequencyMinutes: 60, dailyCap: 20, repeatGapHours: 0)
    let nine = Self.kyiv.instant(of: Self.day, minute: 9 * 60 + 10)
    let events: [ReminderDayEvent] = [
      .activity(english: "cat", WordActivityEvent(at: nine.addingTimeInterval(-300), activity: .quiz(.right))),
      .activity(english: "DOG", WordActivityEvent(at: nine.addingTimeInterval(-200), activity: .known)),
    ]
    let next = try #require(try ReminderScheduler.nextReminder(Self.input(policy), after: nine, todaysEvents: events))
    #expect(next.english == "house")
    #expect(next.localTime == "2026-05-12T10:00:00+03:00")
  }

  @Test("next reminder: the cap and the frequency count reminders already shown")
  func nextCapAndSpacing() throws {
    let policy = ReminderPolicy(frequencyMinutes: 60, dailyCap: 2, repeatGapHours: 0)
    let input = Self.input(policy)
    let nine = Self.kyiv.instant(of: Self.day, minute: 9 * 60)
    // Shown off-grid at 09:40: the next is not before 10:40, so 11:00.
    let offGrid = try #require(try ReminderScheduler.nextReminder(input, after: nine.addingTimeInterval(45 * 60), todaysEvents: [.shown(english: "dog", at: nine.addingTimeInterval(40 * 60))]))
    #expect(offGrid.localTime == "2026-05-12T11:00:00+03:00")
    // Two shown: the cap is reached, so tomorrow's first.
    let capped = try #require(try ReminderScheduler.nextReminder(input, after: nine.addingTimeInterval(3600), todaysEvents: [
      .shown(english: "dog", at: nine.addingTimeInterval(-3600)), .shown(english: "cat", at: nine),
    ]))
    #expect(capped.localTime == "2026-05-13T11:00:00+03:00")
  }

  @Test("next reminder after bedtime is tomorrow's first")
  func nextTomorrow() throws {
    let late = Self.kyiv.instant(of: Self.day, minute: 23 * 60)
    let next = try #require(try ReminderScheduler.nextReminder(Self.input(ReminderPolicy(frequencyMinutes: 240, dailyCap: 4)), after: late, todaysEvents: []))
    #expect(next.localTime == "2026-05-13T08:00:00+03:00")
  }

  @Test("validation: frequency 0, whole-day quiet hours, quiet hours covering waking hours")
  func validation() {
    func fails(_ p: ReminderPolicy) -> Bool {
      (try? ReminderScheduler.reminders(Self.input(p), day: Self.day)) == nil
    }
    #expect(fails(ReminderPolicy(frequencyMinutes: 0)))
    #expect(fails(ReminderPolicy(quietHours: [.init(from: .init(hour: 0), to: .init(hour: 24))])))
    #expect(fails(ReminderPolicy(quietHours: [.init(from: .init(hour: 5), to: .init(hour: 5))])))
    #expect(fails(ReminderPolicy(quietHours: [.init(from: .init(hour: 7), to: .init(hour: 23))])))
    #expect(throws: PlanEngineError.self) { try ReminderPolicy.Window(parsing: "07:00-", keyPath: "q") }
    #expect((try? ReminderPolicy.Window(parsing: "22:00-07:30", keyPath: "q"))?.to.minutes == 450)
    // Two windows that together leave no waking minute.
    #expect(fails(ReminderPolicy(quietHours: [.init(from: .init(hour: 7), to: .init(hour: 15)), .init(from: .init(hour: 15), to: .init(hour: 23))])))
    #expect(!fails(ReminderPolicy(quietHours: [.init(from: .init(hour: 7), to: .init(hour: 21))])))
    #expect(throws: PlanEngineError.self) { try ReminderPolicy.Time(parsing: "25:00", keyPath: "x") }
    #expect(throws: PlanEngineError.self) { try ReminderPolicy.Time(parsing: "7", keyPath: "x") }
    #expect((try? ReminderPolicy.Time(parsing: "7:05", keyPath: "x"))?.minutes == 425)
    // Spaces and tabs around a side are trimmed (Foundation's whitespace, not newlines); a side
    // without any is read as it is.
    for text in ["08:00-22:00", " 08:00 - 22:00 ", "\t08:00-\u{00A0}22:00\u{2003}", "8:00-22:00"] {
      #expect((try? ReminderPolicy.Window(parsing: text, keyPath: "q")) == ReminderPolicy.Window(from: .init(hour: 8), to: .init(hour: 22)), "\(text)")
    }
    for side in ["08:00", " 08:00", "08:00\t", "\u{00A0}08:00", "x", "", " ", "08:00\n", "é"] {
      #expect(ReminderPolicy.Window.trimmed(Substring(side)) == side.trimmingCharacters(in: .whitespaces), "\(side)")
    }
    #expect(throws: PlanEngineError.self) { try ReminderPolicy.Window(parsing: "08:00\n-22:00", keyPath: "q") }
  }

  @Test("same inputs, same reminders; policy JSON round-trips")
  func deterministic() throws {
    let policy = ReminderPolicy(frequencyMinutes: 45, dailyCap: 7, quietHours: [.init(from: .init(hour: 13), to: .init(hour: 14))])
    let a = try ReminderScheduler.reminders(Self.input(policy, words: Self.many), day: Self.day)
    let b = try ReminderScheduler.reminders(Self.input(policy, words: Self.many.reversed()), day: Self.day)
    #expect(a == b)
    #expect(a.count == 7 && Set(a.map(\.english)).count == 7)
    let data = try JSONEncoder().encode(policy)
    #expect(String(decoding: data, as: UTF8.self).contains("\"quietHours\":[\"13:00-14:00\"]"))
    #expect(try JSONDecoder().decode(ReminderPolicy.self, from: data) == policy)
    #expect(try JSONDecoder().decode(ReminderPolicy.self, from: Data("{\"dailyCap\": 2}".utf8)) == ReminderPolicy(dailyCap: 2))
  }
}
