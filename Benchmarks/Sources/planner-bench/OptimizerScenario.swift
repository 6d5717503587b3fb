import Foundation
import MemoryModels
import PlannerCore
import ReviewLogs

/// `optimizer`: FSRS-6 fit time per 100,000 reviews and in-sample plain log loss, on the shared
/// fixtures synth-1k / synth-10k (beside the fsrs-rs reference fits) and on a larger synthetic
/// log (60,000 cards × 365 days, about a million reviews), with 1 and 2 threads; peak memory.
///
/// Each fit runs three times; the best wall time is the figure, with the process CPU time
/// (all threads) and the load average beside it: the machine is shared. The fixture directory
/// is `$PLANNER_FIXTURES` or `../shared/fixtures/optimizer` (`--quick` reads only synth-1k.csv,
/// which the tests keep in Tests/Fixtures/optimizer). One JSON line per (log, threads)
/// on stdout; a readable table on stderr.
@Sendable func optimizerScenario() {
  let dir = ProcessInfo.processInfo.environment["PLANNER_FIXTURES"] ?? "../shared/fixtures/optimizer"
  let referenceData = try? Data(contentsOf: URL(fileURLWithPath: dir + "/fsrs-rs-reference.json"))
  let reference = referenceData.flatMap { try? JSONParser.parse([UInt8]($0)) }

  // Loaded one at a time (the big log is made only after the fixtures' fits), so the peak
  // resident memory printed after each log's fits shows what that size needs.
  var sources: [(name: String, load: () -> (cards: [CardHistory], floor: Double?)?)] = []
  // --quick (the smoke test under `swift test`) fits only the small fixture.
  for name in benchQuick ? ["synth-1k.csv"] : ["synth-1k.csv", "synth-10k.csv"] {
    sources.append((name, {
      do {
        return (try ReviewLogReader().read(path: dir + "/" + name).cardHistories(), nil)
      } catch {
        FileHandle.standardError.write(Data("optimizer: skipped \(name): \(error)\n".utf8))
        return nil
      }
    }))
  }
  let bigCards = benchQuick ? 2_000 : 60_000
  sources.append(("synth \(bigCards) cards x 365 days seed 1", {
    let big = SyntheticReviewLog(cards: bigCards, days: 365, seed: 1)
    return (big.cardHistories, big.floorLogLoss)
  }))
  var inputs: [(name: String, cards: [CardHistory], floor: Double?)] = []

  func stderr(_ s: String) { FileHandle.standardError.write(Data((s + "\n").utf8)) }
  stderr("log | reviews | examples | threads | wall s | wall s/100k | CPU s/100k | loss default | loss fitted | fsrs-rs fitted | fsrs-rs s")
  for source in sources {
    guard let loaded = source.load() else { continue }
    let input = (name: source.name, cards: loaded.cards, floor: loaded.floor)
    inputs.append(input)
    let reviews = input.cards.reduce(0) { $0 + $1.count }
    let ref = member(reference, "fits", input.name)
    let refLoss = member(ref, "log_loss", "unweighted_long_term_fitted")?.doubleValue
    let refSeconds = member(ref, "seconds_median")?.doubleValue
    for threads in [1, 2] {
      var config = FSRSOptimizer.Configuration()
      config.threads = threads
      var best = Double.infinity
      var bestCPU = Double.infinity
      var fit: FSRSFitReport!
      for _ in 0..<(benchQuick ? 1 : 3) {
        let c0 = processCPUSeconds()
        let s = seconds { fit = FSRSOptimizer(configuration: config).fit(input.cards) }
        best = min(best, s)
        bestCPU = min(bestCPU, processCPUSeconds() - c0)
      }
      let per100k = 100_000 / Double(reviews)
      report("optimizer", [
        ("log", .string(input.name)), ("reviews", .number(Double(reviews))),
        ("training_reviews", .number(Double(fit.trainingExamples))), ("threads", .number(Double(threads))),
        ("seconds", rounded(best)), ("seconds_per_100k_reviews", rounded(best * per100k)),
        ("cpu_seconds_per_100k_reviews", rounded(bestCPU * per100k)),
        ("log_loss_default", rounded(fit.logLossBefore, 5)), ("log_loss_fitted", rounded(fit.logLossAfter, 5)),
        ("fsrs_rs_log_loss_fitted", refLoss.map { .number($0) } ?? .null),
        ("fsrs_rs_seconds", refSeconds.map { .number($0) } ?? .null),
        ("floor", input.floor.map { rounded($0, 5) } ?? .null),
        ("fitted", .string(fit.scope.rawValue)), ("load_average", loadAverage()),
        ("peak_rss_kib_so_far", peakResidentKiB().map { .number(Double($0)) } ?? .null),
      ])
      stderr("\(input.name) | \(reviews) | \(fit.trainingExamples) | \(threads) | \(f(best)) | \(f(best * per100k)) | \(f(bestCPU * per100k)) | \(f(fit.logLossBefore, 5)) | \(f(fit.logLossAfter, 5)) | \(refLoss.map { f($0, 5) } ?? "-") | \(refSeconds.map { f($0) } ?? "-")")
    }
  }
  // Held-out accuracy: the srs-benchmark protocol (5 folds) on each log, every model.
  for input in inputs {
    guard let split = try? TimeSeriesEvaluation(cards: input.cards, folds: 5) else { continue }
    var config = FSRSOptimizer.Configuration()
    config.threads = 2
    var result: ModelEvaluator.Result!
    let s = seconds { result = ModelEvaluator(optimizer: FSRSOptimizer(configuration: config)).evaluate(split, models: EvaluatedModel.allCases) }
    var figures: [(String, JSONNode)] = [("log", .string(input.name)), ("scored_reviews", .number(Double(result.reviews.count))), ("seconds", rounded(s))]
    for (m, x) in zip(result.models, result.metrics) {
      figures.append((m.rawValue + "_log_loss", rounded(x.logLoss, 5)))
      figures.append((m.rawValue + "_rmse_bins", rounded(x.rmseBins, 4)))
      figures.append((m.rawValue + "_auc", x.auc.map { rounded($0, 4) } ?? .null))
      stderr("evaluate \(input.name) | \(m.rawValue) | log loss \(f(x.logLoss, 5)) | RMSE(bins) \(f(x.rmseBins)) | AUC \(x.auc.map { f($0) } ?? "n/a") | \(x.count)")
    }
    report("optimizer-evaluate", figures)
  }
  report("optimizer-memory", [("peak_rss_kib_after_evaluate", peakResidentKiB().map { .number(Double($0)) } ?? .null)])
}

private func f(_ x: Double, _ digits: Int = 4) -> String { String(format: "%.\(digits)f", x) }

/// VmHWM from /proc/self/status: the peak resident set, KiB.
private func peakResidentKiB() -> Int? {
  guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
    let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
  else { return nil }
  return Int(line.dropFirst(6).trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? "")
}

private func member(_ value: JSONNode?, _ keys: String...) -> JSONNode? {
  var v = value
  for k in keys {
    guard case .object(let o)? = v else { return nil }
    v = o[k]
  }
  return v
}
