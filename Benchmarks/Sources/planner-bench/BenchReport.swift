import Foundation
import MemoryModels
import PlannerCore

/// Whether `--quick` was given: scenarios shrink to a smoke-test size.
let benchQuick = CommandLine.arguments.contains("--quick")

/// Prints one JSON line: `{"scenario": NAME, key: value, …}` in the given key order; led by
/// `"name"` when run from a scenario file (`--scenario-file`, Benchmarks/scenarios/), and followed
/// by `"build_target_cpu"` when the binaries were built for one CPU (`Benchmarks/run` with
/// `$PLANNER_TARGET_CPU`) and `"build_static_stdlib"` when they were linked with the Swift
/// runtime inside (`$PLANNER_STATIC_STDLIB`), since every figure depends on the build.
func report(_ scenario: String, _ figures: [(String, JSONNode)]) {
  let env = ProcessInfo.processInfo.environment
  var line = "{"
  if let name = env["PLANNER_BENCH_NAME"] { line += "\"name\": " + JSONWriter.quoted(name) + ", " }
  line += "\"scenario\": " + JSONWriter.quoted(scenario)
  if let cpu = env["PLANNER_BUILD_TARGET_CPU"] { line += ", \"build_target_cpu\": " + JSONWriter.quoted(cpu) }
  if env["PLANNER_BUILD_STATIC_STDLIB"] == "1" { line += ", \"build_static_stdlib\": true" }
  for (key, value) in figures {
    // Compact: a nested object or array pretty-printed spread the line over several (the
    // `fsrs_rs` figures of fsrs-updates), which `Benchmarks/run` then cut at the first.
    line += ", " + JSONWriter.quoted(key) + ": " + JSONWriter.string(value)
  }
  print(line + "}")
}

/// Seconds for `body`, on the monotonic clock.
func seconds(_ body: () -> Void) -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  body()
  return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// CPU seconds this thread spent in `body`: on a shared machine, less disturbed by other
/// processes than wall time (it still counts cache and core sharing).
func threadCPUSeconds(_ body: () -> Void) -> Double {
  func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
  }
  let start = now()
  body()
  return now() - start
}

/// A figure rounded to `digits` significant decimals for printing (the JSON stays numeric).
func rounded(_ x: Double, _ digits: Int = 4) -> JSONNode {
  guard x.isFinite, x != 0 else { return .number(x) }
  let scale = Foundation.pow(10, Double(digits - 1 - Int(Foundation.floor(Foundation.log10(Swift.abs(x))))))
  return .number((x * scale).rounded() / scale)
}

/// The 1-minute load average (Linux `/proc/loadavg`), printed beside timings: the build machine
/// is shared, and a figure taken under load says so.
func loadAverage() -> JSONNode {
  guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8),
    let first = text.split(separator: " ").first, let x = Double(first)
  else { return .null }
  return .number(x)
}

/// `report` under a name that does not clash with the scenario functions' own locals.
enum PlannerBench {
  static func report(_ scenario: String, _ figures: [(String, JSONNode)]) { planner_bench.report(scenario, figures) }
}
