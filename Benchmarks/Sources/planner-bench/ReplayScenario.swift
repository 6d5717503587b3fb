import Foundation
import MemoryModels
import PlannerCore
import ReviewLogs

/// `replay`: end-to-end replay from a review-log CSV file to a CSV file (read, parse, order per
/// card, FSRS-6, format, write), on a seeded synthetic log of 1.08 million reviews, with every
/// core. Best of five runs; the stages, CPU time and the formatter's cost go to stderr, the
/// figures to one JSON line. `PLANNER_BENCH_WORKERS=1` runs it on one core.
@Sendable func replayScenario() {
  // `PLANNER_BENCH_REPLAY_LOG=FILE`: only write the scenario's log to FILE (to time
  // `planner replay --revlog FILE` as a process, Benchmarks/scripts/replay-process.sh).
  if let path = ProcessInfo.processInfo.environment["PLANNER_BENCH_REPLAY_LOG"] {
    let bytes = ReplayScenario.syntheticLog(reviews: benchQuick ? 20_000 : 1_080_000, seed: 2024)
    guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { fatalError("cannot write \(path)") }
    ReplayScenario.note("replay: wrote \(bytes.count) bytes to \(path)")
    return
  }
  ReplayScenario.run(
    reviews: benchQuick ? 20_000 : 1_080_000,
    workers: Int(ProcessInfo.processInfo.environment["PLANNER_BENCH_WORKERS"] ?? "") ?? ProcessInfo.processInfo.activeProcessorCount,
    runs: benchQuick ? 1 : 5)
}

enum ReplayScenario {
  static func run(reviews: Int, workers: Int, runs: Int) {
    let dir = FileManager.default.temporaryDirectory.path
    let input = dir + "/planner-bench-replay-\(reviews).csv", output = dir + "/planner-bench-replay-out.csv"

    let bytes = syntheticLog(reviews: reviews, seed: 2024)
    _ = FileManager.default.createFile(atPath: input, contents: Data(bytes))
    let inputMB = Double(bytes.count) / 1e6
    note("replay: \(reviews) reviews, \(String(format: "%.1f", inputMB)) MB of CSV, \(workers) worker(s), best of \(runs)")

    var best = Double.infinity
    var bestCPU = 0.0
    var bestStages: [(String, Double, Double)] = []
    var outputBytes = 0
    for _ in 0..<runs {
      var stages: [(String, Double, Double)] = []
      let start = DispatchTime.now().uptimeNanoseconds
      let cpuStart = processCPUSeconds()
      var mark = start
      var cpuMark = cpuStart
      func lap(_ name: String) {
        let now = DispatchTime.now().uptimeNanoseconds
        let cpu = processCPUSeconds()
        stages.append((name, Double(now - mark) / 1e9, cpu - cpuMark))
        mark = now
        cpuMark = cpu
      }
      let raw = try! ReviewLogReader.readBytes(path: input)
      lap("read")
      let log = try! ReviewLogReader(workers: workers).parse(raw, fileName: input)
      lap("parse+order")
      let result = try! ReviewReplay.replay(log, model: FSRS6(), desiredRetention: 0.9, workers: workers)
      lap("fsrs6")
      let f = fopen(output, "wb")!
      var written = 0
      ReplayCSVWriter.write(result, workers: workers) { chunk in
        written += fwrite(chunk.baseAddress!, 1, chunk.count, f)
      }
      fclose(f)
      lap("format+write")
      let total = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
      precondition(log.count == reviews && written > 0)
      outputBytes = written
      if total < best { best = total; bestStages = stages; bestCPU = processCPUSeconds() - cpuStart }
    }
    // CPU time is the work done; on a shared machine wall time also holds the waits for a core.
    for (name, seconds, cpu) in bestStages {
      note("  \(name.padding(toLength: 14, withPad: " ", startingAt: 0)) \(String(format: "%7.1f", seconds * 1000)) ms wall, \(String(format: "%7.1f", cpu * 1000)) ms CPU")
    }
    let perSecond = Double(reviews) / best
    note(String(format: "  end to end     %7.1f ms: %.2f million reviews/s, %.0f MB/s in, %.0f MB/s out",
                 best * 1000, perSecond / 1e6, inputMB / best, Double(outputBytes) / 1e6 / best))
    note(String(format: "  CPU time       %7.1f ms: %.0f ns of CPU per review", bestCPU * 1000, bestCPU / Double(reviews) * 1e9))
    let formatter = formatters()
    report("replay", [
      ("reviews", .number(Double(reviews))), ("workers", .number(Double(workers))),
      ("seconds", rounded(best)), ("reviews_per_second", rounded(perSecond)),
      ("input_mb_per_second", rounded(inputMB / best)),
      ("output_mb_per_second", rounded(Double(outputBytes) / 1e6 / best)),
      ("cpu_ns_per_review", rounded(bestCPU / Double(reviews) * 1e9)),
      ("description_ns", rounded(formatter.description)), ("byte_formatter_ns", rounded(formatter.fast)),
      ("load_average", loadAverage()),
    ])
    try? FileManager.default.removeItem(atPath: input)
    try? FileManager.default.removeItem(atPath: output)
  }

