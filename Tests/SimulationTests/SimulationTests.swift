import Foundation
import DailyPlanning
@testable import LearnerStore
@testable import MemoryModels
@testable import PlannerCore
@testable import ReviewLogs
@testable import Simulation
import Testing
import TestSupport

/// Every file under a folder, by relative path, with its bytes.
func simulationFiles(_ root: String) -> [String: Data] {
  var out: [String: Data] = [:]
  let e = FileManager.default.enumerator(atPath: root)!
  while let rel = e.nextObject() as? String {
    var isDir: ObjCBool = false
    let p = root + "/" + rel
    if FileManager.default.fileExists(atPath: p, isDirectory: &isDir), !isDir.boolValue {
      out[rel] = FileManager.default.contents(atPath: p)
    }
  }
  return out
}

let simulationStart = EpochDay(year: 2026, month: 1, day: 1)!

@Suite("Simulation")
struct SimulationTests {
  static func run(_ tmp: TemporaryFolder, _ name: String, learners: Int = 3, days: Int = 75, seed: UInt64 = 11,
                  policies: [SimulationPolicy] = SimulationPolicy.allCases, jobs: Int = 2) throws -> SimulationReport {
    try Simulator.run(SimulationOptions(learners: learners, days: days, seed: seed, start: simulationStart, policies: policies,
                                        out: tmp.file(name), jobs: jobs))
  }

  @Test("same seed, same folders and truth byte for byte, whatever the number of jobs")
  func sameSeedSameBytes() throws {
    let tmp = TemporaryFolder()
    let a = try Self.run(tmp, "a", jobs: 1)
    let b = try Self.run(tmp, "b", jobs: 2)
    let fa = simulationFiles(tmp.file("a")), fb = simulationFiles(tmp.file("b"))
    #expect(fa.count == SimulationPolicy.allCases.count * 3 * 3)  // policies × 3 learners × (profile, events, .lock)
    #expect(fa == fb)
    #expect(FileManager.default.contents(atPath: tmp.file("a.truth.jsonl")) == FileManager.default.contents(atPath: tmp.file("b.truth.jsonl")))
    #expect(a.policies == b.policies)
    let c = try Self.run(tmp, "c", seed: 12, jobs: 2)
    #expect(simulationFiles(tmp.file("c")) != fa)
    #expect(c.policies != a.policies)
  }

  @Test("the folders are real learners: they load, with every event folded and nothing torn")
  func foldersAreLearners() throws {
    let tmp = TemporaryFolder()
    let report = try Self.run(tmp, "root", policies: [.planner])
    var total = 0
    for i in 1...3 {
      let dir = tmp.file("root/learner-000\(i)")
      let learner = try Learner.load(dir, writeSnapshot: false)
      #expect(learner.torn == nil)
      #expect(learner.state.eventCount == learner.eventsFolded)
      total += learner.eventsFolded
      // The hidden memory is never inside a learner folder.
      #expect(Set(try FileManager.default.contentsOfDirectory(atPath: dir)) == ["profile.json", "events.jsonl", ".lock"])
    }
    #expect(total == report.events)
    #expect(!FileManager.default.fileExists(atPath: tmp.file("root/truth.jsonl")))
    #expect(FileManager.default.fileExists(atPath: tmp.file("root.truth.jsonl")))
  }

