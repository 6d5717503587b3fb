import DailyPlanning
import Foundation
import Hifz
import PlannerCore
import Testing
import TestSupport
@testable import PlannerCLI

/// `planner week`: the demo learner's card in three languages and JSON (golden files in
/// Plans/demo/week/, regenerated with `planner week` on a copy of Plans/demo/learner, `--date 2026-03-15`),
/// planned by `today`'s code, deterministic, and bad arguments (exit 64).
@Suite("planner week")
struct WeekCommandTests {
  /// 2026-03-22T10:00Z: after the demo week, so its days can be recorded.
  static let now = Date(timeIntervalSince1970: 1_774_173_600)
  static let package = Fixtures.packageRoot

  static func golden(_ name: String) throws -> String {
    try String(contentsOf: package.appendingPathComponent("Plans/demo/week/" + name), encoding: .utf8)
  }

  /// A copy of the demo learner as a folder.
  static func demoFolder() throws -> String {
    let dir = TemporaryFolder.make("week") + "/demo"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    try Data(DemoLearner.profileFile.utf8).write(to: URL(fileURLWithPath: dir + "/profile.json"))
    try Data(DemoLearner.eventsFile.utf8).write(to: URL(fileURLWithPath: dir + "/events.jsonl"))
    return dir
  }

  static func run(_ args: [String]) -> CLIRun { runCLI(args, now: now) }

  @Test("the demo's week as text, in each language, equals the golden file", arguments: ["en", "ar", "uk"])
  func goldenText(_ locale: String) throws {
    let dir = try Self.demoFolder()
    let r = Self.run(["week", dir, "--date", "2026-03-15", "--locale", locale])
    #expect(r.code == 0 && r.err == "")
    #expect(r.out == (try Self.golden("2026-03-15.\(locale).txt")))
  }

  @Test("the demo's week as JSON equals the golden file; the same bytes twice")
  func goldenJSON() throws {
    let dir = try Self.demoFolder()
    let r = Self.run(["week", dir, "--date", "2026-03-15", "--format", "json"])
    #expect(r.code == 0 && r.err == "")
    #expect(r.out == (try Self.golden("2026-03-15.json")))
    #expect(Self.run(["week", dir, "--date", "2026-03-15", "--format", "json"]).out == r.out)
  }

  @Test("the English card, exactly")
  func englishCard() throws {
    let dir = try Self.demoFolder()
    let out = Self.run(["week", dir, "--date", "2026-03-15"]).out
    let lines = out.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 11)
    #expect(lines[0] == "Week of 2026-03-15 – 2026-03-21")
    #expect(lines[1] == "Each day is planned as planner today plans it, assuming every day before it was done as planned and passed (recorded as good): no grade is known yet, so real grades change the days after.")
    #expect(lines[2] == "")
    #expect(lines[3...9].map { String($0.prefix(14)) } == ["Sun 2026-03-15", "Mon 2026-03-16", "Tue 2026-03-17", "Wed 2026-03-18",
                                                            "Thu 2026-03-19", "Fri 2026-03-20", "Sat 2026-03-21"])
    #expect(lines[10] == "")
  }

  /// Today's plan for `date` as `planner today --format json` prints it.
  static func today(_ dir: String, _ date: String) throws -> DailyPlan {
    let r = run(["today", dir, "--date", date, "--format", "json"])
    try #require(r.code == 0)
    return try JSONDecoder().decode(DailyPlan.self, from: Data(r.out.utf8))
  }

  @Test("each day is today's plan for it, once the days before are recorded as done as planned")
  func sameCodeAsToday() throws {
    let dir = try Self.demoFolder()
    let r = Self.run(["week", dir, "--date", "2026-03-15", "--format", "json"])
    let week = try JSONDecoder().decode(WeekJSON.self, from: Data(r.out.utf8))
    #expect(week.week.count == 7)
    var day = try EpochDay(parsing: "2026-03-15")
    for k in 0..<3 {
      let plan = try Self.today(dir, day.description)
      let card = WeekView.day(plan)
      #expect(card.sabaq == week.week[k].sabaq && card.sabqi == week.week[k].sabqi && card.manzil == week.week[k].manzil,
              "day \(k) (\(day))")
      #expect(card.date == day && week.week[k].date == day.description)
      // The day done as planned, recorded through the command line: each Quran range passed
      // (grade 3) in its share of the estimate, each word answered right, each item done.
      var lines: [String] = []
      var second = 0
      func event(_ type: String, _ payload: String) {
        second += 1
        // Learning days start at 04:00 in Kyiv (UTC+2 in March): 06:00 local, one second apart.
        let at = String(format: "%@T06:%02d:%02d+02:00", day.description, second / 60, second % 60)
        lines.append(#"{"version":1,"id":"wk-\#(day)-\#(second)","at":"\#(at)","type":"\#(type)","payload":{\#(payload)}}"#)
      }
      event("plan.opened", #""date":"\#(day)""#)
      for section in plan.sections {
        for item in section.items {
          if let english = item.english {
            event("word.quizzed", #""english":"\#(english)","answer":"\#(item.translations?.first ?? "")","verdict":"right","seconds":\#(item.estimatedSeconds)"#)
          } else if let ranges = item.ranges, let tier = WeekView.tier(section.kind) {
            let total = ranges.reduce(0.0) { $0 + Quran.lines($1) }
            for range in ranges {
              let s = max(1, (Double(item.estimatedSeconds) * (total > 0 ? Quran.lines(range) / total : 1 / Double(ranges.count))).rounded())
              event("recitation", #""range":"\#(range)","tier":"\#(tier.rawValue)","grade":3,"seconds":\#(Int(s))"#)
            }
          }
          event("plan.itemDone", #""date":"\#(day)","item":"\#(item.id)","seconds":\#(item.estimatedSeconds)"#)
        }
      }
      let recorded = runCLI(["record", dir, "--events", "-"], now: Self.now, stdin: Array((lines.joined(separator: "\n") + "\n").utf8))
      #expect(recorded.code == 0, "\(recorded.err)")
      day = day.advanced(by: 1)
    }
  }

  @Test("bad arguments exit 64 naming the argument", arguments: [
    (["week"], "planner: error: missing <DIR>"),
    (["week", "x", "--date", "2026-02-30"], "planner: error: --date: '2026-02-30' is not valid: expected a calendar date that exists, YYYY-MM-DD"),
    (["week", "x", "--format", "csv"], "planner: error: --format: 'csv' is not valid: expected one of text, json"),
    (["week", "x", "--locale", "fr"], "planner: error: --locale: 'fr' is not valid"),
    (["week", "x", "y"], "planner: error: unexpected argument 'y'"),
  ])
  func badArguments(_ args: [String], _ message: String) {
    let r = Self.run(args)
    #expect(r.code == 64)
    #expect(r.err.hasPrefix(message), "\(r.err)")
    #expect(r.out == "")
  }

  @Test("a folder that is not a learner: exit 1, naming it")
  func notALearner() {
    let dir = TemporaryFolder.make("week-none")
    let r = Self.run(["week", dir])
    #expect(r.code == 1 && r.err.contains(dir))
  }

  /// The JSON as a reader decodes it.
  struct WeekJSON: Decodable {
    struct Day: Decodable { var date: String; var sabaq: [String]; var sabqi: [String]; var manzil: [String] }
    var version: Int
    var week: [Day]
  }
}
