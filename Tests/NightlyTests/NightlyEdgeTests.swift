import Foundation
import Testing
@testable import LearnerStore
@testable import Nightly
@testable import PlannerCore

/// The edges of the nightly job (issue #13): every entry that looks like a learner and cannot
/// be planned is a failure, links are never followed out of ROOT, the learner's lock is taken,
/// and temporary plan files left by a killed run are removed.
@Suite("Nightly edges")
struct NightlyEdgeTests {
  let echo = ProfileEchoPlanner(now: NightlyFixture.now)

  static func plan(_ learner: String, _ date: String = "2026-11-30") -> String {
    "{\"date\":\"\(date)\",\"learner\":\"\(learner)\",\"status\":\"pending-plan-engine\",\"version\":1}\n"
  }

  @Test("a learner folder that cannot be read is a failure with its reason, not skipped (fault seam)")
  func unreadableFolder() throws {
    let root = NightlyFixture.makeRoot()
    defer { NightlyFixture.remove(root) }
    NightlyFixture.addLearners(root, count: 3)
    try FileManager.default.createDirectory(at: root.appendingPathComponent("lost+found"), withIntermediateDirectories: true)
    var options = NightlyOptions()
    let real = NightlyFileSystem.live
    options.fileSystem = NightlyFileSystem { folder in
      folder.hasSuffix("/learner-0002") ? EACCES : real.profileStatus(folder)
    }
    let before = NightlyFixture.files(root)
    let summary = try NightlyRunner.run(root: root, planner: echo, options: options)
    #expect(summary.learners == 3)
    #expect(summary.planned == 2)
    #expect(summary.skipped == ["lost+found"])
    #expect(summary.failed == [
      .init(learner: "learner-0002", reason: "\(root.path)/learner-0002: cannot read the learner folder: Permission denied")
    ])
    // Nothing was created in the folder it could not read.
    let after = NightlyFixture.files(root).filter { $0.key.hasPrefix("learner-0002/") }
    #expect(after == before.filter { $0.key.hasPrefix("learner-0002/") })
  }

  /// Makes a folder whose name is these bytes (not UTF-8), with a profile when asked.
  static func makeRawFolder(_ root: URL, _ name: [UInt8], profile: Bool) {
    let path = Array(root.path.utf8) + [UInt8(ascii: "/")] + name
    #expect(mkdir(path.map { CChar(bitPattern: $0) } + [0], 0o755) == 0)
    if profile {
      let file = path + Array("/profile.json".utf8)
      let fd = open(file.map { CChar(bitPattern: $0) } + [0], O_WRONLY | O_CREAT, 0o644)
      #expect(fd >= 0)
      let text = Array(NightlyFixture.profile().utf8)
      _ = text.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
      close(fd)
    }
  }

  @Test("a learner folder whose name is not UTF-8 is a failure in the summary; one without a profile is skipped")
  func nonUTF8Name() throws {
    let root = NightlyFixture.makeRoot()
    defer { NightlyFixture.remove(root) }
    NightlyFixture.addLearner(root, "amina", profile: NightlyFixture.profile())
    Self.makeRawFolder(root, Array("caf".utf8) + [0xE9], profile: true)  // Latin-1 "café"
    Self.makeRawFolder(root, [0xFF, 0x41], profile: false)
    let summary = try NightlyRunner.run(root: root, planner: echo, options: .init())
    #expect(summary.learners == 2)
    #expect(summary.planned == 1)
    #expect(summary.skipped == ["\\xFFA"])
    #expect(summary.failed == [
      .init(learner: "caf\\xE9",
            reason: "\(root.path)/caf\\xE9: the folder name is not UTF-8 (shown with \\x escapes); rename the folder to plan this learner")
    ])
    #expect(summary.json.contains(#""failed":[{"learner":"caf\\xE9","reason":"#))
  }

  @Test("a learner folder that links outside ROOT is refused; a link to a folder inside ROOT is planned")
  func linkedLearnerFolders() throws {
    let root = NightlyFixture.makeRoot()
    let outside = NightlyFixture.makeRoot("outside")
    defer { NightlyFixture.remove(root); NightlyFixture.remove(outside) }
    NightlyFixture.addLearner(outside, "elsewhere", profile: NightlyFixture.profile())
    NightlyFixture.addLearner(root, "amina", profile: NightlyFixture.profile())
    try FileManager.default.createSymbolicLink(atPath: root.path + "/escape", withDestinationPath: outside.path + "/elsewhere")
    try FileManager.default.createDirectory(atPath: root.path + "/.store/bilal", withIntermediateDirectories: true)
    try Data(NightlyFixture.profile().utf8).write(to: URL(fileURLWithPath: root.path + "/.store/bilal/profile.json"))
    try FileManager.default.createSymbolicLink(atPath: root.path + "/bilal", withDestinationPath: root.path + "/.store/bilal")
    let summary = try NightlyRunner.run(root: root, planner: echo, options: .init())
    let target = outside.resolvingSymlinksInPath().path + "/elsewhere"
    #expect(summary.failed == [
      .init(learner: "escape",
            reason: "\(root.path)/escape: is a symbolic link to \(target), outside ROOT; learner folders must be inside ROOT")
    ])
    #expect(summary.planned == 2)
    #expect(NightlyFixture.files(outside).keys.sorted() == ["elsewhere/profile.json"], "nothing written outside ROOT")
  }

  @Test("a plans folder, a plan file or a .lock that is a link is refused, and nothing is written through it")
  func linkedFilesInside() throws {
    let root = NightlyFixture.makeRoot()
    let outside = NightlyFixture.makeRoot("outside")
    defer { NightlyFixture.remove(root); NightlyFixture.remove(outside) }
    for name in ["a-plans", "b-plan", "c-lock", "d-fine"] {
      NightlyFixture.addLearner(root, name, profile: NightlyFixture.profile())
    }
    let fm = FileManager.default
    try fm.createSymbolicLink(atPath: root.path + "/a-plans/plans", withDestinationPath: outside.path)
    try fm.createDirectory(atPath: root.path + "/b-plan/plans", withIntermediateDirectories: true)
    try Data("old\n".utf8).write(to: URL(fileURLWithPath: outside.path + "/victim.json"))
    try fm.createSymbolicLink(atPath: root.path + "/b-plan/plans/2026-11-30.json", withDestinationPath: outside.path + "/victim.json")
    try fm.createSymbolicLink(atPath: root.path + "/c-lock/.lock", withDestinationPath: outside.path + "/lock")
    let summary = try NightlyRunner.run(root: root, planner: echo, options: .init())
    let refusal = "is a symbolic link; planner does not write through links (replace it with the file or folder itself)"
    #expect(summary.failed == [
      .init(learner: "a-plans", reason: "\(root.path)/a-plans/plans: \(refusal)"),
      .init(learner: "b-plan", reason: "\(root.path)/b-plan/plans/2026-11-30.json: \(refusal)"),
      .init(learner: "c-lock", reason: "\(root.path)/c-lock/.lock: \(refusal)"),
    ])
    #expect(summary.planned == 1)
    #expect(NightlyFixture.files(outside) == ["victim.json": Array("old\n".utf8)], "nothing written outside ROOT")
  }

  @Test("temporary plan files left by a killed run are removed by the next run, under the learner's lock")
  func staleTemporaries() throws {
    let root = NightlyFixture.makeRoot()
    defer { NightlyFixture.remove(root) }
    NightlyFixture.addLearner(root, "amina", profile: NightlyFixture.profile())
    try FileManager.default.createDirectory(atPath: root.path + "/amina/plans", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: root.path + "/lost+found/plans", withIntermediateDirectories: true)
    var left: [String] = []
    for i in 1...41 {
      left.append("amina/plans/.2026-11-\(10 + i % 20).json.\(4000 + i)-\(i).tmp")
    }
    left.append("lost+found/plans/.2026-11-30.json.1-1.tmp")  // not a learner: not touched
    for file in left { try Data("{\"torn".utf8).write(to: URL(fileURLWithPath: root.path + "/" + file)) }
    try Data("keep\n".utf8).write(to: URL(fileURLWithPath: root.path + "/amina/plans/notes.txt"))
    let summary = try NightlyRunner.run(root: root, planner: echo, options: .init())
    #expect(summary.planned == 1)
    #expect(NightlyFixture.files(root).keys.sorted() == [
      "amina/.lock", "amina/plans/2026-11-30.json", "amina/plans/notes.txt", "amina/profile.json",
      "lost+found/plans/.2026-11-30.json.1-1.tmp",
    ])
  }

  @Test("a year of plans in the folder: today's, already there with the same bytes, is left alone; the others untouched; a learner that fails still loses a killed run's temporaries")
  func aYearOfPlans() throws {
    let root = NightlyFixture.makeRoot()
    defer { NightlyFixture.remove(root) }
    NightlyFixture.addLearner(root, "amina", profile: NightlyFixture.profile())
    NightlyFixture.addLearner(root, "bilal", profile: NightlyFixture.profile())
    try FileManager.default.createDirectory(atPath: root.path + "/amina/plans", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: root.path + "/bilal/plans", withIntermediateDirectories: true)
    var day = EpochDay(year: 2025, month: 11, day: 30)!
    while day < EpochDay(year: 2026, month: 11, day: 30)! {
      try Data("old \(day)\n".utf8).write(to: URL(fileURLWithPath: root.path + "/amina/plans/\(day).json"))
      day = day.advanced(by: 1)
    }
    try Data("{\"torn".utf8).write(to: URL(fileURLWithPath: root.path + "/bilal/plans/.2026-11-29.json.77-1.tmp"))
    let failing = FailingPlanner(inner: echo, failing: ["bilal"])
    let first = try NightlyRunner.run(root: root, planner: failing, options: .init())
    #expect(first.planned == 1 && first.unchanged == 0 && first.failed.map(\.learner) == ["bilal"])
    let files = NightlyFixture.files(root)
    #expect(files["amina/plans/2026-11-30.json"] == Array(Self.plan("amina").utf8))
    #expect(files.keys.filter { $0.hasPrefix("amina/plans/") }.count == 366)
    #expect(files["amina/plans/2025-12-01.json"] == Array("old 2025-12-01\n".utf8))
    #expect(files.keys.filter { $0.hasPrefix("bilal/plans/") }.isEmpty, "the failed learner's temporary is removed")
    // Run again: the plan is there with the same bytes, found among the year's names.
    let second = try NightlyRunner.run(root: root, planner: failing, options: .init())
    #expect(second.planned == 0 && second.unchanged == 1)
    #expect(NightlyFixture.files(root) == files)
  }

  @Test("a learner whose lock is held past the timeout fails with the lock's reason; the others are planned")
  func lockHeld() throws {
    let root = NightlyFixture.makeRoot()
    defer { NightlyFixture.remove(root) }
    NightlyFixture.addLearners(root, count: 3)
    let held = try LearnerLock(directory: root.path + "/learner-0002")
    defer { held.unlock() }
    let summary = try NightlyRunner.run(root: root, planner: echo, options: .init(jobs: 2, lockTimeout: 0.1))
    #expect(summary.planned == 2)
    #expect(summary.failed == [
      .init(learner: "learner-0002", reason: "\(root.path)/learner-0002/.lock: another planner process holds this learner's lock (waited 0.1 s); try again later")
    ])
    #expect(!FileManager.default.fileExists(atPath: root.path + "/learner-0002/plans"))
  }

  @Test("two runs over the same root at once both finish: a worker never waits for a lock while its batch holds others")
  func twoRunsAtOnce() throws {
    let root = NightlyFixture.makeRoot()
    defer { NightlyFixture.remove(root) }
    NightlyFixture.addLearners(root, count: 60)
    let summaries = Locked<[NightlySummary]>([])
    let group = DispatchGroup()
    for _ in 0..<2 {
      group.enter()
      Thread {
        let summary = try! NightlyRunner.run(root: root, planner: echo, options: .init(jobs: 2, lockTimeout: 20))
        summaries.withLock { $0.append(summary) }
        group.leave()
      }.start()
    }
    #expect(group.wait(timeout: .now() + 60) == .success)
    let both = summaries.withLock { $0 }
    #expect(both.count == 2)
    for summary in both {
      #expect(summary.failed.isEmpty)
      #expect(summary.planned + summary.unchanged == 60)
    }
    #expect(both.map(\.planned).reduce(0, +) >= 60)  // each learner written by one run at least
    #expect(NightlyFixture.plans(root).count == 60)
  }

  @Test("nightly waits for a change made under the lock and plans on it (a plan is never silently stale)")
  func waitsForTheLock() throws {
    let root = NightlyFixture.makeRoot()
    defer { NightlyFixture.remove(root) }
    NightlyFixture.addLearner(root, "amina", profile: NightlyFixture.profile(timezone: "UTC"))
    let held = try LearnerLock(directory: root.path + "/amina")
    let released = DispatchSemaphore(value: 0)
    Thread {
      // A writer holding the lock changes the learner (Tokyo is already on 12-01), then lets go.
      usleep(300_000)
      try! Data(NightlyFixture.profile(timezone: "Asia/Tokyo").utf8).write(to: URL(fileURLWithPath: root.path + "/amina/profile.json"))
      held.unlock()
      released.signal()
    }.start()
    let summary = try NightlyRunner.run(root: root, planner: echo, options: .init(lockTimeout: 30))
    released.wait()
    #expect(summary.planned == 1)
    #expect(summary.dates.keys.map(\.description) == ["2026-12-01"])
    #expect(NightlyFixture.plans(root).keys.sorted() == ["amina/plans/2026-12-01.json"])
  }
}
