import Foundation
@testable import Hifz
@testable import PlannerCore
import Testing

/// Readable scenarios: fixed learners and dates, checked on the rendered plan or on exact facts.
@Suite("Quran planner: scenarios")
struct QuranPlannerScenarioTests {
  /// Fixture: a beginner who starts juz 30 from An-Nas on 2026-03-01 with 20 minutes a day, aims
  /// to finish by 2027-06-01, and recites every plan fluently.
  static func beginner() -> QuranLearnerSimulator {
    QuranLearnerSimulator(
      goal: QuranGoal(direction: .fromAnNas, scope: Quran.juz(30), targetDate: EpochDay(year: 2027, month: 6, day: 1), startDate: day0),
      settings: QuranSettings(dailyMinutes: 20, audioURLTemplate: "https://example.org/{reciter}/{surah:03}{ayah:03}.mp3"),
      seed: 1)
  }

  @Test func beginnerStartingJuz30() throws {
    var learner = Self.beginner()
    let first = try learner.plan(day0)
    #expect(QuranPlanText.render(first) == """
      2026-03-01  budget 20 min, planned 8 min
        new    114          4     lines 8 min   new-lesson (4 lines)
        goal: 564/564 ayahs left, 4 lines/day, done 2026-05-07, target 2027-06-01 reachable
      """)
    // The basmala before An-Nas 1 (the reciter's 1:1), then the six ayahs.
    #expect(first.audio.files.map(\.url) == ["https://example.org/Husary/001001.mp3"] + (1...6).map { "https://example.org/Husary/11400\($0).mp3" })
    #expect(first.audio.files.map { $0.basmala == true } == [true] + Array(repeating: false, count: 6))
    #expect(first.audio.files.allSatisfy { $0.item == 0 })
    learner.follow(first)
    let second = try learner.plan(day0.advanced(by: 1))
    // Recent revision first (the order of value), then the new lesson.
    #expect(QuranPlanText.render(second) == """
      2026-03-02  budget 20 min, planned 11 min
        recent 114          4     lines 1 min   recent (1 d)
        new    113,112      5     lines 10 min  new-lesson (5 lines)
        goal: 558/564 ayahs left, 4.1 lines/day, done 2026-05-06, target 2027-06-01 reachable
      """)
    // A week on: lessons grow gradually (15% a week), recent revision is passages in mushaf
    // order, not touching (each lesson on its expanding days, `SabqiSpacing`), everything in
    // budget.
    learner.follow(second)
    var day = day0.advanced(by: 2)
    var plan = second
    for _ in 0..<5 {
      plan = try learner.plan(day); learner.follow(plan); day = day.advanced(by: 1)
    }
    let earned = LessonSizer.targetLines(history: learner.recitations, settings: learner.settings)
    #expect(earned > 4 && earned < 4 * 1.15, "\(earned)")
    let recent = plan.items(.recentRevision)
    #expect(!recent.isEmpty && recent.allSatisfy { $0.ranges.count == 1 })
    for (a, b) in zip(recent, recent.dropFirst()) { #expect(a.ranges[0].last + 1 < b.ranges[0].first, "\(a.ranges) then \(b.ranges)") }
    #expect(plan.items(.oldRevision).isEmpty)
    #expect(plan.plannedSeconds <= plan.budgetSeconds)
  }

  /// Fixture: juz 29 and 30 memorised (self-rated good), learning juz 28 from its end, 20
  /// minutes a day, following every plan for six weeks; then ten days without opening the app.
  /// Lessons up to 30 lines (the maximum before 6 was the default): the six weeks' lessons are
  /// what makes ten days' revision more than a day holds.
  @Test func learnerWhoSkippedTenDays() throws {
    var learner = QuranLearnerSimulator(
      goal: QuranGoal(direction: .fromAnNas, scope: try AyahRange(parsing: "juz28").union(Quran.juz(30)!),
                      memorised: [MemorisedRange(try AyahRange(parsing: "67-114"))], startDate: day0),
      settings: QuranSettings(dailyMinutes: 20, cycleDays: 30, maxLessonLines: 30), seed: 2)
    var day = day0
    for _ in 0..<42 {
      let p = try learner.plan(day)
      #expect(p.cycle.fits)
      learner.follow(p)
      day = day.advanced(by: 1)
    }
    day = day.advanced(by: 10)
    let back = try learner.plan(day)
    let backlog = try #require(back.backlog)
    #expect(backlog.deferredUnits > 0)
    let catchUp = try #require(backlog.catchUpDate)
    #expect(catchUp > day)
    #expect(back.plannedSeconds <= back.budgetSeconds)
    #expect(back.noteCodes.contains("backlog"))
    // Behind: everything due (the most at risk chosen first), recited in mushaf order.
    let old = back.items(.oldRevision)
    #expect(!old.isEmpty && old.contains { ($0.reason.retrievability ?? 1) < 0.95 })
    let starts = old.map { $0.ranges[0].first }
    #expect(starts == starts.sorted())
    #expect(back.newLesson == nil && back.noteCodes.contains("new-lesson-paused"))
    // Following the plans, the backlog is cleared no later than forecast.
    var cleared: EpochDay? = nil
    for _ in 0..<60 {
      let p = try learner.plan(day)
      if p.backlog == nil { cleared = day; break }
      learner.follow(p)
      day = day.advanced(by: 1)
    }
    #expect(try #require(cleared) <= catchUp)
  }

  /// Fixture: a hafiz of the whole Quran (self-rated good) returning to revision only.
  @Test func hafizOnTwentyMinutesGetsTheShortestCycleThatFits() throws {
    let hafiz = QuranLearnerSimulator(
      goal: QuranGoal(direction: .fromAlFatiha, memorised: [MemorisedRange(try AyahRange(parsing: "1-114"))], startDate: day0),
      settings: QuranSettings(dailyMinutes: 20), seed: 3)
    let plan = try hafiz.plan(day0)
    #expect(!plan.cycle.fits)
    #expect(plan.cycle.units == ReviewUnits.all.count)
    let proposed = try #require(plan.cycle.proposedCycleDays)
    // 8820 lines at 15 s = 36 h 45 min; 20 min a day of whole units takes at least 111 days.
    #expect(proposed >= 111 && proposed <= 125, "\(proposed)")
    #expect(plan.noteCodes.contains("cycle-does-not-fit"))
    let note = try #require(plan.notes.first { $0.code == .cycleDoesNotFit })
    #expect(note.proposedCycleDays == proposed && note.count == ReviewUnits.all.count)
    // It cannot clear at 20 minutes: the backlog says so and proposes the minutes that would fit
    // the 30-day cycle (8820 lines at 15 s over 30 days is about 74 minutes a day, whole units).
    let backlog = try #require(plan.backlog)
    #expect(!backlog.clears && backlog.catchUpDate == nil && backlog.proposedCycleDays == proposed)
    let minutes = try #require(backlog.proposedMinutes)
    #expect(minutes >= 74 && minutes <= 85, "\(minutes)")
    var fitting = hafiz
    fitting.settings.dailyMinutes = Double(minutes)
    #expect(try fitting.plan(day0).cycle.fits)
    fitting.settings.dailyMinutes = Double(minutes - 1)
    #expect(try !fitting.plan(day0).cycle.fits)
    #expect(plan.noteCodes.contains("goal-complete") && plan.newLesson == nil)
    #expect(plan.plannedSeconds <= plan.budgetSeconds && plan.plannedSeconds > plan.budgetSeconds - 60)
    #expect(plan.items.allSatisfy { $0.tier == .oldRevision && $0.reason.code == .atRisk })
    // With that cycle the same hafiz fits.
    var h2 = hafiz
    h2.settings.cycleDays = proposed
    #expect(try h2.plan(day0).cycle.fits)
  }

  @Test func hafizWithEnoughTimeRevisesEverythingWithinTheCycle() throws {
    var hafiz = QuranLearnerSimulator(
      goal: QuranGoal(direction: .fromAlFatiha, memorised: [MemorisedRange(try AyahRange(parsing: "1-114"))], startDate: day0),
      settings: QuranSettings(dailyMinutes: 90, cycleDays: 30), seed: 4)
    var day = day0
    for _ in 0..<30 {
      let p = try hafiz.plan(day)
      #expect(p.cycle.fits && p.plannedSeconds <= p.budgetSeconds)
      hafiz.follow(p)
      day = day.advanced(by: 1)
    }
    let never = ReviewUnits.all.filter { hafiz.reviewDays[$0] == nil }
    #expect(never.isEmpty, "\(never.count) units not revised in the first cycle")
  }

  /// Fixture: a learner whose new lessons keep coming back with mistakes: the failed lesson
  /// is the lesson again, every day, until it passes; nothing new meanwhile, and the plan says so.
  @Test func aFailedLessonIsRepeatedUntilItPasses() throws {
    var learner = QuranLearnerSimulator(
      goal: QuranGoal(direction: .fromAnNas, scope: Quran.juz(30), startDate: day0),
      settings: QuranSettings(dailyMinutes: 30), seed: 5)
    let first = try learner.plan(day0)
    let lesson = try #require(first.newLesson).ranges
    learner.follow(first) { item, _ in item.tier == .newLesson ? (.again, 5) : (.good, 0) }
    var day = day0.advanced(by: 1)
    for _ in 0..<3 {
      let p = try learner.plan(day)
      let again = try #require(p.newLesson)
      #expect(again.ranges == lesson && again.reason.code == .repeatLesson)
      #expect(p.noteCodes.contains("lesson-repeated"))
      #expect(p.items(.recentRevision).isEmpty, "the failed lesson is the lesson, not sabqi")
      learner.follow(p) { item, _ in item.tier == .newLesson ? (.again, 4) : (.good, 0) }
      day = day.advanced(by: 1)
    }
    // It passes: the next day moves on, the passed lesson is in sabqi, and the lesson is smaller.
    learner.follow(try learner.plan(day))
    day = day.advanced(by: 1)
    let next = try learner.plan(day)
    let fresh = try #require(next.newLesson)
    #expect(fresh.reason.code == .newLesson && fresh.ranges != lesson)
    #expect(next.items(.recentRevision).contains { $0.ranges == lesson })
    #expect(fresh.lines < first.newLesson!.lines)
  }

  @Test func oneFailedLessonIsRepeatedNotSkipped() throws {
    let juz30 = Quran.juz(30)!
    let history = [
      QuranRecitation(day: day0, range: try AyahRange(parsing: "114"), tier: .newLesson, grade: .good),
      QuranRecitation(day: day0.advanced(by: 1), range: try AyahRange(parsing: "113"), tier: .newLesson, grade: .again, mistakes: 5),
      QuranRecitation(day: day0.advanced(by: 1), range: try AyahRange(parsing: "114"), tier: .recentRevision, grade: .hard, mistakes: 1),
    ]
    let input = QuranPlanInput(date: day0.advanced(by: 2), goal: QuranGoal(direction: .fromAnNas, scope: juz30, startDate: day0),
                               settings: QuranSettings(dailyMinutes: 30), recitations: history)
    let plan = try QuranPlanner.plan(input)
    #expect(plan.noteCodes.contains("lesson-repeated"))
    #expect(try #require(plan.newLesson).ranges == [try AyahRange(parsing: "113")])
    #expect(plan.goal.remainingAyahs == juz30.count - 6, "the failed surah is not counted as memorised")
  }
}
