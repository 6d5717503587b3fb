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
  "replay": replayScenario,
  "today": todayScenario,
]

let arguments = CommandLine.arguments.dropFirst().filter { !$0.hasPrefix("--") }
if CommandLine.arguments.contains("--list") {
  for name in scenarios.keys.sorted() { print(name) }
  exit(0)
}
let chosen = arguments.isEmpty ? scenarios.keys.sorted() : Array(arguments)
for name in chosen where scenarios[name] == nil {
  FileHandle.standardError.write(Data("planner-bench: unknown scenario '\(name)'; known: \(scenarios.keys.sorted().joined(separator: ", "))\n".utf8))
  exit(64)
}
for name in chosen { scenarios[name]!() }
