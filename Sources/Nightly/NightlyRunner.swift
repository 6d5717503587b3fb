import Foundation
import DailyPlanning
import LearnerStore
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
  /// How long to wait for a learner's lock (held by a `record` or `config` in progress) before
  /// failing that learner; `PLANNER_LOCK_TIMEOUT` in the CLI.
  public var lockTimeout: Double
  /// The file system calls the listing makes, replaceable in tests (a fault seam: as root, file
  /// permissions do not make a folder unreadable).
  package var fileSystem: NightlyFileSystem = .live

  public init(
    date: EpochDay? = nil, jobs: Int = 1, shard: Shard = .all,
    lockTimeout: Double = LearnerLock.defaultTimeout,
    progress: (@Sendable (NightlyProgress) -> Void)? = nil
  ) {
    self.date = date
    self.jobs = jobs
    self.shard = shard
    self.progress = progress
    self.lockTimeout = lockTimeout
  }
}

/// The calls that decide what an entry of ROOT is.
package struct NightlyFileSystem: Sendable {
  /// 0 when the folder at this path holds a `profile.json`, else the `errno` of looking for it
  /// (`ENOENT`: not a learner).
  package var profileStatus: @Sendable (_ folder: String) -> Int32

  package init(profileStatus: @escaping @Sendable (_ folder: String) -> Int32) {
    self.profileStatus = profileStatus
  }

  package static let live = NightlyFileSystem { folder in
    var info = stat()
    return stat(folder + "/" + Learner.profileFile, &info) == 0 ? 0 : errno
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
///   failed. Every other entry that looks like a learner and cannot be planned fails with its
///   reason: a folder that cannot be read, a name that is not UTF-8, a link to a folder outside
///   ROOT, a learner whose `profile.json` or log is unreadable.
/// - Each learner is planned under its lock (`.lock`, the one `record` takes), held from reading
///   the learner until its plan is in place: a plan file reflects every event recorded before
///   it was written. Under the lock, temporary plan files left by a killed run are removed.
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
    let (learners, skipped, unlisted) = try learnerFolders(in: root, shard: options.shard, fileSystem: options.fileSystem)
    let listed = Clock.now()

    // Paths as strings: a `URL` appended to and read back per learner cost ~1 % of a night.
    let rootPath = root.path
    let rootPrefix = rootPath.hasSuffix("/") ? rootPath : rootPath + "/"
    let results = Results(count: learners.count)
    let committer = Committer()
    let work: @Sendable () -> Void = {
      var local = PhaseTimes()
      // Plans written but not yet durable: made durable together, then renamed into place, each
      // under its learner's lock, by the committer while this worker plans the next learners.
      var pending: [Committer.Entry] = []
      func commitPending() {
        guard !pending.isEmpty else { return }
        committer.commit(pending, results: results, report: options.progress)
        pending.removeAll(keepingCapacity: true)
      }
      while let index = results.claim() {
        let folder = rootPrefix + learners[index]
        // Never wait for a lock while holding others (another run may hold those and wait for
        // this one): try it, and when it is busy, commit what is pending first, then wait.
        let lock: LearnerLock
        do throws(PlanEngineError) {
          do throws(PlanEngineError) {
            lock = try LearnerLock(directory: folder, timeout: 0, listed: true)
          } catch .lockTimeout {
            commitPending()
            lock = try LearnerLock(directory: folder, timeout: options.lockTimeout, listed: true)
          }
        } catch {
          results.finish(index, .failed(String(describing: error)), report: options.progress)
          continue
        }
        switch planOne(folder, planner: planner, date: options.date, times: &local) {
        case .staged(let staged, let date):
          pending.append(Committer.Entry(index: index, staged: staged, date: date, lock: lock))
          if pending.count >= commitBatch { commitPending() }
        case .done(let outcome):
          lock.unlock()
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
    committer.finish()
    let end = Clock.now()

    var summary = NightlySummary(
      root: root.path, shard: options.shard, date: options.date, learners: learners.count + unlisted.count,
      planned: 0, unchanged: 0, failed: unlisted, skipped: skipped, dates: [:], timings: .init())
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
    summary.failed.sort()
    let phases = results.phases()
    summary.timings.listing = Clock.seconds(start, listed)
    summary.timings.reading = phases.reading
    summary.timings.planning = phases.planning
    summary.timings.writing = phases.writing
    summary.timings.total = Clock.seconds(start, end)
    return summary
  }

  /// The learner folders of `shard` under `root`, in byte order of their names; the folders of
  /// the shard skipped for having no `profile.json`; and the entries that look like learners
  /// but cannot be planned, with the reason.
  public static func learnerFolders(in root: URL, shard: Shard) throws(PlanEngineError)
    -> (learners: [String], skipped: [String], failed: [NightlySummary.Failure])
  {
    try learnerFolders(in: root, shard: shard, fileSystem: .live)
  }

  package static func learnerFolders(in root: URL, shard: Shard, fileSystem: NightlyFileSystem) throws(PlanEngineError)
    -> (learners: [String], skipped: [String], failed: [NightlySummary.Failure])
  {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isFolder) else {
      throw .io(path: root.path, reason: "no such folder; ROOT must be the folder that holds the learner folders")
    }
    guard isFolder.boolValue else {
      throw .io(path: root.path, reason: "is a file, not a folder; ROOT must be the folder that holds the learner folders")
    }
    guard let realRoot = realPath(root.path) else {
      throw .io(path: root.path, reason: "cannot resolve the folder: \(PlanFileWriter.errnoReason("realpath"))")
    }
    // readdir, not FileManager: the names as the bytes they are, including those that are not
    // UTF-8 (FileManager leaves them out).
    guard let listing = opendir(root.path) else {
      throw .io(path: root.path, reason: PlanFileWriter.errnoReason("cannot list the learner folders"))
    }
    defer { closedir(listing) }
    var learners: [String] = []
    var skipped: [String] = []
    var failed: [NightlySummary.Failure] = []
    while let entry = readdir(listing) {
      let bytes: [UInt8] = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        let all = raw.bindMemory(to: UInt8.self)
        return Array(all[..<(all.firstIndex(of: 0) ?? all.count)])
      }
      guard let first = bytes.first, first != UInt8(ascii: "."),
        Int(FNV1a64.hash(bytes) % UInt64(shard.count)) + 1 == shard.index
      else { continue }
      let decoded = String(decoding: bytes, as: UTF8.self)
      guard Array(decoded.utf8) == bytes else {
        // Not UTF-8: no path of the store can name it. Reported when it looks like a learner.
        let name = escaped(bytes)
        var cName = bytes.map { CChar(bitPattern: $0) }
        cName.append(0)
        var info = stat()
        guard fstatat(dirfd(listing), cName, &info, 0) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { continue }
        var profile: [CChar] = Array(cName.dropLast()) + Array("/\(Learner.profileFile)".utf8CString)
        let status = fstatat(dirfd(listing), &profile, &info, 0) == 0 ? 0 : errno
        if status == ENOENT || status == ENOTDIR {
          skipped.append(name)
        } else {
          failed.append(.init(learner: name, reason: "\(root.path)/\(name): the folder name is not UTF-8 (shown with \\x escapes); rename the folder to plan this learner"))
        }
        continue
      }
      let name = decoded
      let path = root.path + "/" + name
      var info = stat()
      // A folder `readdir` says is one (not a link) needs no look of its own: a system call a
      // learner saved; a link, or a file system that does not say, is looked at.
      if entry.pointee.d_type == UInt8(DT_DIR) {
        info.st_mode = S_IFDIR
      } else {
        guard lstat(path, &info) == 0 else { continue }  // gone since the listing
      }
      if (info.st_mode & S_IFMT) == S_IFLNK {
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR, let target = realPath(path) else { continue }
        guard target.hasPrefix(realRoot.hasSuffix("/") ? realRoot : realRoot + "/") else {
          failed.append(.init(learner: name, reason: "\(path): is a symbolic link to \(target), outside ROOT; learner folders must be inside ROOT"))
          continue
        }
      } else if (info.st_mode & S_IFMT) != S_IFDIR {
        continue  // a plain file: not a learner
      }
      switch fileSystem.profileStatus(path) {
      case 0: learners.append(name)
      case ENOENT, ENOTDIR: skipped.append(name)
      case let code: failed.append(.init(learner: name, reason: "\(path): cannot read the learner folder: \(String(cString: strerror(code)))"))
      }
    }
    return (learners.sorted(by: precedes), skipped.sorted(by: precedes), failed.sorted())
  }

  /// The canonical absolute path (links resolved), or nil.
  static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// A name that is not UTF-8, printable: ASCII as is, every other byte as `\xNN`.
  static func escaped(_ bytes: [UInt8]) -> String {
    let hex = Array("0123456789ABCDEF")
    var text = ""
    for b in bytes {
      if b >= 0x20 && b < 0x7F && b != UInt8(ascii: "\\") {
        text.append(Character(UnicodeScalar(b)))
      } else {
        text += "\\x" + String(hex[Int(b >> 4)]) + String(hex[Int(b & 15)])
      }
    }
    return text
  }

  /// Byte order of UTF-8 names: the same on every machine, whatever its locale.
  static func precedes(_ a: String, _ b: String) -> Bool {
    a.utf8.lexicographicallyPrecedes(b.utf8)
  }

  private static func planOne<Planner: LearnerPlanner>(
    _ folder: String, planner: Planner, date: EpochDay?, times: inout PhaseTimes
  ) -> Step {
    var mark = Clock.now()
    var phase: WritableKeyPath<PhaseTimes, Double> = \.reading
    let plans = folder + "/plans"
    var looked = false
    // Ends the current phase (also when it throws) and starts the next.
    func lap(then next: WritableKeyPath<PhaseTimes, Double>) {
      let now = Clock.now()
      times[keyPath: phase] += Clock.seconds(mark, now)
      mark = now
      phase = next
    }
    do {
      let loaded = try planner.load(learnerPath: folder)
      lap(then: \.planning)
      let planned = try planner.plan(loaded, date: date)
      lap(then: \.writing)
      let name = "\(planned.date).json"
      // Under the lock taken before reading: the temporary plans a killed run left are removed,
      // and the folder is looked at for this plan file (its name known once planned).
      let listing = PlanFileWriter.removeStaleTemporaries(in: plans, target: name)
      looked = true
      let staged = try PlanFileWriter.stage(planned.plan, folder: plans, name: name, listing: listing)
      lap(then: \.writing)
      guard let staged else { return .done(.unchanged(planned.date)) }
      return .staged(staged, planned.date)
    } catch {
      // A learner that cannot be planned still has a killed run's temporaries removed.
      if !looked { PlanFileWriter.removeStaleTemporaries(in: plans, target: "") }
      lap(then: phase)
      return .done(.failed(String(describing: error)))
    }
  }

  /// Plans staged before one `syncfs` makes them durable: enough to share the cost of a journal
  /// commit, few enough that progress and an interrupted run lose little.
  static let commitBatch = 16

  /// Makes the workers' batches of staged plans durable and renames them into place, one batch
  /// at a time on its own queue, so that no worker waits for the disk (a `syncfs` took ~2 ms,
  /// a tenth of a worker's time at a thousand learners a second). It never waits for a learner's
  /// lock, so a worker that hands over its batch before waiting for a busy lock cannot deadlock
  /// with another run; at most `inFlight` batches wait, so a slow disk slows the workers instead
  /// of filling memory.
  private final class Committer: Sendable {
    struct Entry: Sendable {
      var index: Int
      var staged: PlanFileWriter.Staged
      var date: EpochDay
      var lock: LearnerLock
    }

    static let inFlight = 4
    private let queue = DispatchQueue(label: "planner.nightly.commit")
    private let group = DispatchGroup()
    private let slots = DispatchSemaphore(value: inFlight)

    func commit(_ batch: [Entry], results: Results, report: (@Sendable (NightlyProgress) -> Void)?) {
      slots.wait()
      queue.async(group: group) { [slots] in
        defer { slots.signal() }
        let mark = Clock.now()
        let committed = PlanFileWriter.commit(batch.map(\.staged))
        results.add(PhaseTimes(writing: Clock.seconds(mark, Clock.now())))
        for (entry, result) in zip(batch, committed) {
          entry.lock.unlock()
          switch result {
          case .success: results.finish(entry.index, .written(entry.date), report: report)
          case .failure(let error): results.finish(entry.index, .failed(String(describing: error)), report: report)
          }
        }
      }
    }

    /// Waits for every batch handed over.
    func finish() { group.wait() }
  }

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
  fileprivate struct Results: Sendable {
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
