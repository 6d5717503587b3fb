import Foundation
import LearnerStore
import PlannerCore

/// `learner-load`: loading one learner, the nightly job's unit of work.
///
/// A learner with three years of daily use is written to a temporary folder (outside the
/// timing): the whole mushaf memorised and revised page by page (about 20 pages a day, a
/// 30-day cycle), about 2,000 words added over the years (two a day) with quizzes, look-ups,
/// card openings and reminders, and the day's plan events: about 100,000 events. Timed:
/// (a) load from the events alone (full replay), (b) load from the snapshot plus one day of
/// new events; best of several runs each, in milliseconds, with the file sizes.
@Sendable func learnerLoadScenario() {
  let days = benchQuick ? 60 : 3 * 365
  let root = NSTemporaryDirectory() + "planner-bench-learner-\(getpid())"
  defer { try? FileManager.default.removeItem(atPath: root) }
  let dir = root + "/hafiz"
  var profile = LearnerProfile(id: "hafiz")
  profile.timezone = "Europe/Kyiv"
  try! Learner.create(dir, profile: profile)

  var rng = SplitMix64(seed: 4)
  let start: Int64 = 1_700_000_000_000  // 2023-11-14
  var serial = 0
  func line(_ ms: Int64, _ payload: EventPayload) -> [UInt8] {
    serial += 1
    let e = LearnerEvent(id: "e\(serial)", time: EventTime(epochMillis: ms, offsetSeconds: 7200), payload: payload)
    return e.line + [0x0A]
  }
  func dayEvents(_ d: Int) -> [UInt8] {
    var out: [UInt8] = []
    let morning = start + Int64(d) * 86_400_000 + 3 * 3_600_000
    var t = morning
    out += line(t, .planOpened(date: "2026-01-01"))
    for k in 0..<20 {
      t += 150_000
      let page = (d * 20 + k) % 604 + 1
      out += line(t, .recitation(Recitation(range: "p\(page)", tier: .oldRevision, grade: rng.next() % 10 == 0 ? 2 : 3,
                                            mistakes: 0, seconds: 140)))
    }
    out += line(t + 1000, .planItemDone(date: "2026-01-01", item: "old", seconds: 3000))
    let words = min(2 * (d + 1), 2000)
    for k in 0..<2 where 2 * d + k < 2000 {
      out += line(t + 2000 + Int64(k), .wordAdded(english: "word\(2 * d + k)", ukrainian: ["слово\(2 * d + k)", "переклад"]))
    }
    t += 3_600_000 * 6
    for k in 0..<64 {
      t += 60_000
      let w = "word\(Int(rng.next() % UInt64(words)))"
      switch k % 8 {
      case 0, 1, 2, 3: out += line(t, .wordQuizzed(english: w, answer: "слово", verdict: rng.next() % 5 == 0 ? .wrong : .right, seconds: 7))
      case 4: out += line(t, .wordLookedUp(english: w))
      case 5: out += line(t, .wordOpened(english: w))
      case 6: out += line(t, .reminderShown(english: w, mode: .hint))
      default: out += line(t, .reminderActed(english: w, action: .quiz))
      }
    }
    return out
  }
  var log: [UInt8] = []
  for d in 0..<days { log += dayEvents(d) }
  let logPath = dir + "/" + Learner.eventsFile
  _ = FileManager.default.createFile(atPath: logPath, contents: Data(log))

  func best(_ runs: Int, _ body: () -> Void) -> Double {
    var b = Double.infinity
    for _ in 0..<runs { b = min(b, seconds(body)) }
    return b
  }
  // (a) From the events alone.
  var replayed: Learner?
  let fromEvents = best(benchQuick ? 1 : 3) { replayed = try! Learner.load(dir, writeSnapshot: false) }
  let eventCount = replayed!.state.eventCount
  // Build the snapshot, then one more day of events arrives.
  _ = try! Learner.load(dir)
  let snapshotBytes = (try? FileManager.default.attributesOfItem(atPath: dir + "/" + Learner.snapshotFile)[.size] as? Int) ?? 0
  let handle = FileHandle(forWritingAtPath: logPath)!
  handle.seekToEndOfFile()
  let newDay = dayEvents(days)
  handle.write(Data(newDay))
  try! handle.close()
  var loaded: Learner?
  let fromSnapshot = best(benchQuick ? 3 : 30) { loaded = try! Learner.load(dir, writeSnapshot: false) }
  precondition(loaded!.fromSnapshot, "the snapshot path was not taken")
  let full = try! Learner.load(dir, writeSnapshot: false)
  // Same state whichever way it was loaded (a replay of everything, for the check).
  try? FileManager.default.removeItem(atPath: dir + "/" + Learner.snapshotFile)
  let check = try! Learner.load(dir, writeSnapshot: false)
  precondition(check.state == full.state, "snapshot path and replay path disagree")
  // The JSON reader alone on the event log, against Foundation's JSONSerialization.
  let allBytes = log + newDay
  let ours = best(benchQuick ? 1 : 3) {
    allBytes.withUnsafeBufferPointer { buf in
      var start = 0
      var count = 0
      for i in 0..<buf.count where buf[i] == 0x0A {
        if (try? JSONParser.parse(UnsafeBufferPointer(rebasing: buf[start..<i]))) != nil { count += 1 }
        start = i + 1
      }
      precondition(count == eventCount + loaded!.eventsFolded)
    }
  }
  let foundation = best(1) {
    var start = 0
    let data = Data(allBytes)
    for i in 0..<allBytes.count where allBytes[i] == 0x0A {
      _ = try? JSONSerialization.jsonObject(with: data[start..<i])
      start = i + 1
    }
  }
  let snapshotWrite = best(benchQuick ? 1 : 5) { _ = try! Learner.load(dir) ; try? FileManager.default.removeItem(atPath: dir + "/" + Learner.snapshotFile) }

  report("learner-load", [
    ("days", .number(Double(days))),
    ("events", .number(Double(eventCount))),
    ("new_day_events", .number(Double(loaded!.eventsFolded))),
    ("items", .number(Double(loaded!.state.items.count))),
    ("events_bytes", .number(Double(log.count + newDay.count))),
    ("snapshot_bytes", .number(Double(snapshotBytes))),
    ("from_snapshot_ms", rounded(fromSnapshot * 1000)),
    ("from_events_ms", rounded(fromEvents * 1000)),
    ("events_per_second_replay", rounded(Double(eventCount) / fromEvents)),
    ("replay_and_write_snapshot_ms", rounded(snapshotWrite * 1000)),
    ("json_parse_events_mb_per_s", rounded(Double(allBytes.count) / ours / 1e6)),
    ("jsonserialization_events_mb_per_s", rounded(Double(allBytes.count) / foundation / 1e6)),
    ("target_from_snapshot_ms", .number(20)),
    ("load_average", loadAverage()),
  ])
}
