import Foundation

// planner-bench: named benchmark scenarios, run in release:
//   swift build -c release --product planner-bench && .build/release/planner-bench [SCENARIO…] [--quick]
// With no scenario names every scenario runs, in name order. Each prints one JSON line
// {"scenario": "...", ...figures} on stdout. `--quick` runs a tiny size (a smoke test, not a figure).
// To add a scenario: one file with a `func …Scenario()`, one line in this table.
let scenarios: [String: @Sendable () -> Void] = [
  "fsrs-updates": fsrsUpdatesScenario,
  "learner-load": learnerLoadScenario,
  "nightly": nightlyScenario,
  "optimizer": optimizerScenario,
  "optimizer-devset": devSetScenario,
  "replay": replayScenario,
  "simulate": simulateScenario,
  "plan-generation": planGenerationScenario,
  "nightly-simulated": nightlySimulatedScenario,
  "today": todayScenario,
  "truth-calibration": truthCalibrationScenario,
  "truth-fit": truthFitScenario,
]

// `--scenario-file FILE`: a named scenario of Benchmarks/scenarios/ ({"name", "bench",
// "environment"}): its environment is set, then its bench scenario runs, each line led by the name.
if let i = CommandLine.arguments.firstIndex(of: "--scenario-file"), i + 1 < CommandLine.arguments.count {
  let file = CommandLine.arguments[i + 1]
  guard let data = FileManager.default.contents(atPath: file),
    let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
    let name = object["name"] as? String, let bench = object["bench"] as? String, let body = scenarios[bench]
  else {
    FileHandle.standardError.write(Data("planner-bench: \(file): expected {\"name\": …, \"bench\": one of \(scenarios.keys.sorted().joined(separator: ", ")), \"environment\": {…}}\n".utf8))
    exit(64)
  }
  setenv("PLANNER_BENCH_NAME", name, 1)
  for (key, value) in (object["environment"] as? [String: Any]) ?? [:] { setenv(key, "\(value)", 1) }
  body()
  exit(0)
}

let arguments = CommandLine.arguments.dropFirst().filter { !$0.hasPrefix("-") }
if CommandLine.arguments.contains("--help") || CommandLine.arguments.contains("-h") {
  print("usage: planner-bench [SCENARIO…] [--quick] | --list | --scenario-file FILE (Benchmarks/README.md)")
  exit(0)
}
for flag in CommandLine.arguments.dropFirst() where flag.hasPrefix("-") && !["--quick", "--list"].contains(flag) {
  FileHandle.standardError.write(Data("planner-bench: unknown option '\(flag)'; expected --quick, --list, --help or --scenario-file FILE\n".utf8))
  exit(64)
}
if CommandLine.arguments.contains("--list") {
  for name in scenarios.keys.sorted() { print(name) }
  exit(0)
}
// `truth-fit` is a calibration tool, not a figure: it runs only when named.
let chosen = arguments.isEmpty ? scenarios.keys.sorted().filter { $0 != "truth-fit" } : Array(arguments)
for name in chosen where scenarios[name] == nil {
  FileHandle.standardError.write(Data("planner-bench: unknown scenario '\(name)'; known: \(scenarios.keys.sorted().joined(separator: ", "))\n".utf8))
  exit(64)
}
for name in chosen { scenarios[name]!() }
