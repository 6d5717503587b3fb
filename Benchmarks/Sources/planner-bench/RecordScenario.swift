#if canImport(Glibc)
import Glibc
#endif
import Foundation
import LearnerStore
import PlannerCore

/// `record`: one event recorded on learners with 10³, 10⁴, 10⁵ and 10⁶ events in their log.
///
/// Each learner (written outside the timing, seeded): 2,000 words added over the years, with
/// quizzes, look-ups, recitations of the whole mushaf page by page and plan events, 100 events a
/// day from 1999-01-01 (so 10⁶ events end before today: `record` refuses events dated ahead of
/// the clock); a snapshot and the id index in place (the first `record` after the log was
/// written builds the index: timed on its own). Timed:
/// - in process: `Learner.record` of one event (a quiz of a word, or a recitation: both are
///   validated against the state), 300 times: wall and CPU median and p99, the part of it that
///   is loading the learner (profile, snapshot, the events after it: the same load timed alone),
///   and the peak resident memory the 300 add (`VmHWM` after resetting it, minus the resident
///   set before);
/// - as a process: `planner record DIR recite …` (the release binary beside this one), 30
///   times: wall and CPU (the child's `rusage`) median and p99, and the child's peak resident
///   memory (3 more runs under `/usr/bin/time`), beside the same for `planner --version`
///   (process start alone).
@Sendable func recordScenario() {
  // PLANNER_BENCH_SIZES=1000,1000000 picks the sizes; PLANNER_BENCH_KEEP=DIR keeps each learner
  // in DIR/lN (to profile `planner record` on it).
  let env = ProcessInfo.processInfo.environment
  let sizes = env["PLANNER_BENCH_SIZES"].map { $0.split(separator: ",").compactMap { Int($0) } }
    ?? (benchQuick ? [1_000, 10_000] : [1_000, 10_000, 100_000, 1_000_000])
  let keep = env["PLANNER_BENCH_KEEP"]
  let root = keep ?? NSTemporaryDirectory() + "planner-bench-record-\(getpid())"
  defer { if keep == nil { try? FileManager.default.removeItem(atPath: root) } }
  let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("planner").path
  for size in sizes {
    let dir = root + "/l\(size)"
    var profile = LearnerProfile(id: "l\(size)")
    profile.timezone = "Europe/Kyiv"
    try! Learner.create(dir, profile: profile)
    let start: Int64 = 915_148_800_000  // 1999-01-01
    var serial = 0
    var log: [UInt8] = []
    log.reserveCapacity(size * 150)
    var rng = SplitMix64(seed: 7)
    var t = start
    func add(_ payload: EventPayload) {
      serial += 1
      t += 60_000
      log += LearnerEvent(id: "e\(serial)", time: EventTime(epochMillis: t, offsetSeconds: 7200), payload: payload).line
      log.append(0x0A)
    }
    var day = 0
    while serial < size {
      let date = EpochDay(Int(t / 86_400_000)).description
      add(.planOpened(date: date))
      for k in 0..<2 where 2 * day + k < 2000 { add(.wordAdded(english: "word\(2 * day + k)", ukrainian: ["слово", "переклад"])) }
      let words = min(2 * (day + 1), 2000)
      for k in 0..<20 {
        let page = (day * 20 + k) % 604 + 1
        add(.recitation(Recitation(range: "p\(page)", tier: .oldRevision, grade: 3, seconds: 140)))
        add(.planItemDone(date: date, item: "quran:old:p\(page)", seconds: 140))
      }
      for k in 0..<57 {
        let w = "word\(Int(rng.next() % UInt64(words)))"
        add(k % 4 == 3 ? .wordLookedUp(english: w) : .wordQuizzed(english: w, answer: "слово", verdict: .right, seconds: 6))
      }
      day += 1
      t = start + Int64(day) * 86_400_000
    }
    let wordsAdded = min(2 * day, 2000)
    _ = FileManager.default.createFile(atPath: dir + "/" + Learner.eventsFile, contents: Data(log))
    let logBytes = log.count
    log = []
    var now = Date(timeIntervalSince1970: Double(t) / 1000)
    _ = try! Learner.load(dir, now: now)  // the snapshot
    func event(_ k: Int) -> LearnerEvent {
      t += 1000
      now = Date(timeIntervalSince1970: Double(t) / 1000)
      let payload: EventPayload = k % 2 == 0
        ? .wordQuizzed(english: "word\(k % wordsAdded)", answer: "слово", verdict: .right, seconds: 5)
        : .recitation(Recitation(range: "p\(k % 604 + 1)", tier: .oldRevision, grade: 3))
      return LearnerEvent(id: "r\(size)-\(k)", time: EventTime(epochMillis: t, offsetSeconds: 7200), payload: payload)
    }
    let first = event(0)
    let indexBuild = seconds { try! Learner.record(dir, events: [first], now: now) }
    let runs = benchQuick ? 30 : 300
    var times: [Double] = [], cpu: [Double] = [], loads: [Double] = []
    let rssBefore = residentBytes()
    resetPeakResident()
    for k in 1...runs {
      let e = event(k)
      var wall = 0.0
      cpu.append(threadCPUSeconds { wall = seconds { try! Learner.record(dir, events: [e], now: now) } })
      times.append(wall)
      // The load `record` does (under its lock), alone: what the snapshot format costs.
      loads.append(threadCPUSeconds { _ = try! Learner.load(dir, parameters: nil, profile: nil, snapshot: .never, now: now) })
    }
    let peakGrowth = max(0, peakResidentBytes() - rssBefore)
    let rssGrowth = residentBytes() - rssBefore
    times.sort(); cpu.sort(); loads.sort()
    // As a process: a recitation (the quiz form adds the answer checker over the dictionary).
    var processTimes: [Double] = [], processCPU: [Double] = [], startTimes: [Double] = [], startCPU: [Double] = []
    var peak = 0, startPeak = 0
    if FileManager.default.isExecutableFile(atPath: exe) {
      for k in 0..<(benchQuick ? 5 : 30) {
        t += 1000
        let at = EventTime(epochMillis: t, offsetSeconds: 7200).text
        let run = spawn(exe, ["record", dir, "recite", "p\(k % 604 + 1)", "--tier", "old", "--grade", "3", "--at", at, "--id", "p\(size)-\(k)"])
        precondition(run.status == 0, "planner record exited \(run.status)")
        processTimes.append(run.wall); processCPU.append(run.cpu)
        let bare = spawn(exe, ["--version"])
        startTimes.append(bare.wall); startCPU.append(bare.cpu)
      }
      // Peak memory through /usr/bin/time: a child spawned from this (large) process reports
      // this process's peak as its own `ru_maxrss` (Linux keeps the pre-exec high-water mark).
      for k in 0..<3 {
        t += 1000
        let at = EventTime(epochMillis: t, offsetSeconds: 7200).text
        peak = max(peak, peakKiB(exe, ["record", dir, "recite", "p\(k + 1)", "--tier", "old", "--grade", "3", "--at", at, "--id", "m\(size)-\(k)"]))
        startPeak = max(startPeak, peakKiB(exe, ["--version"]))
      }
      processTimes.sort(); processCPU.sort(); startTimes.sort(); startCPU.sort()
    }
    func pct(_ a: [Double], _ p: Double) -> JSONNode { a.isEmpty ? .null : rounded(a[min(a.count - 1, Int(Double(a.count) * p))] * 1000) }
    report("record", [
      ("events", .number(Double(size))),
      ("log_bytes", .number(Double(logBytes))),
      ("index_build_ms", rounded(indexBuild * 1000)),
      ("in_process_median_ms", pct(times, 0.5)),
      ("in_process_p99_ms", pct(times, 0.99)),
      ("in_process_cpu_median_ms", pct(cpu, 0.5)),
      ("in_process_cpu_p99_ms", pct(cpu, 0.99)),
      ("of_which_load_cpu_median_ms", pct(loads, 0.5)),
      ("in_process_peak_growth_kib", .number(Double(peakGrowth / 1024))),
      ("in_process_rss_growth_kib", .number(Double(rssGrowth / 1024))),
      ("process_median_ms", pct(processTimes, 0.5)),
      ("process_p99_ms", pct(processTimes, 0.99)),
      ("process_cpu_median_ms", pct(processCPU, 0.5)),
      ("process_cpu_p99_ms", pct(processCPU, 0.99)),
      ("process_peak_rss_mib", peak == 0 ? .null : rounded(Double(peak) / 1024, 3)),
      ("process_start_median_ms", pct(startTimes, 0.5)),
      ("process_start_cpu_median_ms", pct(startCPU, 0.5)),
      ("process_start_peak_rss_mib", startPeak == 0 ? .null : rounded(Double(startPeak) / 1024, 3)),
      ("target_in_process_ms", .number(5)),
      ("load_average", loadAverage()),
    ])
    if keep == nil { try? FileManager.default.removeItem(atPath: dir) }
  }
}

