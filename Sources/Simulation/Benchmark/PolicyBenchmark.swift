import Foundation
import PlannerCore

/// What a policy benchmark runs (`planner simulate --report`, `--headline`, `--quick`): every
/// truth × scenario × seed × learner, each learner under every policy setting.
public struct BenchmarkOptions: Sendable {
  public var truths: [TruthModelName]
  public var scenarios: [BenchmarkScenario]
  public var policies: [SimulationPolicy]
  /// Seeds 1…seeds (each draws its own learners and luck).
  public var seeds: Int
  public var learners: Int
  public var days: Int
  public var start: EpochDay
  /// Bootstrap resamples per interval, and the bootstrap's seed.
  public var resamples: Int
  public var bootstrapSeed: UInt64 = 20_261_202
  /// The Quran line truth's constants (the sensitivity sweep changes them).
  public var lines = QuranLineTruth<AnyMemoryTruth>.Parameters()
  public var jobs: Int
  /// Scenario k runs under truth k mod |truths| only (the quick size: every scenario, one truth each).
  public var rotateTruths = false
  /// Only the learners who have Quran material (the line truth's sensitivity sweep).
  public var quranOnly = false
  /// `planner config` settings every simulated learner's profile takes (`simulate --set`), under
  /// every policy (only the planner's read most of them).
  public var settings: [(key: String, value: String)] = []
  /// Called after each run of a learner under a policy, with the runs done and in all (one
  /// call at a time; from worker threads).
  public var progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?

  public init(truths: [TruthModelName], scenarios: [BenchmarkScenario], policies: [SimulationPolicy], seeds: Int, learners: Int,
              days: Int, start: EpochDay, resamples: Int = 1000, jobs: Int = 2) {
    self.truths = truths; self.scenarios = scenarios; self.policies = policies; self.seeds = seeds; self.learners = learners
    self.days = days; self.start = start; self.resamples = resamples; self.jobs = jobs
  }

  /// The truths of the benchmark: the three calibrated families.
  public static let calibratedTruths: [TruthModelName] = [.powerCalibrated, .actr, .exponential]

  /// The policies of the headline: the planner, its defaults-only twin, Anki at 0.90 with
  /// new limits 1, 2 and 5 lines (3, 5, 10 words) and at 0.95 with 2 lines (5 words), every
  /// traditional setting (the frontiers), and both nulls. (`--policies anki-sweep` runs all 8
  /// Anki settings.)
  public static var headlinePolicies: [SimulationPolicy] {
    [.planner, .plannerDefaults, SimulationPolicy(kind: .anki, retention: 0.9, level: 0), .anki, SimulationPolicy(kind: .anki, retention: 0.9, level: 3),
     SimulationPolicy(kind: .anki, retention: 0.95, level: 1)] + SimulationPolicy.sweep(.traditional) + [.learnNothing, .cram]
  }

  /// The headline matrix: 3 truths × 2 scenarios × 5 seeds × 50 learners × a year.
  public static func headline(start: EpochDay, jobs: Int) -> BenchmarkOptions {
    BenchmarkOptions(truths: calibratedTruths, scenarios: BenchmarkScenario.headline, policies: headlinePolicies, seeds: 5, learners: 50,
                     days: 365, start: start, jobs: jobs)
  }

  /// The policies of the quick size: each knob's ends.
  public static let quickPolicies: [SimulationPolicy] = [
    .planner, SimulationPolicy(kind: .anki, retention: 0.9, level: 0), SimulationPolicy(kind: .anki, retention: 0.9, level: 3),
    SimulationPolicy(kind: .traditional, level: 0), SimulationPolicy(kind: .traditional, level: 2), .learnNothing, .cram,
  ]

  /// The quick size: every scenario (each under one truth, in turn), small enough for `swift test`.
  public static func quick(start: EpochDay, jobs: Int) -> BenchmarkOptions {
    var o = BenchmarkOptions(truths: calibratedTruths, scenarios: BenchmarkScenario.allCases, policies: quickPolicies, seeds: 1, learners: 2,
                             days: 28, start: start, resamples: 100, jobs: jobs)
    o.rotateTruths = true
    return o
  }
}

/// One learner of one truth, scenario and seed, under every policy (same learner, same luck).
public struct BenchmarkCell: Sendable, Equatable {
  public var truth: TruthModelName
  public var scenario: BenchmarkScenario
  public var seed: UInt64
  public var learner: SimulatedLearner
  /// One per policy, in the options' order.
  public var metrics: [TruthMetrics]
}

