import Foundation
import LearnerStore
import Testing
import TestSupport
@testable import PlannerCLI
import PlannerCore

/// The edges of the learner store from the command line (issue #13): links are never written
/// through, nothing is created in a folder that is not a learner, `PLANNER_LOCK_TIMEOUT` is
/// validated, and `nightly` fails (exit 2) on every entry it cannot plan.
@Suite struct StoreEdgeCommandTests {
  let root: String
  /// 2026-11-30T12:00:00Z.
  let now = Date(timeIntervalSince1970: 1_796_040_000)

  init() { root = TemporaryFolder.make("planner-store-edges") }

  func run(_ args: [String], stdin: [UInt8] = [], env: [String: String] = [:]) -> CLIRun {
    runCLI(args, environment: env, now: now, in: root, stdin: stdin)
  }

  /// Every file under `dir` (relative path → bytes), links as "-> target".
  func files(_ dir: String) -> [String: String] {
    var result: [String: String] = [:]
    let fm = FileManager.default
    for relative in (fm.subpaths(atPath: dir) ?? []) {
      let path = dir + "/" + relative
      if let target = try? fm.destinationOfSymbolicLink(atPath: path) {
        result[relative] = "-> " + target
      } else if let data = fm.contents(atPath: path) {
        result[relative] = String(decoding: data, as: UTF8.self)
      }
    }
    return result
  }

  func initAmina() {
    let r = run(["init", "amina", "--timezone", "UTC"])
    #expect(r.code == 0, "\(r.err)")
    #expect(run(["record", "amina", "word", "add", "run", "бігти", "--at", "2026-11-30T10:00:00Z", "--id", "w1"]).code == 0)
  }

  static let refusal = "is a symbolic link; planner does not write through links (replace it with the file or folder itself)"

  @Test("record and config on a folder that is not a learner fail and create nothing there")
  func strayLock() throws {
    try FileManager.default.createDirectory(atPath: root + "/photos", withIntermediateDirectories: true)
    try Data("{\"version\":1,\"id\":\"b1\",\"at\":\"2026-11-30T10:00:00Z\",\"type\":\"plan.opened\",\"payload\":{\"date\":\"2026-11-30\"}}\n".utf8)
      .write(to: URL(fileURLWithPath: root + "/batch.jsonl"))
    let expected = "planner: error: \(root)/photos/profile.json: no learner here (create one with `planner init \(root)/photos`)\n"
    for args in [["record", "photos", "--events", "batch.jsonl"], ["record", "photos", "plan", "opened"],
                 ["config", "photos", "dailyMinutes", "20"]] {
      let r = run(args)
      #expect(r.code == 1, "\(args)")
      #expect(r.err == expected, "\(args)")
    }
    #expect(files(root + "/photos").isEmpty, "nothing created in photos/")
    #expect(!FileManager.default.fileExists(atPath: root + "/nowhere"))
    #expect(run(["record", "nowhere", "plan", "opened"]).code == 1)
    #expect(!FileManager.default.fileExists(atPath: root + "/nowhere"))
  }

  @Test("PLANNER_LOCK_TIMEOUT must be a number of seconds from 0 to 3600: exit 64 naming it, nothing stored",
        arguments: ["nan", "inf", "1e999", "abc", "-1", "", "0x10", "3601", "1e3"])
  func badLockTimeout(_ value: String) throws {
    initAmina()
    let before = files(root + "/amina")
    for args in [["record", "amina", "plan", "opened"], ["config", "amina", "dailyMinutes", "20"],
                 ["nightly", root]] {
      let r = run(args, env: ["PLANNER_LOCK_TIMEOUT": value])
      #expect(r.code == 64, "\(args)")
      #expect(r.err.hasPrefix("planner: error: PLANNER_LOCK_TIMEOUT: '\(value)' is not valid: expected a number of seconds from 0 to 3600, e.g. 10 or 0.5\nUsage: "), "\(args): \(r.err)")
    }
    #expect(files(root + "/amina") == before)
  }

  @Test("PLANNER_LOCK_TIMEOUT accepts plain seconds", arguments: ["0", "0.5", "10", "3600"])
  func goodLockTimeout(_ value: String) throws {
    initAmina()
    #expect(run(["record", "amina", "plan", "opened", "--at", "2026-11-30T11:00:00Z"], env: ["PLANNER_LOCK_TIMEOUT": value]).code == 0)
  }

