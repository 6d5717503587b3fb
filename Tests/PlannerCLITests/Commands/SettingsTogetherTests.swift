import Foundation
import Hifz
import LearnerStore
import PlannerCore
import Testing
import TestSupport
@testable import PlannerCLI

/// Settings set by `init --set` and `config` (one or several pairs, in any order) are validated
/// together; each refusal names the key and what was expected (exit 64 for a value typed, 1 for
/// a hand-edited profile.json). Issue #14, "Smaller things users hit".
@Suite("Settings validated together")
struct SettingsTogetherTests {
  let root: String
  /// 2026-11-30T12:00:00Z.
  let now = Date(timeIntervalSince1970: 1_796_040_000)
  init() { root = TemporaryFolder.make("planner-settings") }

  func run(_ args: [String]) -> CLIRun { runCLI(args, now: now, in: root) }
  func value(_ dir: String, _ key: String) -> String { run(["config", dir, key]).out }
  func file(_ dir: String, _ name: String) -> String {
    (try? String(contentsOfFile: root + "/" + dir + "/" + name, encoding: .utf8)) ?? ""
  }

  @Test("init --minutes 20: the Quran's share is the budget, and follows it when the budget is raised")
  func quranShareFollowsTheBudget() {
    #expect(run(["init", "a", "--timezone", "UTC", "--minutes", "20"]).code == 0)
    #expect(value("a", "quran.dailyMinutes") == "20.0\n")
    #expect(run(["config", "a", "dailyMinutes", "60"]).out == "dailyMinutes: 20 -> 60\n")
    #expect(value("a", "quran.dailyMinutes") == "60.0\n")
    // A smaller share set on purpose is kept when the budget is raised, lowered when it falls below.
    #expect(run(["config", "a", "quran.dailyMinutes", "15"]).code == 0)
    #expect(run(["config", "a", "dailyMinutes", "90"]).code == 0)
    #expect(value("a", "quran.dailyMinutes") == "15.0\n")
    #expect(run(["config", "a", "dailyMinutes", "10"]).code == 0)
    #expect(value("a", "quran.dailyMinutes") == "10.0\n")
  }

  @Test("a profile written by the old init (share 30, budget 20) follows the raised budget")
  func oldProfileShareFollows() throws {
    var p = LearnerProfile(id: "old")
    p.dailyMinutes = 20  // the share stays 30, as `init --minutes 20` wrote it
    #expect(p.quran.settings.dailyMinutes == 30)
    try p.set("dailyMinutes", to: "60")
    #expect(p.quran.settings.dailyMinutes == 60)
  }

  @Test("a share above every day's budget is refused, naming the key")
  func shareAboveBudget() {
    #expect(run(["init", "a", "--timezone", "UTC", "--minutes", "20"]).code == 0)
    let r = run(["config", "a", "quran.dailyMinutes", "45"])
    #expect(r.code == 64)
    #expect(r.err.hasPrefix("planner: error: quran.dailyMinutes: '45' is not valid: expected minutes from 0 to the daily budget (20: dailyMinutes or the largest weekdayMinutes)"))
    // Raising the budget in the same batch makes it fit, whatever the order.
    #expect(run(["config", "a", "quran.dailyMinutes", "45", "dailyMinutes", "60"]).code == 0)
    #expect(value("a", "quran.dailyMinutes") == "45.0\n")
  }

