import Foundation
import MemoryModels
import PlannerCore

/// `optimizer-devset`: the dev set's protocol (`../shared/data/reviews`, or `$PLANNER_DEVSET`)
/// with the shipped optimizer, beside `reference-results.json`: the tss5 aggregate (log loss,
/// RMSE(bins), AUC), on how many learners the fit beats fsrs-rs's, the largest loss against the
/// FSRS-6 defaults, and the time of all fits. Aggregates only (per-learner data is internal).
///
/// `$PLANNER_DEVSET_VARIANTS` (comma-separated names of ``devSetVariants``) measures other
/// optimizer configurations in the same run; the default is `shipped`.
@Sendable func devSetScenario() {
  let env = ProcessInfo.processInfo.environment
  let dir = env["PLANNER_DEVSET"] ?? "../shared/data/reviews"
  var learners: [(String, [CardHistory])] = []
  var reference: JSONNode?
  if benchQuick {
    // A smoke test: two small synthetic learners, nothing read from ../shared.
    learners = (1...2).map { ("synthetic-\($0)", SyntheticReviewLog(cards: 60, days: 120, seed: UInt64($0)).cardHistories) }
  } else {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else {
      FileHandle.standardError.write(Data("optimizer-devset: skipped: no folder \(dir)\n".utf8))
      return
    }
    let referenceData = try? Data(contentsOf: URL(fileURLWithPath: dir + "/reference-results.json"))
    reference = referenceData.flatMap { try? JSONParser.parse([UInt8]($0)) }
    // `$PLANNER_DEVSET_LEARNERS`: only these learners (comma-separated names), for profiling.
    let only = env["PLANNER_DEVSET_LEARNERS"].map { Set($0.split(separator: ",").map(String.init)) }
    for name in names.filter({ $0.hasSuffix(".csv") }).sorted() where only?.contains(String(name.dropLast(4))) ?? true {
      guard let text = try? String(contentsOfFile: dir + "/" + name, encoding: .utf8),
        let file = try? LearnerReviewFile(text: text)
      else { continue }
      learners.append((String(name.dropLast(4)), file.cards))
    }
  }
  // Each fit is timed `repeats` times and the least kept, ours and fsrs-rs's alike.
  let repeats = benchQuick ? 1 : max(1, Int(env["PLANNER_DEVSET_REPEATS"] ?? "") ?? 3)
  // `$PLANNER_DEVSET_ROUNDS` (default 3): fsrs-rs's fits and ours are timed in this many rounds,
  // one after the other (fsrs-rs, ours, fsrs-rs, ours, …), each fold's least time kept on each
  // side over all rounds. This host's speed drifts by a third within minutes; one block of each
  // could land in different spells and move the ratio by as much, rounds put both sides in
  // the same spells. Each round's own ratio is reported too.
  let rounds = benchQuick ? 1 : max(1, Int(env["PLANNER_DEVSET_ROUNDS"] ?? "") ?? 3)
  // fsrs-rs on the same training data, in the same run: `$PLANNER_FSRS_RS_PYTHON` is a Python
  // with fsrs-rs-python installed (a virtual environment; never needed by the tests). Every tss5
  // fold's training part, timed as wall and as process CPU time (all its threads), best of
  // `repeats` as ours.
  let python = benchQuick ? nil : env["PLANNER_FSRS_RS_PYTHON"]
  let scored = learners.filter { l in
    l.1.reduce(0) { $0 + $1.elapsedDays.dropFirst().filter { $0 >= 1 }.count } >= DatasetEvaluation.minimumTargets
  }.map { dir + "/" + $0.0 + ".csv" }
  // One run of fsrs-rs-fit.py: each (learner, fold)'s best of `repeats`, keyed `learner#fold`.
  func timeFsrsRs(_ python: String) -> [String: DevSetFitTime]? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = ["Benchmarks/scripts/fsrs-rs-fit.py", "--all-folds", "--repeats", String(repeats)] + scored
    let pipe = Pipe()
    process.standardOutput = pipe
    guard (try? process.run()) != nil else { return nil }
    let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    var times: [String: DevSetFitTime] = [:]
    for line in out.split(separator: "\n") {
      guard let v = try? JSONParser.parse(String(line)), case .string(let file)? = devSetMember(v, "file"),
        let sec = devSetMember(v, "seconds")?.doubleValue, let cpu = devSetMember(v, "cpu_seconds")?.doubleValue,
        let n = devSetMember(v, "training_targets")?.doubleValue, let fold = devSetMember(v, "fold")?.doubleValue
      else { continue }
      let learner = String(file.split(separator: "/").last?.dropLast(4) ?? "")
      times["\(learner)#\(Int(fold))"] = DevSetFitTime(fold: Int(fold), wall: sec, cpu: cpu, targets: Int(n))
    }
    return process.terminationStatus == 0 ? times : nil
  }
  var fsrsRsBest: [String: DevSetFitTime] = [:]
  var fsrsRsFailed = false
  func timeFsrsRsRound() -> [String: DevSetFitTime]? {
    guard let python, !fsrsRsFailed else { return nil }
    guard let times = timeFsrsRs(python) else {
      fsrsRsFailed = true
      FileHandle.standardError.write(Data("optimizer-devset: fsrs-rs fits: failed\n".utf8))
      return nil
    }
    DevSetFitTime.keepLeast(times, in: &fsrsRsBest)
    FileHandle.standardError.write(Data("optimizer-devset: fsrs-rs fits: \(DevSetFitTimes(times).summary)\n".utf8))
    return times
  }
  if let dump = env["PLANNER_DEVSET_DUMP"] {
    devSetDump(learners, configuration: FSRSOptimizer.Configuration(), to: dump, holdout: env["PLANNER_DEVSET_DUMP_HOLDOUT"] != nil)
    return
  }
  let chosen = (env["PLANNER_DEVSET_VARIANTS"] ?? "shipped").split(separator: ",").map(String.init)
  func stderr(_ s: String) { FileHandle.standardError.write(Data((s + "\n").utf8)) }
  for variant in chosen {
    guard let configuration = devSetVariants[variant] ?? parseVariant(variant) else {
      stderr("optimizer-devset: unknown variant \(variant); known: \(devSetVariants.keys.sorted().joined(separator: ", "))")
      continue
    }
    var config = configuration
    config.threads = 2
    let evaluation = DatasetEvaluation(
      evaluator: ModelEvaluator(optimizer: FSRSOptimizer(configuration: config)), models: [.fsrs6, .fsrs6Default])
    var results: [DatasetEvaluation.LearnerResult] = []
    // `$PLANNER_DEVSET_FITS_ONLY`: only the timed one-thread fits (no evaluation, no two-thread
    // fits), e.g. under callgrind; `$PLANNER_DEVSET_FOLDS`: only these folds (comma-separated).
    let fitsOnly = env["PLANNER_DEVSET_FITS_ONLY"] != nil
    let folds = env["PLANNER_DEVSET_FOLDS"].map { Set($0.split(separator: ",").compactMap { Int($0) }) }
    let s = seconds {
      for (name, cards) in learners where !fitsOnly {
        if let r = try? evaluation.evaluate(learner: name, cards: cards, protocol: .tss5) { results.append(r) }
      }
    }
    let agg = DatasetEvaluation.aggregate(results, models: 2)
    if agg == nil && !fitsOnly { continue }
    var wins = 0
    var compared = 0
    var worstVsDefault = -Double.infinity
    var lines: [String] = []
    for r in results where r.testTargets != nil {
      let fitted = r.metrics[0].logLoss
      worstVsDefault = max(worstVsDefault, fitted - r.metrics[1].logLoss)
      let ref = devSetMember(reference, "protocols", "tss5", "learners", r.learner, "FSRS-6 fitted (fsrs-rs)", "log_loss")?.doubleValue
      if let ref {
        compared += 1
        if fitted < ref { wins += 1 }
      }
      lines.append("  \(r.learner): \(String(format: "%.5f", fitted)) vs fsrs-rs \(ref.map { String(format: "%.5f", $0) } ?? "-") (default \(String(format: "%.5f", r.metrics[1].logLoss)))")
    }
    let refAgg = devSetMember(reference, "protocols", "tss5", "aggregate", "FSRS-6 fitted (fsrs-rs)")
    if let agg { report("optimizer-devset", [
      ("variant", .string(variant)), ("learners", .number(Double(agg[0].learners))),
      ("test_targets", .number(Double(agg[0].testTargets))),
      ("log_loss", rounded(agg[0].logLoss, 5)), ("rmse_bins", rounded(agg[0].rmseBins, 5)), ("auc", rounded(agg[0].auc, 5)),
      ("fsrs_rs_log_loss", devSetMember(refAgg, "log_loss") ?? .null), ("fsrs_rs_rmse_bins", devSetMember(refAgg, "rmse_bins") ?? .null),
      ("fsrs_rs_auc", devSetMember(refAgg, "auc") ?? .null),
      ("defaults_log_loss", rounded(agg[1].logLoss, 5)),
      ("learners_better_than_fsrs_rs", .number(Double(wins))), ("learners_compared", .number(Double(compared))),
      ("largest_loss_vs_defaults", rounded(worstVsDefault, 5)),
      ("seconds_all_folds", rounded(s, 3)), ("load_average", loadAverage()),
    ]) }
    // Fit speed on the training part of every tss5 fold of each learner, best of `repeats`: one
    // thread (wall and this thread's CPU time), and two threads (wall, first round only).
    var oursBest: [String: DevSetFitTime] = [:]
    var fitSeconds2 = 0.0, fitSeconds2All = 0.0
    var passesLast = 0.0, passesAll = 0.0, foldsLast = 0, foldsAll = 0
    var roundRatios: [(last: Double, all: Double)] = []
    var buildCPUAll = 0.0
    // Each scored learner's tss5 folds' training parts, found once for all rounds.
    var trainingParts: [(name: String, fold: Int, history: [CardHistory])] = []
    for (name, cards) in learners {
      guard let split = try? TimeSeriesEvaluation(cards: cards, split: .timeSeries(folds: 5), bins: .log2),
        split.scored.count >= DatasetEvaluation.minimumTargets
      else { continue }
      for fold in 0..<5 where folds?.contains(fold) ?? true {
        guard let cut = split.cutoffTime(fold: fold) else { continue }
        trainingParts.append((name, fold, split.history(before: cut)))
      }
    }
    var one = configuration
    one.threads = 1
    for round in 0..<rounds {
      let theirs = timeFsrsRsRound()
      var ours: [String: DevSetFitTime] = [:]
      for (name, fold, history) in trainingParts {
        // The fit's input built before the clock starts, as fsrs-rs-fit.py builds its items
        // before timing `compute_parameters` (the build timed on its own in the first round).
        var data: TrainingData!
        if round == 0 {
          var build = Double.infinity
          for _ in 0..<repeats { build = min(build, threadCPUSeconds { data = TrainingData(history) }) }
          buildCPUAll += build
        } else {
          data = TrainingData(history)
        }
        var wall = Double.infinity
        var cpu = Double.infinity
        var fit: FSRSFitReport!
        for _ in 0..<repeats {
          var w = 0.0
          cpu = min(cpu, threadCPUSeconds { w = seconds { fit = FSRSOptimizer(configuration: one).fit(data) } })
          wall = min(wall, w)
        }
        ours["\(name)#\(fold)"] = DevSetFitTime(fold: fold, wall: wall, cpu: cpu, targets: fit.trainingExamples)
        guard round == 0 else { continue }
        if env["PLANNER_DEVSET_TRACE"] != nil {
          stderr("  trace \(variant) \(name) fold \(fold): n \(fit.trainingExamples) γ \(fit.regularization.map { String(format: "%.3f", $0) } ?? "-") passes \(String(format: "%.1f", fit.passes)) steps \(fit.steps) \(fit.scope.rawValue) cpu \(String(format: "%.4f", cpu))")
        }
        passesAll += fit.passes
        foldsAll += 1
        if fold == 4 {
          passesLast += fit.passes
          foldsLast += 1
        }
        guard !fitsOnly else { continue }
        // Two threads (`planner optimize`'s default), wall time: what a user waits for.
        var two = configuration
        two.threads = 2
        var best = Double.infinity
        for _ in 0..<repeats { best = min(best, seconds { _ = FSRSOptimizer(configuration: two).fit(data) }) }
        fitSeconds2All += best
        if fold == 4 { fitSeconds2 += best }
      }
      DevSetFitTime.keepLeast(ours, in: &oursBest)
      if let theirs {
        // This round's ratio, over the folds both sides timed.
        let a = DevSetFitTimes(theirs.filter { ours[$0.key] != nil }), b = DevSetFitTimes(ours.filter { theirs[$0.key] != nil })
        if b.lastCPU > 0 || b.allCPU > 0 {
          roundRatios.append((b.lastCPU > 0 ? a.lastCPU / b.lastCPU : 0, a.allCPU / b.allCPU))
          stderr("optimizer-devset \(variant): round \(round + 1) of \(rounds): ours \(b.summary); fsrs-rs/ours CPU \(String(format: "%.2f", roundRatios.last!.last))× last folds, \(String(format: "%.2f", roundRatios.last!.all))× all folds")
        }
      }
    }
    let oursTimes = DevSetFitTimes(oursBest)
    let fsrsRs: DevSetFitTimes? = fsrsRsBest.isEmpty ? nil : DevSetFitTimes(fsrsRsBest.filter { oursBest[$0.key] != nil })
    if let fsrsRs { stderr("optimizer-devset: fsrs-rs fits, least over \(rounds) round(s): \(fsrsRs.summary)") }
    func ratio(_ a: Double?, _ b: Double) -> JSONNode { a.map { rounded($0 / b, 3) } ?? .null }
    report("optimizer-devset-speed", [
      ("variant", .string(variant)), ("training_targets", .number(Double(oursTimes.lastTargets))),
      ("training_targets_all_folds", .number(Double(oursTimes.allTargets))),
      ("fit_seconds_1_thread", rounded(oursTimes.lastWall, 4)), ("fit_cpu_seconds_1_thread", rounded(oursTimes.lastCPU, 4)),
      ("fit_seconds_2_threads", rounded(fitSeconds2, 4)), ("fit_seconds_2_threads_all_folds", rounded(fitSeconds2All, 4)),
      ("mean_passes_last_folds", rounded(passesLast / Double(max(foldsLast, 1)), 3)),
      ("mean_passes_all_folds", rounded(passesAll / Double(max(foldsAll, 1)), 3)),
      ("fit_seconds_all_folds", rounded(oursTimes.allWall, 4)), ("fit_cpu_seconds_all_folds", rounded(oursTimes.allCPU, 4)),
      ("fsrs_rs_seconds", fsrsRs.map { rounded($0.lastWall, 4) } ?? .null),
      ("fsrs_rs_cpu_seconds", fsrsRs.map { rounded($0.lastCPU, 4) } ?? .null),
      ("fsrs_rs_seconds_all_folds", fsrsRs.map { rounded($0.allWall, 4) } ?? .null),
      ("fsrs_rs_cpu_seconds_all_folds", fsrsRs.map { rounded($0.allCPU, 4) } ?? .null),
      ("fsrs_rs_training_targets", fsrsRs.map { .number(Double($0.lastTargets)) } ?? .null),
      ("speedup_vs_fsrs_rs_1_thread", ratio(fsrsRs?.lastWall, oursTimes.lastWall)),
      ("speedup_vs_fsrs_rs_2_threads", ratio(fsrsRs?.lastWall, fitSeconds2)),
      ("speedup_vs_fsrs_rs_2_threads_all_folds", ratio(fsrsRs?.allWall, fitSeconds2All)),
      ("speedup_vs_fsrs_rs_cpu", ratio(fsrsRs?.lastCPU, oursTimes.lastCPU)),
      ("speedup_vs_fsrs_rs_cpu_all_folds", ratio(fsrsRs?.allCPU, oursTimes.allCPU)),
      ("training_data_cpu_seconds_all_folds", rounded(buildCPUAll, 4)),
      ("speedup_vs_fsrs_rs_cpu_by_round", .array(roundRatios.map { rounded($0.last, 3) })),
      ("speedup_vs_fsrs_rs_cpu_all_folds_by_round", .array(roundRatios.map { rounded($0.all, 3) })),
      ("repeats", .number(Double(repeats))), ("rounds", .number(Double(rounds))),
      ("load_average", loadAverage()),
    ])
    stderr("optimizer-devset \(variant): fits: \(oursTimes.summary); on 2 threads: last fold \(String(format: "%.4f", fitSeconds2)) s, all folds \(String(format: "%.4f", fitSeconds2All)) s")
    if let agg { stderr("optimizer-devset \(variant): log loss \(String(format: "%.5f", agg[0].logLoss)) RMSE(bins) \(String(format: "%.5f", agg[0].rmseBins)) AUC \(String(format: "%.5f", agg[0].auc)); beats fsrs-rs on \(wins)/\(compared); worst vs defaults \(String(format: "%+.5f", worstVsDefault)); \(String(format: "%.2f", s)) s") }
    if env["PLANNER_DEVSET_PER_LEARNER"] != nil { for l in lines { stderr(l) } }
  }
}

