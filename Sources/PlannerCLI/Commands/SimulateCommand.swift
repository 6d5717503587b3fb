import Foundation
import PlannerCore
import Simulation

/// `planner simulate`: synthetic learners who follow a scheduler, in a closed loop with a
/// hidden memory; the policy comparison and the retention sweep. See docs/simulation.md.
struct SimulateCommand: PlannerCommand {
  static let spec = CommandSpec(
    name: "simulate",
    abstract: "Simulate learners following a scheduler; compare policies; sweep desired retention.",
    discussion: """
      Each simulated learner opens (or skips) the day's plan, recites and answers in order until \
      their time or willingness runs out; outcomes come from a hidden memory that is not FSRS. \
      With --out, writes real learner folders under ROOT (ROOT/<policy>/<learner> for several \
      policies) and the hidden memory to ROOT.truth.jsonl (or --truth). The same seed gives the \
      same bytes. --retention-sweep FROM:TO:STEP runs the planner policy at each desired \
      retention and charts the workload (CSV with --format csv). See docs/simulation.md.
      """,
    arguments: [
      .option(.learners, value: "N", help: "Number of simulated learners.", default: "1"),
      .option(.days, value: "D", help: "Days simulated.", default: "365"),
      .option(.seed, value: "S", help: "Seed of the simulation.", default: "1"),
      .option(.start, value: "YYYY-MM-DD", help: "First simulated day.", default: "2026-01-01"),
      .option(.out, value: "ROOT", help: "Write the learner folders under ROOT (must be new or empty)."),
      .option(.truth, value: "FILE", help: "Where the hidden memory goes (default ROOT.truth.jsonl)."),
      .option(.truthModel, value: "NAME", help: "The hidden memory: power (as always), power-calibrated, actr or exponential.",
              default: "power"),
      .option(.policy, value: "NAME", help: "planner, planner-defaults, anki[-RR-nK], traditional[-nK], learn-nothing, cram or all.",
              default: "planner"),
      .option(.retentionSweep, value: "FROM:TO:STEP", help: "Workload against desired retention, e.g. 0.80:0.97:0.01."),
      .option(.jobs, value: "N", help: "Learners simulated in parallel.", default: "2"),
      .option(.report, value: "DIR", help: "Run the policy benchmark and write its report (Markdown, SVG, CSV, JSON) to DIR."),
      .flag(.headline, help: "With --report: the headline matrix (3 truths × 2 scenarios × 5 seeds × 50 learners × a year)."),
      .flag(.quick, help: "With --report: every scenario at a small size."),
      .flag(.lineSweep, help: "With --report: the Quran line truth's sensitivity sweep (sensitivity.md; default noisy, 5 seeds × 2 learners × 182 days)."),
      .option(.seeds, value: "N", help: "With --report: seeds 1…N (default 5)."),
      .option(.truths, value: "A,B", help: "With --report: truth models (default power-calibrated,actr,exponential)."),
      .option(.scenarios, value: "A,B", help: "With --report: scenarios (default noisy,break-2w; docs/simulation.md)."),
      .option(.policies, value: "A,B", help: "With --report: policy settings (anki-sweep, traditional-sweep for a knob's every setting)."),
      .option(.resamples, value: "N", help: "With --report: bootstrap resamples per interval (default 1000)."),
      .option(.set, value: "KEY=VALUE", help: "A setting every simulated learner's profile takes (see 'planner config'), e.g. quran.stableCycleDays=60.",
              repeatable: true),
      FormatOption.declaration([.text, .json, .csv]),
    ])

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
    let learners = try arguments.requiredInt(.learners, in: 1...Int.max)
    let days = try arguments.requiredInt(.days, in: 1...36500)
    let seed = try seed(arguments)
    let jobs = try arguments.requiredInt(.jobs, in: 1...Int.max)
    let start = try arguments.validated(.start) { try EpochDay(parsing: $0, keyPath: ArgumentName.start.display) } ?? EpochDay(0)
    let settings = try profileSettings(arguments, start: start)
    if let dir = arguments.string(.report) {
      return try runReport(arguments, context: context, dir: context.path(dir), start: start, jobs: jobs, settings: settings)
    }
    let sweep = arguments.string(.retentionSweep)
    let format = try FormatOption(arguments, allowed: sweep == nil ? [.text, .json] : [.text, .json, .csv]).format
    let policyName = arguments.string(.policy) ?? "planner"
    let policies: [SimulationPolicy]
    if policyName == "all" {
      policies = SimulationPolicy.allCases
    } else if let p = SimulationPolicy(rawValue: policyName) {
      policies = [p]
    } else {
      throw CLIError.notOneOf(ArgumentName.policy.display, policyName, choices: SimulationPolicy.Kind.allCases.map(\.rawValue) + ["all"])
    }
    let truthName = arguments.string(.truthModel) ?? "power"
    guard let truthModel = TruthModelName(rawValue: truthName) else {
      throw CLIError.notOneOf(ArgumentName.truthModel.display, truthName, choices: TruthModelName.allCases.map(\.rawValue))
    }
    let out = arguments.string(.out).map(context.path)
    let truth = arguments.string(.truth).map(context.path)

