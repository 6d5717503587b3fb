import Foundation
import DailyPlanning
import PlannerCore

/// How a nightly run is asked to go.
public struct NightlyOptions: Sendable {
  /// Plan every learner for this date instead of each learner's own learning day.
  public var date: EpochDay?
  /// Learners planned at once (worker threads); at least 1. Results do not depend on it.
  public var jobs: Int
  public var shard: Shard
  /// Called after each learner (from worker threads, one call at a time). The library never
  /// prints: the CLI turns this into a progress line.
  public var progress: (@Sendable (NightlyProgress) -> Void)?

  public init(
    date: EpochDay? = nil, jobs: Int = 1, shard: Shard = .all,
    progress: (@Sendable (NightlyProgress) -> Void)? = nil
  ) {
    self.date = date
    self.jobs = jobs
    self.shard = shard
    self.progress = progress
  }
}

/// Where a run is: learners handled so far, of how many.
public struct NightlyProgress: Sendable, Equatable {
  public var done: Int
  public var total: Int
  public var failed: Int

  public init(done: Int, total: Int, failed: Int) {
    self.done = done
    self.total = total
    self.failed = failed
  }
}

/// The nightly job: plan every learner folder under ROOT (of one shard) and write each plan to
/// `<learner>/plans/<date>.json`.
///
/// - Learners are the immediate subfolders of ROOT, in byte order of their names. Hidden ones
///   (`.name`) are not learners. A folder of the shard without `profile.json` is skipped and
///   listed in the summary (it is not a learner: `lost+found`, a folder being created), not
///   failed; a learner whose `profile.json` is unreadable fails.
/// - One learner failing (its producer throws, or its plan cannot be written) does not stop the
///   others; the failure is kept with its reason.
/// - A plan identical to the file already there is not rewritten, so a rerun changes nothing
///   and an interrupted run can simply be run again (plans are written atomically).
/// - The files and the summary (timings aside) are the same for any number of jobs.
public enum NightlyRunner {
  /// Runs the job. Throws only when the run itself cannot happen (ROOT missing or unreadable,
  /// `jobs` below 1); each learner's failure is in the summary instead.
  public static func run<Planner: LearnerPlanner>(
    root: URL, planner: Planner, options: NightlyOptions
  ) throws(PlanEngineError) -> NightlySummary {
    guard options.jobs >= 1 else {
      throw .invalidValue(keyPath: "--jobs", value: String(options.jobs), expected: "a number of jobs, at least 1")
    }
    let start = Clock.now()
    let (learners, skipped) = try learnerFolders(in: root, shard: options.shard)
    let listed = Clock.now()

    let results = Results(count: learners.count)
    let work: @Sendable () -> Void = {
      var local = PhaseTimes()
      // Plans written but not yet durable: made durable together, then renamed into place.
      var pending: [(index: Int, staged: PlanFileWriter.Staged, date: EpochDay)] = []
      func commitPending() {
        let mark = Clock.now()
        let committed = PlanFileWriter.commit(pending.map(\.staged))
        local.writing += Clock.seconds(mark, Clock.now())
        for (p, result) in zip(pending, committed) {
          switch result {
          case .success: results.finish(p.index, .written(p.date), report: options.progress)
          case .failure(let error): results.finish(p.index, .failed(String(describing: error)), report: options.progress)
          }
        }
        pending.removeAll(keepingCapacity: true)
      }
      while let index = results.claim() {
        switch planOne(root.appendingPathComponent(learners[index], isDirectory: true),
                       planner: planner, date: options.date, times: &local)
        {
        case .staged(let staged, let date):
          pending.append((index, staged, date))
          if pending.count >= commitBatch { commitPending() }
        case .done(let outcome):
          results.finish(index, outcome, report: options.progress)
        }
      }
      commitPending()
      results.add(local)
    }
    let workers = min(options.jobs, max(learners.count, 1))
    if workers == 1 {
      work()
    } else {
      let group = DispatchGroup()
      for _ in 0..<workers {
        group.enter()
        // Threads, not a Dispatch queue: the work blocks on the file system, and the global
        // queues would cap the number running at the number of cores whatever --jobs says.
        let thread = Thread {
          work()
          group.leave()
        }
        thread.name = "planner.nightly"
        thread.stackSize = 8 << 20  // as the main thread's: producers may parse deep JSON
        thread.start()
      }
      group.wait()
    }
    let end = Clock.now()

    var summary = NightlySummary(
      root: root.path, shard: options.shard, date: options.date, learners: learners.count,
      planned: 0, unchanged: 0, failed: [], skipped: skipped, dates: [:], timings: .init())
    for (index, outcome) in results.outcomes().enumerated() {
      switch outcome {
      case .written(let date):
        summary.planned += 1
        summary.dates[date, default: 0] += 1
      case .unchanged(let date):
        summary.unchanged += 1
        summary.dates[date, default: 0] += 1
      case .failed(let reason):
        summary.failed.append(.init(learner: learners[index], reason: reason))
      }
    }
    let phases = results.phases()
    summary.timings.listing = Clock.seconds(start, listed)
    summary.timings.reading = phases.reading
    summary.timings.planning = phases.planning
    summary.timings.writing = phases.writing
    summary.timings.total = Clock.seconds(start, end)
    return summary
  }