  static func note(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }

  /// CPU nanoseconds per double: `description` (copied out) against ``ByteNumberFormat``.
  static func formatters() -> (description: Double, fast: Double) {
    var rng = SplitMix64(seed: 1)
    let values = (0..<(benchQuick ? 10_000 : 1_000_000)).map { i in Double(rng.next() >> 11) * 0x1p-53 * (i % 2 == 0 ? 1 : 36500) }
    let buf = UnsafeMutablePointer<UInt8>.allocate(capacity: 64)
    defer { buf.deallocate() }
    func time(_ body: (Double) -> Int) -> Double {
      var best = Double.infinity
      for _ in 0..<3 {
        var total = 0
        let start = processCPUSeconds()
        for v in values { total &+= body(v) }
        best = min(best, (processCPUSeconds() - start) / Double(values.count) * 1e9)
        precondition(total > 0)
      }
      return best
    }
    let description = time { ByteNumberFormat.writeDescription($0, at: buf) }
    let fast = time { ByteNumberFormat.writeDouble($0, at: buf) }
    note(String(format: "  doubles: Double.description %.0f ns of CPU each, ByteNumberFormat %.0f ns", description, fast))
    return (description, fast)
  }

  /// A review log like an Anki export: cards with 1–24 reviews over a year, intervals growing
  /// on success and a same-day relearning step after a lapse; rows sorted by time.
  static func syntheticLog(reviews: Int, seed: UInt64) -> [UInt8] {
    var rng = SplitMix64(seed: seed)
    let t0: Int64 = 1_672_560_000_000  // 2023-01-01T08:00:00Z
    let day: Int64 = 86_400_000
    var rows: [(time: Int64, card: Int64, rating: UInt8, state: UInt8, duration: Int32)] = []
    rows.reserveCapacity(reviews)
    var card: Int64 = 1_672_000_000_000
    while rows.count < reviews {
      card += 1 + Int64(rng.next() % 1000)
      var time = t0 + Int64(rng.next() % 365) * day + Int64(rng.next() % 50_400_000)
      var interval = 1.0
      var state: UInt8 = 0
      let count = 1 + Int(rng.next() % 24)
      for _ in 0..<min(count, reviews - rows.count) {
        let u = rng.next() % 100
        let rating: UInt8 = u < 12 ? 1 : u < 22 ? 2 : u < 92 ? 3 : 4
        rows.append((time, card, rating, state, Int32(2000 + rng.next() % 14000)))
        if rating == 1 {
          state = state == 0 ? 1 : 3
          interval = 1
          time += 600_000 + Int64(rng.next() % 1_200_000)
        } else {
          state = 2
          // Capped at a year, as Anki's maximum interval is set in practice: uncapped, 24 Easy
          // answers would date a review past year 9999, which the reader refuses.
          interval = min(interval * (rating == 2 ? 1.2 : rating == 3 ? 2.5 : 3.5), 365)
          time += Int64(interval.rounded()) * day + Int64(rng.next() % 7_200_000) - 3_600_000
        }
      }
    }
    rows.sort { ($0.time, $0.card) < ($1.time, $1.card) }
    var out: [UInt8] = Array("card_id,review_time,review_rating,review_state,review_duration\n".utf8)
    out.reserveCapacity(reviews * 44)
    for r in rows {
      out += "\(r.card),\(r.time),\(r.rating),\(r.state),\(r.duration)\n".utf8
    }
    return out
  }
}

/// User + system CPU seconds of the whole process (all threads).
func processCPUSeconds() -> Double {
  var usage = rusage()
  #if os(Linux)
    getrusage(Int32(RUSAGE_SELF.rawValue), &usage)  // Glibc imports RUSAGE_SELF as an enum
  #else
    getrusage(RUSAGE_SELF, &usage)
  #endif
  let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
  let system = Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
  return user + system
}