  /// The planner sees only events: replaying a learner's own events (profile + events.jsonl,
  /// no truth file) day by day gives, for every day the plan was opened, exactly the items the
  /// learner then did or skipped, in order.
  @Test("every day's plan is a function of the events before it (no hidden memory)", arguments: SimulationPolicy.allCases)
  func plansFromEventsOnly(policy: SimulationPolicy) throws {
    let tmp = TemporaryFolder()
    _ = try Self.run(tmp, "root", learners: 2, days: 70, policies: [policy])
    for i in 1...2 {
      let dir = tmp.file("root/learner-000\(i)")
      let (profile, _) = try Learner.loadProfile(dir)
      let events = try Learner.history(dir).events
      var side = PlanningSide(profile: profile, policy: policy)
      var clock = LearningDayClock(profile: profile)
      var byDay: [Int: [LearnerEvent]] = [:]
      for e in events { byDay[clock.day(atMillis: e.time.epochMillis), default: []].append(e) }
      var checked = 0
      for day in byDay.keys.sorted() {
        let today = byDay[day]!
        let recorded = today.compactMap { e -> String? in
          switch e.payload {
          case .planItemDone(_, let item, _), .planItemSkipped(_, let item): return item
          default: return nil
          }
        }
        let plan = try side.plan(day: EpochDay(day))
        #expect(plan.map(\.id) == recorded, "day \(EpochDay(day))")
        checked += 1
        side.receive(today)
      }
      #expect(checked > 20)
    }
  }

  @Test("the planner side holds no hidden memory: only the profile and what the events fold to")
  func plannerSideHoldsNoTruth() throws {
    let learner = SimulatedLearner.draw(index: 0, count: 1, days: 30, seed: 2)
    let run = try LearnerSimulation.run(learner, policy: .planner, days: 30, start: simulationStart, seed: 2)
    var side = PlanningSide(profile: run.profile, policy: .planner)
    side.receive(run.events)
    func types(_ value: Any, depth: Int = 0) -> [String] {
      guard depth < 3 else { return [] }
      return Mirror(reflecting: value).children.flatMap { c in [String(describing: type(of: c.value))] + types(c.value, depth: depth + 1) }
    }
    let held = types(side)
    #expect(!held.isEmpty)
    #expect(!held.contains { $0.contains("Hidden") || $0.contains("Truth") || $0.contains("SimulatedLearner") })
    // The plan is a function of the profile and the events: two sides fed the same events agree.
    var other = PlanningSide(profile: run.profile, policy: .planner)
    other.receive(run.events)
    let day = simulationStart.advanced(by: 30)
    #expect(try side.plan(day: day) == other.plan(day: day))
  }

  @Test("each policy's figures recompute from the events and the truth file")
  func figuresRecompute() throws {
    let tmp = TemporaryFolder()
    let days = 90
    let report = try Self.run(tmp, "root", learners: 3, days: days)
    let truths = try LearnerTruth.read(tmp.file("root.truth.jsonl"))
    #expect(truths.map(\.learner.id) == ["learner-0001", "learner-0002", "learner-0003"])
    for (k, policy) in report.options.policies.enumerated() {
      var figures: [LearnerFigures] = []
      for truth in truths {
        let dir = tmp.file("root/\(policy.rawValue)/\(truth.learner.id)")
        let (profile, _) = try Learner.loadProfile(dir)
        let (f, hidden) = SimulationFigures.measure(profile: profile, events: try Learner.history(dir).events, truth: truth,
                                                    start: simulationStart, days: days)
        figures.append(f)
        // The hidden memory replayed from the files is the simulation's own, to the bit.
        #expect(hidden.cards == truth.end[policy], "\(policy) \(truth.learner.id)")
      }
      #expect(figures == report.perLearner[k])
      #expect(PolicyFigures(policy: policy, days: days, figures: figures) == report.policies[k])
    }
    // The policies differ (the same learners, different schedulers).
    #expect(Set(report.policies.map(\.minutesPerDay)).count == SimulationPolicy.allCases.count)
  }