/// A variant spelled as `solver[:g=γ][:cv=γ1/γ2/…][:rw][:it=N][:vf=F][:pre][:nit=N][:ntol=T]`,
/// e.g. `lbfgs:cv=0.3/1/3:rw` (`pre`: Fisher-preconditioned L-BFGS; `nit`, `ntol`: Gauss–Newton;
/// `nobias`: no recall bias after the fit).
func parseVariant(_ text: String) -> FSRSOptimizer.Configuration? {
  // From the inner-split L-BFGS fit with no γ grid and no recency weights, so the tokens mean
  // what they meant before the evidence fit became the default (`ev:rw:nit=3:fs=2:er=0.1/10:lol:sp:ft`
  // is it; `…:nit=5` without `fs` the default before issue #17's speed round).
  var c = FSRSOptimizer.Configuration.innerSplitLBFGS
  c.regularizationCandidates = []
  c.recencyWeighting = false
  for token in text.split(separator: ":").map(String.init) {
    if let s = FSRSOptimizer.Solver(rawValue: token) { c.solver = s; continue }
    if token == "rw" { c.recencyWeighting = true; continue }
    if token == "pre" { c.fisherPreconditioner = true; continue }
    if token == "serial" { c.pairedCards = false; continue }
    if token == "carry" { c.carryCurvature = true; continue }
    if token == "interp" { c.interpolatingLineSearch = true; continue }
    if token == "stop" { c.stopAtWorseCandidate = true; continue }
    if token == "lol" { c.lossOnlyLastStep = true; continue }
    if token == "nobias" { c.recallBias = false; continue }
    if token == "sp" { c.singlePrecisionPass = true; continue }
    if token == "ft" { c.singlePrecisionTangents = true; continue }
    if token == "noshare" { c.sharedPrefixes = false; continue }
    if token == "nofirst" { c.valueFirstOnRetry = false; continue }
    if token == "nopool" { c.pooledSharedExamples = false; continue }
    if token == "dgn" { c.directGaussNewton = true; continue }
    if token == "ev" { c.directGaussNewton = true; c.evidenceRegularization = true; continue }
    if token == "plain" {
      // The L-BFGS of the previous fit: no curvature carried, halving line search, every γ.
      c.carryCurvature = false
      c.interpolatingLineSearch = false
      c.stopAtWorseCandidate = false
      continue
    }
    let kv = token.split(separator: "=").map(String.init)
    guard kv.count == 2 else { return nil }
    switch kv[0] {
    case "g": c.regularization = Double(kv[1]) ?? 1
    case "cv": c.regularizationCandidates = kv[1].split(separator: "/").compactMap { Double($0) }
    case "it": c.lbfgsIterations = Int(kv[1]) ?? 60
    case "iit": c.innerLBFGSIterations = Int(kv[1])
    case "vf": c.innerValidationFraction = Double(kv[1]) ?? 0.2
    case "ep": c.epochs = Int(kv[1]) ?? 5
    case "tol": c.lbfgsTolerance = Double(kv[1]) ?? 1e-9
    case "nit": c.newtonIterations = Int(kv[1]) ?? 30
    case "ntol": c.newtonTolerance = Double(kv[1]) ?? 1e-9
    case "es": c.evidenceSteps = Int(kv[1]) ?? 5
    case "er":
      let r = kv[1].split(separator: "/").compactMap { Double($0) }
      guard r.count == 2 else { return nil }
      c.evidenceRange = r[0]...r[1]
    case "fs": c.fisherStride = Int(kv[1]) ?? 1
    case "gpow": c.regularizationExponent = Double(kv[1]) ?? 0
    default: return nil
    }
  }
  return c
}