  @Test("a custom surah list makes the goal custom, in either order; a list another direction would ignore is refused")
  func customSurahs() throws {
    #expect(run(["init", "a", "--timezone", "UTC", "--set", "quran.surahs=67,78"]).code == 0)
    #expect(value("a", "quran.direction") == "custom\n")
    #expect(value("a", "quran.surahs") == "67,78\n")
    // Both orders of --set give the same profile.
    #expect(run(["init", "b", "--timezone", "UTC", "--set", "quran.direction=custom", "--set", "quran.surahs=112,113"]).code == 0)
    #expect(run(["init", "c", "--timezone", "UTC", "--set", "quran.surahs=112,113", "--set", "quran.direction=custom"]).code == 0)
    #expect(file("b", "profile.json").replacingOccurrences(of: "\"b\"", with: "\"c\"") == file("c", "profile.json"))
    #expect(try Learner.loadProfile(root + "/b").0.quran.goal?.surahs == [112, 113])
    let r = run(["config", "a", "quran.direction", "from-an-nas"])
    #expect(r.code == 64)
    #expect(r.err.hasPrefix("planner: error: quran.direction: 'from-an-nas' is not valid: expected custom when quran.surahs is set (from-an-nas ignores the surah list 67,78): set quran.direction custom, or clear quran.surahs with an empty value\n"))
    #expect(run(["config", "a", "quran.direction", "from-an-nas", "quran.surahs", ""]).code == 0)
    #expect(value("a", "quran.direction") == "from-an-nas\n")
  }

  @Test("juz ranges: scope juz29-30 is accepted, as are page and hizb runs")
  func juzRanges() throws {
    #expect(run(["init", "a", "--timezone", "UTC"]).code == 0)
    let r = run(["config", "a", "quran.scope", "juz29-30"])
    #expect(r.code == 0 && r.out == "quran.scope: (unset) -> 67-114\n")
    #expect(try AyahRange(parsing: "juz29-juz30") == AyahRange(parsing: "67-114"))
    #expect(try AyahRange(parsing: "hizb59-60") == AyahRange(parsing: "juz30"))
    #expect(try AyahRange(parsing: "p1-2") == AyahRange(parsing: "1:1-2:5"))
    #expect(try AyahRange(parsing: "page581-p582").first == AyahRange(parsing: "p581").first)
    let back = run(["config", "a", "quran.scope", "juz30-29"])
    #expect(back.code == 64)
    #expect(back.err.hasPrefix("planner: error: quran.scope: 'juz30-29' is not valid: expected a range in the Quran (the range runs backwards: 29 comes before 30)\n"))
    let bad = run(["init", "b", "--set", "quran.scope=juz31"])
    #expect(bad.code == 64)
    #expect(bad.err.hasPrefix("planner: error: quran.scope: 'juz31' is not valid: expected a range in the Quran (there are 30 juz (1-30))\n"))
  }