  @Test("record refuses to append through a linked events.jsonl, or to lock through a linked .lock")
  func linkedLogAndLock() throws {
    initAmina()
    let outside = TemporaryFolder.make("planner-outside")
    let fm = FileManager.default
    let log = try String(contentsOfFile: root + "/amina/events.jsonl", encoding: .utf8)
    try log.write(toFile: outside + "/events.jsonl", atomically: true, encoding: .utf8)
    try fm.removeItem(atPath: root + "/amina/events.jsonl")
    try fm.createSymbolicLink(atPath: root + "/amina/events.jsonl", withDestinationPath: outside + "/events.jsonl")
    let r = run(["record", "amina", "plan", "opened", "--at", "2026-11-30T11:00:00Z"])
    #expect(r.code == 1)
    #expect(r.err == "planner: error: \(root)/amina/events.jsonl: \(Self.refusal)\n")
    #expect(try String(contentsOfFile: outside + "/events.jsonl", encoding: .utf8) == log, "nothing appended outside")

    try fm.removeItem(atPath: root + "/amina/events.jsonl")
    try log.write(toFile: root + "/amina/events.jsonl", atomically: true, encoding: .utf8)
    try? fm.removeItem(atPath: root + "/amina/.lock")
    try fm.createSymbolicLink(atPath: root + "/amina/.lock", withDestinationPath: outside + "/lock")
    let locked = run(["record", "amina", "plan", "opened", "--at", "2026-11-30T11:00:00Z"])
    #expect(locked.code == 1)
    #expect(locked.err == "planner: error: \(root)/amina/.lock: \(Self.refusal)\n")
    #expect(!fm.fileExists(atPath: outside + "/lock"), "no lock file created outside")
    #expect(try String(contentsOfFile: root + "/amina/events.jsonl", encoding: .utf8) == log)
  }

  @Test("config refuses a linked profile.json; a linked snapshot is never written through")
  func linkedProfileAndSnapshot() throws {
    initAmina()
    let outside = TemporaryFolder.make("planner-outside")
    let fm = FileManager.default
    let profile = try String(contentsOfFile: root + "/amina/profile.json", encoding: .utf8)
    try profile.write(toFile: outside + "/profile.json", atomically: true, encoding: .utf8)
    try fm.removeItem(atPath: root + "/amina/profile.json")
    try fm.createSymbolicLink(atPath: root + "/amina/profile.json", withDestinationPath: outside + "/profile.json")
    let r = run(["config", "amina", "dailyMinutes", "20"])
    #expect(r.code == 1)
    #expect(r.err == "planner: error: \(root)/amina/profile.json: \(Self.refusal)\n")
    #expect(try String(contentsOfFile: outside + "/profile.json", encoding: .utf8) == profile)

    try fm.removeItem(atPath: root + "/amina/profile.json")
    try profile.write(toFile: root + "/amina/profile.json", atomically: true, encoding: .utf8)
    for file in [Learner.snapshotFile] + Learner.legacySnapshotFiles {
      try? fm.removeItem(atPath: root + "/amina/" + file)
      try "decoy\n".write(toFile: outside + "/" + file, atomically: true, encoding: .utf8)
      try fm.createSymbolicLink(atPath: root + "/amina/" + file, withDestinationPath: outside + "/" + file)
    }
    #expect(run(["show", "amina"]).code == 0)
    #expect(run(["today", "amina", "--date", "2026-11-30"]).code == 0)
    #expect(run(["nightly", root, "--date", "2026-11-30"]).code == 0)
    for file in [Learner.snapshotFile] + Learner.legacySnapshotFiles {
      #expect(try String(contentsOfFile: outside + "/" + file, encoding: .utf8) == "decoy\n", "\(file)")
      #expect(files(root + "/amina")[file] == "-> " + outside + "/" + file, "\(file): the link is left as it was")
    }
  }

  @Test("nightly: a learner folder whose name is not UTF-8 is a failure: exit 2, named in the summary")
  func nightlyNonUTF8() throws {
    initAmina()
    let raw = Array((root + "/caf").utf8) + [0xE9]
    #expect(mkdir(raw.map { CChar(bitPattern: $0) } + [0], 0o755) == 0)
    let fd = open((raw + Array("/profile.json".utf8)).map { CChar(bitPattern: $0) } + [0], O_WRONLY | O_CREAT, 0o644)
    #expect(fd >= 0)
    close(fd)
    let r = run(["nightly", root, "--date", "2026-11-30"])
    #expect(r.code == 2)
    let reason = "\(root)/caf\\xE9: the folder name is not UTF-8 (shown with \\x escapes); rename the folder to plan this learner"
    #expect(r.err == "planner: nightly: learner 'caf\\xE9' was not planned: \(reason)\n")
    #expect(r.out.contains("\"learner\" : \"caf\\\\xE9\""), "\(r.out)")
    #expect(r.out.contains("\"learners\" : 2"))
    #expect(r.out.contains("\"planned\" : 1"))
  }

  @Test("replay streams: a pipe is refused (it reads the log twice), naming it; exit 1")
  func replayRefusesAPipe() throws {
    #expect(mkfifo(root + "/pipe.csv", 0o644) == 0)
    let r = run(["replay", "--revlog", "pipe.csv"])
    #expect(r.code == 1)
    #expect(r.err == "planner: error: pipe.csv: is not a regular file; replay reads the review log twice (check, then replay), so give it a file, not a pipe\n")
    #expect(r.out == "")
  }
}
