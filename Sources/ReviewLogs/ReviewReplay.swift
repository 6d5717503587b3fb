import MemoryModels
import PlannerCore

/// What replaying a review log through a memory model gives, row for row with the log.
public struct ReplayResult: Sendable {
  public var log: ReviewLog
  /// The model's predicted recall just before each review; NaN on a card's first review.
  public var retrievability: [Double]
  /// Stability (FSRS), interval (SM-2) or half-life (HLR) in days, after each review.
  public var stability: [Double]
  /// FSRS difficulty after each review; NaN for models without one.
  public var difficulty: [Double]
  /// Whole days to the next review for the desired retention, after each review.
  public var intervalDays: [Int32]
  public var desiredRetention: Double
  public var modelName: String

  public var count: Int { log.count }
}

/// Replays a review log through any ``MemoryModel``: every row as given, same-day rows
/// included (it reproduces a history, it does not judge it).
///
/// Each card depends only on its own earlier rows (``ReviewLog/previousIndex``), so cards are
/// sharded over the cores and each worker walks the log in order, taking its own cards.
public enum ReviewReplay {
  public static func replay<M: MemoryModel>(
    _ log: ReviewLog, model: M, desiredRetention: Double, workers: Int? = nil
  ) throws(PlanEngineError) -> ReplayResult {
    guard desiredRetention > 0 && desiredRetention < 1 else {
      throw .invalidValue(keyPath: "retention", value: "\(desiredRetention)", expected: "a desired retention strictly between 0 and 1, such as 0.9")
    }
    let n = log.count
    var r = [Double](repeating: .nan, count: n)
    var s = [Double](repeating: 0, count: n)
    var d = [Double](repeating: .nan, count: n)
    var ivl = [Int32](repeating: 0, count: n)
    let shards = n >= 50_000 ? max(1, workers ?? Machine.cores) : 1
    r.withUnsafeMutableBufferPointer { rb in
      s.withUnsafeMutableBufferPointer { sb in
        d.withUnsafeMutableBufferPointer { db in
          ivl.withUnsafeMutableBufferPointer { ib in
            let out = Outputs(r: rb.baseAddress!, s: sb.baseAddress!, d: db.baseAddress!, ivl: ib.baseAddress!)
            run(log, model: model, desiredRetention: desiredRetention, shards: shards, out: out)
          }
        }
      }
    }
    return ReplayResult(
      log: log, retrievability: r, stability: s, difficulty: d, intervalDays: ivl,
      desiredRetention: desiredRetention, modelName: model.name)
  }

  /// The memory state after every review, row for row (for callers that want the states).
  public static func states<M: MemoryModel>(_ log: ReviewLog, model: M) -> [M.State] {
    var states: [M.State] = []
    states.reserveCapacity(log.count)
    for i in 0..<log.count {
      let p = Int(log.previousIndex[i])
      states.append(model.next(p < 0 ? nil : states[p], elapsedDays: Int(log.elapsedDays[i]), rating: log.rating(at: i)))
    }
    return states
  }

  struct Outputs: @unchecked Sendable {
    let r: UnsafeMutablePointer<Double>
    let s: UnsafeMutablePointer<Double>
    let d: UnsafeMutablePointer<Double>
    let ivl: UnsafeMutablePointer<Int32>
  }

  @_specialize(where M == FSRS6)
  @_specialize(where M == SM2)
  @_specialize(where M == HalfLifeRegression)
  static func run<M: MemoryModel>(
    _ log: ReviewLog, model: M, desiredRetention: Double, shards: Int, out: Outputs
  ) {
    let n = log.count
    let states = UnsafeMutablePointer<M.State>.allocate(capacity: max(n, 1))
    let initialized = UnsafeMutablePointer<Bool>.allocate(capacity: max(n, 1))
    initialized.initialize(repeating: false, count: max(n, 1))
    defer {
      for i in 0..<n where initialized[i] { (states + i).deinitialize(count: 1) }
      initialized.deallocate()
      states.deallocate()
    }
    let shared = SharedPointer(states), flags = SharedPointer(initialized)
    log.cardIDs.withUnsafeBufferPointer { ids in
      log.previousIndex.withUnsafeBufferPointer { prev in
        log.elapsedDays.withUnsafeBufferPointer { ts in
          log.ratings.withUnsafeBufferPointer { gs in
            parallelFor(shards) { shard in
              for i in 0..<n {
                if shards > 1 && ReviewLogReader.shard(of: ids[i], shards) != shard { continue }
                let g = Rating(rawValue: Int(gs[i]))!
                let p = Int(prev[i])
                let next: M.State
                if p < 0 {
                  next = model.next(nil, elapsedDays: 0, rating: g)
                } else {
                  let (r, after) = model.review(shared.base[p], elapsedDays: Int(ts[i]), rating: g)
                  out.r[i] = r
                  next = after
                }
                (shared.base + i).initialize(to: next)
                flags.base[i] = true
                out.s[i] = model.stabilityDays(next)
                if let dv = model.difficulty(next) { out.d[i] = dv }
                out.ivl[i] = Int32(clamping: model.intervalDays(next, desiredRetention: desiredRetention))
              }
            }
          }
        }
      }
    }
  }
}
