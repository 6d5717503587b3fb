import Foundation
import DailyPlanning
import Testing
import TestSupport

@testable import PlannerCLI
import Testing
@testable import PlannerCore


/// `planner today`: golden plans of the demo learner in three languages and JSON, the same plan
/// from a learner folder and from `planner nightly`, the learner's own date, and bad input.
@Suite("planner today")
struct TodayCommandTests {
  /// 2026-03-20T10:00Z: a Friday in Kyiv (12:00 local).
  static let now = Date(timeIntervalSince1970: 1_774_000_800)
  static let package = Fixtures.packageRoot

  static func run(_ args: [String], in directory: String? = nil) -> CLIRun { runCLI(args, now: now, in: directory) }

  static func golden(_ name: String) throws -> String {
    try String(contentsOf: package.appendingPathComponent("Plans/demo/plans/" + name), encoding: .utf8)
  }

  /// A copy of the demo learner as a folder.
  static func demoFolder() throws -> URL {
    let dir = URL(fileURLWithPath: TemporaryFolder.newPath("today") + "/demo")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    try Data(DemoLearner.profileFile.utf8).write(to: dir.appendingPathComponent("profile.json"))
    try Data(DemoLearner.eventsFile.utf8).write(to: dir.appendingPathComponent("events.jsonl"))
    return dir
  }

  @Test("the demo plan, exactly, in English, Arabic and Ukrainian", arguments: ["en", "ar", "uk"])
  func goldenText(locale: String) throws {
    let r = Self.run(["today", "--demo", "--locale", locale])
    #expect(r.code == 0)
    #expect(r.err == "")
    #expect(r.out == (try Self.golden("2026-03-15.\(locale).txt")))
  }

  @Test("the demo plan, exactly, as JSON; the profile's locale is the default")
  func goldenJSON() throws {
    let r = Self.run(["today", "--demo", "--format", "json"])
    #expect(r.code == 0)
    #expect(r.out == (try Self.golden("2026-03-15.json")))
    #expect(Self.run(["today", "--demo"]).out == (try Self.golden("2026-03-15.en.txt")))
  }

  @Test("Arabic output: Arabic-Indic digits, Arabic surah names, English words isolated")
  func arabic() throws {
    let out = Self.run(["today", "--demo", "--locale", "ar"]).out
    #expect(out.hasPrefix("خطة يوم ١٥‏/٣‏/٢٠٢٦\n"))
    #expect(out.contains("الزلزلة ·"))  // the short surah whole, by name (it was split 1-4 before #14)
    #expect(out.contains("\u{2066}month\u{2069}"))
    #expect(!out.contains("Az-Zalzala"))
    #expect(!out.contains(where: { ("0"..."9").contains($0) }))
  }

  @Test("--demo uses the demo's own date, or --date; it works from any directory")
  func demoDate() throws {
    let own = Self.run(["today", "--demo", "--format", "json"], in: TemporaryFolder.root)
    #expect(own.out.contains(#""date" : "2026-03-15""#))
    let later = Self.run(["today", "--demo", "--date", "2026-03-20", "--format", "json"], in: "/")
    #expect(later.code == 0)
    #expect(later.out.contains(#""date" : "2026-03-20""#))
    #expect(later.out.contains(#""weekday" : "fri""#))
    #expect(later.out.contains(#""profileMinutes" : 15"#))  // the demo's easy Friday
  }

  @Test("a learner folder gives the demo's plan; without --date, the learner's own day now")
  func folder() throws {
    let dir = try Self.demoFolder()
    defer { try? FileManager.default.removeItem(at: dir.deletingLastPathComponent()) }
    let r = Self.run(["today", dir.path, "--date", "2026-03-15", "--format", "json"])
    #expect(r.code == 0)
    #expect(r.out == (try Self.golden("2026-03-15.json")))
    // Relative to the current directory, and on the learner's date at `now` (Kyiv, 12:00 on 03-20).
    let own = Self.run(["today", "demo", "--format", "json"], in: dir.deletingLastPathComponent().path)
    #expect(own.code == 0)
    #expect(own.out.contains(#""date" : "2026-03-20""#))
  }

