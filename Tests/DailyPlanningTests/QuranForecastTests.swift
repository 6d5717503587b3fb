import Foundation
@testable import DailyPlanning
@testable import Hifz
@testable import LearnerStore
import MemoryModels
@testable import PlannerCore
import Testing
import TestSupport

/// The day's plan tells the truth about the Quran (issue #14): notes in every language from the
/// Quran planner's own codes, the backlog and catch-up date carried to the daily plan, each
/// domain gated by its own backlog, and a day's plan that recording the day's work does not change.
@Suite("Daily plan: Quran notes, backlog and catch-up, per-domain gating, a stable day", .serialized)
struct QuranForecastTests {
  static let start = EpochDay(year: 2026, month: 3, day: 1)!
  static func r(_ text: String) -> AyahRange { try! AyahRange(parsing: text) }

  static func input(_ quran: QuranPlanInput, minutes: Int, vocabulary: [VocabularyCandidate] = []) -> DailyPlanInput {
    DailyPlanInput(learner: "t", date: quran.date, locale: .english, profileMinutes: minutes, quran: quran,
                   vocabulary: vocabulary, completion: PlanCompletion())
  }

  @Test("30 juz on 20 minutes: the plan says the backlog cannot clear, proposes minutes and a cycle, and is never caught up")
  func cannotClear() throws {
    let goal = QuranGoal(direction: .fromAlFatiha, memorised: [MemorisedRange(Self.r("1-114"))], startDate: Self.start)
    let q = QuranPlanInput(date: Self.start.advanced(by: 40), goal: goal, settings: QuranSettings(dailyMinutes: 20))
    let plan = try DailyPlanner.plan(Self.input(q, minutes: 20))
    let f = plan.forecast
    #expect(!f.caughtUp && f.clears == false && f.catchUpDate == nil)
    let minutes = try #require(f.proposedMinutes)
    let cycle = try #require(f.proposedCycleDays)
    #expect(minutes > 20 && cycle > 30)
    let en = plan.text(locale: .english)
    #expect(en.contains("the revision backlog cannot clear at today's minutes"))
    #expect(en.contains("\(minutes) minutes of Quran a day would fit the revision cycle"))
    #expect(en.contains("a revision cycle of \(cycle) days would fit today's minutes"))
    #expect(!en.contains("caught up by"))
    let ar = plan.text(locale: .arabic)
    #expect(ar.contains("لا يمكن تدارك تأخر المراجعة بوقت اليوم"))
  }

  @Test("after a break: new lesson paused, the backlog in minutes and the catch-up date in text and JSON, not caughtUp")
  func breakCarriesTheBacklog() throws {
    let goal = QuranGoal(direction: .fromAnNas, memorised: [MemorisedRange(AyahRange(uncheckedFirst: Quran.juz(28)!.first, last: Quran.ayahCount))], startDate: Self.start)
    let settings = QuranSettings(dailyMinutes: 30, cycleDays: 7)
    // Every unit revised in the first week, then 20 days away.
    var units: [ReviewUnitMemory] = []
    for (k, u) in ReviewUnits.units(overlapping: AyahRange(uncheckedFirst: Quran.juz(28)!.first, last: Quran.ayahCount)).enumerated() {
      units.append(ReviewUnitMemory(unit: u, state: MemoryState(stability: 30, difficulty: 5), lastReview: Self.start.advanced(by: k % 7), reviews: 1))
    }
    let day = Self.start.advanced(by: 27)
    let plan = try DailyPlanner.plan(Self.input(QuranPlanInput(date: day, goal: goal, settings: settings, units: units), minutes: 30))
    #expect(plan.notes.contains { $0.code == .quran(.newLessonPaused) })
    let f = plan.forecast
    #expect(!f.caughtUp && f.clears == true)
    let date = try #require(f.catchUpDate)
    #expect(date > day)
    let minutes = try #require(f.backlogMinutes)
    #expect(minutes > 0)
    let json = String(decoding: plan.jsonBytes(), as: UTF8.self)
    #expect(json.contains(#""caughtUp" : false"#) && json.contains(#""backlogMinutes" : \#(minutes)"#))
    #expect(json.contains(#""code" : "quran.backlog""#))
    let backlogNote = try #require(plan.notes.first { $0.code == .quran(.backlog) })
    #expect(backlogNote.text.hasPrefix("revision backlog: ") && backlogNote.quran?.date != nil)
    let en = plan.text(locale: .english)
    #expect(en.contains("new lesson paused: old revision is behind and comes first"))
    #expect(en.contains("waiting for the coming days: \(minutes) minute"))
    #expect(en.contains("caught up by "))
    let ar = plan.text(locale: .arabic)
    #expect(ar.contains("الدرس الجديد متوقف") && ar.contains("اللحاق بالجدول بحلول") && ar.contains("ينتظر الأيام التالية"))
    // And it round-trips.
    #expect(try DailyPlan.decode(Data(plan.jsonBytes()), file: "p.json") == plan)
  }

