import Foundation
import MemoryModels
import PlannerCore

/// `fsrs-updates`: FSRS-6 memory-state updates per second, the model alone, one core.
///
/// A synthetic log of 1.08 million reviews (40,000 cards × 27, the size issue 2 quotes for
/// fsrs-rs) is generated first, outside the timing: each card is reviewed on FSRS's own
/// interval for 90 % retention, stretched or shrunk by up to ±50 %, 8 % of reviews are same-day
/// repeats, and recall is drawn from the model's retrievability (Hard/Good/Easy 15/75/10 % of
/// recalls). Then the whole log is replayed from an empty state per card, ten times; the best
/// pass gives the figure (wall clock; per thread-CPU-second beside it, and the load average). The checksum (sum of final stabilities) keeps the work observable.
@Sendable func fsrsUpdatesScenario() {
  let cards = benchQuick ? 400 : 40_000
  let reviewsPerCard = 27
  let model = FSRS6()
  var rng = SplitMix64(seed: 2026)
  var elapsed: [Int32] = []
  var ratings: [Rating] = []
  elapsed.reserveCapacity(cards * reviewsPerCard)
  ratings.reserveCapacity(cards * reviewsPerCard)
  for _ in 0..<cards {
    var state: MemoryState? = nil
    for _ in 0..<reviewsPerCard {
      var t = 0
      var g: Rating
      if let s = state {
        if rng.nextDouble() >= 0.08 {
          let ivl = Double(model.intervalDays(stability: s.stability, desiredRetention: 0.9))
          t = Swift.max(1, Int((ivl * (0.5 + rng.nextDouble())).rounded()))
        }
        let r = model.retrievability(elapsedDays: Double(t), stability: s.stability)
        if rng.nextDouble() < r {
          let u = rng.nextDouble()
          g = u < 0.15 ? .hard : (u < 0.90 ? .good : .easy)
        } else {
          g = .again
        }
      } else {
        let u = rng.nextDouble()
        g = u < 0.2 ? .again : (u < 0.3 ? .hard : (u < 0.9 ? .good : .easy))
      }
      elapsed.append(Int32(t))
      ratings.append(g)
      state = model.nextState(state, elapsedDays: t, rating: g)
    }
  }

  let total = elapsed.count
  let passes = 10
  // One call per review, as a planner walks one card (the previous figure of this scenario).
  var best = Double.infinity
  var bestCPU = Double.infinity
  var checksum = 0.0
  for _ in 0..<passes {
    var sum = 0.0
    var cpu = 0.0
    let time = seconds { cpu = threadCPUSeconds {
      elapsed.withUnsafeBufferPointer { ts in
        ratings.withUnsafeBufferPointer { gs in
          var i = 0
          for _ in 0..<cards {
            var state: MemoryState? = nil
            for _ in 0..<reviewsPerCard {
              state = model.nextState(state, elapsedDays: Int(ts[i]), rating: gs[i])
              i += 1
            }
            sum += state!.stability
          }
        }
      }
    } }
    best = Swift.min(best, time)
    bestCPU = Swift.min(bestCPU, cpu)
    checksum = sum
  }
  // The batch call over prebuilt items, what fsrs-rs's `memory_state_batch` is measured on.
  let starts = (0...cards).map { $0 * reviewsPerCard }
  var finals = [MemoryState](repeating: MemoryState(stability: 0, difficulty: 0), count: cards)
  var batchBest = Double.infinity
  var batchCPU = Double.infinity
  var batchChecksum = 0.0
  for _ in 0..<passes {
    var cpu = 0.0
    let time = seconds { cpu = threadCPUSeconds {
      elapsed.withUnsafeBufferPointer { ts in
        ratings.withUnsafeBufferPointer { gs in
          starts.withUnsafeBufferPointer { ss in
            finals.withUnsafeMutableBufferPointer { out in
              model.finalStates(ratings: gs, elapsedDays: ts, itemStarts: ss, into: out.baseAddress!)
            }
          }
        }
      }
    } }
    batchBest = Swift.min(batchBest, time)
    batchCPU = Swift.min(batchCPU, cpu)
    batchChecksum = finals.reduce(0) { $0 + $1.stability }
  }
  precondition(batchChecksum == checksum, "the batch call must give the per-review call's bits")

  // fsrs-rs in the same run: `$PLANNER_FSRS_RS_PYTHON` is a Python with fsrs-rs-python (a
  // virtual environment; never needed by the tests). The same items, built before its timing.
  var reference: JSONNode = .null
  var referenceChecksum: JSONNode = .null
  var referenceRate: Double? = nil
  if !benchQuick, let python = ProcessInfo.processInfo.environment["PLANNER_FSRS_RS_PYTHON"] {
    let path = FileManager.default.temporaryDirectory.path + "/planner-bench-fsrs-updates-\(getpid()).txt"
    var text = ""
    text.reserveCapacity(total * 5)
    for c in 0..<cards {
      for k in 0..<reviewsPerCard {
        let i = c * reviewsPerCard + k
        text += "\(ratings[i].rawValue):\(k == 0 ? 0 : elapsed[i])"
        text += k + 1 == reviewsPerCard ? "\n" : " "
      }
    }
    _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = ["Benchmarks/scripts/fsrs-rs-updates.py", path, "5"]
    let pipe = Pipe()
    process.standardOutput = pipe
    if (try? process.run()) != nil {
      let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      if process.terminationStatus == 0, let v = try? JSONParser.parse(out.trimmingCharacters(in: .whitespacesAndNewlines)),
        case .object(let o) = v
      {
        reference = .object(o)
        referenceChecksum = o["checksum"] ?? .null
        referenceRate = o["updates_per_cpu_second"]?.doubleValue
      }
    }
  }
  report("fsrs-updates", [
    ("reviews", .number(Double(total))),
    ("passes", .number(Double(passes))),
    ("best_seconds", rounded(best)),
    ("updates_per_second", rounded(Double(total) / best)),
    ("ns_per_update", rounded(best / Double(total) * 1e9)),
    ("updates_per_cpu_second", rounded(Double(total) / bestCPU)),
    ("batch_best_seconds", rounded(batchBest)),
    ("batch_updates_per_second", rounded(Double(total) / batchBest)),
    ("batch_updates_per_cpu_second", rounded(Double(total) / batchCPU)),
    ("checksum", .number(checksum)),
    ("fsrs_rs", reference),
    ("fsrs_rs_checksum", referenceChecksum),
    ("batch_vs_fsrs_rs_cpu", referenceRate.map { rounded(Double(total) / batchCPU / $0, 3) } ?? .null),
    ("load_average", loadAverage()),
  ])
}