  @Test("the hidden memory: hyperbolic forgetting, ability and difficulty, same-day and lapse rules")
  func hiddenMemoryRules() {
    #expect(abs(PowerLawMemory.recall(elapsedDays: 9 * 4, strength: 4) - 0.5) < 1e-12)
    let item = HiddenItem(difficulty: 0, firstStrength: 2)
    var able = HiddenMemory(ability: 0.5, items: ["p1": item])
    var weak = HiddenMemory(ability: -0.5, items: ["p1": item])
    able.learn("p1", on: 0); weak.learn("p1", on: 0)
    #expect(able.cards["p1"] == HiddenCard(strength: 2, lastDay: 0))
    able.review("p1", on: 3, recalled: true); weak.review("p1", on: 3, recalled: true)
    #expect(able.cards["p1"]!.strength > weak.cards["p1"]!.strength)
    #expect(weak.cards["p1"]!.strength > 2)
    let before = able.cards["p1"]!.strength
    able.review("p1", on: 3, recalled: true)
    #expect(abs(able.cards["p1"]!.strength - before * 1.2) < 1e-12)
    able.review("p1", on: 40, recalled: false)
    #expect(able.cards["p1"]!.strength < before)
    #expect(able.cards["p1"]!.strength >= 0.05)
    // A lesson on a page already begun: the page is as strong as its newest part.
    able.learn("p1", on: 41)
    #expect(able.cards["p1"]!.strength <= 2)
  }

  @Test("learners differ: budgets, mixes, holidays, diligence, hours")
  func learnersDiffer() {
    let ls = (0..<300).map { SimulatedLearner.draw(index: $0, count: 300, days: 365, seed: 5) }
    #expect(Set(ls.map(\.dailyMinutes)).count >= 5)
    #expect(ls.contains { $0.quranShare == 0 } && ls.contains { $0.quranShare == 1 } && ls.contains { $0.quranShare > 0 && $0.quranShare < 1 })
    #expect(ls.allSatisfy { $0.holidayStart != nil && $0.holidayDays == 14 })
    #expect(ls.contains { !$0.memorisedJuz.isEmpty } && ls.contains { $0.memorisedJuz.isEmpty })
    #expect(Set(ls.map(\.hour)).count >= 6)
    #expect(Set(ls.map(\.timezone)).count >= 4)
    #expect(ls.map(\.skipProbability).min()! < 0.06 && ls.map(\.skipProbability).max()! > 0.25)
    #expect(ls.map(\.ability).min()! < -0.5 && ls.map(\.ability).max()! > 0.5)
    #expect(SimulatedLearner.draw(index: 0, count: 10, days: 30, seed: 5).holidayStart == nil)
    #expect(ls[0].id == "learner-0001" && ls[299].id == "learner-0300")
  }

  @Test("a learner on holiday records nothing for two weeks; skipped days record nothing")
  func holidayIsQuiet() throws {
    let learner = SimulatedLearner.draw(index: 0, count: 1, days: 120, seed: 3)
    let run = try LearnerSimulation.run(learner, policy: .planner, days: 120, start: simulationStart, seed: 3)
    var clock = LearningDayClock(profile: run.profile)
    let active = Set(run.events.map { clock.day(atMillis: $0.time.epochMillis) - simulationStart.value })
    let h = try #require(learner.holidayStart)
    #expect(active.isDisjoint(with: h..<(h + 14)))
    #expect(active.count < 120 - 14)
    #expect(active.count > 40)
  }

  @Test("an output root that is not empty is refused before anything is written")
  func refusesNonEmptyRoot() throws {
    let tmp = TemporaryFolder()
    try FileManager.default.createDirectory(atPath: tmp.file("root/someone"), withIntermediateDirectories: true)
    #expect(throws: PlanEngineError.self) { try Self.run(tmp, "root", learners: 1, days: 5) }
    #expect(!FileManager.default.fileExists(atPath: tmp.file("root.truth.jsonl")))
  }

  @Test("export: the review log holds exactly the fold's review histories (one per item per day)")
  func exportMatchesFold() throws {
    let tmp = TemporaryFolder()
    _ = try Self.run(tmp, "root", learners: 2, days: 80, policies: [.planner])
    for i in 1...2 {
      let dir = tmp.file("root/learner-000\(i)")
      let (profile, _) = try Learner.loadProfile(dir)
      let events = try Learner.history(dir).events
      let (bytes, summary) = ReviewLogExport.csv(profile: profile, events: events)
      let reader = ReviewLogReader(clock: try LearningDayClock(timeZoneIdentifier: profile.timezone, dayStartHour: profile.dayStartHour))
      let log = try reader.parse(bytes, fileName: "export.csv")
      let expected = LearnerFold.reviewHistories(profile: profile, events: events).map(\.history).sorted { $0.cardID < $1.cardID }
      let got = log.cardHistories()
      #expect(got.count == expected.count && got.count == summary.items)
      #expect(log.count == summary.reviews)
      #expect(got.map(\.cardID) == expected.map(\.cardID))
      #expect(got.map(\.times) == expected.map(\.times))
      #expect(got.map(\.ratings) == expected.map(\.ratings))
      #expect(got.map(\.elapsedDays) == expected.map(\.elapsedDays))
      #expect(summary.reviews > 100)
    }
  }
}