public struct BenchmarkResult: Sendable {
  public var options: BenchmarkOptions
  /// In order: truth, scenario, seed, learner.
  public var cells: [BenchmarkCell]
  /// Learner-years simulated (policies × learners × days / 365).
  public var learnerYears: Double
}

public enum PolicyBenchmark {
  public static func run(_ o: BenchmarkOptions) throws(PlanEngineError) -> BenchmarkResult {
    guard !o.truths.isEmpty, !o.scenarios.isEmpty, !o.policies.isEmpty, o.seeds >= 1, o.learners >= 1, o.days >= 1 else {
      throw .invalidValue(keyPath: "benchmark", value: "", expected: "at least one truth, scenario, policy, seed, learner and day")
    }
    struct Task: Sendable { var truth: TruthModelName; var scenario: BenchmarkScenario; var seed: UInt64; var index: Int }
    var tasks: [Task] = []
    for (ti, t) in o.truths.enumerated() {
      for (si, s) in o.scenarios.enumerated() where !o.rotateTruths || si % o.truths.count == ti {
        for seed in 1...o.seeds {
          for i in 0..<o.learners where !o.quranOnly || s.learner(index: i, count: o.learners, days: o.days, seed: UInt64(seed)).quranShare > 0 {
            tasks.append(Task(truth: t, scenario: s, seed: UInt64(seed), index: i))
          }
        }
      }
    }
    guard !tasks.isEmpty else { throw .invalidValue(keyPath: "benchmark", value: "", expected: "at least one learner with Quran material") }
    // The work: one unit per learner and policy, so that the threads share it finely (no
    // serial tail behind one learner's eleven policies); the planner's units, the longest,
    // first (longest first keeps the tail short). The results go in their place: the order
    // of the work does not change them.
    struct Unit: Sendable { var task: Int; var policy: Int }
    func weight(_ p: SimulationPolicy) -> Int {
      switch p.kind { case .planner, .plannerDefaults: return 0; case .anki: return 1; case .traditional: return 2; default: return 3 }
    }
    let order = o.policies.indices.sorted { (weight(o.policies[$0]), $0) < (weight(o.policies[$1]), $1) }
    var units: [Unit] = []
    units.reserveCapacity(tasks.count * o.policies.count)
    for k in order { for t in tasks.indices { units.append(Unit(task: t, policy: k)) } }
    struct Shared {
      var next = 0, done = 0
      var metrics: [[TruthMetrics?]]
      var error: PlanEngineError?
    }
    let shared = Locked(Shared(metrics: Array(repeating: Array(repeating: nil, count: o.policies.count), count: tasks.count)))
    let frozen = tasks, frozenUnits = units
    let work: @Sendable () -> Void = {
      while true {
        let (i, stop) = shared.withLock { s in defer { s.next += 1 }; return (s.next, s.error != nil) }
        if i >= frozenUnits.count || stop { return }
        let unit = frozenUnits[i], task = frozen[unit.task]
        do {
          let learner = task.scenario.learner(index: task.index, count: o.learners, days: o.days, seed: task.seed)
          let run = try LearnerSimulation.run(learner, policy: o.policies[unit.policy], days: task.scenario.days(o.days), start: o.start,
                                              seed: task.seed, settings: o.settings, truth: task.truth.truth, lines: o.lines, measure: true,
                                              keepEvents: false)
          shared.withLock { s in
            s.metrics[unit.task][unit.policy] = run.metrics!
            s.done += 1
            o.progress?(s.done, frozenUnits.count)
          }
        } catch {
          shared.withLock { s in if s.error == nil { s.error = error as? PlanEngineError ?? .invalidValue(keyPath: "benchmark", value: "", expected: "\(error)") } }
        }
      }
    }
    let jobs = max(1, min(o.jobs, units.count))
    if jobs == 1 { work() } else { DispatchQueue.concurrentPerform(iterations: jobs) { _ in work() } }
    let (error, metrics) = shared.withLock { s in (s.error, s.metrics) }
    if let error { throw error }
    let cells = tasks.enumerated().map { t, task in
      BenchmarkCell(truth: task.truth, scenario: task.scenario, seed: task.seed,
                    learner: task.scenario.learner(index: task.index, count: o.learners, days: o.days, seed: task.seed),
                    metrics: metrics[t].map { $0! })
    }
    let years = tasks.reduce(0.0) { $0 + Double($1.scenario.days(o.days)) } * Double(o.policies.count) / 365
    return BenchmarkResult(options: o, cells: cells, learnerYears: years)
  }
}
