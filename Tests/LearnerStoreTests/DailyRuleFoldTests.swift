import Foundation
@testable import Hifz
@testable import LearnerStore
@testable import MemoryModels
@testable import PlannerCore
import Vocabulary
import Testing
import TestSupport

/// The vocabulary and Quran rules as the fold applies them (the code that ships): popularity
/// (``PopularityCounter``), the evidence of a word activity (``WordActivity/evidence``), the
/// lowest rating of the day (``DailyMemory``) and a recitation's unit ratings
/// (``QuranGrading/unitRatings(of:units:)``). Moved here from tests of twins that did not ship.
@Suite("Learner fold: popularity, the day's rating, a recitation's unit ratings")
struct DailyRuleFoldTests {
  let profile: LearnerProfile = {
    var p = LearnerProfile(id: "f")
    p.timezone = "Europe/Kyiv"
    return p
  }()

  func fold(_ events: [LearnerEvent]) -> LearnerState { LearnerFold.replay(profile: profile, events: events) }
  /// Events for "run", `seconds` after 08:00 local on 2026-11-30, after the word was added.
  /// `studied`: the word was quizzed right the day before (so a look-up is a lapse, not how it enters).
  func word(_ events: [(Double, EventPayload)], studied: Bool = false) -> ItemState {
    let added = Fixed.event("add", "2026-11-29T07:00:00+02:00", .wordAdded(english: "run", ukrainian: ["бігти"]))
    let before = studied
      ? [Fixed.event("q0", "2026-11-29T08:00:00+02:00", .wordQuizzed(english: "run", answer: "бігти", verdict: .right, seconds: nil))] : []
    let start = EventTime("2026-11-30T08:00:00+02:00")!.epochMillis
    let rest = events.enumerated().map { i, e in
      LearnerEvent(id: "e\(i)", time: EventTime(epochMillis: start + Int64((e.0 * 1000).rounded()), offsetSeconds: 7200), payload: e.1)
    }
    return fold([added] + before + rest).word("run")!
  }
  let lookup = EventPayload.wordLookedUp(english: "run"), opened = EventPayload.wordOpened(english: "run")
  let unknown = EventPayload.wordUnknown(english: "run"), known = EventPayload.wordKnown(english: "run")
  let reset = EventPayload.wordReset(english: "run")
  func quiz(_ v: AnswerVerdict) -> EventPayload { .wordQuizzed(english: "run", answer: "a", verdict: v, seconds: nil) }

  @Test("I don't know shows the card: the opening logged with it is not a second +1")
  func unknownThenCard() {
    #expect(word([(0, unknown), (1, opened)]).popularity == 1)
    // a later opening, outside the window, counts
    #expect(word([(0, unknown), (1, opened), (600, opened)]).popularity == 2)
    // only one opening is absorbed
    #expect(word([(0, unknown), (1, opened), (2, opened)]).popularity == 2)
    // the window is 120 s, inclusive
    #expect(word([(0, unknown), (120, opened)]).popularity == 1)
    #expect(word([(0, unknown), (120.001, opened)]).popularity == 2)
  }

  @Test("the fold orders by time: a late-synced look-up before a right answer is reset by it")
  func foldOrdersByTime() {
    #expect(word([(100, quiz(.right)), (0, lookup), (50, lookup), (200, lookup)]).popularity == 1)
  }

