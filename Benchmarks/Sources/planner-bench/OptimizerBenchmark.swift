import Foundation
import MemoryModels

/// `planner-bench optimizer [FIXTURE_DIR]`: FSRS-6 fit time per 100,000 reviews on the shared
/// synth-1k / synth-10k fixtures and on a larger synthetic log, with 1 and 2 threads; in-sample
/// plain log loss against the fsrs-rs reference fits; peak memory (VmHWM).
enum OptimizerBenchmark {
  static func run(_ arguments: [String]) {
    let quick = arguments.contains("--quick")  // fixtures only, one thread, one run
    let dir = arguments.first { !$0.hasPrefix("--") } ?? "../shared/fixtures/optimizer"
    let reference = (try? JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/fsrs-rs-reference.json")))) as? [String: Any]
    let fits = reference?["fits"] as? [String: Any] ?? [:]

    var inputs: [(String, [CardHistory])] = []
    for name in ["synth-1k.csv", "synth-10k.csv"] {
      if let cards = readFixture(dir + "/" + name) { inputs.append((name, cards)) }
      else { print("(\(name) not found under \(dir); skipped)") }
    }
    let big = SyntheticReviewLog(cards: quick ? 0 : 60_000, days: 365, seed: 1)
    if !quick { inputs.append(("synth 60k cards x 365 days (seed 1)", big.cardHistories)) }

    print("FSRS-6 optimizer (5 epochs, batch 512, lr 0.04), release build")
    print("log | reviews | examples | threads | wall s (best of 3) | wall s per 100k reviews | CPU s per 100k | loss default | loss fitted | fsrs-rs fitted | fsrs-rs s")
    for (name, cards) in inputs {
      let reviews = cards.reduce(0) { $0 + $1.count }
      var fitted: FSRSFitReport?
      for threads in quick ? [1] : [1, 2] {
        var config = FSRSOptimizer.Configuration()
        config.threads = threads
        if let e = ProcessInfo.processInfo.environment["EPOCHS"].flatMap(Int.init) { config.epochs = e }
        if let b = ProcessInfo.processInfo.environment["BATCH"].flatMap(Int.init) { config.batchSize = b }
        var best = Double.infinity
        var bestCPU = Double.infinity
        for _ in 0..<(quick ? 1 : 3) {
          let t0 = DispatchTime.now().uptimeNanoseconds
          let c0 = cpuSeconds()
          let report = FSRSOptimizer(configuration: config).fit(cards)
          let s = Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9
          best = min(best, s)
          bestCPU = min(bestCPU, cpuSeconds() - c0)
          fitted = report
        }
        let r = fitted!
        let ref = fits[name] as? [String: Any]
        let refLoss = ((ref?["log_loss"] as? [String: Any])?["unweighted_long_term_fitted"] as? Double).map { String(format: "%.5f", $0) } ?? "-"
        let refSeconds = (ref?["seconds_median"] as? Double).map { String(format: "%.3f", $0) } ?? "-"
        print("\(name) | \(reviews) | \(r.trainingExamples) | \(threads) | \(String(format: "%.4f", best)) | \(String(format: "%.4f", best * 100_000 / Double(reviews))) | \(String(format: "%.4f", bestCPU * 100_000 / Double(reviews))) | \(String(format: "%.5f", r.logLossBefore)) | \(String(format: "%.5f", r.logLossAfter)) | \(refLoss) | \(refSeconds)")
      }
      do {  // where one single-threaded fit spends its time
        func time(_ f: () -> Void) -> Double {
          let t0 = DispatchTime.now().uptimeNanoseconds
          f()
          return Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9
        }
        var data: TrainingData!
        let tData = time { data = TrainingData(cards) }
        let tLoss = time { _ = FSRSOptimizer.meanLogLoss(data, .defaults) }
        let tGrad = time { _ = FSRSOptimizer.lossAndGradient(data, weights: FSRSParameters.defaults.weights) }
        print("  phases (s): flatten \(String(format: "%.4f", tData)), one loss pass \(String(format: "%.4f", tLoss)), one gradient pass \(String(format: "%.4f", tGrad))")
      }
      if name.hasPrefix("synth 60k") { print("  floor (hidden probabilities): \(String(format: "%.5f", big.floorLogLoss))") }
      print("  fitted: \(fitted!.parameters.weights.map { String(format: "%.4f", $0) }.joined(separator: ", "))")
    }
    print("peak memory (VmHWM): \(peakMemory())")
  }

  /// CPU time of the whole process (all threads): robust to other processes on a shared machine.
  static func cpuSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
  }

  static func peakMemory() -> String {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return "n/a" }
    return status.split(separator: "\n").first { $0.hasPrefix("VmHWM") }.map { $0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces) } ?? "n/a"
  }

  /// A minimal reader for the fixtures (card_id, review_time, review_rating, review_state,
  /// elapsed_days), until the shared importer lands on main.
  static func readFixture(_ path: String) -> [CardHistory]? {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
    var byCard: [Int64: CardHistory] = [:]
    for line in text.unicodeScalars.split(separator: "\n").dropFirst() {
      let f = String(line).trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",")
      let id = Int64(f[0])!
      byCard[id, default: CardHistory(cardID: id)].append(time: Int64(f[1])!, elapsedDays: Int32(f[4])!, rating: Rating(rawValue: Int(f[2])!)!)
    }
    return byCard.keys.sorted().map { byCard[$0]! }
  }
}
