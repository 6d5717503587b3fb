import Foundation
@testable import LearnerStore
@testable import PlannerCore
@testable import Simulation
import Testing
import TestSupport

/// The policy benchmark: paired draws, the fair baselines and nulls, the truth metrics, the
/// statistics and the report's determinism (docs/simulation.md, "The policy benchmark").
@Suite("Policy benchmark")
struct PolicyBenchmarkTests {
  /// The quick size, run once for the suite (every scenario, each under one truth).
  static let quick: BenchmarkResult = try! PolicyBenchmark.run(.quick(start: simulationStart, jobs: 2))

  /// A learner of the drawn population with both words and Quran material held before.
  static func learner(words: Bool, memorised: Bool, seed: UInt64) -> SimulatedLearner {
    for i in 0..<200 {
      let l = BenchmarkScenario.perfect30.learner(index: i, count: 200, days: 60, seed: seed)
      if (l.quranShare < 1) == words && (l.quranShare > 0) && (!l.memorisedJuz.isEmpty) == memorised { return l }
    }
    fatalError("no such learner")
  }

  @Test("paired draws: the n-th draw of an item does not depend on what else was reviewed")
  func pairedDrawKeys() {
    var a = HiddenMemory(ability: 0, items: [:], truth: .actr(.calibrated), seed: 4, learnerIndex: 2)
    let b = HiddenMemory(ability: 0, items: [:], truth: .actr(.calibrated), seed: 4, learnerIndex: 2)
    var ra = a.pairedRandom("w:kalo"), rb = b.pairedRandom("w:kalo")
    #expect(ra.next() == rb.next())
    a.exposures["w:other"] = 5
    ra = a.pairedRandom("w:kalo"); rb = b.pairedRandom("w:kalo")
    #expect(ra.next() == rb.next())
    a.exposures["w:kalo"] = 1
    ra = a.pairedRandom("w:kalo"); rb = b.pairedRandom("w:kalo")
    #expect(ra.next() != rb.next())
    var other = HiddenMemory(ability: 0, items: [:], truth: .actr(.calibrated), seed: 5, learnerIndex: 2).pairedRandom("w:kalo")
    rb = b.pairedRandom("w:kalo")
    #expect(other.next() != rb.next())
  }

