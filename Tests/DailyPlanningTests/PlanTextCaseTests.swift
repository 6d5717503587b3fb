import Foundation
@testable import DailyPlanning
import Localization
@testable import PlannerCore
import Testing

/// Numbers in the plan's sentences agree in case with the words that govern them: Ukrainian
/// `з` ("of") and `до` ("to") take the genitive (`з 1 хвилини`, `з 2 хвилин`, `з 21 хвилини`).
@Suite("DailyPlan text: case agreement of counted phrases")
struct PlanTextCaseTests {
  static func demoPlan() throws -> DailyPlan {
    try LearnerDailyPlanner(now: Date(timeIntervalSince1970: 0)).dailyPlan(DemoLearner.load(), date: DemoLearner.day)
  }

  @Test("plan.budget: `з` + genitive in Ukrainian, `of` in English", arguments: [
    (1, "з 1 хвилини", "of 1 minute"), (2, "з 2 хвилин", "of 2 minutes"), (4, "з 4 хвилин", "of 4 minutes"),
    (5, "з 5 хвилин", "of 5 minutes"), (11, "з 11 хвилин", "of 11 minutes"), (21, "з 21 хвилини", "of 21 minutes"),
    (22, "з 22 хвилин", "of 22 minutes"), (25, "з 25 хвилин", "of 25 minutes"), (101, "з 101 хвилини", "of 101 minutes"),
  ])
  func budget(_ minutes: Int, _ uk: String, _ en: String) throws {
    var plan = try Self.demoPlan()
    plan.budget.seconds = minutes * 60
    let ukLine = plan.text(locale: .ukrainian).split(separator: "\n")[1]
    #expect(ukLine.hasSuffix(" " + uk), "\(ukLine)")
    let enLine = plan.text(locale: .english).split(separator: "\n")[1]
    #expect(enLine.hasSuffix(" " + en), "\(enLine)")
  }

  @Test("plan.budget under a minute: `з 30 секунд`, `з 1 секунди`", arguments: [(30, "з 30 секунд"), (1, "з 1 секунди"), (21, "з 21 секунди"), (2, "з 2 секунд")])
  func budgetSeconds(_ seconds: Int, _ uk: String) throws {
    var plan = try Self.demoPlan()
    plan.budget.seconds = seconds
    #expect(plan.text(locale: .ukrainian).split(separator: "\n")[1].hasSuffix(" " + uk))
  }

  @Test("plan.shortened: `до` + genitive", arguments: [(1, "до 1 хвилини"), (3, "до 3 хвилин"), (20, "до 20 хвилин"), (21, "до 21 хвилини")])
  func shortened(_ minutes: Int, _ uk: String) throws {
    var plan = try Self.demoPlan()
    plan.budget.seconds = minutes * 60
    plan.budget.completion = 0.8
    plan.notes = [DailyPlanNote(code: .planShortened, text: "")]
    let text = plan.text(locale: .ukrainian)
    #expect(text.contains("план скорочено \(uk): зазвичай ви виконуєте близько 80% плану"), "\(text)")
  }
}
