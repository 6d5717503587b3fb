import Foundation
import LearnerStore
import PlannerCore

/// What `planner simulate` is asked to do.
public struct SimulationOptions: Sendable {
  public var learners: Int
  public var days: Int
  public var seed: UInt64
  public var start: EpochDay
  public var policies: [SimulationPolicy]
  /// Where learner folders go (nil: figures only). One policy: `ROOT/<learner>`; several:
  /// `ROOT/<policy>/<learner>`.
  public var out: String?
  /// The truth file (default `ROOT.truth.jsonl`; nil without `out` and without this).
  public var truth: String?
  /// Desired retention for both Quran and vocabulary (nil: the profile defaults, 0.95 and 0.9).
  public var desiredRetention: Double?
  /// `planner config` settings every simulated learner's profile takes (`simulate --set`).
  public var settings: [(key: String, value: String)] = []
  /// The hidden memory's truth model (default: the power law it has always been).
  public var truthModel: TruthModelName = .power
  /// Worker threads (learners are independent; results do not depend on it).
  public var jobs: Int
  /// Called after each learner (from worker threads, one call at a time).
  public var progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?

  public init(learners: Int, days: Int, seed: UInt64, start: EpochDay, policies: [SimulationPolicy] = [.planner],
              out: String? = nil, truth: String? = nil, desiredRetention: Double? = nil, jobs: Int = 2,
              progress: (@Sendable (Int, Int) -> Void)? = nil) {
    self.learners = learners; self.days = days; self.seed = seed; self.start = start; self.policies = policies
    self.out = out; self.truth = truth; self.desiredRetention = desiredRetention; self.jobs = jobs; self.progress = progress
  }

  /// The truth file's path: `--truth`, else `ROOT.truth.jsonl` beside the root.
  public var truthPath: String? { truth ?? out.map { ($0.hasSuffix("/") ? String($0.dropLast()) : $0) + ".truth.jsonl" } }

  /// The folder of a learner under a policy.
  public func folder(_ learner: String, policy: SimulationPolicy) -> String? {
    guard let out else { return nil }
    return policies.count == 1 ? out + "/" + learner : out + "/" + policy.rawValue + "/" + learner
  }
}

/// The outcome of a simulation: figures per policy (in the order asked) and per learner.
public struct SimulationReport: Sendable {
  public var options: SimulationOptions
  public var policies: [PolicyFigures]
  /// perLearner[policy index][learner index].
  public var perLearner: [[LearnerFigures]]
  /// Events recorded, over all learners and policies.
  public var events: Int
}

/// Runs simulated learners in memory, two at a time by default, then writes each learner's
/// folder once (profile + events.jsonl) and the truth file. Same options, same bytes.
public enum Simulator {
  public static func run(_ options: SimulationOptions) throws(PlanEngineError) -> SimulationReport {
    guard options.learners >= 1 else { throw .invalidValue(keyPath: "--learners", value: String(options.learners), expected: "at least 1 learner") }
    guard options.days >= 1 else { throw .invalidValue(keyPath: "--days", value: String(options.days), expected: "at least 1 day") }
    guard !options.policies.isEmpty else { throw .invalidValue(keyPath: "--policy", value: "", expected: "at least one policy") }
    if let out = options.out {
      if let listing = try? FileManager.default.contentsOfDirectory(atPath: out), !listing.isEmpty {
        throw .io(path: out, reason: "the output root is not empty; choose a new --out (nothing was written)")
      }
      try DurableFile.makeDirectory(out)
    }

    struct Shared {
      var next = 0
      var done = 0
      var results: [(figures: [LearnerFigures], truth: [UInt8], events: Int)?]
      var error: PlanEngineError?
    }
    let shared = Locked(Shared(results: Array(repeating: nil, count: options.learners)))
    let work: @Sendable () -> Void = {
      while true {
        let (i, stop) = shared.withLock { s in
          defer { s.next += 1 }
          return (s.next, s.error != nil)
        }
        if i >= options.learners || stop { return }
        do {
          let r = try simulateOne(index: i, options: options)
          shared.withLock { s in
            s.results[i] = r
            s.done += 1
            options.progress?(s.done, options.learners)
          }
        } catch {
          shared.withLock { s in
            if s.error == nil { s.error = error as? PlanEngineError ?? .io(path: options.out ?? "", reason: "\(error)") }
          }
        }
      }
    }
    let jobs = max(1, min(options.jobs, options.learners))
    if jobs == 1 { work() } else { DispatchQueue.concurrentPerform(iterations: jobs) { _ in work() } }
    let (error, collected) = shared.withLock { s in (s.error, s.results) }
    if let e = error { throw e }

    let results = collected.map { $0! }
    if let path = options.truthPath {
      var bytes: [UInt8] = []
      for r in results { bytes += r.truth }
      try DurableFile.replace(path, with: bytes)
    }
    var perLearner: [[LearnerFigures]] = []
    for (k, _) in options.policies.enumerated() { perLearner.append(results.map { $0.figures[k] }) }
    let figures = zip(options.policies, perLearner).map { PolicyFigures(policy: $0, days: options.days, figures: $1) }
    return SimulationReport(options: options, policies: figures, perLearner: perLearner, events: results.reduce(0) { $0 + $1.events })
  }

  /// One learner under every policy: run, build the truth line, measure, write the folders.
  static func simulateOne(index: Int, options: SimulationOptions) throws(PlanEngineError) -> (figures: [LearnerFigures], truth: [UInt8], events: Int) {
    let learner = SimulatedLearner.draw(index: index, count: options.learners, days: options.days, seed: options.seed)
    var runs: [LearnerRun] = []
    var items: [String: HiddenItem] = [:]
    var end: [SimulationPolicy: [String: HiddenCard]] = [:]
    for policy in options.policies {
      let run = try LearnerSimulation.run(learner, policy: policy, days: options.days, start: options.start, seed: options.seed,
                                          desiredRetention: options.desiredRetention, settings: options.settings, truth: options.truthModel.truth)
      items.merge(run.hidden.items) { a, _ in a }
      end[policy] = run.hidden.endCards
      runs.append(run)
    }
    let truth = LearnerTruth(learner: learner, items: items, end: end, truthModel: options.truthModel, seed: options.seed)
    var figures: [LearnerFigures] = []
    var events = 0
    for run in runs {
      figures.append(SimulationFigures.measure(profile: run.profile, events: run.events, truth: truth,
                                               start: options.start, days: options.days).0)
      events += run.events.count
      if let dir = options.folder(learner.id, policy: run.policy) {
        try write(run, to: dir)
      }
    }
    return (figures, truth.line(), events)
  }

  /// A real learner folder: `Learner.create`, then the whole history in one atomic write.
  static func write(_ run: LearnerRun, to dir: String) throws(PlanEngineError) {
    try DurableFile.makeDirectory(DurableFile.directory(of: dir))
    try Learner.create(dir, profile: run.profile)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(run.events.count * 160)
    var w = JSONWriter(capacity: 256)
    for e in run.events {
      w = JSONWriter(capacity: 256)
      w.write(.object(e.json))
      bytes += w.bytes
      bytes.append(0x0A)
    }
    try DurableFile.replace(dir + "/" + Learner.eventsFile, with: bytes)
  }
}
