import Foundation
import LearnerStore
import PlannerCore

/// `planner repair DIR`: sets aside the lines of a damaged log that are not events, so the
/// learner loads again; nothing is deleted.
enum RepairCommand: PlannerCommand {
  static let spec = CommandSpec(
    name: "repair",
    abstract: "Set aside the lines of a learner's log that are not events, so it loads again.",
    discussion: """
      Every line of events.jsonl that is not a valid event (corrupted in place, hand-edited) is
      moved to events.corrupt.jsonl, byte for byte; a torn last line to events.torn.jsonl; the
      log is replaced atomically by its good lines; the snapshots and the id index are rebuilt
      on the next load. Prints each line set aside. Exit 0 (also when nothing was wrong).
      """,
    arguments: [.positional(.DIR, help: "The learner folder.")])

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
    let dir = context.path(try arguments.require(.DIR))
    let report = try Learner.repair(dir, lockTimeout: RecordCommand.lockTimeout(context))
    let log = dir + "/" + Learner.eventsFile
    for bad in report.setAside {
      let text = String(decoding: bad.bytes.prefix(60), as: UTF8.self)
      context.stdout.write("\(log):\(bad.line): set aside (\(bad.bytes.count) bytes: \(text)\(bad.bytes.count > 60 ? "…" : ""))\n")
    }
    if let torn = report.torn {
      context.stdout.write("\(log):\(torn.line): torn last line set aside (\(torn.bytes.count) bytes)\n")
    }
    let moved = report.setAside.count
    if moved == 0 && report.torn == nil {
      context.stdout.write("\(log): every line is an event (\(report.kept) kept); nothing set aside\n")
    } else {
      var parts: [String] = []
      if moved > 0 { parts.append("\(moved) line\(moved == 1 ? "" : "s") to \(Learner.corruptFile)") }
      if report.torn != nil { parts.append("a torn line to \(Learner.tornFile)") }
      context.stdout.write("repaired: set aside \(parts.joined(separator: " and ")); \(report.kept) events kept\n")
    }
    return ExitCode.success
  }
}
