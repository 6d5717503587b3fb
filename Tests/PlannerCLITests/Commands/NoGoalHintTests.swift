import Foundation
import Testing
import TestSupport
@testable import PlannerCLI

/// A new learner with no goal and no words is told what to set, in every catalog language
/// (issue #14: "Nothing is due today" alone gave no hint).
@Suite("A new learner is told what to set")
struct NoGoalHintTests {
  let root: String
  /// 2026-11-30T12:00:00Z.
  let now = Date(timeIntervalSince1970: 1_796_040_000)
  init() { root = TemporaryFolder.make("planner-nogoal") }
  func run(_ args: [String]) -> CLIRun { runCLI(args, now: now, in: root) }

  static let expected: [String: String] = [
    "en": """
      Plan for 2026-11-30
      0 seconds of 30 minutes

      Nothing is due today.

      Notes
        • Nothing to plan yet: no Quran goal is set and no word is due. Set a goal with planner config DIR quran.scope juz30, or add words with planner record DIR word add EN UK.

      2026-11-30: 0 items, 0 seconds (budget 30 minutes)

      """,
    "uk": """
      План на 30.11.2026
      0 секунд з 30 хвилин

      Сьогодні нічого не заплановано.

      Примітки
        • Планувати ще нічого: мету з Корану не задано, і жодне слово не чекає повторення. Задайте мету командою planner config DIR quran.scope juz30 або додайте слова командою planner record DIR word add EN UK.

      30.11.2026: 0 завдань, 0 секунд (бюджет 30 хвилин)

      """,
    "ar": """
      خطة يوم ٣٠‏/١١‏/٢٠٢٦
      ٠ ثانية من أصل ٣٠ دقيقة

      لا شيء مستحق للمراجعة اليوم.

      ملاحظات
        • لا شيء للتخطيط بعد: لم يُحدَّد هدف للحفظ ولا كلمة مستحقة. حدّد هدفًا بالأمر \u{2066}planner config DIR quran.scope juz30\u{2069} أو أضف كلمات بالأمر \u{2066}planner record DIR word add EN UK\u{2069}.

      ٣٠‏/١١‏/٢٠٢٦: ٠ مهمة، ٠ ثانية (من أصل ٣٠ دقيقة)

      """,
  ]

  @Test("the plan says what to set, in each language", arguments: ["en", "uk", "ar"])
  func hint(_ locale: String) {
    #expect(run(["init", "a", "--timezone", "UTC"]).code == 0)
    let r = run(["today", "a", "--date", "2026-11-30", "--locale", locale])
    #expect(r.code == 0 && r.err == "")
    #expect(r.out == Self.expected[locale])
  }

  @Test("the JSON carries the note; following its advice gives a lesson and no hint")
  func followTheHint() {
    #expect(run(["init", "a", "--timezone", "UTC"]).code == 0)
    let json = run(["today", "a", "--date", "2026-11-30", "--format", "json"]).out
    #expect(json.contains("\"code\" : \"no-goal\""))
    #expect(run(["config", "a", "quran.scope", "juz30"]).code == 0)
    let plan = run(["today", "a", "--date", "2026-11-30"]).out
    #expect(!plan.contains("Nothing to plan yet") && plan.contains("An-Naas"))
  }
}