/// Optimizer configurations the scenario can measure side by side.
let devSetVariants: [String: FSRSOptimizer.Configuration] = {
  var v: [String: FSRSOptimizer.Configuration] = [:]
  v["shipped"] = FSRSOptimizer.Configuration()
  // The default fit without the recall bias (the default before issue #17's recall bias).
  var noBias = FSRSOptimizer.Configuration()
  noBias.recallBias = false
  v["no-bias"] = noBias
  // The fit shipped before the evidence Gauss–Newton one (γ by an inner split, then L-BFGS).
  v["lbfgs-split"] = FSRSOptimizer.Configuration.innerSplitLBFGS
  // The inner-split fit before this round's speed work (the same pipeline, same bits as then).
  var previous = FSRSOptimizer.Configuration.innerSplitLBFGS
  previous.pairedCards = false
  previous.carryCurvature = false
  previous.interpolatingLineSearch = false
  previous.stopAtWorseCandidate = false
  v["previous"] = previous
  // The inner-split pipeline with the faster solvers measured in docs/optimizer.md.
  var fast = FSRSOptimizer.Configuration.innerSplitLBFGS
  fast.fisherPreconditioner = true
  fast.lbfgsTolerance = 1e-7
  v["lbfgs-split-pre"] = fast
  fast = FSRSOptimizer.Configuration.innerSplitLBFGS
  fast.solver = .gaussNewton
  fast.newtonTolerance = 1e-8
  v["lbfgs-split-gn"] = fast
  var adam = FSRSOptimizer.Configuration.innerSplitLBFGS
  adam.solver = .adam
  adam.regularizationCandidates = []
  adam.recencyWeighting = false
  v["adam"] = adam
  var c = adam
  c.recencyWeighting = true
  v["adam-rw"] = c
  c = adam
  c.solver = .lbfgs
  v["lbfgs-g1"] = c
  c.regularization = 10
  v["lbfgs-g10"] = c
  c.regularizationCandidates = [0.3, 1, 3, 10, 30, 100]
  v["lbfgs-cv"] = c
  c.recencyWeighting = true
  v["lbfgs-cv-rw"] = c
  c = adam
  c.regularizationCandidates = [0.3, 1, 3, 10, 30, 100]
  v["adam-cv"] = c
  c.solver = .adamThenLBFGS
  v["adam-lbfgs-cv"] = c
  return v
}()

