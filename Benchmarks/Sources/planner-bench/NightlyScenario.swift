import Foundation
import DailyPlanning
import MemoryModels
import Nightly
import PlannerCore

/// `nightly`: the nightly job over a root of synthetic learners, `--jobs 1` and `--jobs 2`:
/// learners per second and the split between reading, planning and writing.
///
/// The learners (10,000; `--quick` 200; `PLANNER_BENCH_LEARNERS` overrides) are generated
/// first, outside the timing: a `profile.json` in the learner store's format, in one of six
/// timezones, and a year of `events.jsonl` history (363 days of a recitation and three word
/// events, `PLANNER_BENCH_EVENTS_PER_DAY` overrides the four). The first night (no snapshots nor
/// fitted parameters yet) is timed with `--jobs 2`; then `--jobs 1` and `--jobs 2` each time a
/// night after one more day of events appended to every learner, with no plans (a new date),
/// as every night is; then a rerun measures the all-unchanged case.
///
/// The producer is the real daily plan (`LearnerDailyPlanner`, what `NightlyCommand.makePlanner`
/// runs): each learner has a juz 30 goal, so the Quran planner and the composition both work.
@Sendable func nightlyScenario() {
  let environment = ProcessInfo.processInfo.environment
  let learners = environment["PLANNER_BENCH_LEARNERS"].flatMap(Int.init) ?? (benchQuick ? 200 : 10_000)
  let eventsPerDay = environment["PLANNER_BENCH_EVENTS_PER_DAY"].flatMap(Int.init) ?? 4
  let root = FileManager.default.temporaryDirectory.appendingPathComponent("planner-bench-nightly-\(getpid())")
  defer { try? FileManager.default.removeItem(at: root) }
  var bytes = 0
  let setup = seconds { bytes = NightlyBench.generate(root: root, learners: learners, eventsPerDay: eventsPerDay) }

  let planner = LearnerDailyPlanner(now: Date(timeIntervalSince1970: 1_796_077_800))  // 2026-11-30T22:30Z
  var figures: [(String, JSONNode)] = [
    ("producer", .string("LearnerDailyPlanner (the daily plan: profile + events, fold, Quran and vocabulary composition)")),
    ("learners", .number(Double(learners))),
    ("eventsPerLearner", .number(Double(NightlyBench.days * eventsPerDay))),
    ("generatedMB", rounded(Double(bytes) / 1e6)),
    ("generateSeconds", rounded(setup)),
  ]
  // The first night: no snapshots, no fitted parameters yet (each learner is read whole,
  // fitted, and its snapshot written). Then the nights after: each learner has a new day of
  // events, folded onto its snapshot (which is rewritten).
  let first = NightlyBench.run(root, planner, jobs: 2)
  figures += NightlyBench.figures(first, prefix: "firstNightJobs2")
  for jobs in [1, 2] {
    NightlyBench.removePlans(root)
    NightlyBench.appendDay(root: root, day: NightlyBench.days + jobs - 1)
    let summary = NightlyBench.run(root, planner, jobs: jobs)
    figures += NightlyBench.figures(summary, prefix: "jobs\(jobs)")
  }
  let rerun = NightlyBench.run(root, planner, jobs: 2)
  figures += [("rerunUnchangedJobs2LearnersPerSecond", rounded(rerun.timings.learnersPerSecond(rerun.learners)))]
  figures.append(("loadAverage", loadAverage()))
  report("nightly", figures)
}

enum NightlyBench {
  static let zones = ["Europe/Kyiv", "Asia/Riyadh", "UTC", "America/New_York", "Asia/Jakarta", "Europe/London"]
  /// Days of history generated; the timed nights each append one more (days 363 and 364).
  static let days = 363
  static let start = 1_764_547_200  // 2025-12-01T00:00:00Z: a year before the benchmark's night