    if let sweep {
      let values = try parseSweep(sweep)
      let reporter = context.stderrIsTerminal ? ProgressReporter(output: context.stderr, unit: "runs") : nil
      var rows: [(Double, PolicyFigures)] = []
      for (k, r) in values.enumerated() {
        var sweepOptions = SimulationOptions(learners: learners, days: days, seed: seed, start: start, policies: [.planner],
                                             desiredRetention: r, jobs: jobs)
        sweepOptions.truthModel = truthModel
        sweepOptions.settings = settings
        let report = try Simulator.run(sweepOptions)
        rows.append((r, report.policies[0]))
        reporter?.update(done: k + 1, total: values.count)
      }
      reporter?.finish()
      context.stdout.write(format == .csv ? sweepCSV(rows) : format == .json ? JSONOutput.document(sweepJSON(rows)) : sweepChart(rows, learners: learners, days: days))
      return ExitCode.success
    }

    let reporter = context.stderrIsTerminal ? ProgressReporter(output: context.stderr, unit: "learners") : nil
    var options = SimulationOptions(
      learners: learners, days: days, seed: seed, start: start, policies: policies, out: out, truth: truth, jobs: jobs,
      progress: reporter.map { r in { @Sendable done, total in r.update(done: done, total: total) } })
    options.truthModel = truthModel
    options.settings = settings
    let report: SimulationReport
    do {
      report = try Simulator.run(options)
      reporter?.finish()
    } catch {
      reporter?.finish()
      throw error
    }
    context.stdout.write(format == .json ? JSONOutput.document(json(report)) : table(report))
    return ExitCode.success
  }

  /// `--set KEY=VALUE`: checked as `planner config` checks them, on a simulated learner's
  /// profile (a refused key or value is a usage error, exit 64).
  static func profileSettings(_ arguments: ParsedArguments, start: EpochDay) throws -> [(key: String, value: String)] {
    let changes = try ConfigCommand.assignments(arguments.strings(.set))
    if let first = changes.first {
      let learner = SimulatedLearner.draw(index: 0, count: 1, days: 1, seed: 1)
      _ = try ConfigCommand.setting(first.key, to: first.value, among: changes, as: ArgumentName.set.display) {
        try learner.profile(start: start, settings: changes)
      }
    }
    return changes
  }

  /// `0.80:0.97:0.01` → 0.80, 0.81, …, 0.97 (each within 0.70–0.99).
  static func parseSweep(_ text: String) throws -> [Double] {
    let parts = text.split(separator: ":").map { Double($0) }
    guard parts.count == 3, let a = parts[0], let b = parts[1], let step = parts[2], step > 0, a <= b,
      a >= 0.7, b <= 0.99 else {
      throw CLIError.invalid(ArgumentName.retentionSweep.display, text, expected: "FROM:TO:STEP with 0.70 ≤ FROM ≤ TO ≤ 0.99 and STEP > 0, e.g. 0.80:0.97:0.01")
    }
    var out: [Double] = []
    var k = 0
    while true {
      let v = ((a + Double(k) * step) * 10_000).rounded() / 10_000
      if v > b + 1e-9 || out.count >= 100 { break }
      out.append(v)
      k += 1
    }
    return out
  }

  static func fixed(_ x: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", x) }

  static func pad(_ s: String, _ width: Int, left: Bool = false) -> String {
    let fill = String(repeating: " ", count: max(0, width - s.count))
    return left ? s + fill : fill + s
  }

  static func table(_ report: SimulationReport) -> String {
    let o = report.options
    var s = "simulated \(o.learners) learner\(o.learners == 1 ? "" : "s") × \(o.days) day\(o.days == 1 ? "" : "s") from \(o.start) (seed \(o.seed)): \(report.events) events\n"
    if o.truthModel != .power { s += "truth model: \(o.truthModel.rawValue) (docs/simulation.md)\n" }
    if let out = o.out { s += "learners: \(out)\(o.policies.count > 1 ? "/<policy>" : "")/<learner>; hidden memory: \(o.truthPath!)\n" }
    s += "\n"
    let header = ["policy", "retention", "min/day", "retained/min", "days over", "longest", "holiday:", "new lines", "new words"]
    let header2 = ["", "at end", "", "", "budget", "backlog", "days to clear", "", ""]
    let widths = [16, 10, 8, 13, 10, 9, 16, 10, 10]
    func row(_ cells: [String]) -> String {
      cells.enumerated().map { pad($1, widths[$0], left: $0 == 0) }.joined(separator: " ") + "\n"
    }
    s += row(header) + row(header2)
    for p in report.policies {
      let clear = p.daysToClearHoliday.map { fixed($0, 1) } ?? "-"
      s += row([p.policy.rawValue, fixed(p.retention, 3), fixed(p.minutesPerDay, 1), fixed(p.retainedPerMinute, 2),
                fixed(p.daysOverBudget, 1), fixed(p.longestBacklog, 1), clear + " (\(p.holidayNotCleared) not)",
                fixed(p.newLines, 1), fixed(p.newWords, 1)])
    }
    s += "\nPer learner means; retention is the hidden recall probability averaged over memorised material on the day after the last; see docs/simulation.md.\n"
    return s
  }

  static func policyJSON(_ p: PolicyFigures) -> JSONNode {
    var o = JSONObject()
    o["policy"] = .string(p.policy.rawValue)
    o["learners"] = .number(Double(p.learners))
    o["retention"] = .number(round(p.retention, 5))
    o["minutesPerDay"] = .number(round(p.minutesPerDay, 3))
    o["retainedPerMinute"] = .number(round(p.retainedPerMinute, 4))
    o["daysOverBudget"] = .number(round(p.daysOverBudget, 3))
    o["longestBacklog"] = .number(round(p.longestBacklog, 3))
    o["longestBacklogMax"] = .number(Double(p.longestBacklogMax))
    o["daysToClearHoliday"] = p.daysToClearHoliday.map { .number(round($0, 3)) } ?? .null
    o["holidayNotCleared"] = .number(Double(p.holidayNotCleared))
    o["newLines"] = .number(round(p.newLines, 3))
    o["newWords"] = .number(round(p.newWords, 3))
    return .object(o)
  }

  static func round(_ x: Double, _ digits: Int) -> Double {
    let scale = pow(10, Double(digits))
    return (x * scale).rounded() / scale
  }

  /// `--seed S`: a whole number from 0 to 2^64-1 (simulate and synth).
  static func seed(_ arguments: ParsedArguments) throws(CLIError) -> UInt64 {
    let text = try arguments.require(.seed)
    guard let seed = UInt64(text) else { throw .invalid(ArgumentName.seed.display, text, expected: "a whole number from 0 to \(UInt64.max)") }
    return seed
  }

  static func json(_ report: SimulationReport) -> JSONNode {
    let o = report.options
    var j = JSONObject()
    j["version"] = .number(1)
    j["learners"] = .number(Double(o.learners))
    j["days"] = .number(Double(o.days))
    j["seed"] = .string(String(o.seed))
    j["start"] = .string(o.start.description)
    j["events"] = .number(Double(report.events))
    if let out = o.out { j["out"] = .string(out) }
    if let t = o.truthPath { j["truth"] = .string(t) }
    if o.truthModel != .power { j["truthModel"] = .string(o.truthModel.rawValue) }
    j["policies"] = .array(report.policies.map(policyJSON))
    return .object(j)
  }

  static func sweepCSV(_ rows: [(Double, PolicyFigures)]) -> String {
    var s = "desired_retention,minutes_per_day,retention,retained_per_minute,new_lines,new_words\n"
    for (r, p) in rows {
      s += "\(fixed(r, 2)),\(fixed(p.minutesPerDay, 3)),\(fixed(p.retention, 4)),\(fixed(p.retainedPerMinute, 4)),\(fixed(p.newLines, 2)),\(fixed(p.newWords, 2))\n"
    }
    return s
  }

  static func sweepJSON(_ rows: [(Double, PolicyFigures)]) -> JSONNode {
    let a: [JSONNode] = rows.map { r, p in
      guard case .object(var o) = policyJSON(p) else { return .null }
      o["desiredRetention"] = .number(r)
      return .object(o)
    }
    return .array(a)
  }

  /// Minutes a day against desired retention: one bar per value.
  static func sweepChart(_ rows: [(Double, PolicyFigures)], learners: Int, days: Int) -> String {
    let top = max(rows.map(\.1.minutesPerDay).max() ?? 1, 1e-9)
    var s = "workload against desired retention (planner policy, \(learners) learner\(learners == 1 ? "" : "s"), \(days) days)\n"
    s += "desired  min/day                                            retention  new lines  new words\n"
    for (r, p) in rows {
      let bar = String(repeating: "█", count: Int((p.minutesPerDay / top * 40).rounded()))
      s += "\(fixed(r, 2))  \(pad(fixed(p.minutesPerDay, 1), 7))  \(pad(bar, 40, left: true))  \(pad(fixed(p.retention, 3), 9))  \(pad(fixed(p.newLines, 1), 9))  \(pad(fixed(p.newWords, 1), 9))\n"
    }
    return s
  }
}
