import Foundation
import Hifz
import LearnerStore
import MemoryModels
import PlannerCore
import TestSupport

/// One learner played through simulated days with the shipped code: `planner init`, then each
/// day `planner today DIR --date D --format json` and `planner record DIR --events -` with what
/// the learner recited (the same path an app takes). The learner's behaviour is a function of
/// the day and the item, seeded, so runs are identical.
struct QuranScenarioLearner {
  /// A Quran item of a day's plan, as the JSON gives it.
  struct Item: Equatable {
    var section: String
    var ranges: [AyahRange]
    var lines: Double
    var reason: String
    var optional: Bool
    var tier: String { String(section.dropFirst("quran.".count)) }
  }
  struct Day {
    var date: EpochDay
    var items: [Item]
    var notes: [String]
    var json: [String: Any]
    var oldItems: [Item] { items.filter { $0.section == "quran.old" } }
    var newLesson: Item? { items.first { $0.section == "quran.new" } }
  }
  /// What the learner does with an item: grade (1–4) and mistakes.
  typealias Behaviour = (_ day: Int, _ item: Item, _ rng: inout SplitMix) -> (grade: Int, mistakes: Int)

  let dir: String
  let start: EpochDay
  var rng: SplitMix
  var days: [Day] = []
  /// Every recorded new lesson: day index, ranges, grade.
  var lessons: [(day: Int, ranges: [AyahRange], grade: Int, mistakes: Int)] = []
  var oldRecitations = 0

  init(name: String, start: EpochDay, minutes: Int, settings: [String], seed: UInt64) throws {
    dir = TemporaryFolder.make("quran-scenario") + "/" + name
    self.start = start
    rng = SplitMix(seed: seed)
    let r = runCLI(["init", dir, "--timezone", "UTC", "--minutes", "\(minutes)",
                    "--set", "quran.startDate=\(start)", "--set", "quran.dailyMinutes=\(minutes)"] + settings.flatMap { ["--set", $0] },
                   now: Self.time(start, hour: 5))
    guard r.code == 0 else { throw ScenarioError.cli("init", r.err) }
  }

  enum ScenarioError: Error { case cli(String, String) }

  static func time(_ day: EpochDay, hour: Int, minute: Int = 0) -> Date {
    Date(timeIntervalSince1970: TimeInterval(day.value * 86_400 + hour * 3_600 + minute * 60))
  }

  /// Plans day `k` (counted from the start) through the CLI.
  func plan(_ k: Int) throws -> Day {
    let date = start.advanced(by: k)
    let r = runCLI(["today", dir, "--date", "\(date)", "--format", "json"], now: Self.time(date, hour: 6))
    guard r.code == 0 else { throw ScenarioError.cli("today \(date)", r.err) }
    let json = try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as! [String: Any]
    var items: [Item] = []
    for section in json["sections"] as? [[String: Any]] ?? [] {
      let kind = section["kind"] as! String
      guard kind.hasPrefix("quran.") else { continue }
      for it in section["items"] as? [[String: Any]] ?? [] {
        let ranges = try (it["ranges"] as! [String]).map { try AyahRange(parsing: $0) }
        items.append(Item(section: kind, ranges: ranges, lines: it["lines"] as? Double ?? 0,
                          reason: (it["reason"] as! [String: Any])["code"] as! String, optional: it["optional"] as? Bool ?? false))
      }
    }
    let notes = (json["notes"] as? [[String: Any]] ?? []).map { $0["code"] as! String }
    return Day(date: date, items: items, notes: notes, json: json)
  }

  /// Plans day `k`, then records every Quran item the way `behaviour` says.
  mutating func live(_ k: Int, behaviour: Behaviour) throws -> Day {
    let day = try plan(k)
    var lines: [String] = []
    for (n, item) in day.items.enumerated() {
      let (grade, mistakes) = behaviour(k, item, &rng)
      for r in item.ranges {
        let at = Self.time(day.date, hour: 7, minute: n)
        let stamp = ISO8601DateFormatter().string(from: at)
        let seconds = Int((Quran.lines(r) * (item.tier == "new" ? 120 : 15)).rounded())
        lines.append(#"{"version":1,"id":"d\#(k)-\#(n)-\#(r.first)","at":"\#(stamp)","type":"recitation","payload":{"range":"\#(r)","tier":"\#(item.tier)","grade":\#(grade),"mistakes":\#(mistakes),"seconds":\#(seconds)}}"#)
      }
      if item.tier == "new" { lessons.append((k, item.ranges, grade, mistakes)) }
      if item.tier == "old" { oldRecitations += 1 }
    }
    if !lines.isEmpty {
      let r = runCLI(["record", dir, "--events", "-"], now: Self.time(day.date, hour: 20), stdin: Array((lines.joined(separator: "\n") + "\n").utf8))
      guard r.code == 0 else { throw ScenarioError.cli("record \(day.date)", r.err) }
    }
    days.append(day)
    return day
  }

  /// Declared memorised ayahs (set by the scenario).
  var declared: [AyahRange] = []
  /// Whether an ayah is memorised before today: declared, or in a lesson that passed.
  func learned(_ id: Int, before day: Int) -> Bool {
    declared.contains { $0.contains(id) } || lessons.contains { $0.day < day && $0.grade > 1 && $0.ranges.contains { $0.contains(id) } }
  }

  /// The learner's folded state (the learner store's, as `today` sees it).
  func state() throws -> LearnerState { try Learner.load(dir, writeSnapshot: false).state }
}

/// A small seeded generator (SplitMix64).
struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
  /// True with probability `p`.
  mutating func chance(_ p: Double) -> Bool { Double(next() >> 11) / Double(1 << 53) < p }
}
