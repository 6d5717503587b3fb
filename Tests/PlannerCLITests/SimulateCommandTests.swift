import Foundation
import Testing
import TestSupport
@testable import PlannerCLI
import PlannerCore
import Testing

/// A fresh temporary folder for the simulate/export CLI tests.
func simulateTemporaryFolder() -> String { TemporaryFolder.make("planner-simulate") }

func runPlanner(_ args: [String]) -> CLIRun { runCLI(args) }

@Suite("planner simulate")
struct SimulateCommandTests {
  @Test("the policy comparison table, one row per policy, and folders per policy")
  func comparisonTable() throws {
    let tmp = simulateTemporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: tmp) }
    let r = runPlanner(["simulate", "--learners", "2", "--days", "40", "--seed", "3", "--out", tmp + "/root", "--policy", "all"])
    #expect(r.code == 0, "\(r.err)")
    let lines = r.out.split(separator: "\n").map(String.init)
    #expect(lines[0].hasPrefix("simulated 2 learners × 40 days from 2026-01-01 (seed 3): "))
    let names = ["planner", "planner-defaults", "anki-90-n1", "traditional-n1", "learn-nothing", "cram"]
    #expect(names.allSatisfy { n in lines.contains { $0.hasPrefix(n + " ") } })
    for p in names {
      #expect(FileManager.default.fileExists(atPath: "\(tmp)/root/\(p)/learner-0002/events.jsonl"))
    }
    #expect(FileManager.default.fileExists(atPath: tmp + "/root.truth.jsonl"))
  }

  @Test("JSON output carries every figure of every policy")
  func jsonOutput() throws {
    let r = runPlanner(["simulate", "--learners", "2", "--days", "30", "--policy", "traditional", "--format", "json"])
    #expect(r.code == 0, "\(r.err)")
    let node = try JSONParser.parse(r.out)
    let p = try #require(node["policies"]?.arrayValue?.first)
    #expect(p["policy"]?.stringValue == "traditional-n1")
    for key in ["retention", "minutesPerDay", "retainedPerMinute", "daysOverBudget", "longestBacklog", "newLines", "newWords"] {
      #expect(p[key]?.doubleValue != nil, "\(key)")
    }
    #expect(node["learners"]?.intValue == 2 && node["days"]?.intValue == 30)
  }

  @Test("retention sweep: CSV with one row per desired retention, and a text chart")
  func retentionSweep() {
    let csv = runPlanner(["simulate", "--learners", "1", "--days", "30", "--retention-sweep", "0.80:0.90:0.05", "--format", "csv"])
    #expect(csv.code == 0, "\(csv.err)")
    let rows = csv.out.split(separator: "\n")
    #expect(rows.first == "desired_retention,minutes_per_day,retention,retained_per_minute,new_lines,new_words")
    #expect(rows.dropFirst().map { String($0.prefix(5)) } == ["0.80,", "0.85,", "0.90,"])
    let chart = runPlanner(["simulate", "--learners", "1", "--days", "30", "--retention-sweep", "0.80:0.90:0.05"])
    #expect(chart.code == 0)
    #expect(chart.out.contains("workload against desired retention") && chart.out.contains("█"))
  }

  @Test("bad input: unknown policy with a hint, bad sweep, non-empty root")
  func badInput() throws {
    let p = runPlanner(["simulate", "--policy", "planer"])
    #expect(p.code == 64)
    #expect(p.err.contains("planner"))
    let s = runPlanner(["simulate", "--retention-sweep", "0.97:0.80:0.01"])
    #expect(s.code == 64 && s.err.contains("FROM:TO:STEP"))
    let c = runPlanner(["simulate", "--format", "csv"])
    #expect(c.code == 64)
    let tmp = simulateTemporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: tmp) }
    try Data("x".utf8).write(to: URL(fileURLWithPath: tmp + "/something"))
    let o = runPlanner(["simulate", "--learners", "1", "--days", "3", "--out", tmp])
    #expect(o.code == 1 && o.err.contains("not empty"))
  }
}

/// `planner simulate` in two separate processes of the built binary.
@Suite("planner simulate, separate processes")
struct SimulateProcessTests {
  @Test("same seed, identical folders and truth file across two processes")
  func twoProcesses() throws {
    let tmp = simulateTemporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: tmp) }
    var outputs: [String] = []
    for name in ["a", "b"] {
      let process = Process()
      process.executableURL = try Fixtures.executable("planner")
      process.arguments = ["simulate", "--learners", "3", "--days", "45", "--seed", "9", "--policy", "all", "--out", "\(tmp)/\(name)",
                           "--jobs", name == "a" ? "1" : "2"]
      let pipe = Pipe()
      process.standardOutput = pipe
      process.standardError = FileHandle.nullDevice
      try process.run()
      let data = pipe.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      #expect(process.terminationStatus == 0)
      outputs.append(String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\(tmp)/\(name)", with: "ROOT"))
    }
    #expect(outputs[0] == outputs[1])
    func files(_ root: String) -> [String: Data] {
      var out: [String: Data] = [:]
      let e = FileManager.default.enumerator(atPath: root)!
      while let rel = e.nextObject() as? String {
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: root + "/" + rel, isDirectory: &isDir), !isDir.boolValue {
          out[rel] = FileManager.default.contents(atPath: root + "/" + rel)
        }
      }
      return out
    }
    let a = files(tmp + "/a"), b = files(tmp + "/b")
    #expect(a.count == 54)
    #expect(a == b)
    #expect(FileManager.default.contents(atPath: tmp + "/a.truth.jsonl") == FileManager.default.contents(atPath: tmp + "/b.truth.jsonl"))
  }
}
