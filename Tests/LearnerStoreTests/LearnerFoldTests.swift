import Foundation
@testable import Hifz
@testable import LearnerStore
@testable import MemoryModels
@testable import PlannerCore
import Testing
import TestSupport

@Suite struct LearnerFoldTests {
  let profile: LearnerProfile = {
    var p = LearnerProfile(id: "f")
    p.timezone = "Europe/Kyiv"
    return p
  }()
  let fsrs = FSRS6()

  func fold(_ events: [LearnerEvent]) -> LearnerState { LearnerFold.replay(profile: profile, events: events) }
  func add(_ id: String, _ at: String, _ en: String = "run") -> LearnerEvent {
    Fixed.event(id, at, .wordAdded(english: en, ukrainian: ["бігти"]))
  }
  func recite(_ id: String, _ at: String, _ range: String, _ grade: Int, mistakesAt: [String] = []) -> LearnerEvent {
    Fixed.event(id, at, .recitation(Recitation(range: range, tier: .oldRevision, grade: grade, mistakes: mistakesAt.count, mistakesAt: mistakesAt)))
  }

  @Test func fiveEasyDrillsInADayAreOneEasy() {
    // Surah 112 lies on one page: it is its own review unit, s112.
    let drills = (1...5).map { recite("r\($0)", "2026-11-30T0\($0 + 4):00:00+02:00", "112", 4) }
    let item = fold(drills).items["s112"]!
    #expect(item.memory == fsrs.initialState(.easy))
    #expect(item.reviews == 5 && item.reviewDays == 1)
    // Without the rule, same-day Easy would have grown S well past w3.
    #expect(item.memory!.stability == FSRSParameters.defaults[3])
  }

  @Test func theLowestRatingOfTheDayCountsWhateverTheOrder() {
    let dayOne = recite("a", "2026-11-29T08:00:00+02:00", "112", 3)
    let good = recite("b", "2026-11-30T08:00:00+02:00", "112", 3)
    let again = recite("c", "2026-11-30T20:00:00+02:00", "112", 1)
    let x = fold([dayOne, good, again]).items["s112"]!
    let y = fold([dayOne, recite("c", "2026-11-30T08:00:00+02:00", "112", 1), recite("b", "2026-11-30T20:00:00+02:00", "112", 3)]).items["s112"]!
    let expected = fsrs.nextState(fsrs.initialState(.good), elapsedDays: 1, rating: .again)
    #expect(x.memory == expected && y.memory == expected)
    #expect(x.lapses == 1 && y.lapses == 1)
    #expect(x.reviewDays == 2)
  }

  @Test func lookUpsIntroduceANewWordThenFoldIntoOneAgain() {
    var events = [
      add("a", "2026-11-29T07:00:00+02:00"),
      Fixed.event("l1", "2026-11-29T08:00:00+02:00", .wordLookedUp(english: "run")),
      Fixed.event("l2", "2026-11-29T12:00:00+02:00", .wordLookedUp(english: "Run")),
      Fixed.event("q", "2026-11-30T09:00:00+02:00", .wordQuizzed(english: "run", answer: "бігти", verdict: .right, seconds: 5)),
    ]
    // Never studied: the look-ups are how the word entered, not failed recalls.
    var item = fold(events).word("run")!
    #expect(item.memory == fsrs.initialState(.good))
    #expect(item.lookups == 2 && item.reviewDays == 1 && item.lapses == 0)
    // Studied on an earlier day: look-ups are evidence of forgetting, several in a day one Again.
    events += [
      Fixed.event("l3", "2026-12-01T20:00:00+02:00", .wordLookedUp(english: "run")),
      Fixed.event("l4", "2026-12-02T02:00:00+02:00", .wordLookedUp(english: "run")),  // before 04:00: same learning day
    ]
    item = fold(events).word("run")!
    #expect(item.memory == fsrs.nextState(fsrs.initialState(.good), elapsedDays: 1, rating: .again))
    #expect(item.lookups == 4 && item.reviewDays == 2 && item.lapses == 1)
  }

  @Test func popularityFollowsTheSeedAppsRules() {
    var events = [add("a", "2026-11-30T07:00:00+02:00")]
    func then(_ id: String, _ p: EventPayload) { events.append(Fixed.event(id, "2026-11-30T08:\(10 + events.count):00+02:00", p)) }
    then("1", .wordLookedUp(english: "run"))
    then("2", .wordOpened(english: "run"))
    then("3", .wordQuizzed(english: "run", answer: "x", verdict: .wrong, seconds: nil))
    then("4", .wordUnknown(english: "run"))
    #expect(fold(events).word("run")!.popularity == 4)
    then("5", .wordQuizzed(english: "run", answer: "бігит", verdict: .typo, seconds: nil))
    #expect(fold(events).word("run")!.popularity == 0)
    then("6", .wordLookedUp(english: "run"))
    then("7", .wordKnown(english: "run"))
    #expect(fold(events).word("run")!.popularity == 0)
    then("8", .wordOpened(english: "run"))
    then("9", .wordReset(english: "run"))
    #expect(fold(events).word("run")!.popularity == 0)
  }

