import Foundation
import LearnerStore
import Testing
import TestSupport
@testable import PlannerCLI
import PlannerCore
import Testing

/// `planner init`, `record`, `show`, `config`, run in-process with a fixed clock.
@Suite struct LearnerCommandsTests {
  let root: String
  /// 2026-11-30T12:00:00Z (14:00 in Kyiv).
  let now = Date(timeIntervalSince1970: 1_796_040_000)

  /// A new folder per test (a suite instance per test), removed at process exit.
  init() { root = TemporaryFolder.make("planner-cli-learner") }

  func run(_ args: [String], stdin: [UInt8] = [], env: [String: String] = [:]) -> CLIRun {
    runCLI(args, environment: env, now: now, in: root, stdin: stdin)
  }

  func events() -> String { (try? String(contentsOfFile: root + "/amina/events.jsonl", encoding: .utf8)) ?? "" }

  func initAmina() {
    let r = run(["init", "amina", "--timezone", "Europe/Kyiv", "--locale", "uk", "--minutes", "25", "--set", "vocabulary.newWordsPerDay=8"])
    #expect(r.code == 0 && r.err == "")
    #expect(r.out == "created learner 'amina' in \(root)/amina (Europe/Kyiv, day starts at 04:00, 25 min/day)\n")
  }

