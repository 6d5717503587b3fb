import Foundation
import PlannerCore

/// The means of one policy over a group's learners (all seeds pooled).
public struct PolicySummary: Sendable {
  public var policy: SimulationPolicy
  public var learners: Int
  public var linesRecitable = 0.0, wordsKnown = 0.0
  public var linesRecitableAfter30 = 0.0, wordsKnownAfter30 = 0.0, linesPassing = 0.0, linesPassingAfter30 = 0.0
  public var linesEnd = 0.0, wordsEnd = 0.0, linesMean = 0.0, wordsMean = 0.0, linesAfter30 = 0.0, wordsAfter30 = 0.0
  public var quranMinutes = 0.0, wordMinutes = 0.0, newLines = 0.0, newWords = 0.0
  /// Over learners holding Quran units: the mean longest and 95th-percentile revision gap.
  public var longestGap = 0.0, gapP95 = 0.0, lowPageDays = 0.0
  public var minutesOverBudget = 0.0, backlogMinutes = 0.0
  /// Revision gaps pooled over learners, by ``TruthMetrics/gapBuckets``.
  public var gapCounts = [Int](repeating: 0, count: TruthMetrics.gapBuckets.count)
  /// Recovery after the break: the Kaplan–Meier curve, the learners with a break, those never back.
  public var recovery: [(time: Int, survival: Double)] = []
  public var recoveryLearners = 0, neverRecovered = 0
  /// Catch-up forecast after the break: mean absolute error in days, share late (caught up
  /// after the forecast), forecasts scored, and forecasts never met.
  public var catchUpMAE: Double?, catchUpLate: Double?
  public var catchUpScored = 0, catchUpNever = 0
  /// Goal forecast (new lines from day 90 to the end): mean absolute error in lines, mean
  /// relative error, share late (fewer lines than forecast), forecasts scored.
  public var goalMAE: Double?, goalRelative: Double?, goalLate: Double?
  public var goalScored = 0
}

extension PolicySummary {
  /// The mean of a measure (``BenchmarkResult/point(_:domain:measure:axis:)``'s names), over all the group's learners.
  public func value(domain: String, measure: String) -> Double {
    let quran = domain == "quran"
    switch measure {
    case "end": return quran ? linesEnd : wordsEnd
    case "mean": return quran ? linesMean : wordsMean
    case "after30": return quran ? linesAfter30 : wordsAfter30
    case "end80": return quran ? linesRecitable : wordsKnown
    case "after30-80": return quran ? linesRecitableAfter30 : wordsKnownAfter30
    case "pass": return linesPassing
    default: return linesPassingAfter30
    }
  }
}

/// The planner against a baseline family at matched minutes, with a bootstrap interval.
public struct MatchedComparison: Sendable {
  /// `quran` (lines held against Quran minutes) or `words` (words held against word minutes).
  public var domain: String
  /// `end`, `mean` (over the year), `after30`, or `end80` (lines recitable / words known at
  /// the end: true recall ≥ 0.8, counted).
  public var measure: String
  /// What is matched: `minutes` (the domain's minutes) or `new` (new material: lines learnt as
  /// new lessons, words first quizzed). `plannerMinutes` is the planner's value on this axis.
  public var axis: String = "minutes"
  public var family: SimulationPolicy.Kind
  public var learners: Int
  public var plannerMinutes: Double, plannerKnowledge: Double
  public var baselineKnowledge: Double
  public var extrapolated: Bool
  public var difference: Double { plannerKnowledge - baselineKnowledge }
  public var low: Double, high: Double
}

/// One stratum's comparison (the headline measure: knowledge at the end).
public struct StratumComparison: Sendable {
  public var dimension: String
  public var stratum: String
  public var comparison: MatchedComparison
}

/// A truth × scenario group of the benchmark.
public struct GroupSummary: Sendable {
  public var truth: TruthModelName
  public var scenario: BenchmarkScenario
  public var policies: [PolicySummary]
  /// Against each family (Anki, traditional), per domain and measure.
  public var matched: [MatchedComparison]
  /// The best fair family per domain (highest knowledge at the planner's minutes, end).
  public var best: [String: SimulationPolicy.Kind]
  public var strata: [StratumComparison]
}

