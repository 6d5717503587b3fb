import Foundation
import Testing
import LearnerStore
import PlannerCore

@Suite("Vocabulary: reminder habits from the learner's history")
struct VocabReminderHabitsTests {
  static func event(_ id: String, _ at: String, _ payload: EventPayload) -> LearnerEvent {
    LearnerEvent(id: id, time: EventTime(at)!, payload: payload)
  }

  @Test("a reminder with no action (or only dismissed) within two hours counts as ignored, by local hour")
  func ignored() throws {
    let clock = try LearningDayClock(timeZoneIdentifier: "Europe/Kyiv")
    let events = [
      Self.event("a", "2026-05-12T09:00:00+03:00", .reminderShown(english: "cat", mode: .translation)),
      Self.event("b", "2026-05-12T09:05:00+03:00", .reminderActed(english: "cat", action: .quiz)),
      Self.event("c", "2026-05-12T14:00:00+03:00", .reminderShown(english: "dog", mode: .hint)),
      Self.event("d", "2026-05-12T20:00:00+03:00", .reminderShown(english: "cat", mode: .hint)),
      Self.event("e", "2026-05-12T20:01:00+03:00", .reminderActed(english: "cat", action: .dismissed)),
      Self.event("f", "2026-05-13T01:00:00+03:00", .reminderActed(english: "cat", action: .known)),  // too late
    ]
    var practice = [Int](repeating: 0, count: 24)
    practice[9] = 4
    let habits = Learner.reminderHabits(practiceHours: practice, events: events, clock: clock)
    #expect(habits.shownByHour[9] == 1 && habits.ignoredByHour[9] == 0)
    #expect(habits.shownByHour[14] == 1 && habits.ignoredByHour[14] == 1)
    #expect(habits.shownByHour[20] == 1 && habits.ignoredByHour[20] == 1)
    #expect(habits.practiceByHour[9] == 4)
    #expect(habits.weight(hour: 9) == 25)
    #expect(abs(habits.weight(hour: 14) - 2.0 / 3) < 1e-12)
  }
}
