import Foundation
@testable import Hifz
@testable import MemoryModels
@testable import PlannerCore
import Testing

/// Old revision by value (docs/quran-planner.md, "6. Old revision"): due units are taken by the
/// recall over the next 60 days a revision today adds, per second.
@Suite("Quran planner: old revision by value over a horizon")
struct RevisionValueTests {
  static let model = FSRS6()

  static func unit(_ page: Int, stability: Double, revised daysAgo: Int, lines: Double = 15, deadlineIn: Int = 20) -> ManzilCandidate {
    let share = Int(lines * 10_000)
    return ManzilCandidate(unit: .page(page), units: [.page(page)], order: page, ranges: [], lineShare: share,
                           seconds: Int(lines * 15), state: MemoryState(stability: stability, difficulty: 5),
                           lastReview: day0.advanced(by: -daysAgo), since: day0, lapses: 0, deadline: day0.advanced(by: deadlineIn))
  }

  @Test("the longer a unit has waited, the more a revision adds; a unit's size does not change its value per second")
  func valueGrowsWithTheWait() {
    var last = -Double.infinity
    for t in [5, 10, 20, 40, 80] {
      let v = ManzilScheduler.revisionValue(Self.unit(582, stability: 15, revised: t), on: day0, model: Self.model)
      #expect(v > last, "\(t) days: \(v) after \(last)")
      last = v
    }
    let page = ManzilScheduler.revisionValue(Self.unit(582, stability: 15, revised: 20, lines: 12), on: day0, model: Self.model)
    let half = ManzilScheduler.revisionValue(Self.unit(582, stability: 15, revised: 20, lines: 6), on: day0, model: Self.model)
    #expect(abs(page - half) < 1e-9 * page)
  }

  @Test("coverage first, then the due units most valuable first; units not due are not taken")
  func rankOrder() {
    // R ≈ 0.81, 0.79 and 0.81 (due below 0.85) at very different stabilities; R ≈ 0.99 (not due).
    let cs = [Self.unit(582, stability: 4, revised: 12), Self.unit(583, stability: 40, revised: 150),
              Self.unit(584, stability: 3, revised: 9), Self.unit(585, stability: 400, revised: 5),
              Self.unit(586, stability: 20, revised: 30, deadlineIn: 0)]
    let ranking = ManzilScheduler.rank(cs, day: day0, capacity: 3_000, desiredRetention: 0.85, cycle: 30, model: Self.model)
    #expect(ranking.fits && ranking.coverageCount == 1)
    #expect(ranking.order.first?.index == 4 && ranking.order.first?.pick == .coverage)
    let due = ranking.order.dropFirst().map(\.index)
    #expect(!due.contains(3), "a unit at R ≈ 0.99 is not due")
    let values = due.map { ManzilScheduler.revisionValue(cs[$0], on: day0, model: Self.model) }
    #expect(values == values.sorted(by: >), "\(due): \(values)")
    // Lowest R first would take 582 (R 0.81, S 4) before 584 (R 0.81, S 3): by value 584 comes first.
    #expect(due == [1, 2, 0])
  }

  @Test("the catch-up forecast: the first day the due work fits; none when the cycle cannot fit the capacity")
  func catchUpDay() throws {
    // Forty 225-second pages, a 30-day cycle, most of them due: 900 s a day clears them in days.
    let cs = (0..<40).map { Self.unit(500 + $0, stability: 10, revised: 30 + $0 % 7, deadlineIn: 5 + $0) }
    let settings = QuranSettings(dailyMinutes: 20, cycleDays: 30)
    let caughtUp = try #require(ManzilScheduler.catchUpDay(cs, takenToday: [], day: day0, capacity: 900, settings: settings, model: Self.model))
    #expect(caughtUp > day0 && caughtUp <= day0.advanced(by: 30))
    // The day before it still had more due than a day holds (or the forecast would stop there).
    #expect(ManzilScheduler.catchUpDay(cs, takenToday: [], day: day0, capacity: 900, settings: settings, model: Self.model, horizon: day0.distance(to: caughtUp) - 1) == nil)
    // 40 pages at 225 s do not fit 30 days of 250 s (one page a day): never caught up.
    #expect(ManzilScheduler.packedDays(cs.map(\.seconds), capacity: 250)! > 30)
    #expect(ManzilScheduler.catchUpDay(cs, takenToday: [], day: day0, capacity: 250, settings: settings, model: Self.model) == nil)
  }
}