/// This process's resident set (Linux `/proc/self/statm`), in bytes.
func residentBytes() -> Int {
  guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
  let fields = text.split(separator: " ")
  return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
}

/// Resets this process's peak resident set (Linux: `5` to `/proc/self/clear_refs`), so
/// ``peakResidentBytes()`` measures from here.
func resetPeakResident() {
  _ = try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
}

/// This process's peak resident set since the last reset (`VmHWM` of `/proc/self/status`), in bytes.
func peakResidentBytes() -> Int {
  guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
    let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
  else { return 0 }
  return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
}

/// The peak resident set of `exe arguments` in KiB, through `/usr/bin/time -f %M` (0 without it).
func peakKiB(_ exe: String, _ arguments: [String]) -> Int {
  let out = NSTemporaryDirectory() + "planner-bench-peak-\(getpid())"
  defer { unlink(out) }
  guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time"),
    spawn("/usr/bin/time", ["-f", "%M", "-o", out, exe] + arguments).status == 0,
    let text = try? String(contentsOfFile: out, encoding: .utf8)
  else { return 0 }
  return Int(text.split(separator: "\n").last.map(String.init) ?? "") ?? 0
}

/// Runs `exe arguments` (output discarded): wall seconds, the child's CPU seconds (user +
/// system), its peak RSS in KiB (inflated by this process's own peak, see ``peakKiB(_:_:)``)
/// and its exit status.
func spawn(_ exe: String, _ arguments: [String]) -> (wall: Double, cpu: Double, peakKiB: Int, status: Int32) {
  var pid: pid_t = 0
  let argv: [UnsafeMutablePointer<CChar>?] = ([exe] + arguments).map { strdup($0) } + [nil]
  defer { for p in argv { free(p) } }
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
  defer { posix_spawn_file_actions_destroy(&actions) }
  let startNs = DispatchTime.now().uptimeNanoseconds
  guard posix_spawn(&pid, exe, &actions, nil, argv, environ) == 0 else { return (0, 0, 0, -1) }
  var status: Int32 = 0
  var usage = rusage()
  _ = wait4(pid, &status, 0, &usage)
  let wall = Double(DispatchTime.now().uptimeNanoseconds - startNs) / 1e9
  let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
  return (wall, cpu, Int(usage.ru_maxrss), (status >> 8) & 0xFF)
}
