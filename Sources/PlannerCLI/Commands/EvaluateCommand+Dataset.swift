import Foundation
import MemoryModels
import PlannerCore

/// `planner evaluate --revlog DIR|FILE` on learner review files: the shared dev set's protocol
/// (docs/optimizer.md, "The dev-set protocol"), printed in the shape of `reference-results.json`
/// and, when a reference file is found, side by side with it.
extension EvaluateCommand {
  static let datasetArguments: [ArgumentSpec] = [
    .option(.protocol, value: "LIST", help: "For learner review files: tss5, holdout or tss5,holdout.", default: "tss5"),
    .option(.reference, value: "FILE", help: "For learner review files: reference scores (default: DIR/reference-results.json)."),
    .option(.check, value: "TOL", help: "For learner review files: exit 1 unless unfitted models' aggregates match the reference to TOL."),
  ]

  /// Whether `path` is a folder or a file whose header is the learner review format.
  static func isDataset(_ path: String) throws -> Bool {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return false }
    if isDirectory.boolValue { return true }
    guard let handle = FileHandle(forReadingAtPath: path) else { return false }
    defer { try? handle.close() }
    let head = String(decoding: handle.readData(ofLength: 512), as: UTF8.self)
    let header = head.split(separator: "\n", maxSplits: 1).first.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } } ?? []
    return header.contains("review_time_unix_ms") && header.contains("review_kind")
  }

  /// The name of a model in `reference-results.json`, or ours where the reference has none.
  static func referenceName(_ m: EvaluatedModel) -> String {
    switch m {
    case .fsrs6: return "FSRS-6 fitted (planner)"
    case .fsrs6Default: return "FSRS-6 default"
    case .average: return "Baseline (train recall rate)"
    case .sm2: return "SM-2 default"
    case .hlr: return "HLR fitted"
    }
  }

  /// The reference model a model is compared with.
  static func comparedName(_ m: EvaluatedModel) -> String? {
    switch m {
    case .fsrs6: return "FSRS-6 fitted (fsrs-rs)"
    case .fsrs6Default, .average: return referenceName(m)
    case .sm2, .hlr: return nil
    }
  }

  struct DatasetRun {
    var protocols: [DatasetEvaluation.SplitName]
    var models: [EvaluatedModel]
    /// Per protocol, per learner.
    var results: [[DatasetEvaluation.LearnerResult]]
  }

  static func runDataset(
    _ arguments: ParsedArguments, context: CommandContext, models asked: [EvaluatedModel], threads: Int, json: Bool
  ) throws -> Int32 {
    let given = try arguments.require(.revlog)
    let root = context.path(given)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory) else {
      throw CLIError.failure("\(given): no such file or directory")
    }
    var files: [String] = []
    if isDirectory.boolValue {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
      files = names.filter { $0.hasSuffix(".csv") }.sorted().map { root + "/" + $0 }
      guard !files.isEmpty else { throw CLIError.failure("\(given) holds no learner review file (*.csv)") }
    } else {
      files = [root]
    }
    var protocols: [DatasetEvaluation.SplitName] = []
    for name in (arguments.string(.protocol) ?? "tss5").split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
      guard let p = DatasetEvaluation.SplitName(rawValue: name) else {
        throw CLIError.notOneOf(ArgumentName.protocol.display, name, choices: ["tss5", "holdout"])
      }
      if !protocols.contains(p) { protocols.append(p) }
    }
    guard !protocols.isEmpty else { throw CLIError.usage("--protocol names no protocol; expected tss5, holdout or both") }
    let tolerance = try arguments.double(.check)
    if let tolerance, !(tolerance >= 0) { throw CLIError.usage("--check must be a tolerance of 0 or more") }

    let referencePath = arguments.string(.reference).map(context.path)
      ?? (isDirectory.boolValue ? root + "/reference-results.json" : nil)
    var reference: JSONNode?
    if let referencePath, FileManager.default.fileExists(atPath: referencePath) {
      guard let bytes = try? DurableFile.read(referencePath) else { throw CLIError.failure("\(referencePath): cannot be read") }
      do throws(JSONSyntaxError) {
        reference = try JSONParser.parse(bytes)
      } catch {
        throw CLIError.failure("\(referencePath): not a reference-results JSON file (\(error))")
      }
    } else if arguments.isGiven(.reference) {
      throw CLIError.failure("\(arguments.string(.reference)!): no such file")
    }
    if tolerance != nil && reference == nil {
      throw CLIError.usage("--check needs a reference: --reference FILE, or reference-results.json in the dataset folder")
    }

    var configuration = FSRSOptimizer.Configuration()
    configuration.threads = threads
    let evaluation = DatasetEvaluation(evaluator: ModelEvaluator(optimizer: FSRSOptimizer(configuration: configuration)), models: asked)
    var run = DatasetRun(protocols: protocols, models: asked, results: Array(repeating: [], count: protocols.count))
    for file in files {
      let text: String
      do {
        text = try String(contentsOfFile: file, encoding: .utf8)
      } catch {
        throw CLIError.failure("cannot read \(file): \(error.localizedDescription)")
      }
      let learnerFile: LearnerReviewFile
      do {
        learnerFile = try LearnerReviewFile(text: text)
      } catch {
        throw CLIError.failure("\(file): \(error)")
      }
      let name = String((file as NSString).lastPathComponent.dropLast(4))
      for (k, p) in protocols.enumerated() {
        do {
          run.results[k].append(try evaluation.evaluate(learner: name, cards: learnerFile.cards, protocol: p))
        } catch {
          throw CLIError.failure("\(file): \(error)")
        }
      }
    }

    context.stdout.write(json ? datasetJSON(run) : datasetTable(run, path: given, reference: reference))
    guard let tolerance, let reference else { return ExitCode.success }
    let failures = checkAgainstReference(run, reference: reference, tolerance: tolerance)
    for line in failures { context.stderr.write("planner: evaluate --check: \(line)\n") }
    if failures.isEmpty {
      if !json { context.stdout.write("check: every compared aggregate is within \(tolerance) of the reference\n") }
      return ExitCode.success
    }
    return ExitCode.failure
  }

  /// Aggregates of the models with a reference counterpart (fitted ones excepted: they are
  /// meant to differ) that differ from it by more than `tolerance`, one line each.
  static func checkAgainstReference(_ run: DatasetRun, reference: JSONNode, tolerance: Double) -> [String] {
    var failures: [String] = []
    for (k, p) in run.protocols.enumerated() {
      guard let aggregates = DatasetEvaluation.aggregate(run.results[k], models: run.models.count) else { continue }
      for (m, model) in run.models.enumerated() where model != .fsrs6 && model != .hlr {
        guard let name = comparedName(model), let ref = member(reference, "protocols", p.rawValue, "aggregate", name) else {
          failures.append("\(p.rawValue): the reference has no aggregate for \(referenceName(model))")
          continue
        }
        let a = aggregates[m]
        for (key, value) in [("log_loss", a.logLoss), ("rmse_bins", a.rmseBins), ("auc", a.auc), ("rmse", a.rmse)] {
          guard let expected = member(ref, key)?.doubleValue else { continue }
          if !(abs(value - expected) <= tolerance) {
            failures.append("\(p.rawValue) \(name) \(key): \(fixed(value, 6)), reference \(expected) (difference \(fixed(abs(value - expected), 6)) > \(tolerance))")
          }
        }
        if let n = member(ref, "test_targets")?.doubleValue, Int(n) != a.testTargets {
          failures.append("\(p.rawValue) \(name) test_targets: \(a.testTargets), reference \(Int(n))")
        }
      }
    }
    return failures
  }

  static func member(_ value: JSONNode?, _ keys: String...) -> JSONNode? {
    var v = value
    for k in keys {
      guard case .object(let o)? = v else { return nil }
      v = o[k]
    }
    return v
  }

  /// Per protocol: a row per scored learner and model, the reference's figures beside; then the
  /// aggregate rows.
  static func datasetTable(_ run: DatasetRun, path: String, reference: JSONNode?) -> String {
    var s = ""
    for (k, p) in run.protocols.enumerated() {
      let results = run.results[k]
      let scored = results.filter { $0.testTargets != nil }
      let aggregates = DatasetEvaluation.aggregate(results, models: run.models.count)
      s += "dataset: \(path); protocol \(p.rawValue); \(results.count) learners, \(scored.count) scored (at least \(DatasetEvaluation.minimumTargets) targets)"
      s += aggregates.map { "; \($0[0].testTargets) test targets\n" } ?? "\n"
      var header = ["learner", "n_test", "model", "log loss", "RMSE(bins)", "AUC"]
      if reference != nil { header += ["ref log loss", "ref RMSE(bins)", "ref AUC", "Δ log loss"] }
      var rows: [[String]] = []
      func row(_ learner: String, _ n: Int, _ model: EvaluatedModel, _ x: (Double, Double, Double?), _ ref: JSONNode?) {
        var cells = [learner, String(n), model.rawValue, fixed(x.0), fixed(x.1), x.2.map { fixed($0) } ?? "n/a"]
        if reference != nil {
          if let ref, let l = member(ref, "log_loss")?.doubleValue {
            cells += [fixed(l), member(ref, "rmse_bins")?.doubleValue.map { fixed($0) } ?? "-", member(ref, "auc")?.doubleValue.map { fixed($0) } ?? "-", fixed(x.0 - l)]
          } else {
            cells += ["-", "-", "-", "-"]
          }
        }
        rows.append(cells)
      }
      for r in scored {
        for (m, model) in run.models.enumerated() {
          let x = r.metrics[m]
          let ref = comparedName(model).flatMap { member(reference, "protocols", p.rawValue, "learners", r.learner, $0) }
          row(r.learner, r.testTargets!, model, (x.logLoss, x.rmseBins, x.auc), ref)
        }
      }
      if let aggregates {
        for (m, model) in run.models.enumerated() {
          let a = aggregates[m]
          let ref = comparedName(model).flatMap { member(reference, "protocols", p.rawValue, "aggregate", $0) }
          row("aggregate", a.testTargets, model, (a.logLoss, a.rmseBins, a.auc), ref)
        }
      }
      let widths = header.indices.map { c in ([header[c]] + rows.map { $0[c] }).map(\.count).max()! }
      func line(_ cells: [String]) -> String {
        cells.enumerated().map { c, v in
          c == 0 || c == 2 ? v.padding(toLength: widths[c], withPad: " ", startingAt: 0) : String(repeating: " ", count: widths[c] - v.count) + v
        }.joined(separator: "  ") + "\n"
      }
      s += line(header)
      for r in rows { s += line(r) }
      if let ref = reference, run.models.contains(.fsrs6), let agg = aggregates {
        let m = run.models.firstIndex(of: .fsrs6)!
        var wins = 0
        var compared = 0
        for r in scored {
          guard let l = member(ref, "protocols", p.rawValue, "learners", r.learner, "FSRS-6 fitted (fsrs-rs)", "log_loss")?.doubleValue else { continue }
          compared += 1
          if r.metrics[m].logLoss < l { wins += 1 }
        }
        s += "fsrs6 beats fsrs-rs's fit on \(wins) of \(compared) learners (log loss); aggregate log loss \(fixed(agg[m].logLoss))\n"
      }
      s += "\n"
    }
    return s
  }

  /// The run in the shape of `reference-results.json`: protocols → aggregate / learners → model
  /// → metrics, numbers rounded to 5 decimals as the reference is, in the one JSON style.
  static func datasetJSON(_ run: DatasetRun) -> String {
    func num(_ x: Double?) -> JSONNode { x.map { $0.isFinite ? .number(($0 * 100_000).rounded() / 100_000) : .null } ?? .null }
    var protocols = JSONObject()
    for (k, p) in run.protocols.enumerated() {
      let results = run.results[k]
      var aggregate = JSONObject()
      if let aggregates = DatasetEvaluation.aggregate(results, models: run.models.count) {
        for (m, model) in run.models.enumerated() {
          let a = aggregates[m]
          aggregate[referenceName(model)] = .object(JSONObject([
            "auc": num(a.auc), "learners": .number(Double(a.learners)), "log_loss": num(a.logLoss),
            "rmse": num(a.rmse), "rmse_bins": num(a.rmseBins), "test_targets": .number(Double(a.testTargets)),
          ]))
        }
      }
      var learners = JSONObject()
      for r in results {
        var o = JSONObject(["n_test": r.testTargets.map { .number(Double($0)) } ?? .null])
        if r.testTargets != nil {
          for (m, model) in run.models.enumerated() {
            let x = r.metrics[m]
            o[referenceName(model)] = .object(JSONObject(["auc": num(x.auc), "log_loss": num(x.logLoss), "rmse_bins": num(x.rmseBins)]))
          }
        }
        learners[r.learner] = .object(o)
      }
      protocols[p.rawValue] = .object(JSONObject(["aggregate": .object(aggregate), "learners": .object(learners)]))
    }
    return JSONOutput.document(.object(JSONObject([
      "description": .string("planner evaluate on learner review files: the dev-set protocol (data/reviews/README.md); aggregates are means of per-learner metrics weighted by test targets over learners with at least \(DatasetEvaluation.minimumTargets) targets."),
      "protocols": .object(protocols),
    ])))
  }
}