@Suite("Simulation: the planner policy is `planner today`")
struct SimulationPlansLikeTodayTests {
  /// The simulator's incremental planner side against a learner folder holding the same events,
  /// loaded and planned by `LearnerDailyPlanner` (what `planner today` and `nightly` run): on
  /// every fourth active day and every day after a refit, the same plan (reminders included),
  /// and the items the simulated learner then did or skipped are that plan's items.
  @Test("same events, same plans as today's folder load, across parameter refits")
  func plannerSideIsToday() throws {
    let days = 110
    // A learner with both Quran and words whose reviews pass at least two refit checkpoints.
    var chosen: LearnerRun?
    for i in 0..<40 {
      let l = SimulatedLearner.draw(index: i, count: 40, days: days, seed: 7)
      guard l.quranShare > 0, l.quranShare < 1 else { continue }
      let run = try LearnerSimulation.run(l, policy: .planner, days: days, start: simulationStart, seed: 7)
      var probe = IncrementalLearner(profile: run.profile)
      probe.receive(run.events)
      if (probe.parameters.reviews ?? 0) >= 800 { chosen = run; break }
    }
    let run = try #require(chosen, "a mixed learner reaching two refits")
    var clock = LearningDayClock(profile: run.profile)
    var byDay: [Int: [LearnerEvent]] = [:]
    for e in run.events { byDay[clock.day(atMillis: e.time.epochMillis), default: []].append(e) }
    let tmp = TemporaryFolder()
    var side = PlanningSide(profile: run.profile, policy: .planner)
    var written: [UInt8] = []
    var checked = 0, afterRefit = 0
    var refitted = false
    for (n, day) in byDay.keys.sorted().enumerated() {
      let date = EpochDay(day)
      let today = byDay[day]!
      if n % 4 == 0 || refitted {
        let dir = tmp.file("day-\(day)")
        try Learner.create(dir, profile: run.profile)
        try DurableFile.replace(dir + "/" + Learner.eventsFile, with: written)
        let loaded = try LearnerDailyPlanner.load(dir)
        #expect(loaded.state == side.learner.state, "\(date)")
        let viaFolder = try LearnerDailyPlanner(now: Date(timeIntervalSince1970: 0)).dailyPlan(loaded, date: date)
        let viaSide = try side.learner.dailyPlan(date: date)
        #expect(viaSide == viaFolder, "\(date)")
        #expect(viaSide.jsonBytes() == viaFolder.jsonBytes(), "\(date)")
        // The simulator's own plan (no reminders) is the same plan's items.
        let items = try side.plan(day: date)
        #expect(items == (try PlanningSide.items(viaFolder)), "\(date)")
        let recorded = today.compactMap { e -> String? in
          switch e.payload {
          case .planItemDone(_, let item, _), .planItemSkipped(_, let item): return item
          default: return nil
          }
        }
        #expect(items.map(\.id) == recorded, "\(date)")
        checked += 1
        if refitted { afterRefit += 1 }
      }
      let before = side.learner.parameters
      side.receive(today)
      refitted = side.learner.parameters != before
      for e in today {
        var w = JSONWriter(capacity: 256)
        w.write(.object(e.json))
        written += w.bytes + [0x0A]
      }
    }
    #expect(checked >= 15)
    #expect(afterRefit >= 2, "plans checked right after each refit")
    #expect(side.learner.parameters.source == "fitted")
  }
}