  @Test func theCardThatIDontKnowOpensIsNotASecondPlusOne() {
    let events = [
      add("a", "2026-11-30T07:00:00+02:00"),
      Fixed.event("u1", "2026-11-30T08:00:00+02:00", .wordUnknown(english: "run")),
      // The card the app shows for "I don't know", logged 30 s later: the same action.
      Fixed.event("o1", "2026-11-30T08:00:30+02:00", .wordOpened(english: "run")),
      // A later, separate opening counts again.
      Fixed.event("o2", "2026-11-30T09:00:00+02:00", .wordOpened(english: "run")),
      Fixed.event("u2", "2026-11-30T10:00:00+02:00", .wordUnknown(english: "run")),
      // Opened long after the "I don't know" (over the 120 s window): its own +1.
      Fixed.event("o3", "2026-11-30T10:05:00+02:00", .wordOpened(english: "run")),
    ]
    let word = fold(events).word("run")!
    #expect(word.popularity == 4)
    #expect(word.opens == 3)
    // Late sync: the same events in another order fold the same.
    #expect(fold(events.reversed()).word("run")!.popularity == 4)
  }

  @Test func aLocatedSlipMakesItsUnitHardNotForgotten() throws {
    // Surah 78 spans two review units; a slip at 78:31 falls in the second.
    let units = ReviewUnits.units(overlapping: try AyahRange(parsing: "78")).map(\.description)
    #expect(units.count == 2)
    let slipped = ReviewUnits.unit(ofAyah: try LearnerQuran.ayahID("78:31")).description
    let clean = units.first { $0 != slipped }!
    let s = fold([recite("r", "2026-11-30T08:00:00+02:00", "78", 3, mistakesAt: ["78:31"])])
    #expect(s.items[clean]!.memory == fsrs.initialState(.good))
    #expect(s.items[slipped]!.memory == fsrs.initialState(.hard))
    #expect(s.items[slipped]!.mistakes == 1 && s.items[clean]!.mistakes == 0)
  }

  @Test func habitsComeFromWhatWasDone() {
    let events = [
      Fixed.event("r", "2026-11-30T06:00:00+02:00", .recitation(Recitation(range: "112", tier: .oldRevision, grade: 3, seconds: 60))),
      add("a", "2026-11-30T07:00:00+02:00"),
      Fixed.event("q", "2026-11-30T07:30:00+02:00", .wordQuizzed(english: "run", answer: "бігти", verdict: .right, seconds: 8)),
      Fixed.event("d", "2026-11-30T07:40:00+02:00", .planItemDone(date: "2026-11-30", item: "x", seconds: 30)),
      Fixed.event("s", "2026-11-30T07:41:00+02:00", .planItemSkipped(date: "2026-11-30", item: "y")),
      Fixed.event("s2", "2026-11-30T07:42:00+02:00", .planItemSkipped(date: "2026-11-30", item: "z")),
    ]
    let h = fold(events).habits
    #expect(h.recitationLines == Quran.lines(try! AyahRange(parsing: "112")))
    #expect(h.secondsPerLine == 60 / h.recitationLines)
    #expect(h.secondsPerVocabularyReview == 8)
    #expect(h.planCompletion == 1.0 / 3.0)
    #expect(h.practiceHours[6] == 1 && h.practiceHours[7] == 2)
    #expect(h.activeDays == 1)
  }

  @Test func lateEventsFoldInTimeOrder() {
    let a = recite("a", "2026-11-28T08:00:00+02:00", "112", 3)
    let b = recite("b", "2026-11-30T08:00:00+02:00", "112", 3)
    let late = recite("c", "2026-11-29T08:00:00+02:00", "112", 1)
    #expect(fold([a, b, late]) == fold([a, late, b]))
  }

  @Test func snapshotSerialisationIsExact() throws {
    var rng = SplitMix64(seed: 7)
    let events = RandomLearner.events(count: 600, rng: &rng, startDay: 0)
    let state = LearnerFold.replay(profile: profile, events: events)
    let snap = LearnerSnapshot(logBytes: 10, logCount: 1, lastLineStart: 0, lastLineHash: 42, profileHash: 7, state: state)
    let parsed = try #require(LearnerSnapshot.parse(snap.serialized()))
    #expect(parsed == snap)
    #expect(LearnerSnapshot.parse(Array(snap.serialized().dropLast(40))) == nil)
  }
}

