import Foundation
import LearnerStore
import Testing
import TestSupport
@testable import PlannerCLI
import PlannerCore

/// Values refused the same way in every path (issue #13): negative mistakes, profile versions
/// below 1, year 0000; each with the exact error, and nothing stored changed.
@Suite struct StoreValidationTests {
  let root: String
  /// 2026-11-30T12:00:00Z.
  let now = Date(timeIntervalSince1970: 1_796_040_000)

  init() { root = TemporaryFolder.make("planner-store-validation") }

  func run(_ args: [String], stdin: [UInt8] = [], env: [String: String] = [:]) -> CLIRun {
    runCLI(args, environment: env, now: now, in: root, stdin: stdin)
  }

  func snapshot() -> [String: Data] {
    var result: [String: Data] = [:]
    for name in (try? FileManager.default.contentsOfDirectory(atPath: root + "/amina")) ?? [] {
      result[name] = FileManager.default.contents(atPath: root + "/amina/" + name)
    }
    return result
  }

  func initAmina() {
    #expect(run(["init", "amina", "--timezone", "UTC"]).code == 0)
    #expect(run(["record", "amina", "plan", "opened", "--at", "2026-11-30T10:00:00Z", "--id", "p1"]).code == 0)
  }

  @Test("--mistakes -1 is refused (64) on the command line, and mistakes: -1 in a batch (1); nothing stored")
  func negativeMistakes() throws {
    initAmina()
    let before = snapshot()
    let r = run(["record", "amina", "recite", "78:1-5", "--tier", "new", "--grade", "3", "--mistakes", "-1"])
    #expect(r.code == 64)
    #expect(r.err.hasPrefix("planner: error: --mistakes: '-1' is not valid: expected a whole number of at least 0\nUsage: "))
    let line = #"{"version":1,"id":"r1","at":"2026-11-30T10:00:00Z","type":"recitation","payload":{"range":"78:1-5","tier":"new","grade":3,"mistakes":-1}}"#
    let b = run(["record", "amina", "--events", "-"], stdin: Array((line + "\n").utf8))
    #expect(b.code == 1)
    #expect(b.err == "planner: error: <stdin>:1 at payload.mistakes: expected a count ≥ 0\n")
    #expect(snapshot() == before)
  }

  @Test("a profile version below 1 is refused naming the key; the profile is left as it was", arguments: ["-7", "0"])
  func profileVersion(_ version: String) throws {
    initAmina()
    let text = #"{"version":\#(version),"id":"amina","timezone":"UTC"}"#
    try text.write(toFile: root + "/amina/profile.json", atomically: true, encoding: .utf8)
    let before = snapshot()
    for args in [["show", "amina"], ["today", "amina"], ["record", "amina", "plan", "opened"], ["config", "amina", "dailyMinutes", "20"]] {
      let r = run(args)
      #expect(r.code == 1, "\(args)")
      #expect(r.err == "planner: error: \(root)/amina/profile.json at version: expected a profile version: a whole number from 1 (this planner reads up to 1), not \(version)\n", "\(args)")
    }
    #expect(snapshot() == before)
  }

  @Test("year 0000 is refused everywhere: event times (batch and --at), profile dates, --date")
  func yearZero() throws {
    initAmina()
    let before = snapshot()
    let line = #"{"version":1,"id":"z1","at":"0000-01-01T00:00:00Z","type":"plan.opened","payload":{"date":"2026-11-30"}}"#
    let b = run(["record", "amina", "--events", "-"], stdin: Array((line + "\n").utf8))
    #expect(b.code == 1)
    #expect(b.err == "planner: error: <stdin>:1 at at: expected a time YYYY-MM-DDTHH:MM:SS with offset (Z or ±HH:MM), not '0000-01-01T00:00:00Z'\n")
    let at = run(["record", "amina", "plan", "opened", "--at", "0000-03-01T00:00:00Z"])
    #expect(at.code == 64)
    #expect(at.err.hasPrefix("planner: error: --at: '0000-03-01T00:00:00Z' is not valid: expected an ISO 8601 time with an offset, e.g. 2026-11-30T08:15:00+02:00\n"))
    let date = run(["today", "amina", "--date", "0000-01-01"])
    #expect(date.code == 64)
    #expect(date.err.hasPrefix("planner: error: --date: '0000-01-01' is not valid: expected a date YYYY-MM-DD in the years 0001 to 9999\n"))
    let config = run(["config", "amina", "quran.targetDate", "0000-06-01"])
    #expect(config.code == 64)
    #expect(config.err.hasPrefix("planner: error: quran.targetDate: '0000-06-01' is not valid: expected a date YYYY-MM-DD in the years 0001 to 9999\n"), "\(config.err)")
    #expect(snapshot() == before)
    // The first and last accepted years.
    #expect(EventTime("0001-01-01T00:00:00Z")?.epochMillis == EventTime.earliestMillis)
    #expect(EventTime("9999-12-31T23:59:59.999Z")?.epochMillis == EventTime.latestMillis)
    #expect(EventTime("0000-12-31T23:59:59Z") == nil)
  }
}
