import Foundation
@testable import Hifz
@testable import MemoryModels
@testable import PlannerCore
import Testing

/// Notes and forecasts that tell the truth (issue #14): each reason and note its own code with
/// its facts, the backlog and catch-up date, a stable goal pace, and mistakes shown where they
/// happened. Fixed learners and dates; each test failed on the planner before.
@Suite("Quran planner: notes and forecasts that tell the truth")
struct QuranNotesTests {
  static func r(_ text: String) -> AyahRange { try! AyahRange(parsing: text) }
  static func plan(_ goal: QuranGoal, _ settings: QuranSettings, on day: EpochDay, units: [ReviewUnitMemory] = [],
                   history: [QuranRecitation] = []) throws -> QuranPlan {
    try QuranPlanner.plan(QuranPlanInput(date: day, goal: goal, settings: settings, units: units, recitations: history))
  }

  @Test("a lesson cut by the day's time says the budget cut it, not that recent lessons had mistakes")
  func budgetCutIsSaid() throws {
    // Al-Baqara after Al-Faatiha, one fluent lesson yesterday (2:1-5, earned size now 4.1 lines);
    // 8 minutes: half the day is 2 lines, less than three quarters of the earned size.
    let goal = QuranGoal(direction: .fromAlFatiha, memorised: [MemorisedRange(Quran.surahRange(1)!)], startDate: day0)
    let history = [QuranRecitation(day: day0, range: Self.r("2:1-5"), tier: .newLesson, grade: .good)]
    let p = try Self.plan(goal, QuranSettings(dailyMinutes: 8), on: day0.advanced(by: 1), history: history)
    let lesson = try #require(p.newLesson)
    let note = try #require(p.notes.first { $0.code == .newLessonShortened }, "\(p.noteCodes)")
    #expect(note.lines == (lesson.lines * 10).rounded() / 10 && (note.earnedLines ?? 0) > lesson.lines)
    #expect(!p.notes.contains { $0.code == .recentFailing || $0.code == .lessonHalved })
  }

  @Test("a lesson only halved after mistakes says so (lesson-halved), not 'no new lesson' while one is listed")
  func halvedLessonIsNotAPause() throws {
    let goal = QuranGoal(direction: .fromAnNas, scope: Self.r("juz30"), startDate: day0)
    // Lessons 114, 113, 112 passed; their recent revisions came back Hard, Hard, Good (mean 2.33).
    let history = [
      QuranRecitation(day: day0, range: Self.r("114"), tier: .newLesson, grade: .good),
      QuranRecitation(day: day0.advanced(by: 1), range: Self.r("113"), tier: .newLesson, grade: .good),
      QuranRecitation(day: day0.advanced(by: 1), range: Self.r("114"), tier: .recentRevision, grade: .hard, mistakes: 1),
      QuranRecitation(day: day0.advanced(by: 2), range: Self.r("112"), tier: .newLesson, grade: .good),
      QuranRecitation(day: day0.advanced(by: 2), range: Self.r("113"), tier: .recentRevision, grade: .hard, mistakes: 1),
      QuranRecitation(day: day0.advanced(by: 2), range: Self.r("114"), tier: .recentRevision, grade: .good),
    ]
    let p = try Self.plan(goal, QuranSettings(dailyMinutes: 30), on: day0.advanced(by: 3), history: history)
    #expect(p.newLesson != nil)
    let halved = try #require(p.notes.first { $0.code == .lessonHalved }, "\(p.noteCodes)")
    #expect(halved.lines == 2)  // half of the beginner's 4 lines, never below the minimum of 2
    #expect(!p.notes.contains { $0.code == .recentFailing || $0.code == .newLessonPaused })
  }

