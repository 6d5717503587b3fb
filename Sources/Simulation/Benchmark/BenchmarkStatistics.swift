import Foundation
import PlannerCore

/// The benchmark's statistics (docs/simulation.md, "Statistics"): the knowledge–minutes
/// frontier, seeded bootstrap intervals and the Kaplan–Meier recovery curve.
public enum BenchmarkStatistics {
  /// A policy family's knowledge at `minutes` on its frontier: the points (minutes, knowledge)
  /// of its settings and the origin (nothing done, nothing held), knowledge made monotone in
  /// minutes (a setting that spends more for less is dominated), linearly interpolated. Beyond
  /// the family's largest minutes the frontier is held flat (`extrapolated`).
  public static func frontier(_ points: [(minutes: Double, knowledge: Double)], at minutes: Double) -> (knowledge: Double, extrapolated: Bool) {
    var pts = ([(0.0, 0.0)] + points.map { ($0.minutes, $0.knowledge) }).sorted { $0 < $1 }
    var best = 0.0
    for i in pts.indices { best = Swift.max(best, pts[i].1); pts[i].1 = best }
    guard let last = pts.last else { return (0, true) }
    if minutes >= last.0 { return (last.1, minutes > last.0 + 1e-9) }
    for i in 1..<pts.count where minutes <= pts[i].0 {
      let (x0, y0) = pts[i - 1], (x1, y1) = pts[i]
      return (x1 - x0 < 1e-12 ? y1 : y0 + (y1 - y0) * (minutes - x0) / (x1 - x0), false)
    }
    return (last.1, false)
  }

  /// The 2.5th and 97.5th percentiles of bootstrap replicates (sorted copy; nearest rank).
  public static func interval(_ replicates: [Double]) -> (low: Double, high: Double) {
    guard !replicates.isEmpty else { return (.nan, .nan) }
    let s = replicates.sorted()
    func q(_ p: Double) -> Double { s[Swift.min(s.count - 1, Swift.max(0, Int((p * Double(s.count)).rounded(.up)) - 1))] }
    return (q(0.025), q(0.975))
  }

  /// `count` indices drawn with replacement from 0..<n (seeded; the same seed, the same draw).
  public static func resample(_ n: Int, _ rng: inout SplitMix64) -> [Int] {
    (0..<n).map { _ in rng.nextInt(in: 0...(n - 1)) }
  }

  /// Kaplan–Meier: the share not yet recovered after t days, from (time, recovered?) pairs
  /// (not recovered: censored at its time). Returns the steps (t, S(t)) at each event time.
  public static func kaplanMeier(_ data: [(time: Int, event: Bool)]) -> [(time: Int, survival: Double)] {
    var out: [(Int, Double)] = [(0, 1)]
    var s = 1.0
    let times = Set(data.filter(\.event).map(\.time)).sorted()
    for t in times {
      let atRisk = data.filter { $0.time >= t }.count
      let events = data.filter { $0.event && $0.time == t }.count
      guard atRisk > 0 else { continue }
      s *= 1 - Double(events) / Double(atRisk)
      if t == 0 { out[0] = (0, s) } else { out.append((t, s)) }
    }
    return out
  }

  /// S(t) of a Kaplan–Meier curve.
  public static func survival(_ curve: [(time: Int, survival: Double)], at t: Int) -> Double {
    curve.last { $0.time <= t }?.survival ?? 1
  }
}