  @Test("a lesson cut by the budget says so in English and Arabic (not 'recent lessons came back with mistakes')")
  func budgetCutWording() throws {
    let goal = QuranGoal(direction: .fromAlFatiha, memorised: [MemorisedRange(Quran.surahRange(1)!)], startDate: Self.start)
    let history = [QuranRecitation(day: Self.start, range: Self.r("2:1-5"), tier: .newLesson, grade: .good)]
    let q = QuranPlanInput(date: Self.start.advanced(by: 1), goal: goal, settings: QuranSettings(dailyMinutes: 8), recitations: history)
    let plan = try DailyPlanner.plan(Self.input(q, minutes: 8))
    let note = try #require(plan.notes.first { $0.code == .quran(.newLessonShortened) })
    #expect(note.text.hasPrefix("new lesson shortened to fit today's time: "))
    #expect(!note.text.contains("mistakes"))
    let ar = plan.text(locale: .arabic)
    #expect(ar.contains("قُصّر الدرس الجديد ليتسع له وقت اليوم") && !ar.contains("في الدروس القريبة أخطاء"))
    let uk = plan.text(locale: .ukrainian)
    #expect(uk.contains("новий урок скорочено, щоб він умістився в сьогоднішній час"))
  }

  @Test("a vocabulary backlog does not stop the Quran lesson of a clean Quran state")
  func vocabularyBacklogDoesNotStopTheLesson() throws {
    let goal = QuranGoal(direction: .fromAnNas, scope: Self.r("juz30"), startDate: Self.start)
    let q = QuranPlanInput(date: Self.start, goal: goal, settings: QuranSettings(dailyMinutes: 20))
    // 300 due words of 10 s each: 50 minutes, on a 30-minute day.
    let words = (0..<300).map { k in
      VocabularyCandidate(kind: .review, english: "word\(k)", translations: ["x"], estimatedSeconds: 10, recall: 0.6,
                          recallTomorrow: 0.55, weight: 1, reasonCode: .due, reasonText: "due")
    }
    let plan = try DailyPlanner.plan(Self.input(q, minutes: 30, vocabulary: words))
    #expect(plan.totals.deferredItems > 0)
    #expect(plan.sections.contains { $0.kind == .quranNewLesson }, "\(plan.sections.map(\.kind))")
    #expect(!plan.notes.contains { $0.code == .quran(.newLessonPaused) })
  }

  @Test("old daily plan JSON with the mirrored note codes still loads; a word's 'due' stays a word's")
  func oldPlanJSONLoads() throws {
    let json = #"{"version":1,"learner":"t","date":"2026-03-15","locale":"en","budget":{"weekday":"sun","profileMinutes":20,"minutes":20,"seconds":1200,"factor":1},"sections":[{"kind":"vocabulary.reviews","seconds":10,"items":[{"id":"word:cat","english":"cat","translations":["кіт"],"estimatedSeconds":10,"overBudget":false,"reason":{"code":"due","text":"due"}}]},{"kind":"quran.old","seconds":60,"items":[{"id":"quran:old:s114","ranges":["114"],"unit":"s114","lines":4,"estimatedSeconds":60,"overBudget":false,"reason":{"code":"due","text":"due: R = 0.94","retrievability":0.94}}]}],"totals":{"items":2,"seconds":70,"deferredItems":0,"deferredSeconds":0},"reminders":[],"forecast":{"caughtUp":true},"notes":[{"code":"quran.recent-failing","text":"recent lessons keep failing"},{"code":"new-material-paused","text":"x"}],"parameters":{"source":"defaults"},"summary":"s"}"#
    let plan = try DailyPlan.decode(Data(json.utf8), file: "old.json")
    #expect(plan.notes.map(\.code) == [.quran(.recentFailing), .newMaterialPaused])
    #expect(plan.sections[0].items[0].reason.code == .vocabulary(.due))
    #expect(plan.sections[1].items[0].reason.code == .quran(.due))
    #expect(plan.forecast.backlogMinutes == nil && plan.sections[1].items[0].watch == nil)
    // Rendered from the codes: the word's recall, the unit's R.
    let text = plan.text(locale: .english)
    #expect(text.contains("due: R = 0.94") && text.contains("recall 0%"))
  }

  // MARK: through the CLI: a day's plan does not change when its work is recorded

  @Test("recording a planned old-revision item keeps it in the same day's plan; a past date uses only earlier events")
  func recordingDoesNotChangeTheDay() throws {
    var learner = try QuranScenarioLearner(name: "stable-day", start: Self.start, minutes: 45,
      settings: ["quran.direction=from-an-nas", "quran.memorised=67-114@2", "quran.maxLessonLines=10", "quran.cycleDays=7"], seed: 9)
    for k in 0..<5 { _ = try learner.live(k) { _, _, _ in (3, 0) } }
    // Day 5 planned in the morning; an old-revision item recorded; planned again in the evening.
    let morning = try learner.plan(5)
    let old = try #require(morning.oldItems.first, "day 5 has old revision: \(morning.items.map(\.section))")
    let stamp = ISO8601DateFormatter().string(from: QuranScenarioLearner.time(morning.date, hour: 7))
    let event = #"{"version":1,"id":"d5-old","at":"\#(stamp)","type":"recitation","payload":{"range":"\#(old.ranges[0])","tier":"old","grade":3,"mistakes":0,"seconds":60}}"#
    let rec = runCLI(["record", learner.dir, "--events", "-"], now: QuranScenarioLearner.time(morning.date, hour: 8), stdin: Array((event + "\n").utf8))
    #expect(rec.code == 0, "\(rec.err)")
    let evening = try learner.plan(5)
    #expect(evening.items == morning.items, "recording changed the day's plan:\n\(morning.items)\n\(evening.items)")
    // Days 5-9 lived; day 5 planned again afterwards is the morning's plan.
    for k in 6..<10 { _ = try learner.live(k) { _, _, _ in (3, 0) } }
    let later = try learner.plan(5)
    #expect(later.items == morning.items)
    #expect((later.json["notes"] as? [[String: Any]])?.map { $0["code"] as! String } == morning.notes)
  }
}