  @Test("planner nightly writes the same bytes as today --format json")
  func nightlyEqualsToday() throws {
    let dir = try Self.demoFolder()
    let root = dir.deletingLastPathComponent()
    defer { try? FileManager.default.removeItem(at: root) }
    let n = Self.run(["nightly", root.path, "--date", "2026-03-15"])
    #expect(n.code == 0)
    let written = try String(contentsOf: dir.appendingPathComponent("plans/2026-03-15.json"), encoding: .utf8)
    #expect(written == Self.run(["today", dir.path, "--date", "2026-03-15", "--format", "json"]).out)
    #expect(written == (try Self.golden("2026-03-15.json")))
    // Without --date: each learner's own day, the same as today's.
    _ = Self.run(["nightly", root.path])
    let today = Self.run(["today", dir.path, "--format", "json"]).out
    #expect((try? String(contentsOf: dir.appendingPathComponent("plans/2026-03-20.json"), encoding: .utf8)) == today)
  }

  @Test("a new learner: an empty plan, in the profile's language; a torn last line is reported, not planned on")
  func newLearner() throws {
    let root = URL(fileURLWithPath: TemporaryFolder.newPath("today"))
    defer { try? FileManager.default.removeItem(at: root) }
    let dir = root.appendingPathComponent("fresh").path
    #expect(Self.run(["init", dir, "--locale", "uk", "--minutes", "20"]).code == 0)
    let r = Self.run(["today", dir, "--date", "2026-12-01"])
    #expect(r.code == 0)
    #expect(r.out == """
      План на 01.12.2026
      0 секунд з 20 хвилин

      Сьогодні нічого не заплановано.

      Примітки
        • Планувати ще нічого: мету з Корану не задано, і жодне слово не чекає повторення. Задайте мету командою planner config DIR quran.scope juz30 або додайте слова командою planner record DIR word add EN UK.

      01.12.2026: 0 завдань, 0 секунд (бюджет 20 хвилин)

      """)
    let handle = try #require(FileHandle(forWritingAtPath: dir + "/events.jsonl"))
    handle.seekToEndOfFile()
    handle.write(Data(#"{"version":1,"id":"x","at":"2026-11-30T1"#.utf8))
    try handle.close()
    let torn = Self.run(["today", dir, "--date", "2026-12-01"])
    #expect(torn.code == 0 && torn.out == r.out)
    #expect(torn.err == "planner: warning: events.jsonl line 1 is torn (40 bytes, a crash mid-append): ignored; the next record sets it aside\n")
  }

  @Test("bad input: clear errors and exit codes")
  func badInput() throws {
    let date = Self.run(["today", "--demo", "--date", "2026-02-30"])
    #expect(date.code == 64)
    #expect(date.err.hasPrefix("planner: error: --date: '2026-02-30' is not valid: expected a calendar date that exists, YYYY-MM-DD\n"))
    let locale = Self.run(["today", "--demo", "--locale", "fr"])
    #expect(locale.code == 64)
    #expect(locale.err.hasPrefix("planner: error: --locale: 'fr' is not valid: expected one of en, ar, uk\n"))
    #expect(Self.run(["today", "--demo", "--format", "xml"]).code == 64)
    #expect(Self.run(["today"]).code == 64)
    #expect(Self.run(["today", "/x", "--demo"]).code == 64)
    let missing = Self.run(["today", "/nonexistent/learner"])
    #expect(missing.code == 1)
    #expect(missing.err.contains("/nonexistent/learner/profile.json"))
    let json = Self.run(["today", "/nonexistent/learner", "--format", "json"])
    #expect(json.err.hasPrefix("{"))
  }
}

/// `planner today --demo` as separate processes of the built binary, from a directory without
/// the package (no resource bundle reachable): the same bytes every time.
@Suite("planner today, separate processes")
struct TodayProcessTests {
  static func run(_ args: [String]) throws -> (Int32, String) {
    let process = Process()
    process.executableURL = try Fixtures.executable("planner")
    process.arguments = args
    process.currentDirectoryURL = URL(fileURLWithPath: "/")
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  @Test("two processes, identical plans, equal to the golden JSON")
  func determinism() throws {
    let a = try Self.run(["today", "--demo", "--format", "json"])
    let b = try Self.run(["today", "--demo", "--format", "json"])
    #expect(a.0 == 0 && b.0 == 0)
    #expect(a.1 == b.1)
    #expect(a.1 == (try TodayCommandTests.golden("2026-03-15.json")))
    let ar = try Self.run(["today", "--demo", "--locale", "ar"])
    #expect(ar.1 == (try TodayCommandTests.golden("2026-03-15.ar.txt")))
  }
}
