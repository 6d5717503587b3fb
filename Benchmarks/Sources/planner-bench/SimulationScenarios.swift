import Foundation
import LearnerStore
import MemoryModels
import Nightly
import PlannerCLI
import PlannerCore
import Simulation

// Scenarios over simulated learners (docs/simulation.md). Sizes: `--quick` is a smoke test;
// otherwise PLANNER_BENCH_LEARNERS, PLANNER_BENCH_DAYS and PLANNER_BENCH_JOBS (set by the
// scenario files in Benchmarks/scenarios/) or the defaults below.

private let env = ProcessInfo.processInfo.environment
private func size(_ key: String, _ normal: Int, quick: Int) -> Int { benchQuick ? quick : (env[key].flatMap(Int.init) ?? normal) }
private let simulationStart = EpochDay(year: 2026, month: 1, day: 1)!

/// Peak resident memory of this process so far (Linux VmHWM), in MiB.
func peakResidentMiB() -> JSONNode {
  guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
    let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
    let kib = Int(line.dropFirst(6).trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? "")
  else { return .null }
  return rounded(Double(kib) / 1024)
}

/// `simulate`: the closed loop in memory, every policy: simulated learner-years per second.
func simulateScenario() {
  let learners = size("PLANNER_BENCH_LEARNERS", 100, quick: 2)
  let days = size("PLANNER_BENCH_DAYS", 365, quick: 20)
  let jobs = size("PLANNER_BENCH_JOBS", 2, quick: 2)
  var report: SimulationReport?
  let time = seconds {
    report = try! Simulator.run(SimulationOptions(learners: learners, days: days, seed: 1, start: simulationStart,
                                                  policies: SimulationPolicy.allCases, jobs: jobs))
  }
  let runs = Double(learners * SimulationPolicy.allCases.count) * Double(days) / 365
  PlannerBench.report("simulate", [
    ("learners", .number(Double(learners))), ("days", .number(Double(days))), ("policies", .number(Double(SimulationPolicy.allCases.count))), ("jobs", .number(Double(jobs))),
    ("seconds", rounded(time)), ("events", .number(Double(report!.events))),
    ("learnerYearsPerSecond", rounded(runs / time)), ("peakRSSMiB", peakResidentMiB()), ("loadAverage", loadAverage()),
  ])
}

/// `plan-generation`: the daily plan (DailyPlanner, as the planner policy builds it) for
/// learners with a simulated year of history, the fold already done: milliseconds per plan.
func planGenerationScenario() {
  let learners = size("PLANNER_BENCH_LEARNERS", 50, quick: 2)
  let days = size("PLANNER_BENCH_DAYS", 365, quick: 20)
  var sides: [PlanningSide] = []
  var events = 0
  for i in 0..<learners {
    let l = SimulatedLearner.draw(index: i, count: learners, days: days, seed: 1)
    let run = try! LearnerSimulation.run(l, policy: .planner, days: days, start: simulationStart, seed: 1)
    var side = PlanningSide(profile: run.profile, policy: .planner)
    side.receive(run.events)
    events += run.events.count
    sides.append(side)
  }
  let day = simulationStart.advanced(by: days)
  var times: [Double] = []
  var items = 0
  for side in sides {
    var best = Double.infinity
    for _ in 0..<(benchQuick ? 1 : 5) {
      best = min(best, seconds { items += (try! side.plan(day: day)).count })
    }
    times.append(best)
  }
  times.sort()
  PlannerBench.report("plan-generation", [
    ("learners", .number(Double(learners))), ("historyDays", .number(Double(days))),
    ("eventsPerLearner", rounded(Double(events) / Double(learners))),
    ("meanMs", rounded(times.reduce(0, +) / Double(times.count) * 1000)),
    ("p95Ms", rounded(times[min(times.count - 1, Int(Double(times.count) * 0.95))] * 1000)),
    ("maxMs", rounded(times.last! * 1000)), ("peakRSSMiB", peakResidentMiB()), ("loadAverage", loadAverage()),
  ])
}

/// `nightly-simulated`: `planner nightly`'s producer over a root of simulated learners (the
/// planner policy; a year each), with PLANNER_BENCH_JOBS jobs (default: 1 then 2). The root is
/// made once per size and reused from .build/planner-bench-cache (or $PLANNER_BENCH_CACHE).
func nightlySimulatedScenario() {
  let learners = size("PLANNER_BENCH_LEARNERS", 1000, quick: 3)
  let days = size("PLANNER_BENCH_DAYS", 365, quick: 20)
  let tmp = FileManager.default.temporaryDirectory.path
  // The full-size history is cached for the next scenario (jobs1, then jobs2) in the build
  // folder, not in $TMPDIR: a benchmark run leaves nothing behind there.
  let cache = env["PLANNER_BENCH_CACHE"] ?? FileManager.default.currentDirectoryPath + "/.build/planner-bench-cache"
  if !benchQuick { try? FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true) }
  let root = benchQuick ? "\(tmp)/planner-bench-simroot-quick-\(getpid())" : "\(cache)/simroot-\(learners)x\(days)"
  defer { if benchQuick { try? FileManager.default.removeItem(atPath: root); try? FileManager.default.removeItem(atPath: root + ".truth.jsonl") } }
  var generate = 0.0
  if !FileManager.default.fileExists(atPath: root + ".truth.jsonl") {
    try? FileManager.default.removeItem(atPath: root)
    generate = seconds {
      _ = try! Simulator.run(SimulationOptions(learners: learners, days: days, seed: 1, start: simulationStart, out: root, jobs: 2))
    }
  }
  let context = CommandContext(environment: [:], now: Date(timeIntervalSince1970: Double(simulationStart.value + days) * 86_400 + 3600),
                               currentDirectory: tmp, stdout: .capture(), stderr: .capture())
  let planner = NightlyCommand.makePlanner(context)
  let jobsList = env["PLANNER_BENCH_JOBS"].flatMap(Int.init).map { [$0] } ?? [1, 2]
  var figures: [(String, JSONNode)] = [
    ("producer", .string(String(describing: type(of: planner)))), ("learners", .number(Double(learners))),
    ("historyDays", .number(Double(days))), ("generateSeconds", rounded(generate)),
  ]
  for jobs in jobsList {
    for name in (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? [] {
      try? FileManager.default.removeItem(atPath: root + "/" + name + "/plans")
      try? FileManager.default.removeItem(atPath: root + "/" + name + "/" + Learner.snapshotFile)
    }
    let s = try! NightlyRunner.run(root: URL(fileURLWithPath: root, isDirectory: true), planner: planner, options: NightlyOptions(jobs: jobs))
    precondition(s.failed.isEmpty, "nightly-simulated: \(s.failed.count) learners failed: \(s.failed.first!.reason)")
    figures += [
      ("jobs\(jobs)LearnersPerSecond", rounded(s.timings.learnersPerSecond(s.learners))),
      ("jobs\(jobs)ReadingSeconds", rounded(s.timings.reading)), ("jobs\(jobs)PlanningSeconds", rounded(s.timings.planning)),
      ("jobs\(jobs)WritingSeconds", rounded(s.timings.writing)),
    ]
  }
  figures += [("peakRSSMiB", peakResidentMiB()), ("loadAverage", loadAverage())]
  PlannerBench.report("nightly-simulated", figures)
}
