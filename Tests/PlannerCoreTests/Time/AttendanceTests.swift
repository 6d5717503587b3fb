import PlannerCore
import Testing

@Suite("Attendance: practice days in the routine, and a forecast's calendar days")
struct AttendanceTests {
  let today = EpochDay(year: 2026, month: 5, day: 1)!

  @Test("a learner who practises three days in four: share 0.75, six practice days take eight calendar days")
  func threeInFour() {
    let a = Attendance.measured(before: today) { today.distance(to: $0) % 4 != -1 }
    #expect(abs(a.share - 0.75) < 0.02)
    #expect(a.calendarDays(6) == 8)
    #expect(a.calendarDays(1) == 1)
    #expect(a.calendarDays(0) == 0)
  }

  @Test("a break longer than a week is not skipping: every day before and after it counts as the routine")
  func breakIsNotSkipping() {
    let away = today.advanced(by: -30)..<today.advanced(by: -16)
    let a = Attendance.measured(before: today) { !away.contains($0) }
    #expect(a.share == 1)
    #expect(a.calendarDays(7) == 7)
  }

  @Test("too few practice days to measure: every day counts")
  func tooFew() {
    let a = Attendance.measured(before: today) { today.distance(to: $0) >= -4 }  // four days: three gaps
    #expect(a.share == 1)
    let b = Attendance.measured(before: today) { today.distance(to: $0) % 2 == 0 }  // every other day
    #expect(b.share == 0.5 && b.calendarDays(3) == 6)
  }
}
