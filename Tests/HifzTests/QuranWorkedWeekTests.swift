import Foundation
@testable import Hifz
@testable import PlannerCore
import Testing
import TestSupport

/// docs/quran-planner.md shows a worked week of plans; this test renders the same week and
/// checks the document shows exactly that, so the docs cannot drift from the planner.
@Suite("Quran planner: the worked week in docs/quran-planner.md")
struct QuranWorkedWeekTests {
  /// The learner of the worked week: juz 30 from An-Nas, 105-114 memorised (good) and 93-104
  /// (weak), 20 minutes a day, a 21-day cycle, a 5-day recent window, lessons up to 30 lines (the
  /// maximum before 6 was the default: the week shows a whole short surah waiting); three weeks of fluent
  /// days before the week shown. On the week's third day the new lesson fails (4 mistakes);
  /// the fifth day is skipped.
  static func week() throws -> String {
    let start = day0.advanced(by: -20)
    var l = QuranLearnerSimulator(
      goal: QuranGoal(direction: .fromAnNas, scope: Quran.juz(30),
                      memorised: [MemorisedRange(try AyahRange(parsing: "105-114"), selfRating: .good),
                                  MemorisedRange(try AyahRange(parsing: "93-104"), selfRating: .hard)],
                      targetDate: EpochDay(year: 2026, month: 12, day: 31), startDate: start),
      settings: QuranSettings(dailyMinutes: 20, desiredRetention: 0.95, cycleDays: 21, recentWindowDays: 5, maxLessonLines: 30,
                              audioURLTemplate: "https://example.org/{reciter}/{surah:03}{ayah:03}.mp3"),
      seed: 7)
    var day = start
    for _ in 0..<20 { let p = try l.plan(day); l.follow(p); day = day.advanced(by: 1) }
    var out: [String] = []
    for k in 0..<7 {
      let p = try l.plan(day)
      out.append(QuranPlanText.render(p))
      if k == 2 { l.follow(p) { item, _ in item.tier == .newLesson ? (.again, 4) : (.good, 0) } }
      else if k == 4 { out.append("(day skipped)") }
      else { l.follow(p) }
      day = day.advanced(by: 1)
    }
    return out.joined(separator: "\n\n")
  }

  @Test func docsShowTheRenderedWeek() throws {
    let text = try Fixtures.text("docs/quran-planner.md")
    let begin = try #require(text.range(of: "<!-- worked-week:begin -->\n```text\n"))
    let end = try #require(text.range(of: "\n```\n<!-- worked-week:end -->"))
    let shown = String(text[begin.upperBound..<end.lowerBound])
    let rendered = try Self.week()
    #expect(shown == rendered, "regenerate the block in docs/quran-planner.md:\n\(rendered)")
  }
}
