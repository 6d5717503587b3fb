import Foundation
import MemoryModels
import PlannerCore
import ReviewLogs

/// `planner synth`: writes the review log of a simulated learner whose hidden memory is not
/// FSRS (docs/optimizer.md), and reports the log loss of the hidden probabilities: the floor.
struct SynthCommand: PlannerCommand {
  static let spec = CommandSpec(
    name: "synth",
    abstract: "Write a synthetic review log of a simulated learner (hidden memory: not FSRS).",
    discussion: """
      The learner forgets along p = (1 + t/(9h))^-1 with per-card difficulty; an SM-2-like
      scheduler picks the intervals; recall is drawn from the hidden p. Columns:
      card_id,review_time,review_rating,review_state,elapsed_days. The same seed gives the same
      bytes. The summary (on stderr when the log goes to stdout) gives the floor: the mean log
      loss of the hidden probabilities over reviews on a later day.
      """,
    arguments: [
      .option(.cards, value: "N", help: "Number of cards, introduced over the first 3/4 of the days.", required: true),
      .option(.days, value: "D", help: "Days simulated.", required: true),
      .option(.seed, value: "S", help: "Seed of the simulation.", default: "1"),
      .option(.out, value: "FILE", help: "Write the CSV here (atomically) instead of stdout."),
    ])

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
    let cards = try arguments.requiredInt(.cards, in: 1...Int.max)
    let days = try arguments.requiredInt(.days, in: 1...Int.max)
    let seed = try SimulateCommand.seed(arguments)
    let log = SyntheticReviewLog(cards: cards, days: days, seed: seed)
    let bytes = csv(log)
    let summary = "synthetic log: \(log.reviews.count) reviews of \(cards) cards over \(days) days (seed \(seed)); "
      + "floor (log loss of the hidden probabilities over \(log.longTermReviewCount) later-day reviews): "
      + String(format: "%.5f", log.floorLogLoss) + "\n"
    if let out = arguments.string(.out) {
      try CLIFileOutput.write(bytes, to: context.path(out), named: out)
      context.stdout.write("wrote \(out)\n" + summary)
    } else {
      bytes.withUnsafeBytes { context.stdout.write(bytes: $0) }
      context.stderr.write(summary)
    }
    return ExitCode.success
  }

  /// The review-log CSV with elapsed_days, byte for byte the same for the same log.
  static func csv(_ log: SyntheticReviewLog) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(log.reviews.count * 36 + 64)
    out.append(contentsOf: Array("card_id,review_time,review_rating,review_state,elapsed_days\n".utf8))
    for r in log.reviews {
      ByteNumberFormat.writeInt(r.cardID, into: &out)
      out.append(UInt8(ascii: ","))
      ByteNumberFormat.writeInt(r.time, into: &out)
      out.append(UInt8(ascii: ","))
      ByteNumberFormat.writeInt(Int64(r.rating.rawValue), into: &out)
      out.append(UInt8(ascii: ","))
      ByteNumberFormat.writeInt(Int64(r.state), into: &out)
      out.append(UInt8(ascii: ","))
      ByteNumberFormat.writeInt(Int64(r.elapsedDays), into: &out)
      out.append(UInt8(ascii: "\n"))
    }
    return out
  }
}