  @Test("each activity as the seed app counts it")
  func eachActivity() {
    let three = [(0.0, lookup), (1, lookup), (2, lookup)]
    #expect(word(three).popularity == 3)
    #expect(word(three + [(3, quiz(.wrong))]).popularity == 4)
    for reset in [quiz(.right), quiz(.typo), known, reset] { #expect(word(three + [(3, reset)]).popularity == 0) }
    #expect(word(three + [(3, .wordEdited(english: "run", ukrainian: ["x"]))]).popularity == 3)
  }

  @Test("the lowest rating of the day decides, in any order")
  func dailyLowest() {
    func rating(_ events: [(Double, EventPayload)], studied: Bool = true) -> Rating? { Rating(rawValue: word(events, studied: studied).dayRating) }
    #expect(rating([(0, lookup), (60, quiz(.right))]) == .again)
    #expect(rating([(0, quiz(.right)), (60, lookup)]) == .again)
    // A word never studied: look-ups on its first day are how it enters, in any order.
    #expect(rating([(0, lookup), (60, quiz(.right))], studied: false) == .good)
    #expect(rating([(0, quiz(.right)), (60, lookup)], studied: false) == .good)
    #expect(rating([(0, lookup), (1, lookup)], studied: false) == nil)
    #expect(rating([(0, quiz(.right)), (60, quiz(.typo))]) == .hard)
    #expect(rating([(0, lookup), (1, lookup), (2, lookup)]) == .again)
    #expect(rating([(0, opened), (5, known)]) == .good)
    #expect(rating([(0, unknown)]) == .again)
    #expect(rating([(0, quiz(.wrong))]) == .again)
    let day = [(0.0, known), (30, quiz(.typo)), (60, opened), (90, quiz(.right))]
    #expect(rating(day) == .hard)
    let reversed = zip(day.map(\.0), day.map(\.1).reversed()).map { ($0, $1) }
    #expect(rating(reversed) == .hard)
    #expect(word(day, studied: true).memory == word(reversed, studied: true).memory && word(day).reviewDays == 1)
  }

  @Test("no evidence, no review")
  func dailyNoEvidence() {
    let item = word([(0, opened), (1, .wordEdited(english: "run", ukrainian: ["x"])), (2, reset)])
    #expect(item.dayRating == 0 && item.memory == nil && item.reviews == 0)
  }

  @Test("a day's recitations: one rating per unit, the lowest")
  func oneRatingPerUnitPerDayTheLowest() throws {
    func recite(_ id: String, _ range: String, _ tier: QuranTier, _ grade: Int, mistakes: Int = 0) -> LearnerEvent {
      Fixed.event(id, "2026-11-30T0\(id.count + 5):00:00+02:00",
                  .recitation(Recitation(range: range, tier: tier, grade: grade, mistakes: mistakes)))
    }
    let state = fold([
      recite("a", "p582", .recentRevision, 3), recite("bb", "p582", .oldRevision, 2, mistakes: 1),
      recite("ccc", "114", .oldRevision, 3),
    ])
    #expect(state.quranUnitMemories.map(\.unit) == [.page(582), .surah(114)])
    #expect(state.items["p582"]!.dayRating == 2 && state.items["s114"]!.dayRating == 3)
    #expect(state.items["p582"]!.reviews == 2 && state.items["p582"]!.reviewDays == 1)
  }

  @Test("located mistakes rate only their units, as QuranGrading.unitRatings says")
  func locatedMistakes() throws {
    // 78:1-40 spans pages 582 and 583; three mistakes on 78:2 (page 582).
    let r = Recitation(range: "78:1-40", tier: .oldRevision, grade: 2, mistakes: 3, mistakesAt: ["78:2", "78:2", "78:2"])
    let state = fold([Fixed.event("r", "2026-11-30T08:00:00+02:00", .recitation(r))])
    let range = try AyahRange(parsing: "78:1-40")
    let expected = QuranGrading.unitRatings(of: QuranRecitation(
      day: EpochDay(0), range: range, tier: .oldRevision, grade: .hard, mistakes: 3,
      mistakesAt: try ["78:2", "78:2", "78:2"].map(LearnerQuran.ayahID)))
    #expect(expected.count == 2)
    for (unit, rating) in expected { #expect(state.items[unit.description]!.dayRating == rating.rawValue, "\(unit)") }
    #expect(state.items["p582"]!.mistakes == 3 && state.items["p583"]!.mistakes == 0)
  }
}
