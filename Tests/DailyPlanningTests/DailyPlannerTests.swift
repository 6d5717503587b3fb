import Foundation
@testable import DailyPlanning
@testable import Hifz
@testable import LearnerStore
@testable import PlannerCore
import Vocabulary
import Testing
import TestSupport


@Suite("Daily plan: composition within the budget")
struct DailyPlannerTests {
  static let demo = try! DemoLearner.load()

  static func review(_ english: String, seconds: Int = 10, recall: Double, tomorrow: Double, weight: Double = 1) -> VocabularyCandidate {
    VocabularyCandidate(kind: .review, english: english, translations: ["x"], estimatedSeconds: seconds, recall: recall,
                        recallTomorrow: tomorrow, weight: weight, reasonCode: .due, reasonText: "due")
  }

  static func fresh(_ english: String, seconds: Int = 30) -> VocabularyCandidate {
    VocabularyCandidate(kind: .new, english: english, translations: ["x"], estimatedSeconds: seconds, reasonCode: .new, reasonText: "new")
  }

  static func input(minutes: Int, vocabulary: [VocabularyCandidate], completion: PlanCompletion = PlanCompletion()) -> DailyPlanInput {
    DailyPlanInput(learner: "t", date: try! EpochDay(parsing: "2026-03-15"), locale: .english, profileMinutes: minutes, quran: nil,
                   vocabulary: vocabulary, completion: completion)
  }

