import Foundation
import Testing
import TestSupport

private let scenarioFiles: [String] = {
  let dir = Fixtures.packageRoot.appendingPathComponent("Benchmarks/scenarios").path
  return ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
}()

/// Every named benchmark scenario runs once at its tiny size (`--quick`) through the built
/// `planner-bench`, so CI sees that it still works without a release build. Nothing is timed.
/// The optimizer scenario reads its fixture from Tests/Fixtures/optimizer (never ../shared);
/// each run gets its own TMPDIR, which must be empty when the scenario ends.
@Suite("benchmark scenarios, quick")
struct SimulateBenchmarkScenariosTests {
  @Test("the scenario files name the required benchmarks")
  func scenariosPresent() throws {
    let names = scenarioFiles.map { String($0.dropLast(5)) }
    for required in ["replay-throughput", "optimizer", "learner-load", "plan-generation", "nightly-simulated-jobs1",
                     "nightly-simulated-jobs2", "simulate-policies"] {
      #expect(names.contains(required), "Benchmarks/scenarios/\(required).json")
    }
    for file in scenarioFiles {
      let object = try Fixtures.jsonObject("Benchmarks/scenarios/" + file)
      #expect(object["name"] as? String == String(file.dropLast(5)), "\(file): name matches the file")
      #expect(object["bench"] is String && object["environment"] is [String: Any], "\(file)")
    }
  }

  @Test("each scenario runs at a tiny size, prints JSON lines led by its name, and leaves no temporary files",
        arguments: scenarioFiles)
  func quick(_ file: String) throws {
    let fixtures = try Fixtures.path(Fixtures.optimizer)
    let object = try Fixtures.jsonObject("Benchmarks/scenarios/" + file)
    try TemporaryFolder.with("bench-tmp") { tmp in
      let process = Process()
      process.executableURL = try Fixtures.executable("planner-bench")
      process.arguments = ["--scenario-file", "Benchmarks/scenarios/" + file, "--quick"]
      process.currentDirectoryURL = Fixtures.packageRoot
      process.environment = ["PATH": "/usr/bin:/bin", "PLANNER_FIXTURES": fixtures, "TMPDIR": tmp]
      let pipe = Pipe()
      let errorFolder = TemporaryFolder("bench-stderr")
      errorFolder.write("stderr", "")
      let errorFile = try #require(FileHandle(forWritingAtPath: errorFolder.file("stderr")))
      process.standardOutput = pipe
      process.standardError = errorFile
      try process.run()
      let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      try errorFile.close()
      let stderr = errorFolder.read("stderr")
      #expect(process.terminationStatus == 0, "\(file): \(stderr.suffix(2000))")
      let lines = out.split(separator: "\n").filter { $0.hasPrefix("{") }
      #expect(!lines.isEmpty, "\(file) printed no JSON line")
      var logs: [String] = []
      for line in lines {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(json["name"] as? String == String(file.dropLast(5)))
        #expect(json["scenario"] is String)
        if let log = json["log"] as? String { logs.append(log) }
      }
      if object["bench"] as? String == "optimizer" {
        #expect(logs.contains("synth-1k.csv"), "the optimizer fit the fixture synth-1k.csv: \(stderr.suffix(1000))")
        #expect(!stderr.contains("skipped"), "\(stderr)")
      }
      let left = (try? FileManager.default.contentsOfDirectory(atPath: tmp)) ?? []
      #expect(left.isEmpty, "\(file) left in its TMPDIR: \(left.sorted())")
    }
  }
}
