import Foundation
import PlannerCore
import Simulation

/// `planner simulate --report DIR [--headline | --quick]`: the policy benchmark
/// (docs/simulation.md, "The policy benchmark"). Writes the report folder and prints the
/// headline table; progress (and the wall time) on stderr.
extension SimulateCommand {
  static func runReport(_ arguments: ParsedArguments, context: CommandContext, dir: String, start: EpochDay, jobs: Int,
                        settings: [(key: String, value: String)] = []) throws -> Int32 {
    var options: BenchmarkOptions
    if arguments.flag(.headline) {
      options = .headline(start: start, jobs: jobs)
    } else if arguments.flag(.quick) {
      options = .quick(start: start, jobs: jobs)
    } else if arguments.flag(.lineSweep) {
      options = BenchmarkOptions(truths: BenchmarkOptions.calibratedTruths, scenarios: [.noisy], policies: LineSensitivity.policies, seeds: 5,
                                 learners: 2, days: 182, start: start, jobs: jobs)
    } else {
      options = BenchmarkOptions(truths: BenchmarkOptions.calibratedTruths, scenarios: BenchmarkScenario.headline,
                                 policies: BenchmarkOptions.headlinePolicies, seeds: 5, learners: 10, days: 365, start: start, jobs: jobs)
    }
    // Explicit sizes override the preset's.
    if let v = arguments.optionValues[ArgumentName.learners.rawValue]?.last { options.learners = try positive(v, .learners) }
    if let v = arguments.optionValues[ArgumentName.days.rawValue]?.last { options.days = try positive(v, .days) }
    if let v = arguments.string(.seeds) { options.seeds = try positive(v, .seeds) }
    if let v = arguments.string(.resamples) { options.resamples = try positive(v, .resamples) }
    if let v = arguments.string(.truths) {
      options.truths = try list(v, .truths) { TruthModelName(rawValue: $0) }
    }
    if let v = arguments.string(.scenarios) {
      options.scenarios = try list(v, .scenarios) { BenchmarkScenario(rawValue: $0) }
    }
    if let v = arguments.string(.policies) {
      options.policies = try list(v, .policies) { name in
        if name == "anki-sweep" { return SimulationPolicy.sweep(.anki) }
        if name == "traditional-sweep" { return SimulationPolicy.sweep(.traditional) }
        return SimulationPolicy(rawValue: name).map { [$0] }
      }.flatMap { $0 }
    }
    options.settings = settings
    let showProgress = context.stderrIsTerminal || arguments.flag(.headline)
    let began = ProgressReporter.monotonicSeconds()
    if showProgress {
      let stderr = context.stderr
      let step = Locked(0)
      options.progress = { done, total in
        step.withLock { last in
          let pct = done * 100 / max(1, total)
          guard pct > last || done == total else { return }
          last = pct
          let elapsed = ProgressReporter.monotonicSeconds() - began
          stderr.write("benchmark: \(done)/\(total) runs (\(pct) %), \(fixed(elapsed, 0)) s\n")
          stderr.flush()
        }
      }
    }
    if arguments.flag(.lineSweep) {
      let sweep = try LineSensitivity.run(options)
      try LineSensitivity.write(sweep, to: dir)
      let wall = ProgressReporter.monotonicSeconds() - began
      let years = sweep.runs.reduce(0) { $0 + $1.learnerYears }
      context.stderr.write("line sweep: \(sweep.variants.count) variants, \(fixed(years, 1)) learner-years in \(fixed(wall, 1)) s\n")
      let md = String(decoding: LineSensitivity.files(sweep).first { $0.name == "sensitivity.md" }!.bytes, as: UTF8.self)
      var verdict = String(md.split(separator: "\n").first { $0.hasPrefix("**Conclusions") } ?? "")
      if verdict.hasSuffix(" Changed:") { verdict = String(verdict.dropLast(9)) + " The changed ones are listed in the report." }
      context.stdout.write("line truth sensitivity: \(sweep.variants.count) variants\nreport: \(dir)/sensitivity.md\n\(verdict)\n")
      return ExitCode.success
    }
    let result = try PolicyBenchmark.run(options)
    let groups = result.summaries()
    try BenchmarkReport.write(result, groups: groups, to: dir)
    let wall = ProgressReporter.monotonicSeconds() - began
    context.stderr.write("benchmark: \(fixed(result.learnerYears, 1)) learner-years in \(fixed(wall, 1)) s (\(fixed(result.learnerYears / max(wall, 1e-9), 2)) learner-years/s)\n")
    context.stdout.write(headlineText(result, groups, dir: dir))
    return ExitCode.success
  }

  static func positive(_ text: String, _ name: ArgumentName) throws -> Int {
    guard let v = Int(text), v >= 1 else { throw CLIError.invalid(name.display, text, expected: "a whole number of at least 1") }
    return v
  }

  static func list<T>(_ text: String, _ name: ArgumentName, _ parse: (String) -> T?) throws -> [T] {
    var out: [T] = []
    for part in text.split(separator: ",").map(String.init) {
      guard let v = parse(part) else { throw CLIError.invalid(name.display, part, expected: "a comma-separated list of names (docs/simulation.md)") }
      out.append(v)
    }
    guard !out.isEmpty else { throw CLIError.invalid(name.display, text, expected: "at least one name") }
    return out
  }

  /// The headline: per truth, scenario and domain, the planner against the best family.
  static func headlineText(_ r: BenchmarkResult, _ groups: [GroupSummary], dir: String) -> String {
    let o = r.options
    var s = "policy benchmark: \(o.truths.count) truths × \(o.scenarios.count) scenarios × \(o.seeds) seeds × \(o.learners) learners × \(o.days) days, "
    s += "\(o.policies.count) policy settings: \(fixed(r.learnerYears, 1)) learner-years\nreport: \(dir)/report.md\n\n"
    s += pad("truth", 17, left: true) + " " + pad("scenario", 12, left: true) + " " + pad("measure", 22, left: true) + " " + pad("best baseline", 13, left: true)
    s += pad("planner", 9) + pad("baseline", 10) + pad("difference", 12) + "  95 % interval\n"
    for g in groups {
      for domain in ["quran", "words"] {
       for measure in BenchmarkResult.headlineMeasures(domain) {
        guard let kind = g.best[domain], let c = g.matched.first(where: { $0.axis == "minutes" && $0.domain == domain && $0.measure == measure && $0.family == kind }) else { continue }
        let what = BenchmarkResult.measureName(domain: domain, measure: measure)
        s += pad(g.truth.rawValue, 17, left: true) + " " + pad(g.scenario.rawValue, 12, left: true) + " " + pad(what, 22, left: true)
        s += " " + pad(kind == .anki ? "Anki+FSRS" : kind.rawValue, 13, left: true) + pad(fixed(c.plannerKnowledge, 1), 9) + pad(fixed(c.baselineKnowledge, 1), 10)
        s += pad(fixed(c.difference, 1), 12) + "  [\(fixed(c.low, 1)), \(fixed(c.high, 1))]\(c.extrapolated ? " extrap." : "")\n"
       }
      }
    }
    s += "\nFrom the hidden truth, the baseline at the planner's minutes; the measures are defined in the report (docs/simulation.md, \"Headline measures\").\n"
    return s
  }
}
