import Foundation
import MemoryModels
import PlannerCore
import ReviewLogs

/// `planner replay`: runs a review log through a memory model and prints, per review, the
/// prediction before it and the state and interval after it.
struct ReplayCommand: PlannerCommand {
  static let spec = CommandSpec(
    name: "replay",
    abstract: "Replay a review log through a memory model, one CSV row per review.",
    discussion: """
      Reads the review-log CSV of the FSRS optimizer tools (docs/file-formats.md) and writes
      card_id,review_time,elapsed_days,rating,retrievability,stability,difficulty,interval_days
      to stdout, in the input's order. Retrievability is the prediction before the review (empty
      on a card's first); stability, difficulty and the interval are after it. Days are learning
      days in --timezone starting at --day-starts-at (docs/replay.md).
      """,
    arguments: ReviewLogOptions.arguments + [
      .option(.model, value: "NAME", help: "The memory model: fsrs6, sm2 (Anki's SM-2) or hlr (half-life regression).", default: "fsrs6"),
      .option(.parameters, value: "FILE.json", help: "FSRS-6 parameters (a parameter file, as `planner optimize` writes); default: FSRS-6's defaults."),
      .option(.retention, value: "R", help: "Desired retention for the interval, between 0 and 1.", default: "0.9"),
    ])

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
    let revlog = try ReviewLogOptions(arguments)
    let path = revlog.path
    let retentionText = try arguments.require(.retention)
    guard let retention = try arguments.double(.retention), retention > 0, retention < 1 else {
      throw CLIError.invalid(ArgumentName.retention.display, retentionText, expected: "a number strictly between 0 and 1, such as 0.9")
    }
    let modelName = arguments.string(.model) ?? "fsrs6"
    let known = ["fsrs6", "sm2", "hlr"]
    guard known.contains(modelName) else { throw CLIError.notOneOf(ArgumentName.model.display, modelName, choices: known) }

    var fsrs = FSRS6()
    if let parameterPath = arguments.string(.parameters) {
      guard modelName == "fsrs6" else {
        throw CLIError.usage("--parameters holds FSRS-6 parameters; it does not apply to --model \(modelName)")
      }
      fsrs = FSRS6(parameters: try loadParameters(parameterPath, context: context))
    }

    // Streamed: one pass checks every row (a bad file is refused, or its skipped rows reported,
    // before any output), the second replays and writes block by block. Memory is one block
    // and each card's state, whatever the file's size (docs/replay.md).
    let stream = ReviewLogStream(clock: revlog.clock, skipInvalid: revlog.skipInvalid)
    let file = try readablePath(path, context: context)
    let checked = try stream.validate(path: file, fileName: path)
    for diagnostic in checked.diagnostics {
      context.stderr.write(Warning.skippedRow("\(diagnostic)"))
    }
    func emit<M: MemoryModel>(_ model: M) throws -> ReviewLogStream.Outcome {
      try ReviewReplay.stream(path: file, fileName: path, reading: stream, model: model, desiredRetention: retention) {
        context.stdout.write(bytes: $0)
      }
    }
    let replayed: ReviewLogStream.Outcome
    switch modelName {
    case "sm2": replayed = try emit(SM2())
    case "hlr": replayed = try emit(HalfLifeRegression())
    default: replayed = try emit(fsrs)
    }
    if !checked.diagnostics.isEmpty {
      context.stderr.write("planner: replayed \(replayed.rows) reviews; skipped \(checked.diagnostics.count) bad rows\n")
      return ExitCode.partialFailure
    }
    return ExitCode.success
  }

  /// Reads a parameter file; its errors name the file and the key path. A migrated or clipped
  /// vector is used and reported on stderr.
  static func loadParameters(_ path: String, context: CommandContext) throws -> FSRSParameters {
    let data = Data(try readBytes(path, context: context))
    do {
      let file = try FSRSParameterFile.decode(data)
      if let note = file.migrationNote { context.stderr.write("planner: note: \(path): \(note)\n") }
      return file.parameters
    } catch {
      let expected: String
      switch error {
      case .malformedParameterFile(_, let what): expected = what
      case .parameterCount(let n): expected = "21 FSRS-6 parameters (or 17 or 19 to migrate), got \(n)"
      case .parameterNotFinite: expected = "a finite number"
      case .parameterOutOfBounds(_, let v, let lo, let hi): expected = "a value in [\(lo), \(hi)], got \(v)"
      default: expected = error.description
      }
      throw PlanEngineError.malformed(file: path, line: nil, keyPath: error.keyPath, expected: expected)
    }
  }

  /// The path to open for `path` as given (relative to the command's directory); an error
  /// names it as given. The file is read twice, so it must be a file, not a pipe.
  static func readablePath(_ path: String, context: CommandContext) throws(PlanEngineError) -> String {
    let resolved = context.path(path)
    var info = stat()
    guard stat(resolved, &info) == 0 else { throw .io(path: path, reason: String(cString: strerror(errno))) }
    guard (info.st_mode & S_IFMT) == S_IFREG else {
      throw .io(path: path, reason: "is not a regular file; replay reads the review log twice (check, then replay), so give it a file, not a pipe")
    }
    return resolved
  }

  /// A file's bytes; an error names the path as the user gave it.
  static func readBytes(_ path: String, context: CommandContext) throws(PlanEngineError) -> [UInt8] {
    do {
      return try ReviewLogReader.readBytes(path: context.path(path))
    } catch {
      if case .io(_, let reason) = error { throw .io(path: path, reason: reason) }
      throw error
    }
  }
}