  @Test("several KEY VALUE pairs: one settings.changed event each, all or nothing")
  func severalPairs() {
    #expect(run(["init", "a", "--timezone", "UTC"]).code == 0)
    let r = run(["config", "a", "quran.surahs", "112,113", "quran.direction", "custom", "quran.scope", "113-114", "--id", "c1"])
    #expect(r.code == 0)
    #expect(r.out == "quran.surahs: (unset) -> 112,113\nquran.direction: (unset) -> custom\nquran.scope: (unset) -> 113-114\n")
    #expect(file("a", "events.jsonl") == """
      {"version":1,"id":"c1","at":"2026-11-30T12:00:00Z","type":"settings.changed","payload":{"key":"quran.surahs","value":"112,113","previous":""}}
      {"version":1,"id":"c1.2","at":"2026-11-30T12:00:00Z","type":"settings.changed","payload":{"key":"quran.direction","value":"custom","previous":""}}
      {"version":1,"id":"c1.3","at":"2026-11-30T12:00:00Z","type":"settings.changed","payload":{"key":"quran.scope","value":"113-114","previous":""}}

      """)
    // A refused batch writes nothing: a scope outside the custom surahs leaves nothing to learn.
    let profile = file("a", "profile.json"), events = file("a", "events.jsonl")
    let refused = run(["config", "a", "quran.targetDate", "2027-06-01", "quran.scope", "juz1"])
    #expect(refused.code == 64)
    #expect(refused.err.hasPrefix("planner: error: quran.scope: 'juz1' is not valid: expected a scope that overlaps the custom goal's surahs (112,113), not 1:1-2:141: nothing would be left to learn\n"))
    #expect(file("a", "profile.json") == profile && file("a", "events.jsonl") == events)
    let odd = run(["config", "a", "quran.scope", "113", "quran.targetDate"])
    #expect(odd.code == 64 && odd.err.hasPrefix("planner: error: 'quran.targetDate' has no value: give KEY VALUE pairs"))
    let unknown = run(["config", "a", "quran.scope", "113", "quran.target", "2027-01-01"])
    #expect(unknown.code == 64 && unknown.err.hasPrefix("planner: error: <KEY>: 'quran.target' is not valid: expected a setting key"))
  }

  @Test("errors name the key and what was expected: target before start, unknown reciter; a hand-edited file exits 1")
  func errorsNameTheKey() throws {
    #expect(run(["init", "a", "--timezone", "UTC", "--set", "quran.scope=juz30"]).code == 0)
    let before = run(["config", "a", "quran.targetDate", "2026-01-01"])
    #expect(before.code == 64)
    #expect(before.err.hasPrefix("planner: error: quran.targetDate: '2026-01-01' is not valid: expected a day after the goal's start (2026-11-30), not 2026-01-01\n"))
    let reciter = run(["config", "a", "quran.reciter", "Nobody"])
    #expect(reciter.code == 64)
    #expect(reciter.err.hasPrefix("planner: error: quran.reciter: 'Nobody' is not valid: expected a reciter of the default audio (Husary_128kbps, Husary_Muallim_128kbps, Alafasy_128kbps, Abdul_Basit_Murattal_192kbps, Minshawy_Murattal_128kbps, Abdurrahmaan_As-Sudais_192kbps), or your own quran.audioURLTemplate first\n"))
    // With one's own template (in the same batch, either order) any reciter name is taken.
    #expect(run(["config", "a", "quran.reciter", "Nobody", "quran.audioURLTemplate", "https://example.org/{reciter}/{surah:03}{ayah:03}.mp3"]).code == 0)
    #expect(run(["config", "a", "quran.reciter", "alafasy", "quran.audioURLTemplate", ""]).code == 0)
    // A profile edited by hand with its target before its start: the file and the key path, exit 1.
    let path = root + "/a/profile.json"
    let text = try String(contentsOfFile: path, encoding: .utf8)
      .replacingOccurrences(of: "\"startDate\" : \"2026-11-30\"", with: "\"startDate\" : \"2026-11-30\", \"targetDate\" : \"2026-01-01\"")
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    let today = run(["today", "a", "--date", "2026-12-01"])
    #expect(today.code == 1)
    #expect(today.err.contains("profile.json") && today.err.contains("quran.goal.targetDate")
      && today.err.contains("a day after the goal's start (2026-11-30), not 2026-01-01"))
  }

  @Test("a batch stopped after its journal, or after its events, is finished by the next writer: every event once")
  func batchJournalIsFinished() throws {
    for stop in [Learner.ConfigStep.afterJournal, .afterEvent] {
      let dir = root + "/j-\(stop)"
      #expect(run(["init", dir, "--timezone", "UTC"]).code == 0)
      Learner.injectConfigStop(stop, in: dir)
      #expect(throws: PlanEngineError.self) {
        try Learner.configure(dir, changes: [("quran.surahs", "112,113"), ("quran.scope", "113-114")], now: now, id: "b1")
      }
      // Every load sees the whole batch already (the journal's profile) …
      #expect(try Learner.loadProfile(dir).0.quran.goal?.scope == AyahRange(parsing: "113-114"), "\(stop)")
      // … and the next writer finishes it: both events once, the profile written, the journal gone.
      #expect(run(["record", dir, "plan", "opened", "--date", "2026-11-30", "--at", "2026-11-30T12:00:00Z", "--id", "p1"]).code == 0)
      let events = try Learner.history(dir).events
      #expect(events.map(\.id) == ["b1", "b1.2", "p1"], "\(stop)")
      #expect(events[1].payload == .settingsChanged(key: "quran.scope", value: "113-114", previous: ""))
      #expect(!FileManager.default.fileExists(atPath: dir + "/" + Learner.settingsJournal))
      #expect(run(["config", dir, "quran.direction"]).out == "custom\n")
    }
  }
}
