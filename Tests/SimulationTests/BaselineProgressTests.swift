import Foundation
@testable import Hifz
@testable import LearnerStore
@testable import PlannerCore
@testable import Simulation
import Testing

/// The fixed policies' incremental view of the Quran goal (``BaselineProgress``) is, on every
/// planned day, exactly what rebuilding it from the whole history gives (``QuranProgress``'s
/// rule), so keeping it up to date changes no plan.
@Suite("Baseline progress")
struct BaselineProgressTests {
  static func quranLearner(memorised: Bool) -> SimulatedLearner {
    (0..<40).lazy.map { SimulatedLearner.draw(index: $0, count: 40, days: 120, seed: 11) }
      .first { $0.quranShare > 0 && $0.memorisedJuz.isEmpty != memorised }!
  }

  @Test("the view kept as events arrive equals the view rebuilt from the history, every day", arguments: [
    SimulationPolicy(kind: .traditional, level: 2), .cram, .anki,
  ])
  func incrementalEqualsRebuilt(policy: SimulationPolicy) throws {
    for memorised in [false, true] {
      let learner = Self.quranLearner(memorised: memorised)
      let run = try LearnerSimulation.run(learner, policy: policy, days: 120, start: simulationStart, seed: 11, truth: .actr(.calibrated))
      var side = PlanningSide(profile: run.profile, policy: policy)
      var clock = LearningDayClock(profile: run.profile)
      var byDay: [Int: [LearnerEvent]] = [:]
      for e in run.events { byDay[clock.day(atMillis: e.time.epochMillis), default: []].append(e) }
      var lessonsSeen = 0, checked = 0
      for day in byDay.keys.sorted() {
        let view = try #require(side.quranView)
        let rebuilt = try BaselineProgress(goal: run.profile.quran.goal!, recitations: side.recitations, before: EpochDay(day))
        #expect(view.counted == side.recitations.count)
        #expect(view.learned == rebuilt.learned && view.nextIndex == rebuilt.nextIndex && view.runs == rebuilt.runs, "day \(day)")
        #expect(view.lessons.map(\.day) == rebuilt.lessons.map(\.day) && view.lessons.map(\.range) == rebuilt.lessons.map(\.range))
        #expect(view.lastRecentDay == rebuilt.lastRecentDay && view.lastRecentFailed == rebuilt.lastRecentFailed)
        // The plan reads the view (it holds only lessons before the day).
        #expect(try side.progress(day: EpochDay(day))?.counted == view.counted)
        lessonsSeen = view.lessons.count
        checked += 1
        side.receive(byDay[day]!)
      }
      #expect(checked > 60 && lessonsSeen > 5, "\(policy) memorised \(memorised): \(checked) days, \(lessonsSeen) lessons")
    }
  }

  @Test("a plan for a day not after the latest lesson is built from the whole history")
  func fallsBackBeforeItsLessons() throws {
    let learner = Self.quranLearner(memorised: false)
    let run = try LearnerSimulation.run(learner, policy: .cram, days: 30, start: simulationStart, seed: 11)
    var side = PlanningSide(profile: run.profile, policy: .cram)
    side.receive(run.events)
    let view = try #require(side.quranView)
    let early = try #require(try side.progress(day: simulationStart.advanced(by: 1)))
    #expect(early.counted == 0 && early.nextIndex < view.nextIndex)
    let rebuilt = try QuranProgress(goal: run.profile.quran.goal!, recitations: side.recitations, before: simulationStart.advanced(by: 1))
    #expect(early.learned == rebuilt.learned)
  }
}