extension BenchmarkResult {
  /// Every truth × scenario group, in the options' order.
  ///
  /// The groups are independent (each its own bootstrap stream), so they are summarised on
  /// `options.jobs` threads; the result does not depend on the thread count.
  public func summaries() -> [GroupSummary] {
    let options = self.options, cells = self.cells
    var keys: [(ti: Int, si: Int)] = []
    for ti in options.truths.indices {
      for si in options.scenarios.indices where cells.contains(where: { $0.truth == options.truths[ti] && $0.scenario == options.scenarios[si] }) {
        keys.append((ti, si))
      }
    }
    let frozen = keys
    let out = Locked([GroupSummary?](repeating: nil, count: keys.count))
    let next = Locked(0)
    let work: @Sendable () -> Void = {
      while true {
        let i = next.withLock { n in defer { n += 1 }; return n }
        guard i < frozen.count else { return }
        let t = options.truths[frozen[i].ti], s = options.scenarios[frozen[i].si]
        let group = cells.filter { $0.truth == t && $0.scenario == s }
        var rng = SplitMix64(keys: options.bootstrapSeed, UInt64(frozen[i].ti), UInt64(frozen[i].si))
        let g = Self.summary(group, truth: t, scenario: s, options: options, &rng)
        out.withLock { $0[i] = g }
      }
    }
    let jobs = max(1, min(options.jobs, keys.count))
    if jobs == 1 { work() } else { DispatchQueue.concurrentPerform(iterations: jobs) { _ in work() } }
    return out.withLock { $0.map { $0! } }
  }

  static func policySummary(_ cells: [BenchmarkCell], _ k: Int, _ policy: SimulationPolicy) -> PolicySummary {
    var p = PolicySummary(policy: policy, learners: cells.count)
    let n = Double(max(1, cells.count))
    var quranLearners = 0
    var recovery: [(Int, Bool)] = []
    var catchUp: [Int] = []
    var goal: [(Double, Double)] = []
    for c in cells {
      let m = c.metrics[k]
      p.linesEnd += m.linesHeldEnd / n; p.wordsEnd += m.wordsHeldEnd / n
      p.linesRecitable += m.linesRecitableEnd / n; p.wordsKnown += m.wordsKnownEnd / n
      p.linesRecitableAfter30 += m.linesRecitableAfter30 / n; p.wordsKnownAfter30 += m.wordsKnownAfter30 / n
      p.linesPassing += m.linesPassingEnd / n; p.linesPassingAfter30 += m.linesPassingAfter30 / n
      p.linesMean += m.linesHeldMean / n; p.wordsMean += m.wordsHeldMean / n
      p.linesAfter30 += m.linesHeldAfter30 / n; p.wordsAfter30 += m.wordsHeldAfter30 / n
      p.quranMinutes += m.quranMinutes / n; p.wordMinutes += m.wordMinutes / n
      p.newLines += m.newLines / n; p.newWords += Double(m.newWords) / n
      p.minutesOverBudget += m.minutesOverBudget / n; p.backlogMinutes += m.backlogMinutes / n
      if c.learner.quranShare > 0 {
        quranLearners += 1
        p.longestGap += Double(m.longestGap); p.gapP95 += m.gapP95; p.lowPageDays += Double(m.lowPageDays)
      }
      for (b, v) in m.gapCounts.enumerated() { p.gapCounts[b] += v }
      if let observed = m.recoveryObserved { recovery.append((m.recoveryDays ?? observed, m.recoveryDays != nil)) }
      if let e = m.catchUpError { catchUp.append(e) }
      p.catchUpNever += m.catchUpNever
      if let f = m.goalForecastLines, let a = m.goalActualLines { goal.append((f, a)) }
    }
    if quranLearners > 0 { p.longestGap /= Double(quranLearners); p.gapP95 /= Double(quranLearners); p.lowPageDays /= Double(quranLearners) }
    p.recovery = BenchmarkStatistics.kaplanMeier(recovery.map { (time: $0.0, event: $0.1) })
    p.recoveryLearners = recovery.count
    p.neverRecovered = recovery.filter { !$0.1 }.count
    p.catchUpScored = catchUp.count
    if !catchUp.isEmpty {
      p.catchUpMAE = Double(catchUp.reduce(0) { $0 + abs($1) }) / Double(catchUp.count)
      p.catchUpLate = Double(catchUp.filter { $0 < 0 }.count) / Double(catchUp.count)
    }
    p.goalScored = goal.count
    if !goal.isEmpty {
      p.goalMAE = goal.reduce(0) { $0 + abs($1.0 - $1.1) } / Double(goal.count)
      p.goalRelative = goal.reduce(0) { $0 + ($1.0 - $1.1) / max(1, $1.1) } / Double(goal.count)
      p.goalLate = Double(goal.filter { $0.1 < $0.0 }.count) / Double(goal.count)
    }
    return p
  }

  /// The headline measures of a domain: measured from the truth, and ones that both null
  /// policies lose under every truth (a test holds them to it; docs/simulation.md, "Headline
  /// measures").
  public static func headlineMeasures(_ domain: String) -> [String] { domain == "quran" ? ["end80", "pass"] : ["end80", "after30-80"] }

