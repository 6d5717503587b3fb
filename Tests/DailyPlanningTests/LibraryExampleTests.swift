// The example of docs/library.md, compiled and run: only public API, no @testable import.
import Foundation
import Testing
// docs/library.md example begins
import DailyPlanning
import LearnerStore
import Localization
import PlannerCore

/// Opens (or creates) a learner folder, records what the learner did, and returns today's
/// plan as a value and as text in Ukrainian. Nothing is printed; errors are `PlanEngineError`.
func todayInUkrainian(folder: String, now: Date) throws(PlanEngineError) -> (plan: DailyPlan, text: String) {
  // Open the learner folder, creating it on first use.
  if !FileManager.default.fileExists(atPath: folder + "/" + Learner.profileFile) {
    var profile = LearnerProfile(id: "amina")
    try profile.set("timezone", to: "Europe/Kyiv")
    try profile.set("locale", to: "uk")
    try profile.set("dailyMinutes", to: "20")
    try profile.set("quran.direction", to: "from-an-nas")  // a hifz goal, from the last surah
    try Learner.create(folder, profile: profile)
  }
  let learner = try Learner.load(folder)

  // Record events: appended durably, under the folder's lock; a retried id is not duplicated.
  let at = EventTime.now(now, timezone: learner.profile.timezone)
  try Learner.record(folder, events: [
    LearnerEvent(id: "w1", time: at, payload: .wordAdded(english: "cat", ukrainian: ["кіт", "кішка"])),
    LearnerEvent(id: "w2", time: at, payload: .wordLookedUp(english: "cat")),
    LearnerEvent(id: "r1", time: at, payload: .recitation(Recitation(range: "114", tier: .newLesson, grade: 4))),
  ], now: now)

  // Today's plan as a value (the learner's own learning day), then rendered in a locale.
  let loaded = try LearnerDailyPlanner.load(folder)
  let plan = try LearnerDailyPlanner(now: now).dailyPlan(loaded, date: nil)
  return (plan, plan.text(locale: PlanLocale(rawValue: plan.locale) ?? .english))
}
// docs/library.md example ends

@Suite("The library example of docs/library.md")
struct LibraryExampleTests {
  static let source = URL(fileURLWithPath: #filePath)
  static let doc = source.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("docs/library.md")

  @Test("runs end to end: a plan for the learner's day, with the recorded word and the next lesson")
  func runs() throws {
    let folder = NSTemporaryDirectory() + "planner-library-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let now = Date(timeIntervalSince1970: 1_796_000_000)  // 2026-11-29T...Z
    let first = try todayInUkrainian(folder: folder, now: now)
    #expect(first.plan.learner == "amina")
    #expect(first.plan.date == LearningDayClock(timeZone: TimeZone(identifier: "Europe/Kyiv")!, dayStartHour: 4).learningDay(of: now))
    #expect(first.plan.locale == "uk")
    #expect(first.plan.items.contains { $0.ranges?.map(\.description) == ["114"] })
    #expect(first.plan.reminders.contains { $0.english == "cat" })
    #expect(first.text.contains("Новий урок") && first.text.contains("An-Naas ·") && first.text.contains("cat"))
    // Same folder, same moment: the events are already recorded, the plan is the same.
    let again = try todayInUkrainian(folder: folder, now: now)
    #expect(again.plan == first.plan)
    #expect(try String(contentsOfFile: folder + "/events.jsonl", encoding: .utf8).split(separator: "\n").count == 3)
  }

  @Test("docs/library.md shows this file's example verbatim")
  func documented() throws {
    let test = try String(contentsOf: Self.source, encoding: .utf8)
    let doc = try String(contentsOf: Self.doc, encoding: .utf8)
    let begin = test.range(of: "// docs/library.md example begins\n")!, end = test.range(of: "// docs/library.md example ends")!
    let example = String(test[begin.upperBound..<end.lowerBound])
    #expect(doc.contains("```swift\n" + example + "```"))
  }
}