  @Test func initThenRecordEveryFormThenShow() throws {
    initAmina()
    #expect(try Learner.loadProfile(root + "/amina").0.vocabulary.newWordsPerDay == 8)
    let forms: [[String]] = [
      ["recite", "78:1-78:16", "--tier", "new", "--grade", "3", "--mistakes-at", "78:5,78:9", "--hesitations", "1", "--seconds", "420", "--at", "2026-11-29T06:10:00+02:00", "--id", "r1"],
      ["word", "add", "run", "бігти", "бігати", "--at", "2026-11-29T07:00:00+02:00", "--id", "w1"],
      ["word", "edit", "run", "бігти", "--at", "2026-11-29T07:01:00+02:00", "--id", "w2"],
      ["word", "lookup", "Run", "--at", "2026-11-29T07:02:00+02:00", "--id", "w3"],
      ["word", "open", "run", "--at", "2026-11-29T07:03:00+02:00", "--id", "w4"],
      ["word", "unknown", "run", "--at", "2026-11-29T07:04:00+02:00", "--id", "w5"],
      ["word", "known", "run", "--at", "2026-11-29T07:05:00+02:00", "--id", "w6"],
      ["word", "reset", "run", "--at", "2026-11-29T07:06:00+02:00", "--id", "w7"],
      ["quiz", "run", "--answer", " БIГТИ ", "--seconds", "6", "--at", "2026-11-30T08:00:00+02:00", "--id", "q1"],
      ["reminder", "shown", "run", "--mode", "hint", "--at", "2026-11-30T09:00:00+02:00", "--id", "m1"],
      ["reminder", "acted", "run", "--action", "quiz", "--at", "2026-11-30T09:01:00+02:00", "--id", "m2"],
      ["plan", "opened", "--at", "2026-11-30T03:00:00+02:00", "--id", "p1"],
      ["plan", "done", "new:78:1-16", "--seconds", "400", "--at", "2026-11-30T06:00:00+02:00", "--id", "p2"],
      ["plan", "skipped", "old:p12", "--date", "2026-11-30", "--at", "2026-11-30T06:30:00+02:00", "--id", "p3"],
      ["word", "add", "tree", "дерево", "--at", "2026-11-30T10:00:00+02:00", "--id", "w8"],
      ["word", "delete", "tree", "--at", "2026-11-30T10:01:00+02:00", "--id", "w9"],
    ]
    // 78:1-16 with two located mistakes and a hesitation in 6.2 lines is Again by QuranGrading.
    for f in forms {
      let r = run(["record", "amina"] + f)
      #expect(r.code == 0, "\(f): \(r.err)")
    }
    #expect(run(["record", "amina", "quiz", "run", "--answer", " БIГТИ ", "--seconds", "6", "--id", "q1", "--at", "2026-11-30T08:00:00+02:00"]).out == "already recorded q1\n")
    let lines = events().split(separator: "\n")
    #expect(lines.count == forms.count)
    #expect(lines[0] == #"{"version":1,"id":"r1","at":"2026-11-29T06:10:00+02:00","type":"recitation","payload":{"range":"78:1-16","tier":"new","grade":3,"mistakes":2,"mistakesAt":["78:5","78:9"],"hesitations":1,"seconds":420}}"#)
    #expect(lines[8] == #"{"version":1,"id":"q1","at":"2026-11-30T08:00:00+02:00","type":"word.quizzed","payload":{"english":"run","answer":" БIГТИ ","verdict":"right","seconds":6}}"#)
    // The plan opened at 03:00 belongs to the learning day that started at 04:00 the day before.
    #expect(lines[11].contains(#""date":"2026-11-29""#))

    let show = run(["show", "amina"])
    #expect(show.code == 0 && show.err == "")
    #expect(show.out == """
      learner amina: Europe/Kyiv, day starts at 04:00, locale uk, 25 min/day
      history: 16 events, latest 2026-11-30T10:01:00+02:00
      quran: 1 review unit, 0 due today (no Quran goal set: today plans none), mean stability 0.2 days
      vocabulary: 1 word (1 deleted), 0 due (R < 0.85)
      habits: 68.2 s per mushaf line, 6.0 s per vocabulary review, plan completion 50%, practises most at 06:00, 2 active days
      most at risk now:
        page 582: R 0.766, S 0.2 d, last 1 day ago
        run: R 1.000, S 1.9 d, last 0 days ago

      """)
    let json = run(["show", "amina", "--format", "json"])
    #expect(json.code == 0)
    let value = try JSONParser.parse(json.out)
    #expect(value["events"]?["count"] == .number(16))
    #expect(value["items"]?.arrayValue?.count == 3)
    #expect(value["learner"]?["learningDay"] == .string("2026-11-30"))
  }

  @Test func badInputFailsWithAClearMessageAndWritesNothing() {
    initAmina()
    let cases: [([String], Int32, String)] = [
      (["record", "amina", "recite", "2:300", "--tier", "new", "--grade", "3"], 64,
       "planner: error: <RANGE>: '2:300' is not valid: expected an ayah range ('2:300' is not in the Quran: surah 2 (Al-Baqara) has 286 ayahs)\n"),
      (["record", "amina", "recite", "115:1", "--tier", "new", "--grade", "3"], 64,
       "planner: error: <RANGE>: '115:1' is not valid: expected an ayah range ('115:1' is not in the Quran: there are 114 surahs)\n"),
      (["record", "amina", "recite", "78", "--tier", "new", "--grade", "5"], 64,
       "planner: error: --grade: '5' is not valid: expected a whole number from 1 to 4\n"),
      (["record", "amina", "word", "lookup", "zyzzyva"], 1,
       "planner: error: 'zyzzyva' is not in the learner's dictionary nor in the built-in English→Ukrainian list (619 words): "
         + "give the translation the app showed with --translation UK, or add the word with `planner record DIR word add`\n"),
      (["record", "amina", "quiz", "walk", "--answer", "x"], 1,
       "planner: error: unknown word 'walk': add it first with `planner record DIR word add`\n"),
      (["record", "amina", "plan", "opened", "--at", "2026-12-02T12:00:00Z"], 64,
       "planner: error: --at: '2026-12-02T12:00:00Z' is not valid: expected a time no more than 10 minutes ahead of now (2026-11-30T12:00:00Z), not 2026-12-02T12:00:00Z\n"),
      (["config", "amina", "timezone", "Mars/Olympus"], 64,
       "planner: error: timezone: 'Mars/Olympus' is not valid: expected an IANA timezone name such as Europe/Kyiv, not 'Mars/Olympus'\n"),
    ]
    for (args, code, err) in cases {
      let r = run(args)
      #expect(r.code == code, "\(args)")
      // A usage error (64) goes on with the usage line; the first line is the error.
      #expect(code == 64 ? r.err.hasPrefix(err + "Usage: ") : r.err == err, "\(args): \(r.err)")
    }
    #expect(events() == "")
    let usage = run(["record", "amina", "recite", "78", "--tier", "new"])
    #expect(usage.code == 64 && usage.err.hasPrefix("planner: error: missing --grade\n"))
    let none = run(["record", "amina"])
    #expect(none.code == 64)
  }

  @Test func initRefusesBadSettingsAndAnExistingLearner() {
    let bad = run(["init", "nobody", "--timezone", "Europe/Kiev2"])
    #expect(bad.code == 64)
    #expect(bad.err.hasPrefix("planner: error: --timezone: 'Europe/Kiev2' is not valid: expected an IANA timezone name such as UTC, Europe/Kyiv or America/New_York\n"))
    #expect(!FileManager.default.fileExists(atPath: root + "/nobody"))
    #expect(run(["init", "nobody", "--set", "vocabulary.mode=loud"]).code == 64)
    #expect(run(["init", "nobody", "--set", "nokey"]).code == 64)
    initAmina()
    let twice = run(["init", "amina"])
    #expect(twice.code == 1)
    #expect(twice.err == "planner: error: \(root)/amina/profile.json: a learner already exists here; nothing was changed\n")
    #expect(run(["show", "nobody"]).err == "planner: error: \(root)/nobody/profile.json: no learner here (create one with `planner init \(root)/nobody`)\n")
  }

  @Test func conflictingIdIsAnError() {
    initAmina()
    #expect(run(["record", "amina", "plan", "opened", "--id", "x1", "--date", "2026-11-30"]).code == 0)
    let r = run(["record", "amina", "plan", "opened", "--id", "x1", "--date", "2026-11-29"])
    #expect(r.code == 1)
    #expect(r.err == "planner: error: \(root)/amina/events.jsonl:1: event id 'x1' is already recorded with different content\n")
  }

  @Test func batchFromFileAndStdin() {
    initAmina()
    let batch = """
      {"version":1,"id":"b1","at":"2026-11-30T07:00:00+02:00","type":"word.added","payload":{"english":"run","ukrainian":["бігти"]}}
      {"version":1,"id":"b2","at":"2026-11-30T07:01:00+02:00","type":"word.quizzed","payload":{"english":"run","answer":"бігти","verdict":"right"}}
      {"version":1,"id":"b3","at":"2026-11-30T07:02:00+02:00","type":"word.lookedUp","payload":{"english":"walk"}}
      """
    try! batch.write(toFile: root + "/batch.jsonl", atomically: true, encoding: .utf8)
    let bad = run(["record", "amina", "--events", "batch.jsonl"])
    #expect(bad.code == 1)
    #expect(bad.err == "planner: error: \(root)/batch.jsonl:3 at payload.english: expected a word in the dictionary ('walk' was never added, or was deleted)\n")
    #expect(events() == "")
    let good = batch.split(separator: "\n").prefix(2).joined(separator: "\n")
    let r = run(["record", "amina", "--events", "-"], stdin: Array(good.utf8))
    #expect(r.code == 0 && r.out == "recorded 2 events\n")
    let again = run(["record", "amina", "--events", "-"], stdin: Array(good.utf8))
    #expect(again.out == "recorded 0 events, 2 already recorded\n")
    #expect(events().split(separator: "\n").count == 2)
  }

  @Test func configShowsAndChanges() {
    initAmina()
    #expect(run(["config", "amina", "dailyMinutes"]).out == "25\n")
    let r = run(["config", "amina", "quran.scope", "juz30", "--id", "c1"])
    #expect(r.code == 0 && r.out == "quran.scope: (unset) -> 78-114\n")
    #expect(events() == #"{"version":1,"id":"c1","at":"2026-11-30T14:00:00+02:00","type":"settings.changed","payload":{"key":"quran.scope","value":"78-114","previous":""}}"# + "\n")
    // Setting a goal key started a goal today, from An-Nas.
    #expect(run(["config", "amina", "quran.startDate"]).out == "2026-11-30\n")
    #expect(run(["config", "amina", "quran.direction"]).out == "from-an-nas\n")
    let all = run(["config", "amina"])
    #expect(all.out.contains("timezone = Europe/Kyiv\n") && all.out.contains("locale = uk\n"))
    let typo = run(["config", "amina", "dailyMinute", "5"])
    #expect(typo.code == 64 && typo.err.contains("Did you mean 'dailyMinutes'?"))
  }

  @Test func lockTimeoutIsReported() throws {
    initAmina()
    let lock = try LearnerLock(directory: root + "/amina")
    let r = run(["record", "amina", "plan", "opened"], env: ["PLANNER_LOCK_TIMEOUT": "0.1"])
    lock.unlock()
    #expect(r.code == 1)
    #expect(r.err == "planner: error: \(root)/amina/.lock: another planner process holds this learner's lock (waited 0.1 s); try again later\n")
  }
}