  /// The measures compared at matched new material: the headline's.
  static func newMaterialMeasures(_ domain: String) -> [String] { headlineMeasures(domain) }

  /// A measure's name in the tables.
  public static func measureName(domain: String, measure: String) -> String {
    let quran = domain == "quran"
    switch measure {
    case "end": return quran ? "lines held" : "words held"
    case "mean": return quran ? "lines held, run mean" : "words held, run mean"
    case "after30": return quran ? "lines held +30 d" : "words held +30 d"
    case "end80": return quran ? "lines recitable" : "words known"
    case "after30-80": return quran ? "lines recitable +30 d" : "words known +30 d"
    case "pass": return "lines passing"
    default: return "lines passing +30 d"
    }
  }

  /// (minutes, knowledge) of a domain and measure for one learner's run.
  ///
  /// Measures: `end`, `mean`, `after30` (Σ × true recall at the end, over the run, 30 days
  /// after); `end80`, `after30-80` (counted with true recall ≥ 0.8, at the end and 30 days
  /// after); Quran only: `pass`, `pass30` (lines passing a recitation, at the end and 30 days after).
  static func point(_ m: TruthMetrics, domain: String, measure: String, axis: String = "minutes") -> (Double, Double) {
    if domain == "quran" {
      let y: Double
      switch measure {
      case "end": y = m.linesHeldEnd
      case "mean": y = m.linesHeldMean
      case "after30": y = m.linesHeldAfter30
      case "end80": y = m.linesRecitableEnd
      case "after30-80": y = m.linesRecitableAfter30
      case "pass": y = m.linesPassingEnd
      default: y = m.linesPassingAfter30
      }
      return (axis == "new" ? m.newLines : m.quranMinutes, y)
    }
    let y: Double
    switch measure {
    case "end": y = m.wordsHeldEnd
    case "mean": y = m.wordsHeldMean
    case "after30": y = m.wordsHeldAfter30
    case "end80": y = m.wordsKnownEnd
    default: y = m.wordsKnownAfter30
    }
    return (axis == "new" ? Double(m.newWords) : m.wordMinutes, y)
  }

  /// The measures of a domain compared at matched minutes.
  static func measures(_ domain: String) -> [String] {
    domain == "quran" ? ["end", "mean", "after30", "end80", "after30-80", "pass", "pass30"] : ["end", "mean", "after30", "end80", "after30-80"]
  }

  /// One measure's (minutes, knowledge) points of every cell, per policy: `x[k][i]`, `y[k][i]`
  /// for policy k and cell i (``point(_:domain:measure:axis:)``, looked up once, not once per
  /// bootstrap replicate).
  struct Columns {
    var x: [[Double]], y: [[Double]]
    init(_ cells: [BenchmarkCell], policies: [Int], count: Int, domain: String, measure: String, axis: String) {
      x = Array(repeating: [], count: count); y = x
      for k in policies {
        var xs = [Double](), ys = [Double]()
        xs.reserveCapacity(cells.count); ys.reserveCapacity(cells.count)
        for c in cells { let (a, b) = point(c.metrics[k], domain: domain, measure: measure, axis: axis); xs.append(a); ys.append(b) }
        x[k] = xs; y[k] = ys
      }
    }
  }

  /// The planner's knowledge minus the family's frontier at the planner's minutes, over the
  /// learners `sample` (indices into `cells`, repeats allowed).
  static func matchedDifference(_ cells: [BenchmarkCell], _ sample: [Int], planner: Int, family: [Int], domain: String,
                                measure: String, axis: String = "minutes") -> (minutes: Double, planner: Double, baseline: Double, extrapolated: Bool) {
    let columns = Columns(cells, policies: [planner] + family, count: cells.first?.metrics.count ?? 0, domain: domain, measure: measure, axis: axis)
    return matchedDifference(columns, sample, planner: planner, family: family)
  }

  static func matchedDifference(_ c: Columns, _ sample: [Int], planner: Int, family: [Int]) -> (minutes: Double, planner: Double, baseline: Double, extrapolated: Bool) {
    let n = Double(max(1, sample.count))
    func mean(_ k: Int) -> (Double, Double) {
      var x = 0.0, y = 0.0
      c.x[k].withUnsafeBufferPointer { xs in
        c.y[k].withUnsafeBufferPointer { ys in
          for i in sample { x += xs[i]; y += ys[i] }
        }
      }
      return (x / n, y / n)
    }
    let (pm, pk) = mean(planner)
    let pts = family.map { mean($0) }.map { (minutes: $0.0, knowledge: $0.1) }
    let (bk, ex) = BenchmarkStatistics.frontier(pts, at: pm)
    return (pm, pk, bk, ex)
  }