/// Fit times summed over learners: the last tss5 fold and all five.
/// One fit's least time over the repeats (and rounds): wall, CPU, and its training targets.
struct DevSetFitTime {
  var fold: Int
  var wall: Double
  var cpu: Double
  var targets: Int

  /// Keeps in `best` each fit's least wall and least CPU time of `times` and what it holds.
  static func keepLeast(_ times: [String: DevSetFitTime], in best: inout [String: DevSetFitTime]) {
    for (key, t) in times {
      if var b = best[key] {
        b.wall = min(b.wall, t.wall)
        b.cpu = min(b.cpu, t.cpu)
        best[key] = b
      } else {
        best[key] = t
      }
    }
  }
}

struct DevSetFitTimes {
  var lastWall = 0.0, lastCPU = 0.0, allWall = 0.0, allCPU = 0.0
  var lastTargets = 0, allTargets = 0

  init() {}

  /// The sums of `times` (added in key order, so the sums do not depend on the dictionary's).
  init(_ times: [String: DevSetFitTime]) {
    for key in times.keys.sorted() {
      let t = times[key]!
      add(fold: t.fold, wall: t.wall, cpu: t.cpu, targets: t.targets)
    }
  }

  mutating func add(fold: Int, wall: Double, cpu: Double, targets: Int) {
    allWall += wall
    allCPU += cpu
    allTargets += targets
    if fold == 4 {
      lastWall += wall
      lastCPU += cpu
      lastTargets += targets
    }
  }

  var summary: String {
    String(format: "last fold %.4f s wall, %.4f s CPU (%d training targets); all folds %.4f s wall, %.4f s CPU (%d)",
      lastWall, lastCPU, lastTargets, allWall, allCPU, allTargets)
  }
}

private func devSetMember(_ value: JSONNode?, _ keys: String...) -> JSONNode? {
  var v = value
  for k in keys {
    guard case .object(let o)? = v else { return nil }
    v = o[k]
  }
  return v
}
