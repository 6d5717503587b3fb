import Foundation
import Testing
import TestSupport

/// `planner nightly` as separate processes of the built binary: shards that never share
/// memory, and a run killed with SIGKILL midway.
@Suite("planner nightly, separate processes")
struct NightlyProcessTests {

  struct Finished {
    var status: Int32
    var out: String
  }

  static func start(_ args: [String], environment: [String: String] = [:]) throws -> (Process, Pipe) {
    let process = Process()
    process.executableURL = try Fixtures.executable("planner")
    process.arguments = args
    process.environment = environment.merging(["PATH": "/usr/bin:/bin"]) { a, _ in a }
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    return (process, out)
  }

  static func run(_ args: [String], environment: [String: String] = [:]) throws -> Finished {
    let (process, out) = try start(args, environment: environment)
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Finished(status: process.terminationStatus, out: String(decoding: data, as: UTF8.self))
  }

  static func makeRoot(count: Int) -> URL {
    let root = URL(fileURLWithPath: TemporaryFolder.newPath("nightly-proc"))
    for i in 1...count {
      let folder = root.appendingPathComponent(String(format: "learner-%05d", i))
      try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try! Data(#"{"version":1,"id":"learner","timezone":"Europe/Kyiv","dayStartHour":4}"#.utf8)
        .write(to: folder.appendingPathComponent("profile.json"))
    }
    return root
  }

  static func number(_ key: String, in json: String) -> Int? {
    let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    return object?[key] as? Int
  }

  /// Plan files (relative path → bytes), hidden temporary files excluded.
  static func plans(_ root: URL) -> [String: Data] {
    var result: [String: Data] = [:]
    for learner in (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? [] {
      let folder = root.appendingPathComponent(learner).appendingPathComponent("plans")
      for file in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] where !file.hasPrefix(".") {
        result["\(learner)/plans/\(file)"] = try? Data(contentsOf: folder.appendingPathComponent(file))
      }
    }
    return result
  }

  @Test("N shard processes plan every learner exactly once, N = 1…16 (--shard, Kubernetes and Slurm variables)")
  func shards() throws {
    let root = Self.makeRoot(count: 48)
    defer { try? FileManager.default.removeItem(at: root) }
    for count in 1...16 {
      var learners = 0
      var planned = 0
      for index in 1...count {
        var args = ["nightly", root.path, "--date", "2026-11-30"]
        var environment: [String: String] = [:]
        switch count % 3 {
        case 0: args += ["--shard", "\(index)/\(count)"]
        case 1: environment = ["JOB_COMPLETION_INDEX": "\(index - 1)", "JOB_COMPLETIONS": "\(count)"]
        default:
          environment = ["SLURM_ARRAY_TASK_ID": "\(index + 9)", "SLURM_ARRAY_TASK_MIN": "10",
                         "SLURM_ARRAY_TASK_COUNT": "\(count)"]
        }
        let r = try Self.run(args, environment: environment)
        #expect(r.status == 0)
        #expect(r.out.contains("\"shard\" : \"\(index)/\(count)\""), "\(r.out)")
        learners += Self.number("learners", in: r.out) ?? -1000
        planned += Self.number("planned", in: r.out) ?? -1000
      }
      #expect(learners == 48, "N = \(count): the shards' learners add up to all of them")
      #expect(planned == 48, "N = \(count): every learner written once")
      #expect(Self.plans(root).count == 48)
      // Start the next N from nothing so that "planned" counts this N's writes only.
      for learner in try FileManager.default.contentsOfDirectory(atPath: root.path) {
        try FileManager.default.removeItem(at: root.appendingPathComponent(learner).appendingPathComponent("plans"))
      }
    }
  }

  @Test("a run killed with SIGKILL midway, then rerun, leaves the same files as an uninterrupted run")
  func killedMidway() throws {
    // Enough learners that the run is still going when the poller (one thread among the
    // parallel tests of a busy machine) sees the first plans and kills it.
    let count = 1_500
    let whole = Self.makeRoot(count: count), killed = Self.makeRoot(count: count)
    defer {
      try? FileManager.default.removeItem(at: whole)
      try? FileManager.default.removeItem(at: killed)
    }
    let args = ["--date", "2026-11-30", "--jobs", "2"]
    let reference = try Self.run(["nightly", whole.path] + args)
    #expect(reference.status == 0)

    let (process, _) = try Self.start(["nightly", killed.path] + args)
    // Learners are taken in name order: once the 5th has its plan, the run is under way. The
    // deadline is generous: CI machines are shared and a busy one plans slowly.
    let early = killed.appendingPathComponent("learner-00005/plans/2026-11-30.json").path
    let deadline = Date().addingTimeInterval(600)
    while !FileManager.default.fileExists(atPath: early), process.isRunning, Date() < deadline {
      usleep(2_000)
    }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    let done = Self.plans(killed).count
    print("nightly kill test: \(done) of \(count) plans written when killed")
    #expect(process.terminationReason == .uncaughtSignal, "the run was killed, not finished")
    #expect(done >= 5 && done < count, "killed midway: \(done) of \(count) plans written")

    let rerun = try Self.run(["nightly", killed.path] + args)
    #expect(rerun.status == 0)
    #expect(Self.number("unchanged", in: rerun.out) == done)
    #expect(Self.number("planned", in: rerun.out) == count - done)
    #expect(Self.plans(killed) == Self.plans(whole))
  }
}