  @Test("after a break the paused lesson comes with a backlog and a catch-up date; lessons before it stay recent")
  func breakHasABacklogAndADate() throws {
    // Juz 29-30 memorised, a 7-day cycle, a week of daily plans followed, then 20 days away.
    let goal = QuranGoal(direction: .fromAnNas, memorised: [MemorisedRange(Self.r("67-114"))], startDate: day0)
    let settings = QuranSettings(dailyMinutes: 45, cycleDays: 7)
    var sim = QuranLearnerSimulator(goal: goal, settings: settings, seed: 5)
    for k in 0..<7 { sim.follow(try sim.plan(day0.advanced(by: k))) }
    let back = day0.advanced(by: 27)
    let p = try sim.plan(back)
    #expect(p.newLesson == nil && p.noteCodes.contains("new-lesson-paused"))
    let backlog = try #require(p.backlog)
    #expect(backlog.clears && backlog.deferredSeconds > 0)
    let date = try #require(backlog.catchUpDate)
    #expect(date > back && date <= back.advanced(by: 30))
    let note = try #require(p.notes.first { $0.code == .backlog })
    #expect(note.date == date && note.seconds == backlog.deferredSeconds)
    // A learner who practises every other day: the same practice days, twice the calendar days.
    var sparse = sim.input(back)
    sparse.attendance = Attendance(share: 0.5)
    let later = try #require(try QuranPlanner.plan(sparse).backlog?.catchUpDate)
    #expect(back.distance(to: later) == 2 * back.distance(to: date))
    // The lessons learned just before the break are re-checked as recent revision.
    let lessons = sim.recitations.filter { $0.tier == .newLesson }.map(\.range)
    #expect(!lessons.isEmpty)
    for l in lessons.suffix(2) { #expect(p.items(.recentRevision).contains { $0.ranges.contains { $0.contains(l.first) && $0.contains(l.last) } }, "\(l)") }
  }

  @Test("the goal pace is measured over a stated window: steady lessons move the projected date by at most 7 days a day after day 14")
  func stableGoalPace() throws {
    // A juz-30 learner from An-Nas at a steady pace: every day's plan recited fluently, lessons of
    // 3 to 5 lines (the earned size reaches the maximum in the second week). The goal's time left
    // is about four months, so 7 days is a 6% swing of the pace; before, the pace was today's
    // lesson for a week and then 28 days of data, and the date jumped with every short lesson.
    let goal = QuranGoal(direction: .fromAnNas, scope: Self.r("67-114"), startDate: day0)
    var sim = QuranLearnerSimulator(goal: goal, settings: QuranSettings(dailyMinutes: 30, maxLessonLines: 5, minLessonLines: 3), seed: 7)
    var dates: [EpochDay] = []
    var lessonLines: [Double] = []
    for k in 0..<90 {
      let p = try sim.plan(day0.advanced(by: k))
      let g = p.goal
      #expect(g.paceWindowDays == min(56, k) && g.pacePriorDays == max(0, 14 - k), "day \(k): \(g) \(p.newLesson?.ranges ?? [])")
      dates.append(try #require(g.projectedCompletion))
      lessonLines.append(p.newLesson?.lines ?? 0)
      sim.follow(p)
    }
    var worst = 0
    for k in 15..<90 { worst = max(worst, abs(dates[k - 1].distance(to: dates[k]))) }
    #expect(worst <= 7, "the projected date moved by \(worst) days in one day: \(dates.suffix(76)) \(lessonLines)")
  }

  @Test("the five-juz learner's projected date moves smoothly while lessons grow: no jump when data replaces the prior")
  func fiveJuzPaceHasNoJumps() throws {
    // Juz 26-30 declared, the whole Quran from An-Nas (about five years left), lessons growing 15%
    // a week. Before, the pace was today's lesson for a week, then 28 days of data: the date
    // moved by 193 days on day 7 (2030-11-08 to 2031-05-20), and by years on a day with a
    // short lesson (the finding: 2031, 2039, 2031, 2034 on consecutive days).
    let goal = QuranGoal(direction: .fromAnNas, memorised: [MemorisedRange(Self.r("46-114"))], startDate: day0)
    var sim = QuranLearnerSimulator(goal: goal, settings: QuranSettings(dailyMinutes: 45, desiredRetention: 0.95, maxLessonLines: 10), seed: 7)
    var dates: [EpochDay] = []
    for k in 0..<30 {
      let p = try sim.plan(day0.advanced(by: k))
      dates.append(try #require(p.goal.projectedCompletion))
      sim.follow(p)
    }
    for k in 1..<30 {
      let left = Double(day0.advanced(by: k).distance(to: dates[k]))
      let moved = Double(abs(dates[k - 1].distance(to: dates[k])))
      #expect(moved <= 0.03 * left, "day \(k): moved \(Int(moved)) days of \(Int(left)) left: \(dates)")
    }
    // Growing lessons bring the date forward, never back by more than a few days.
    #expect(dates.last! < dates.first!)
  }

  @Test("the lines a day needed for the target date are stated")
  func requiredLinesPerDay() throws {
    let goal = QuranGoal(direction: .fromAnNas, scope: Self.r("juz30"), targetDate: day0.advanced(by: 99), startDate: day0)
    let p = try Self.plan(goal, QuranSettings(dailyMinutes: 30), on: day0)
    let need = try #require(p.goal.requiredLinesPerDay)
    #expect(abs(need - p.goal.remainingLines / 100) < 0.01)
  }

  @Test("mistakes are shown where they happened: repeated lesson, sabqi and manzil say 'watch 78:5, 78:9'")
  func watchList() throws {
    let goal = QuranGoal(direction: .custom, surahs: [78, 79], memorised: [MemorisedRange(Self.r("juz30"))], startDate: day0)
    let a5 = try Quran.ayahID(surah: 78, ayah: 5), a9 = try Quran.ayahID(surah: 78, ayah: 9)
    let refs = [AyahRef(surah: 78, ayah: 5), AyahRef(surah: 78, ayah: 9)]
    let custom = QuranGoal(direction: .custom, surahs: [78], startDate: day0)
    // A failed lesson with mistakes at 78:5 and 78:9: the repeat says where.
    let failed = [QuranRecitation(day: day0, range: Self.r("78:1-11"), tier: .newLesson, grade: .again, mistakes: 5, mistakesAt: [a5, a9])]
    let repeatDay = try Self.plan(custom, QuranSettings(dailyMinutes: 30), on: day0.advanced(by: 1), history: failed)
    #expect(repeatDay.newLesson?.reason.code == .repeatLesson && repeatDay.newLesson?.watch == refs)
    // It passed with a slip at 78:9 only: the next day's sabqi watches 78:9.
    let passed = failed + [QuranRecitation(day: day0.advanced(by: 1), range: Self.r("78:1-11"), tier: .newLesson, grade: .hard, mistakes: 1, mistakesAt: [a9])]
    let sabqi = try Self.plan(custom, QuranSettings(dailyMinutes: 30), on: day0.advanced(by: 2), history: passed)
    let recent = try #require(sabqi.items(.recentRevision).first { $0.ranges.contains { $0.contains(a9) } })
    #expect(recent.watch == [refs[1]])
    #expect(sabqi.newLesson?.watch == [])
    // A clean recitation of it clears the watch.
    let clean = passed + [QuranRecitation(day: day0.advanced(by: 2), range: Self.r("78:1-11"), tier: .recentRevision, grade: .good)]
    let after = try Self.plan(custom, QuranSettings(dailyMinutes: 30), on: day0.advanced(by: 3), history: clean)
    #expect(after.items.allSatisfy { $0.watch.isEmpty })
    // Manzil: an old revision of juz 30 with a mistake at 78:5; when 78 is due again its passage watches 78:5.
    let old = [QuranRecitation(day: day0, range: Self.r("78-79"), tier: .oldRevision, grade: .hard, mistakes: 1, mistakesAt: [a5])]
    let p582 = ReviewUnitMemory(unit: ReviewUnits.unit(ofAyah: a5), state: MemoryState(stability: 3, difficulty: 5), lastReview: day0, reviews: 1)
    let manzil = try Self.plan(goal, QuranSettings(dailyMinutes: 60), on: day0.advanced(by: 10), units: [p582], history: old)
    let passage = try #require(manzil.items(.oldRevision).first { $0.ranges.contains { $0.contains(a5) } }, "\(manzil.items.map(\.ranges))")
    #expect(passage.watch == [refs[0]])
    // Once the unit was revised since (its memory says so), the mistake is not shown again.
    var revised = p582
    revised.lastReview = day0.advanced(by: 5)
    let later = try Self.plan(goal, QuranSettings(dailyMinutes: 60), on: day0.advanced(by: 15), units: [revised], history: old)
    #expect(later.items.allSatisfy { $0.watch.isEmpty })
  }

  @Test("old plan JSON (English texts, no watch, no backlog proposal) still loads")
  func oldPlanJSONLoads() throws {
    let reason = try JSONDecoder().decode(QuranReason.self, from: Data(#"{"code":"due","days":14,"retrievability":0.947,"text":"due: R = 0.94"}"#.utf8))
    #expect(reason == QuranReason(code: .due, retrievability: 0.947, days: 14))
    let note = try JSONDecoder().decode(QuranPlanNote.self, from: Data(#"{"code":"recent-failing","text":"recent revisions came back with mistakes"}"#.utf8))
    #expect(note.code == .recentFailing)
    let backlog = try JSONDecoder().decode(QuranBacklog.self, from: Data(#"{"deferredUnits":3,"deferredSeconds":400,"catchUpDate":"2026-03-20"}"#.utf8))
    #expect(backlog.clears && backlog.proposedMinutes == nil && backlog.catchUpDate == EpochDay(year: 2026, month: 3, day: 20))
    let item = try JSONDecoder().decode(QuranPlanItem.self, from: Data(#"{"estimatedSeconds":60,"lines":4,"overBudget":false,"ranges":["78:1-5"],"reason":{"code":"recent","days":1,"text":"yesterday's lesson"},"tier":"recent"}"#.utf8))
    #expect(item.watch.isEmpty)
  }
}


