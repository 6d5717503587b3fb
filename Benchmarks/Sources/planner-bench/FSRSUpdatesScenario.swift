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
  report("fsrs-updates", [
    ("reviews", .number(Double(total))),
    ("passes", .number(Double(passes))),
    ("best_seconds", rounded(best)),
    ("updates_per_second", rounded(Double(total) / best)),
    ("ns_per_update", rounded(best / Double(total) * 1e9)),
    ("updates_per_cpu_second", rounded(Double(total) / bestCPU)),
    ("checksum", .number(checksum)),
    ("load_average", loadAverage()),
  ])
}
