import Foundation
import DailyPlanning
import Hifz
import LearnerStore
import PlannerCore

/// `today`: `planner today` for one learner with three years of daily use, end to end.
///
/// The learner (written outside the timing, seeded): the whole Quran memorised and revised page
/// by page (20 pages a day), about 2,000 words added over the years with quizzes, look-ups and
/// reminders, and plan events: about 90,000 events. Timed:
/// - in process, best of several: reading (profile, events, fold), planning (the composition
///   with both planners), encoding the JSON;
/// - end to end, the release `planner` binary next to `planner-bench` (process start included):
///   `planner today DIR --date D --format json`, the first run (which fits the learner's
///   parameters and caches them) and the best and median of the following runs.
@Sendable func todayScenario() {
  let days = benchQuick ? 60 : 3 * 365
  // PLANNER_BENCH_KEEP=DIR keeps the learner in DIR/hafiz (to profile `planner today` on it).
  let keep = ProcessInfo.processInfo.environment["PLANNER_BENCH_KEEP"]
  let root = keep ?? NSTemporaryDirectory() + "planner-bench-today-\(getpid())"
  defer { if keep == nil { try? FileManager.default.removeItem(atPath: root) } }
  let dir = root + "/hafiz"
  var profile = LearnerProfile(id: "hafiz")
  profile.timezone = "Europe/Kyiv"
  let startDay = EpochDay(19_675)  // 2023-11-14
  profile.quran.goal = QuranGoal(direction: .fromAlFatiha, memorised: [MemorisedRange(try! AyahRange(parsing: "1-114"))],
                                 startDate: startDay)
  profile.quran.settings.audioURLTemplate = "https://audio.example.org/{reciter}/{surah:03}{ayah:03}.mp3"
  try! Learner.create(dir, profile: profile)

  var rng = SplitMix64(seed: 5)
  let start: Int64 = Int64(startDay.value) * 86_400_000
  var serial = 0
  func line(_ ms: Int64, _ payload: EventPayload) -> [UInt8] {
    serial += 1
    return LearnerEvent(id: "e\(serial)", time: EventTime(epochMillis: ms, offsetSeconds: 7200), payload: payload).line + [0x0A]
  }
  var log: [UInt8] = []
  for d in 0..<days {
    let date = EpochDay(startDay.value + d).description
    var t = start + Int64(d) * 86_400_000 + 3 * 3_600_000
    log += line(t, .planOpened(date: date))
    for k in 0..<20 {
      t += 150_000
      let page = (d * 20 + k) % 604 + 1
      log += line(t, .recitation(Recitation(range: "p\(page)", tier: .oldRevision, grade: rng.next() % 10 == 0 ? 2 : 3, mistakes: 0, seconds: 140)))
      log += line(t + 1, rng.next() % 10 == 0 ? .planItemSkipped(date: date, item: "quran:old:p\(page)")
                                              : .planItemDone(date: date, item: "quran:old:p\(page)", seconds: 140))
    }
    let words = min(2 * (d + 1), 2000)
    for k in 0..<2 where 2 * d + k < 2000 {
      log += line(t + 2000 + Int64(k), .wordAdded(english: "word\(2 * d + k)", ukrainian: ["слово\(2 * d + k)", "переклад"]))
    }
    t += 3_600_000 * 6
    for k in 0..<40 {
      t += 60_000
      let w = "word\(Int(rng.next() % UInt64(words)))"
      switch k % 8 {
      case 0, 1, 2, 3: log += line(t, .wordQuizzed(english: w, answer: "слово", verdict: rng.next() % 5 == 0 ? .wrong : .right, seconds: 7))
      case 4: log += line(t, .wordLookedUp(english: w))
      case 5: log += line(t, .wordOpened(english: w))
      case 6: log += line(t, .reminderShown(english: w, mode: .hint))
      default: log += line(t, .reminderActed(english: w, action: .quiz))
      }
    }
  }
  _ = FileManager.default.createFile(atPath: dir + "/" + Learner.eventsFile, contents: Data(log))
  let date = EpochDay(startDay.value + days)

  func best(_ runs: Int, _ body: () -> Void) -> Double {
    var b = Double.infinity
    for _ in 0..<runs { b = min(b, seconds(body)) }
    return b
  }
  // In process. The first load fits and caches the parameters (timed on its own).
  var loaded: LearnerDailyPlanner.Loaded?
  let firstLoad = seconds { loaded = try! LearnerDailyPlanner.load(dir) }
  let runs = benchQuick ? 2 : 5
  let reading = best(runs) { loaded = try! LearnerDailyPlanner.load(dir) }
  let planner = LearnerDailyPlanner(now: Date(timeIntervalSince1970: 0))
  var plan: DailyPlan?
  let planning = best(runs) { plan = try! planner.dailyPlan(loaded!, date: date) }
  var bytes: [UInt8] = []
  let encoding = best(runs) { bytes = plan!.jsonBytes() }
  // Not timed: the plan from the snapshot's state is the one from the whole history.
  let history = try! Learner.history(dir).events
  let fromEvents = try! DailyPlanner.plan(profile: loaded!.profile, state: loaded!.state, events: history, date: date,
                                          parameters: loaded!.parameters)
  precondition(fromEvents.jsonBytes() == bytes, "today: the plan from the state differs from the plan from the events")

  // End to end: the release binary beside this one.
  let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("planner")
  var endToEnd: [Double] = []
  var firstProcess: Double?
  if FileManager.default.isExecutableFile(atPath: exe.path) {
    try? FileManager.default.removeItem(atPath: dir + "/" + ParameterRefit.cacheFile)
    // posix_spawn and wait4 (RecordScenario's `spawn`), not Foundation's Process: on Linux its
    // waitUntilExit polls the run loop every 50 ms, which is what this figure used to measure.
    func run() -> Double {
      let r = spawn(exe.path, ["today", dir, "--date", date.description, "--format", "json"])
      precondition(r.status == 0, "today: planner exited \(r.status)")
      return r.wall
    }
    firstProcess = run()
    for _ in 0..<(benchQuick ? 2 : 10) { endToEnd.append(run()) }
    endToEnd.sort()
  }
  report("today", [
    ("days", .number(Double(days))),
    ("events", .number(Double(serial))),
    ("events_bytes", .number(Double(log.count))),
    ("items", .number(Double(plan!.totals.items))),
    ("plan_bytes", .number(Double(bytes.count))),
    ("parameters", .string(plan!.parameters.source)),
    ("first_load_with_refit_ms", rounded(firstLoad * 1000)),
    ("reading_ms", rounded(reading * 1000)),
    ("planning_ms", rounded(planning * 1000)),
    ("encoding_ms", rounded(encoding * 1000)),
    ("process_first_run_ms", firstProcess.map { rounded($0 * 1000) } ?? .null),
    ("process_best_ms", endToEnd.first.map { rounded($0 * 1000) } ?? .null),
    ("process_median_ms", endToEnd.isEmpty ? .null : rounded(endToEnd[endToEnd.count / 2] * 1000)),
    ("target_ms", .number(25)),  // issue #13
    ("load_average", loadAverage()),
  ])
}