@Suite struct LearnerQuranHandOffTests {
  @Test func unitMemoriesAndRecitationsForTheQuranPlanner() throws {
    var p = LearnerProfile(id: "q")
    p.timezone = "Europe/Kyiv"
    let e = Fixed.event("r", "2026-11-30T02:00:00+02:00", .recitation(Recitation(range: "112", tier: .recentRevision, grade: 3, seconds: 40)))
    let state = LearnerFold.replay(profile: p, events: [e])
    let units = state.quranUnitMemories
    #expect(units.map(\.unit.description) == ["s112"])
    #expect(units[0].lastReview == (try EpochDay(parsing: "2026-11-29")))  // 02:00 is the day before
    #expect(units[0].state == FSRS6().initialState(.good) && units[0].reviews == 1)
    var clock = LearningDayClock(profile: p)
    let r = try #require(e.quranRecitation(clock: &clock))
    #expect(r.day == units[0].lastReview && r.tier == .recentRevision && r.grade == .good && r.seconds == 40)
  }
}

@Suite struct LearnerDictionaryFoldTests {
  @Test func addMergesEditReplacesDeleteAndReAdd() {
    let p = LearnerProfile(id: "d")
    var events: [LearnerEvent] = []
    func then(_ payload: EventPayload) {
      events.append(Fixed.event("e\(events.count)", "2026-11-30T08:\(10 + events.count):00Z", payload))
    }
    then(.wordAdded(english: "run", ukrainian: ["бігти"]))
    then(.wordAdded(english: "Run", ukrainian: ["бігати", "бігти"]))
    #expect(LearnerFold.replay(profile: p, events: events).word("run")?.word?.ukrainian == ["бігти", "бігати"])
    then(.wordEdited(english: "run", ukrainian: ["мчати"]))
    #expect(LearnerFold.replay(profile: p, events: events).word("run")?.word?.ukrainian == ["мчати"])
    then(.wordLookedUp(english: "run"))
    then(.wordDeleted(english: "run"))
    var s = LearnerFold.replay(profile: p, events: events)
    #expect(!s.hasWord("run") && s.word("run")?.word?.deleted == true)
    then(.wordAdded(english: "run", ukrainian: ["бігти"]))
    s = LearnerFold.replay(profile: p, events: events)
    #expect(s.hasWord("run") && s.word("run")?.word?.ukrainian == ["бігти"])
    #expect(s.word("run")?.lookups == 1 && s.word("run")?.word?.addedMillis == events[0].time.epochMillis)
  }
}

@Suite struct LearnerReviewHistoryTests {
  @Test func oneReviewPerItemPerDayWithTheDaysRating() throws {
    let p = LearnerProfile(id: "h")  // UTC, day starts 04:00
    let events = [
      Fixed.event("a", "2026-11-28T08:00:00Z", .wordAdded(english: "run", ukrainian: ["бігти"])),
      Fixed.event("q1", "2026-11-28T09:00:00Z", .wordQuizzed(english: "run", answer: "бігти", verdict: .right, seconds: nil)),
      Fixed.event("l1", "2026-11-28T20:00:00Z", .wordLookedUp(english: "run")),
      Fixed.event("q2", "2026-11-30T09:00:00Z", .wordQuizzed(english: "run", answer: "бігит", verdict: .typo, seconds: nil)),
      Fixed.event("r", "2026-11-30T10:00:00Z", .recitation(Recitation(range: "112", tier: .oldRevision, grade: 4))),
    ]
    let h = LearnerFold.reviewHistories(profile: p, events: events)
    #expect(h.map(\.key) == ["s112", "w:run"])
    let run = h[1].history
    #expect(run.ratings == [.good, .hard])  // a look-up on the word's first day is part of learning it
    #expect(run.elapsedDays == [-1, 2])
    #expect(run.times == [Fixed.time("2026-11-28T09:00:00Z").epochMillis, Fixed.time("2026-11-30T09:00:00Z").epochMillis])
    #expect(run.cardID == LearnerFold.cardID("w:run") && run.cardID > 0)
    // Replaying the history through FSRS-6 gives the fold's memory state.
    var s: MemoryState?
    for i in 0..<run.count { s = FSRS6().nextState(s, elapsedDays: Int(run.elapsedDays[i]), rating: run.ratings[i]) }
    #expect(s == LearnerFold.replay(profile: p, events: events).word("run")?.memory)
  }
}