  /// The learner folders of `shard` under `root`, in byte order of their names, and the
  /// folders of the shard skipped for having no `profile.json`.
  public static func learnerFolders(in root: URL, shard: Shard) throws(PlanEngineError)
    -> (learners: [String], skipped: [String])
  {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isFolder) else {
      throw .io(path: root.path, reason: "no such folder; ROOT must be the folder that holds the learner folders")
    }
    guard isFolder.boolValue else {
      throw .io(path: root.path, reason: "is a file, not a folder; ROOT must be the folder that holds the learner folders")
    }
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: root.path)
    } catch {
      throw .io(path: root.path, reason: "cannot list the learner folders: \(error.localizedDescription)")
    }
    var learners: [String] = []
    var skipped: [String] = []
    for name in names where !name.hasPrefix(".") && shard.contains(name) {
      let folder = root.appendingPathComponent(name, isDirectory: true)
      guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue
      else { continue }
      if FileManager.default.fileExists(atPath: folder.appendingPathComponent("profile.json").path) {
        learners.append(name)
      } else {
        skipped.append(name)
      }
    }
    return (learners.sorted(by: precedes), skipped.sorted(by: precedes))
  }

  /// Byte order of UTF-8 names: the same on every machine, whatever its locale.
  static func precedes(_ a: String, _ b: String) -> Bool {
    a.utf8.lexicographicallyPrecedes(b.utf8)
  }

  private static func planOne<Planner: LearnerPlanner>(
    _ folder: URL, planner: Planner, date: EpochDay?, times: inout PhaseTimes
  ) -> Step {
    var mark = Clock.now()
    var phase: WritableKeyPath<PhaseTimes, Double> = \.reading
    // Ends the current phase (also when it throws) and starts the next.
    func lap(then next: WritableKeyPath<PhaseTimes, Double>) {
      let now = Clock.now()
      times[keyPath: phase] += Clock.seconds(mark, now)
      mark = now
      phase = next
    }
    do {
      let loaded = try planner.load(learnerFolder: folder)
      lap(then: \.planning)
      let planned = try planner.plan(loaded, date: date)
      lap(then: \.writing)
      let target = folder.appendingPathComponent("plans", isDirectory: true)
        .appendingPathComponent("\(planned.date).json")
      let staged = try PlanFileWriter.stage(planned.plan, to: target)
      lap(then: \.writing)
      guard let staged else { return .done(.unchanged(planned.date)) }
      return .staged(staged, planned.date)
    } catch {
      lap(then: phase)
      return .done(.failed(String(describing: error)))
    }
  }

  /// Plans staged before one `syncfs` makes them durable: enough to share the cost of a journal
  /// commit, few enough that progress and an interrupted run lose little.
  static let commitBatch = 16

  enum Step {
    /// The plan is in its temporary file, waiting for the batch's commit.
    case staged(PlanFileWriter.Staged, EpochDay)
    case done(Outcome)
  }

  enum Outcome: Sendable {
    case written(EpochDay)
    case unchanged(EpochDay)
    case failed(String)
  }

  struct PhaseTimes: Sendable {
    var reading = 0.0
    var planning = 0.0
    var writing = 0.0
  }

  /// The shared work list and results, behind one lock (a claim per learner is cheap next to
  /// the file system work of planning one).
  private struct Results: Sendable {
    private struct State {
      var next = 0
      var done = 0
      var failed = 0
      var slots: [Outcome?]
      var totals = PhaseTimes()
    }
    private let state: Locked<State>

    init(count: Int) { state = Locked(State(slots: Array(repeating: nil, count: count))) }

    func claim() -> Int? {
      state.withLock { s in
        guard s.next < s.slots.count else { return nil }
        s.next += 1
        return s.next - 1
      }
    }

    /// Records a learner's outcome and reports progress, under the lock so that reports come
    /// one at a time and in order.
    func finish(_ index: Int, _ outcome: Outcome, report: (@Sendable (NightlyProgress) -> Void)?) {
      state.withLock { s in
        s.slots[index] = outcome
        s.done += 1
        if case .failed = outcome { s.failed += 1 }
        report?(NightlyProgress(done: s.done, total: s.slots.count, failed: s.failed))
      }
    }

    func add(_ times: PhaseTimes) {
      state.withLock { s in
        s.totals.reading += times.reading
        s.totals.planning += times.planning
        s.totals.writing += times.writing
      }
    }

    func outcomes() -> [Outcome] { state.withLock { s in s.slots.map { $0! } } }

    func phases() -> PhaseTimes { state.withLock { s in s.totals } }
  }

  /// A monotonic clock (wall-clock jumps must not skew the timings).
  enum Clock {
    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
    static func seconds(_ from: UInt64, _ to: UInt64) -> Double { Double(to &- from) / 1e9 }
  }
}
