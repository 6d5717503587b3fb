import Foundation
import Testing

/// The package root (three levels above this file).
private let packageRoot: URL = {
  var u = URL(fileURLWithPath: #filePath)
  for _ in 0..<3 { u.deleteLastPathComponent() }
  return u
}()

/// The `planner-bench` executable SwiftPM builds next to the test bundle.
private let plannerBenchBinary: URL? = {
  let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
  let candidates = [exe.deletingLastPathComponent().appendingPathComponent("planner-bench"),
                    packageRoot.appendingPathComponent(".build/debug/planner-bench")]
  return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
}()

private let scenarioFiles: [String] = {
  let dir = packageRoot.appendingPathComponent("Benchmarks/scenarios").path
  return ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
}()

/// Every named benchmark scenario runs once at its tiny size (`--quick`) through the built
/// `planner-bench`, so CI sees that it still works without a release build. Nothing is timed.
@Suite("benchmark scenarios, quick", .enabled(if: plannerBenchBinary != nil,
  "planner-bench is not built next to the tests (swift build --build-tests builds it)"))
struct SimulateBenchmarkScenariosTests {
  @Test("the scenario files name the required benchmarks")
  func scenariosPresent() throws {
    let names = scenarioFiles.map { String($0.dropLast(5)) }
    for required in ["replay-throughput", "optimizer", "learner-load", "plan-generation", "nightly-simulated-jobs1",
                     "nightly-simulated-jobs2", "simulate-policies"] {
      #expect(names.contains(required), "Benchmarks/scenarios/\(required).json")
    }
    for file in scenarioFiles {
      let data = try #require(FileManager.default.contents(atPath: packageRoot.appendingPathComponent("Benchmarks/scenarios/" + file).path))
      let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
      #expect(object["name"] as? String == String(file.dropLast(5)), "\(file): name matches the file")
      #expect(object["bench"] is String && object["environment"] is [String: Any], "\(file)")
    }
  }

  @Test("each scenario runs at a tiny size and prints JSON lines led by its name", arguments: scenarioFiles)
  func quick(_ file: String) throws {
    let fixtures = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/fixtures/optimizer").path
    let data = try #require(FileManager.default.contents(atPath: packageRoot.appendingPathComponent("Benchmarks/scenarios/" + file).path))
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    if object["bench"] as? String == "optimizer" && !FileManager.default.fileExists(atPath: fixtures) {
      return  // the optimizer scenario reads the shared fixtures, absent here
    }
    let process = Process()
    process.executableURL = plannerBenchBinary!
    process.arguments = ["--scenario-file", "Benchmarks/scenarios/" + file, "--quick"]
    process.currentDirectoryURL = packageRoot
    process.environment = ["PATH": "/usr/bin:/bin", "PLANNER_FIXTURES": fixtures, "TMPDIR": NSTemporaryDirectory()]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(file)")
    let lines = out.split(separator: "\n").filter { $0.hasPrefix("{") }
    #expect(!lines.isEmpty, "\(file) printed no JSON line")
    for line in lines {
      let json = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      #expect(json["name"] as? String == String(file.dropLast(5)))
      #expect(json["scenario"] is String)
    }
  }
}