  static func compare(_ cells: [BenchmarkCell], _ members: [Int], planner: Int, family: [Int], kind: SimulationPolicy.Kind, domain: String,
                      measure: String, axis: String = "minutes", resamples: Int, _ rng: inout SplitMix64) -> MatchedComparison {
    let columns = Columns(cells, policies: [planner] + family, count: cells.first?.metrics.count ?? 0, domain: domain, measure: measure, axis: axis)
    let point = matchedDifference(columns, members, planner: planner, family: family)
    var reps: [Double] = []
    reps.reserveCapacity(resamples)
    var sample = [Int](repeating: 0, count: members.count)
    for _ in 0..<resamples {
      // BenchmarkStatistics.resample's draws, in place.
      for j in sample.indices { sample[j] = members[rng.nextInt(in: 0...(members.count - 1))] }
      let r = matchedDifference(columns, sample, planner: planner, family: family)
      reps.append(r.planner - r.baseline)
    }
    let (lo, hi) = BenchmarkStatistics.interval(reps)
    return MatchedComparison(domain: domain, measure: measure, axis: axis, family: kind, learners: members.count, plannerMinutes: point.minutes,
                             plannerKnowledge: point.planner, baselineKnowledge: point.baseline, extrapolated: point.extrapolated,
                             low: lo, high: hi)
  }

  /// Strata of a learner: (dimension, stratum).
  static func strata(_ l: SimulatedLearner) -> [(String, String)] {
    let budget = l.dailyMinutes <= 15 ? "≤15 min" : (l.dailyMinutes <= 30 ? "20–30 min" : "≥45 min")
    let share = l.quranShare >= 1 ? "Quran only" : (l.quranShare <= 0 ? "words only" : "mixed")
    let diligence = l.skipProbability < 0.1 ? "skips <10 %" : (l.skipProbability < 0.2 ? "skips 10–20 %" : "skips ≥20 %")
    return [("budget", budget), ("Quran share", share), ("diligence", diligence)]
  }

  static func summary(_ cells: [BenchmarkCell], truth: TruthModelName, scenario: BenchmarkScenario, options: BenchmarkOptions,
                      _ rng: inout SplitMix64) -> GroupSummary {
    let policies = options.policies
    let summaries = policies.enumerated().map { policySummary(cells, $0.offset, $0.element) }
    var matched: [MatchedComparison] = []
    var best: [String: SimulationPolicy.Kind] = [:]
    var strata: [StratumComparison] = []
    if let planner = policies.firstIndex(where: { $0.kind == .planner }) {
      let families: [SimulationPolicy.Kind] = [.anki, .traditional]
      for domain in ["quran", "words"] {
        let members = cells.indices.filter { domain == "quran" ? cells[$0].learner.quranShare > 0 : cells[$0].learner.quranShare < 1 }
        guard !members.isEmpty else { continue }
        var bestKind: SimulationPolicy.Kind?
        var bestValue = -Double.infinity
        for kind in families {
          let family = policies.indices.filter { policies[$0].kind == kind }
          guard !family.isEmpty else { continue }
          for measure in Self.measures(domain) {
            let c = compare(cells, members, planner: planner, family: family, kind: kind, domain: domain, measure: measure,
                            resamples: options.resamples, &rng)
            matched.append(c)
            if measure == "end", c.baselineKnowledge > bestValue { bestValue = c.baselineKnowledge; bestKind = kind }
          }
        }
        guard let bestKind else { continue }
        best[domain] = bestKind
        let family = policies.indices.filter { policies[$0].kind == bestKind }
        var keys: [(String, String)] = []
        for i in members { for k in Self.strata(cells[i].learner) where !keys.contains(where: { $0 == k }) { keys.append(k) } }
        keys.sort { ($0.0, $0.1) < ($1.0, $1.1) }
        for key in keys {
          let sub = members.filter { Self.strata(cells[$0].learner).contains { $0 == key } }
          guard sub.count >= 2 else { continue }
          let c = compare(cells, sub, planner: planner, family: family, kind: bestKind, domain: domain, measure: "end",
                          resamples: options.resamples, &rng)
          strata.append(StratumComparison(dimension: key.0, stratum: key.1, comparison: c))
        }
        // Matched new material: the family's frontier of knowledge against new material learnt,
        // at the planner's own new material (how well each keeps what it chose to learn).
        for kind in families {
          let family = policies.indices.filter { policies[$0].kind == kind }
          guard !family.isEmpty else { continue }
          for measure in Self.newMaterialMeasures(domain) {
            matched.append(compare(cells, members, planner: planner, family: family, kind: kind, domain: domain, measure: measure, axis: "new",
                                   resamples: options.resamples, &rng))
          }
        }
      }
    }
    return GroupSummary(truth: truth, scenario: scenario, policies: summaries, matched: matched, best: best, strata: strata)
  }
}