  /// Appends one day of events (a recitation and three quizzes) to every learner under `root`.
  static func appendDay(root: URL, day: Int) {
    var rng = SplitMix64(seed: UInt64(100 + day))
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).sorted()
    for name in names {
      let morning = start + day * 86_400 + 5 * 3600 + Int(rng.next() % 7200)
      var events = "{\"version\":1,\"id\":\"\(name)-d\(day)-0\",\"at\":\"\(iso(morning))\",\"type\":\"recitation\",\"payload\":{"
        + "\"range\":\"\(78 + Int(rng.next() % 37))\",\"tier\":\"old\",\"grade\":\(2 + rng.next() % 3),\"seconds\":\(120 + rng.next() % 240)}}\n"
      for slot in 1...3 {
        events += "{\"version\":1,\"id\":\"\(name)-d\(day)-\(slot)\",\"at\":\"\(iso(morning + slot * 300))\",\"type\":\"word.quizzed\","
          + "\"payload\":{\"english\":\"word\(1 + rng.next() % 300)\",\"answer\":\"слово\",\"verdict\":\"right\",\"seconds\":5}}\n"
      }
      let handle = try! FileHandle(forWritingTo: root.appendingPathComponent(name).appendingPathComponent("events.jsonl"))
      handle.seekToEndOfFile()
      handle.write(Data(events.utf8))
      try! handle.close()
    }
  }

  static func run(_ root: URL, _ planner: LearnerDailyPlanner, jobs: Int) -> NightlySummary {
    do {
      let summary = try NightlyRunner.run(root: root, planner: planner, options: NightlyOptions(jobs: jobs))
      precondition(summary.failed.isEmpty, "nightly benchmark: \(summary.failed.count) learners failed, e.g. \(summary.failed.first.map { "\($0.learner): \($0.reason)" } ?? "")")
      return summary
    } catch {
      fatalError("nightly benchmark: \(error)")
    }
  }

  static func figures(_ s: NightlySummary, prefix: String) -> [(String, JSONNode)] {
    [
      ("\(prefix)LearnersPerSecond", rounded(s.timings.learnersPerSecond(s.learners))),
      ("\(prefix)TotalSeconds", rounded(s.timings.total)),
      ("\(prefix)ListingSeconds", rounded(s.timings.listing)),
      ("\(prefix)ReadingSeconds", rounded(s.timings.reading)),
      ("\(prefix)PlanningSeconds", rounded(s.timings.planning)),
      ("\(prefix)WritingSeconds", rounded(s.timings.writing)),
    ]
  }

  static func removePlans(_ root: URL) {
    for name in (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? [] {
      try? FileManager.default.removeItem(at: root.appendingPathComponent(name).appendingPathComponent("plans"))
    }
  }

  /// Writes the synthetic learners; returns the bytes written. Seeded: the same root every time.
  static func generate(root: URL, learners: Int, eventsPerDay: Int) -> Int {
    var rng = SplitMix64(seed: 7)
    var total = 0
    for index in 1...learners {
      let name = "learner-" + String(index + 1_000_000).dropFirst()
      let folder = root.appendingPathComponent(name)
      try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let zone = zones[Int(rng.next() % UInt64(zones.count))]
      let profile = "{\"version\":1,\"id\":\"\(name)\",\"timezone\":\"\(zone)\",\"dayStartHour\":\(rng.next() % 6),"
        + "\"locale\":\"\(["en", "ar", "uk"][Int(rng.next() % 3)])\",\"dailyMinutes\":\(15 + rng.next() % 4 * 15),"
        + "\"quran\":{\"goal\":{\"direction\":\"from-an-nas\",\"scope\":\"78-114\",\"startDate\":\"2025-12-01\"}}}\n"
      var events = ""
      events.reserveCapacity(days * eventsPerDay * 150)
      var serial = 0
      for day in 0..<days {
        let morning = start + day * 86_400 + 5 * 3600 + Int(rng.next() % 7200)
        for slot in 0..<eventsPerDay {
          serial += 1
          let at = iso(morning + slot * 300)
          let id = "\(name)-\(serial)"
          if slot == 0 {
            let surah = 78 + Int(rng.next() % 37)
            events += "{\"version\":1,\"id\":\"\(id)\",\"at\":\"\(at)\",\"type\":\"recitation\",\"payload\":{\"range\":\"\(surah)\","
              + "\"tier\":\"\(["new", "recent", "old"][day % 3])\",\"grade\":\(2 + rng.next() % 3),\"seconds\":\(120 + rng.next() % 240)}}\n"
          } else if day == 0 || rng.next() % 10 == 0 {
            events += "{\"version\":1,\"id\":\"\(id)\",\"at\":\"\(at)\",\"type\":\"word.added\",\"payload\":{\"english\":\"word\(serial)\","
              + "\"ukrainian\":[\"слово\(serial)\"]}}\n"
          } else {
            let word = "word\(1 + rng.next() % UInt64(max(1, serial - 1)))"
            events += "{\"version\":1,\"id\":\"\(id)\",\"at\":\"\(at)\",\"type\":\"word.quizzed\",\"payload\":{\"english\":\"\(word)\","
              + "\"answer\":\"слово\",\"verdict\":\"\(["right", "typo", "wrong"][Int(rng.next() % 3)])\",\"seconds\":\(3 + rng.next() % 20)}}\n"
          }
        }
      }
      let profileData = Data(profile.utf8), eventData = Data(events.utf8)
      try! profileData.write(to: folder.appendingPathComponent("profile.json"))
      try! eventData.write(to: folder.appendingPathComponent("events.jsonl"))
      total += profileData.count + eventData.count
    }
    return total
  }

  /// `YYYY-MM-DDTHH:MM:SSZ` for seconds since 1970.
  static func iso(_ seconds: Int) -> String {
    let date = EpochDay(seconds / 86_400)
    let s = seconds % 86_400
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    return "\(date)T\(two(s / 3600)):\(two(s / 60 % 60)):\(two(s % 60))Z"
  }
}