  @Test("the budget holds for every weekday and budget, over seeded random days of the demo learner")
  func budgetProperty() throws {
    var rng = SplitMix64(seed: 42)
    for _ in 0..<40 {
      var profile = Self.demo.profile
      profile.dailyMinutes = Int(rng.next() % 61)
      profile.weekdayMinutes = [.sat: Int(rng.next() % 20)]
      let day = DemoLearner.day.advanced(by: Int(rng.next() % 30))
      let plan = try DailyPlanner.plan(profile: profile, state: Self.demo.state, events: Self.demo.events, date: day)
      let items = plan.items
      #expect(plan.totals.seconds == items.reduce(0) { $0 + $1.estimatedSeconds })
      #expect(plan.totals.items == items.count)
      #expect(plan.budget.profileMinutes == profile.minutes(on: Weekday.of(day)))
      if plan.totals.seconds > plan.budget.seconds {
        // Only one item longer than the whole budget, alone.
        #expect(items.count == 1 && items[0].overBudget && items[0].estimatedSeconds > plan.budget.seconds)
        #expect(plan.notes.contains { $0.code == .overBudgetItem })
      } else {
        #expect(!items.contains { $0.overBudget })
      }
      // Sections in the fixed order, none empty; audio files point at Quran items.
      let kinds = plan.sections.map(\.kind)
      #expect(kinds == DailyPlanSection.Kind.allCases.filter { kinds.contains($0) })
      #expect(!plan.sections.contains { $0.items.isEmpty })
      for f in plan.audio?.files ?? [] { #expect(items[f.item].ranges != nil) }
      // A deferred review stops new words; the Quran lesson is gated by the Quran's own backlog.
      if plan.totals.deferredItems > 0 { #expect(!plan.sections.contains { $0.kind == .vocabularyNewWords }) }
    }
  }

  @Test("when everything does not fit, the items losing the most per minute come first; the rest is deferred with a forecast")
  func valuePerMinute() throws {
    // Words come in the vocabulary ranking's order ((1 − R) · weight: 0.6, 0.2, 0.2, 0.1).
    let plan = try DailyPlanner.plan(Self.input(minutes: 1, vocabulary: [
      Self.review("popular", seconds: 20, recall: 0.9, tomorrow: 0.88, weight: 6),
      Self.review("fast-loss", seconds: 20, recall: 0.8, tomorrow: 0.7),
      Self.review("long", seconds: 40, recall: 0.8, tomorrow: 0.7),
      Self.review("slow-loss", seconds: 20, recall: 0.9, tomorrow: 0.89),
      Self.fresh("new"),
    ]))
    // popular: 6 · 0.02 / ⅓ min = 0.36; fast-loss: 0.1 / ⅓ = 0.3; long 0.15 but does not fit; slow-loss 0.03.
    #expect(plan.items.map(\.english) == ["popular", "fast-loss", "slow-loss"])
    #expect(plan.totals.deferredItems == 1 && plan.totals.deferredSeconds == 40)
    #expect(plan.forecast.caughtUp == false)
    #expect(plan.forecast.catchUpDate == (try EpochDay(parsing: "2026-03-16")))
    #expect(plan.notes.map(\.code) == [.newMaterialPaused, .deferred])
  }

  @Test("the catch-up date: half of what the Quran's must-do leaves each day clears the backlog, in the learner's practice days")
  func catchUpPaceAndAttendance() throws {
    // 240 s a day, nothing from the Quran: 120 s a day for the backlog (a third of the day, as
    // before, would be 80 s: 4 days); 300 s deferred: 3 practice days.
    let words = (0..<10).map { Self.review("w\($0)", seconds: 50, recall: 0.8, tomorrow: 0.7) }
    let daily = try DailyPlanner.plan(Self.input(minutes: 4, vocabulary: words))
    #expect(daily.totals.deferredSeconds == 300)
    #expect(daily.forecast.catchUpDate == (try EpochDay(parsing: "2026-03-18")))
    // A learner who practises every other day gets there in twice the calendar days.
    let everyOther = PlanCompletion(attendance: Attendance(share: 0.5))
    let sparse = try DailyPlanner.plan(Self.input(minutes: 4, vocabulary: words, completion: everyOther))
    #expect(sparse.totals.deferredSeconds == 300)
    #expect(sparse.forecast.catchUpDate == (try EpochDay(parsing: "2026-03-21")))
  }

  @Test("new words only when every due review fits")
  func newMaterialLast() throws {
    let plan = try DailyPlanner.plan(Self.input(minutes: 2, vocabulary: [Self.review("a", recall: 0.8, tomorrow: 0.7), Self.fresh("b"), Self.fresh("c")]))
    #expect(plan.sections.map(\.kind) == [.vocabularyReviews, .vocabularyNewWords])
    #expect(plan.items.map(\.id) == ["word:a", "new-word:b", "new-word:c"])
    #expect(plan.forecast.caughtUp)
  }

  @Test("a word's plan item id is its one word key (the fold's): case, inner and Unicode spaces folded")
  func itemIdIsTheWordKey() throws {
    let words = ["Ice\u{00A0}Cream", "  Look   Up ", "naïve\u{2003}ART"]
    let plan = try DailyPlanner.plan(Self.input(minutes: 10, vocabulary: words.map { Self.review($0, recall: 0.8, tomorrow: 0.7) }))
    #expect(plan.items.map(\.id) == ["word:ice cream", "word:look up", "word:naïve art"])
    #expect(plan.items.map(\.id) == words.map { "word:" + wordKey($0) })
    #expect(words.allSatisfy { VocabularyWord.key($0) == wordKey($0) })
  }

  @Test("one item longer than the budget is the day's only item, and the plan says so")
  func overBudgetItem() throws {
    let plan = try DailyPlanner.plan(Self.input(minutes: 1, vocabulary: [Self.review("long", seconds: 90, recall: 0.8, tomorrow: 0.7),
                                                                        Self.review("short", seconds: 10, recall: 0.9, tomorrow: 0.89)]))
    #expect(plan.items.map(\.english) == ["long"])
    #expect(plan.items[0].overBudget)
    #expect(plan.notes.first?.code == .overBudgetItem)
    #expect(plan.totals.deferredItems == 1)
    // A zero budget plans nothing.
    #expect(try DailyPlanner.plan(Self.input(minutes: 0, vocabulary: [Self.review("a", recall: 0.8, tomorrow: 0.7)])).items.isEmpty)
  }

  @Test("a learner who finishes 60% of their plans gets plans 60% as long, and is told")
  func sixtyPercentCompleter() throws {
    // The demo's own plan outcomes replaced by a steady 6 done, 4 skipped a day.
    var events = Self.demo.events.filter {
      switch $0.payload {
      case .planItemDone, .planItemSkipped: return false
      default: return true
      }
    }
    let day = DemoLearner.day
    let withoutOutcomes = events
    for back in 1...14 {
      let date = day.advanced(by: -back).description
      for k in 0..<10 {
        let payload: EventPayload = k < 6 ? .planItemDone(date: date, item: "word:w\(k)", seconds: 10) : .planItemSkipped(date: date, item: "word:w\(k)")
        events.append(LearnerEvent(id: "c\(back)-\(k)", time: try #require(EventTime("\(date)T18:00:00+02:00")), payload: payload))
      }
    }
    // Through the fold, which keeps the outcomes per plan date (the one count, PlanInputs).
    let profile = Self.demo.profile
    let normal = try DailyPlanner.plan(profile: profile, state: LearnerFold.replay(profile: profile, events: withoutOutcomes), date: day)
    let plan = try DailyPlanner.plan(profile: profile, state: LearnerFold.replay(profile: profile, events: events), date: day)
    #expect(normal.budget.factor == 1 && normal.budget.seconds == 30 * 60)
    #expect(plan.budget.completion == 0.6)
    #expect(plan.budget.factor == 0.6)
    #expect(plan.budget.seconds == 18 * 60)
    #expect(plan.totals.seconds <= 18 * 60)
    #expect(plan.notes.first?.code == .planShortened)
    #expect(plan.text(locale: .english).contains("plan shortened to 18 minutes: you usually finish about 60% of a plan"))
    // Yesterday's outcomes move the plan: a fully done week brings the budget back.
    #expect(PlanCompletion(done: 19, skipped: 1).factor == 1)
    #expect(PlanCompletion(done: 3, skipped: 3).factor == 1)  // too little evidence
    #expect(PlanCompletion(done: 1, skipped: 19).factor == PlanCompletion.floor)
  }

  @Test("weekday budgets: the demo's Friday is an easy day")
  func weekdays() throws {
    #expect(Weekday.of(try EpochDay(parsing: "1970-01-01")) == .thu)
    #expect(Weekday.of(try EpochDay(parsing: "2026-03-20")) == .fri)
    let friday = try DailyPlanner.plan(profile: Self.demo.profile, state: Self.demo.state, events: Self.demo.events,
                                       date: try EpochDay(parsing: "2026-03-20"))
    #expect(friday.budget.profileMinutes == 15)
    #expect(friday.budget.weekday == "fri")
    #expect(friday.totals.seconds <= friday.budget.seconds)
  }

  @Test("the JSON round-trips, and a plan without the optional keys still loads")
  func json() throws {
    let plan = try DailyPlanner.plan(profile: Self.demo.profile, state: Self.demo.state, events: Self.demo.events, date: DemoLearner.day)
    #expect(try DailyPlan.decode(Data(plan.jsonBytes()), file: "p.json") == plan)
    let minimal = """
      {"version":1,"learner":"a","date":"2026-03-15","locale":"en",
       "budget":{"weekday":"sun","profileMinutes":30,"minutes":30,"seconds":1800,"factor":1},
       "sections":[],"totals":{"items":0,"seconds":0,"deferredItems":0,"deferredSeconds":0},"reminders":[],
       "forecast":{"caughtUp":true},"notes":[],"parameters":{"source":"defaults"},"summary":"s"}
      """
    let old = try DailyPlan.decode(Data(minimal.utf8), file: "old.json")
    #expect(old.audio == nil && old.forecast.goalDate == nil && old.budget.completion == nil)
    #expect(throws: PlanEngineError.self) { try DailyPlan.decode(Data("{}".utf8), file: "bad.json") }
  }
}

@Suite("Demo learner")
struct DemoLearnerTests {
  static let package = Fixtures.packageRoot

  @Test("the embedded demo equals Plans/demo/learner/ byte for byte (rerun Scripts/generate-demo-learner.swift)")
  func embeddedEqualsFiles() throws {
    let dir = Self.package.appendingPathComponent("Plans/demo/learner")
    #expect(DemoLearner.profileFile == (try String(contentsOf: dir.appendingPathComponent("profile.json"), encoding: .utf8)))
    #expect(DemoLearner.eventsFile == (try String(contentsOf: dir.appendingPathComponent("events.jsonl"), encoding: .utf8)))
  }

  @Test("the demo has weeks of Quran and vocabulary history and a plan with both")
  func content() throws {
    let demo = try DemoLearner.load()
    #expect(demo.events.count > 300)
    #expect(demo.state.items.keys.contains { $0.hasPrefix("w:") })
    #expect(demo.state.items.keys.contains { ReviewUnitID($0) != nil })
    let plan = try DailyPlanner.plan(profile: demo.profile, state: demo.state, events: demo.events, date: DemoLearner.day)
    let kinds = Set(plan.sections.map(\.kind))
    #expect(kinds.contains(.quranNewLesson) && kinds.contains(.quranOldRevision) && kinds.contains(.vocabularyReviews))
    #expect(!plan.reminders.isEmpty)
    #expect(!(plan.audio?.files.isEmpty ?? true))
  }
}