  @Test("paired draws: two policies that make the same review get the same outcome")
  func samePolicyLuck() throws {
    let l = Self.learner(words: true, memorised: true, seed: 3)
    let truth = TruthModelName.actr.truth
    let a = try LearnerSimulation.run(l, policy: SimulationPolicy(kind: .anki, retention: 0.9, level: 3), days: 40, start: simulationStart,
                                      seed: 3, truth: truth)
    let b = try LearnerSimulation.run(l, policy: SimulationPolicy(kind: .traditional, level: 2), days: 40, start: simulationStart, seed: 3, truth: truth)
    let c = try LearnerSimulation.run(l, policy: .learnNothing, days: 40, start: simulationStart, seed: 3, truth: truth)
    /// A word's first quiz (its verdict and seconds) by English word.
    func firstQuizzes(_ run: LearnerRun) -> [String: String] {
      var out: [String: String] = [:]
      for e in run.events {
        if case .wordQuizzed(let en, _, let verdict, let s) = e.payload, out[en] == nil { out[en] = "\(verdict) \(s ?? -1)" }
      }
      return out
    }
    let fa = firstQuizzes(a), fb = firstQuizzes(b)
    let common = Set(fa.keys).intersection(fb.keys)
    #expect(common.count >= 50)
    for w in common { #expect(fa[w] == fb[w], "\(w)") }
    #expect(common.contains { fa[$0]!.hasPrefix("wrong") }, "some first quizzes fail, as real first ratings do")
    /// The first recitation of each memorised page: (learning day, grade, mistakes).
    func firstRecitations(_ run: LearnerRun) -> [String: String] {
      var out: [String: String] = [:]
      var clock = LearningDayClock(profile: run.profile)
      for e in run.events {
        if case .recitation(let r) = e.payload, r.tier != .newLesson, out[r.range] == nil {
          out[r.range] = "\(clock.day(atMillis: e.time.epochMillis)) \(r.grade) \(r.mistakes)"
        }
      }
      return out
    }
    let ra = firstRecitations(a), rc = firstRecitations(c)
    let sameDay = Set(ra.keys).intersection(rc.keys).filter { ra[$0]!.split(separator: " ")[0] == rc[$0]!.split(separator: " ")[0] }
    #expect(!sameDay.isEmpty)
    for k in sameDay { #expect(ra[k] == rc[k], "\(k)") }
  }

  @Test("every scenario runs at the quick size, and every policy setting gives its metrics")
  func quickRuns() {
    let r = Self.quick
    #expect(Set(r.cells.map(\.scenario)) == Set(BenchmarkScenario.allCases))
    #expect(Set(r.cells.map(\.truth)) == Set(BenchmarkOptions.calibratedTruths))
    for c in r.cells {
      #expect(c.metrics.count == r.options.policies.count)
      let days = c.scenario.days(r.options.days)
      for (k, p) in r.options.policies.enumerated() {
        let m = c.metrics[k]
        #expect(m.linesHeldEnd >= 0 && m.wordsHeldEnd >= 0 && m.minutes >= 0, "\(p)")
        if p.kind == .learnNothing { #expect(m.newLines == 0 && m.newWords == 0) }
        if p.kind == .cram { #expect(m.newLines >= c.metrics[0].newLines - 1e-9, "cram learns at least as many lines as the planner") }
        #expect(m.longestGap <= days + 40)
      }
    }
    // The breaks: the scenario's break lies where it says.
    let breaks = r.cells.filter { $0.scenario == .break6 }
    #expect(!breaks.isEmpty && breaks.allSatisfy { $0.learner.holidayDays == 42 && $0.learner.skipProbability == 0 })
  }

  /// The headline measures (``BenchmarkResult/headlineMeasures(_:)``) are chosen so that both
  /// nulls lose them, under every truth, in both domains: learn-nothing holds only what it had,
  /// and cram's lines and words, studied once and never reviewed, fall below recall 0.8 (and
  /// pages stop passing) within days. Under ACT-R this holds because a first exposure's trace
  /// decays at 0.5 (``ActivationTruth/calibratedFirstDecay``); at the fit's 0.1 floor a line
  /// studied once kept a recall near 0.85 for months and cram won the Quran measures.
  @Test("the null policies lose every headline measure to the planner (fixed seed)")
  func nullsLose() throws {
    let o = BenchmarkOptions(truths: BenchmarkOptions.calibratedTruths, scenarios: [.noisy], policies: [.planner, .learnNothing, .cram],
                             seeds: 1, learners: 4, days: 150, start: simulationStart, resamples: 10, jobs: 2)
    let r = try PolicyBenchmark.run(o)
    for g in r.summaries() {
      let planner = g.policies[0]
      let cells = r.cells.filter { $0.truth == g.truth }
      func mean(_ k: Int, _ domain: String, _ measure: String) -> Double {
        let members = cells.filter { domain == "quran" ? $0.learner.quranShare > 0 : $0.learner.quranShare < 1 }
        return members.reduce(0) { $0 + BenchmarkResult.point($1.metrics[k], domain: domain, measure: measure).1 } / Double(max(1, members.count))
      }
      #expect(planner.policy == .planner)
      for (k, null) in g.policies.enumerated().dropFirst() {
        for domain in ["quran", "words"] {
          for measure in BenchmarkResult.headlineMeasures(domain) {
            let n = mean(k, domain, measure), p = mean(0, domain, measure)
            #expect(p > 0 && n < p, "\(g.truth) \(null.policy) \(domain) \(measure): \(n) vs planner \(p)")
          }
        }
      }
    }
  }

  @Test("the same options give the same report, byte for byte, whatever the number of threads")
  func determinism() throws {
    func files(jobs: Int) throws -> [(name: String, bytes: [UInt8])] {
      let o = BenchmarkOptions(truths: [.exponential], scenarios: [.break2], policies: BenchmarkOptions.quickPolicies, seeds: 2, learners: 2,
                               days: 42, start: simulationStart, resamples: 50, jobs: jobs)
      return BenchmarkReport.files(try PolicyBenchmark.run(o))
    }
    let one = try files(jobs: 1), three = try files(jobs: 3)
    #expect(one.map(\.name) == three.map(\.name))
    #expect(one.map(\.bytes) == three.map(\.bytes))
    #expect(one.map(\.name).contains("report.md") && one.map(\.name).contains("results.csv") && one.map(\.name).contains("summary.json"))
    #expect(one.contains { $0.name.hasPrefix("frontier-exponential-break-2w-") && $0.name.hasSuffix(".svg") })
    #expect(one.contains { $0.name == "recovery-exponential-break-2w.svg" })
  }

  @Test("the frontier: monotone, through the origin, held flat beyond its last setting")
  func frontier() {
    let pts = [(minutes: 100.0, knowledge: 50.0), (minutes: 200.0, knowledge: 80.0), (minutes: 300.0, knowledge: 70.0)]
    #expect(BenchmarkStatistics.frontier(pts, at: 50).knowledge == 25)
    #expect(BenchmarkStatistics.frontier(pts, at: 150).knowledge == 65)
    #expect(BenchmarkStatistics.frontier(pts, at: 250).knowledge == 80)  // the dominated setting does not lower it
    let beyond = BenchmarkStatistics.frontier(pts, at: 400)
    #expect(beyond.knowledge == 80 && beyond.extrapolated)
    #expect(!BenchmarkStatistics.frontier(pts, at: 300).extrapolated)
  }

  @Test("Kaplan–Meier: those never back stay in the curve as censored")
  func kaplanMeier() {
    let curve = BenchmarkStatistics.kaplanMeier([(time: 2, event: true), (time: 5, event: true), (time: 10, event: false), (time: 10, event: false)])
    #expect(BenchmarkStatistics.survival(curve, at: 0) == 1)
    #expect(abs(BenchmarkStatistics.survival(curve, at: 2) - 0.75) < 1e-12)
    #expect(abs(BenchmarkStatistics.survival(curve, at: 7) - 0.5) < 1e-12)
    #expect(abs(BenchmarkStatistics.survival(curve, at: 100) - 0.5) < 1e-12)
  }

  @Test("the bootstrap interval is seeded and covers the point estimate of a paired difference")
  func bootstrap() {
    var rng = SplitMix64(keys: 1, 2)
    var rng2 = SplitMix64(keys: 1, 2)
    #expect(BenchmarkStatistics.resample(10, &rng) == BenchmarkStatistics.resample(10, &rng2))
    let (lo, hi) = BenchmarkStatistics.interval((0..<1000).map { Double($0) })
    #expect(lo == 24 && hi == 974)
  }

  @Test("policy names: every setting round-trips; the knob's sweeps")
  func policyNames() {
    for kind in SimulationPolicy.Kind.allCases {
      for p in SimulationPolicy.sweep(kind) { #expect(SimulationPolicy(rawValue: p.rawValue) == p) }
    }
    #expect(SimulationPolicy.sweep(.anki).count == 8 && SimulationPolicy.sweep(.traditional).count == 3)
    #expect(SimulationPolicy(rawValue: "anki") == .anki && SimulationPolicy(rawValue: "anki-80-n1") == nil)
  }
}

/// Each scenario at the quick size shows what makes it that scenario, in the learners drawn
/// and in what the policies did (the cram null fills whatever budget it has, so its minutes
/// follow the budget; learn-nothing's holdings follow what was memorised before).
@Suite("Benchmark scenarios")
struct BenchmarkScenarioTests {
  static var quick: BenchmarkResult { PolicyBenchmarkTests.quick }

  static func cells(_ s: BenchmarkScenario) -> [BenchmarkCell] { quick.cells.filter { $0.scenario == s } }
  static func metrics(_ c: BenchmarkCell, _ kind: SimulationPolicy.Kind) -> TruthMetrics {
    c.metrics[quick.options.policies.firstIndex { $0.kind == kind }!]
  }
  /// The same learner (index) in another scenario.
  static func twin(_ c: BenchmarkCell, in s: BenchmarkScenario) -> BenchmarkCell {
    quick.cells.first { $0.scenario == s && $0.learner.index == c.learner.index && $0.seed == c.seed }!
  }

  @Test("every scenario of the issue's list runs at the quick size, with its population", arguments: BenchmarkScenario.allCases)
  func scenario(_ s: BenchmarkScenario) {
    let o = Self.quick.options
    let cells = Self.cells(s)
    #expect(cells.count == o.learners * o.seeds)
    for c in cells {
      let l = c.learner, base = SimulatedLearner.draw(index: l.index, count: o.learners, days: s.days(o.days), seed: c.seed)
      let cram = Self.metrics(c, .cram), nothing = Self.metrics(c, .learnNothing)
      switch s {
      case .perfect10, .perfect20, .perfect30, .perfect60:
        let budget = [BenchmarkScenario.perfect10: 10, .perfect20: 20, .perfect30: 30, .perfect60: 60][s]!
        #expect(l.dailyMinutes == budget && l.skipProbability == 0 && l.completion == 1 && l.holidayStart == nil)
        if l.quranShare > 0 {
          // Cram fills the Quran minutes every day (never less than half of them in total).
          #expect(cram.quranMinutes >= 0.5 * Double(l.quranMinutes * o.days), "\(s) \(cram.quranMinutes)")
          if s == .perfect60 { #expect(cram.quranMinutes > 3 * Self.metrics(Self.twin(c, in: .perfect10), .cram).quranMinutes) }
        }
      case .noisy:
        #expect(l == base)
      case .break2, .break6:
        #expect(l.holidayStart == Int(0.4 * Double(o.days)) && l.holidayDays == (s == .break2 ? 14 : 42) && l.skipProbability == 0)
        if s == .break6, l.quranShare > 0 {
          // The longer break leaves fewer active days: less work for the same learner.
          #expect(cram.quranMinutes < Self.metrics(Self.twin(c, in: .break2), .cram).quranMinutes)
        }
      case .juz5, .juz30:
        if l.quranShare > 0 {
          #expect(l.memorisedJuz.count == (s == .juz5 ? 5 : 30))
          #expect(nothing.quranMinutes > 0 && nothing.newLines == 0)
          if s == .juz30 { #expect(nothing.linesHeldEnd > 4 * Self.metrics(Self.twin(c, in: .juz5), .learnNothing).linesHeldEnd) }
        } else {
          #expect(l.memorisedJuz.isEmpty)
        }
      case .words20:
        #expect(l.newWordsPerDay == (l.quranShare < 1 ? 20 : base.newWordsPerDay))
        // The same learner meeting 20 words a day instead of at most 10: cram (which learns
        // every word it meets while the time lasts) learns no fewer, within 20 % (its new-word
        // time estimate comes from each run's own timings).
        if l.quranShare < 1 { #expect(Double(cram.newWords) >= 0.8 * Double(Self.metrics(Self.twin(c, in: .noisy), .cram).newWords)) }
      case .slow:
        #expect(l.secondsPerNewLine == 2 * base.secondsPerNewLine && l.secondsPerWord == 2 * base.secondsPerWord)
        if l.quranShare > 0 { #expect(cram.newLines < Self.metrics(Self.twin(c, in: .noisy), .cram).newLines) }
      case .threeYears:
        #expect(s.days(o.days) == 3 * o.days)
        if l.quranShare > 0 { #expect(cram.quranMinutes > 1.5 * Self.metrics(Self.twin(c, in: .noisy), .cram).quranMinutes) }
      case .budgetTriples, .budgetHalves:
        let change = l.budgetChange!
        #expect(change.start == Int(0.4 * Double(o.days)) && change.days == 30 && change.factor == (s == .budgetTriples ? 3 : 0.5))
        #expect(l.dailyMinutes(on: change.start - 1) == l.dailyMinutes)
        #expect(l.dailyMinutes(on: change.start) == max(1, Int((Double(l.dailyMinutes) * change.factor).rounded())))
        if s == .budgetTriples, l.quranShare > 0 {
          // The tripled month shows in the minutes used: before it both runs are the same
          // learner at the same budget, in it one has six times the other's.
          let halves = Self.metrics(Self.twin(c, in: .budgetHalves), .cram)
          #expect(cram.quranMinutes > 2 * halves.quranMinutes, "\(cram.quranMinutes) vs \(halves.quranMinutes)")
          #expect(Self.metrics(c, .planner).minutes >= Self.metrics(Self.twin(c, in: .budgetHalves), .planner).minutes)
        }
      }
    }
  }

  @Test("a budget change is set in the profile as `planner configure` records it, and the planner side plans under it")
  func budgetChangeEvents() throws {
    var l = BenchmarkScenario.budgetTriples.learner(index: 0, count: 1, days: 40, seed: 2)
    l.quranShare = 1
    let run = try LearnerSimulation.run(l, policy: .planner, days: 40, start: simulationStart, seed: 2, truth: TruthModelName.exponential.truth)
    let changes = run.events.compactMap { e -> (String, String, String?)? in
      if case .settingsChanged(let k, let v, let p) = e.payload { return (k, v, p) } else { return nil }
    }
    let tripled = String(l.dailyMinutes * 3)
    #expect(changes.contains { $0.0 == "dailyMinutes" && $0.1 == tripled && $0.2 == String(l.dailyMinutes) })
    #expect(changes.contains { $0.0 == "quran.dailyMinutes" })
  }
}

/// The Quran line truth's sensitivity sweep (`--line-sweep`) at a tiny size.
@Suite("Line truth sensitivity")
struct LineSensitivityTests {
  @Test("each variant reruns the Quran learners with its constants; the report compares each verdict with the base's")
  func sweep() throws {
    let o = BenchmarkOptions(truths: [.exponential], scenarios: [.perfect30], policies: [.planner, SimulationPolicy(kind: .anki, retention: 0.9, level: 0),
                             SimulationPolicy(kind: .anki, retention: 0.9, level: 3), .traditional], seeds: 1, learners: 4, days: 40,
                             start: simulationStart, resamples: 20, jobs: 2)
    let variants = LineSensitivity.variants
    #expect(variants.count == 1 + 2 * LineSensitivity.knobs.count && variants[0].parameters == QuranLineTruth<AnyMemoryTruth>.Parameters())
    #expect(variants[3].name == "strengthScale ×0.5" && variants[3].parameters.strengthScale == 0.5)
    let r = try LineSensitivity.run(o, variants: [variants[0], variants[3]])
    #expect(r.runs.count == 2)
    // Only learners with Quran material; the base run is the plain benchmark's Quran learners.
    var plain = o
    plain.quranOnly = true
    let base = try PolicyBenchmark.run(plain)
    #expect(r.runs[0].cells == base.cells && !base.cells.isEmpty && base.cells.allSatisfy { $0.learner.quranShare > 0 })
    // Lines forgotten twice as fast hold fewer lines, whatever the policy.
    func held(_ run: BenchmarkResult) -> Double { run.cells.reduce(0) { $0 + $1.metrics.reduce(0) { $0 + $1.linesHeldEnd } } }
    #expect(held(r.runs[1]) < held(r.runs[0]))
    let files = LineSensitivity.files(r)
    #expect(files.map(\.name) == ["sensitivity.csv", "sensitivity.md"])
    let md = String(decoding: files[1].bytes, as: UTF8.self), csv = String(decoding: files[0].bytes, as: UTF8.self)
    #expect(md.contains("**Conclusions unchanged in ") && md.contains("| strengthScale ×0.5 | exponential | perfect-30 |"))
    #expect(csv.split(separator: "\n").count == 1 + 2 * LineSensitivity.measures.count)
  }
}
