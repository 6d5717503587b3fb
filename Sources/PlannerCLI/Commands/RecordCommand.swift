import Foundation
import LearnerStore
import PlannerCore

/// `planner record DIR <event> …` and `planner record DIR --events FILE.jsonl`.
enum RecordCommand: PlannerCommand {
  static let spec = CommandSpec(
    name: "record",
    abstract: "Record what the learner did (appends to events.jsonl, durably).",
    discussion: """
      Every form takes --at TIME (ISO 8601 with offset; default now) and --id ID (default a new
      unique id). Recording an id again with the same content succeeds ("already recorded");
      with different content it fails. --events FILE.jsonl (or - for standard input) records a
      batch of event lines, validated as a whole first: all or nothing.
      """,
    arguments: [
      .positional("DIR", help: "The learner folder."),
      .option("at", value: "TIME", help: "When it happened, e.g. 2026-11-30T08:15:00+02:00 (default: now)."),
      .option("id", value: "ID", help: "The event's unique id (default: a new one)."),
      .option("events", value: "FILE", help: "Record a batch of JSON event lines from FILE (- for stdin)."),
    ],
    subcommands: [
      CommandSpec(
        name: "recite", abstract: "A recitation of an ayah range.",
        arguments: [
          .positional("RANGE", help: "Ayahs recited: 78:1-16, 78, 78:38-79:5, p582."),
          .option("tier", value: "new|recent|old", help: "New lesson, recent or old revision.", required: true),
          .option("grade", value: "1-4", help: "1 forgot, 2 hard, 3 good, 4 perfect.", required: true),
          .option("mistakes", value: "N", help: "Number of mistakes.", default: "0"),
          .option("mistakes-at", value: "REFS", help: "Ayahs with mistakes, e.g. 78:5,78:9.", repeatable: true),
          .option("hesitations", value: "N", help: "Number of hesitations.", default: "0"),
          .option("seconds", value: "S", help: "How long it took."),
        ]),
      CommandSpec(
        name: "word", abstract: "A change to the dictionary or an activity on a word.",
        subcommands: [
          CommandSpec(name: "add", abstract: "Add a word with its Ukrainian translations.", arguments: [
            .positional("EN", help: "English word or phrase."),
            .positional("UK", help: "Ukrainian translations.", variadic: true),
          ]),
          CommandSpec(name: "edit", abstract: "Replace a word's translations.", arguments: [
            .positional("EN", help: "English word or phrase."),
            .positional("UK", help: "Ukrainian translations.", variadic: true),
          ]),
        ] + ["delete": "Delete a word.", "lookup": "The learner looked the word up.", "open": "The learner opened its card.",
             "known": "\"I know this word\".", "unknown": "\"I don't know this word\".", "reset": "Reset its popularity."]
          .sorted { $0.key < $1.key }
          .map { CommandSpec(name: $0.key, abstract: $0.value, arguments: [.positional("EN", help: "English word or phrase.")]) }),
      CommandSpec(
        name: "quiz", abstract: "A quiz answer; the engine checks it against the translations.",
        arguments: [
          .positional("EN", help: "English word or phrase asked."),
          .option("answer", value: "TEXT", help: "The answer given.", required: true),
          .option("seconds", value: "S", help: "How long it took."),
        ]),
      CommandSpec(
        name: "reminder", abstract: "A reminder shown, or what the learner did with it.",
        subcommands: [
          CommandSpec(name: "shown", abstract: "A reminder was shown.", arguments: [
            .positional("EN", help: "The word shown.", optional: true),
            .option("mode", value: "translation|hint", help: "How it was shown."),
          ]),
          CommandSpec(name: "acted", abstract: "The learner acted on a reminder.", arguments: [
            .positional("EN", help: "The word shown.", optional: true),
            .option("action", value: "quiz|known|unknown|opened|dismissed", help: "What they did.", required: true),
          ]),
        ]),
      CommandSpec(
        name: "plan", abstract: "A plan opened, or one of its items done or skipped.",
        subcommands: [
          CommandSpec(name: "opened", abstract: "The day's plan was opened.", arguments: [
            .option("date", value: "YYYY-MM-DD", help: "The plan's date (default: the learner's date at --at)."),
          ]),
          CommandSpec(name: "done", abstract: "A plan item was completed.", arguments: [
            .positional("ITEM", help: "The plan item's id."),
            .option("date", value: "YYYY-MM-DD", help: "The plan's date (default: the learner's date at --at)."),
            .option("seconds", value: "S", help: "How long it took."),
          ]),
          CommandSpec(name: "skipped", abstract: "A plan item was skipped.", arguments: [
            .positional("ITEM", help: "The plan item's id."),
            .option("date", value: "YYYY-MM-DD", help: "The plan's date (default: the learner's date at --at)."),
          ]),
        ]),
    ],
    runsWithoutSubcommand: true)

  /// `PLANNER_LOCK_TIMEOUT` seconds, else the default.
  static func lockTimeout(_ context: CommandContext) -> Double {
    context.environment["PLANNER_LOCK_TIMEOUT"].flatMap(Double.init) ?? LearnerLock.defaultTimeout
  }

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
    let dir = context.path(try arguments.require("DIR"))
    let path = arguments.commandPath
    if let batch = arguments.string("events") {
      guard path.count == 1 else { throw CLIError.usage("--events records a batch; give no event form with it") }
      let outcome: RecordOutcome
      if batch == "-" {
        outcome = try Learner.recordBatch(dir, bytes: context.stdin.readAll(), file: "<stdin>", now: context.now,
                                          lockTimeout: lockTimeout(context))
      } else {
        outcome = try Learner.recordBatch(dir, file: context.path(batch), now: context.now, lockTimeout: lockTimeout(context))
      }
      report(outcome, context: context)
      context.stdout.write("recorded \(outcome.appended.count) event\(outcome.appended.count == 1 ? "" : "s")"
        + (outcome.alreadyRecorded.isEmpty ? "" : ", \(outcome.alreadyRecorded.count) already recorded") + "\n")
      return ExitCode.success
    }
    guard path.count > 1 else {
      throw CLIError.usage("missing event: one of recite, word, quiz, reminder, plan (or --events FILE)")
    }
    let profile = try Learner.loadProfile(dir).0
    let time: EventTime
    if let at = arguments.string("at") {
      guard let t = EventTime(at) else {
        throw CLIError.usage("--at expects a time with offset such as 2026-11-30T08:15:00+02:00, got '\(at)'")
      }
      time = t
    } else {
      time = EventTime.now(context.now, timezone: profile.timezone)
    }
    func seconds() throws -> Double? { try arguments.double("seconds") }
    func planDate() throws -> String {
      if let d = arguments.string("date") { return d }
      var clock = LearnerClock(profile: profile)
      return EpochDay(clock.day(atMillis: time.epochMillis)).description
    }
    var note = ""
    let payload: EventPayload
    switch Array(path.dropFirst()) {
    case ["recite"]:
      guard let tier = RecitationTier(rawValue: try arguments.require("tier")) else {
        throw CLIError.usage("--tier expects new, recent or old, got '\(arguments.string("tier")!)'")
      }
      let refs = arguments.strings("mistakes-at").flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
      let located = refs.filter { !$0.isEmpty }
      payload = .recitation(Recitation(
        range: try arguments.require("RANGE"), tier: tier, grade: try arguments.int("grade") ?? 0,
        mistakes: max(try arguments.int("mistakes") ?? 0, located.count), mistakesAt: located,
        hesitations: try arguments.int("hesitations") ?? 0, seconds: try seconds()))
    case ["word", "add"]: payload = .wordAdded(english: try arguments.require("EN"), ukrainian: arguments.positionals("UK"))
    case ["word", "edit"]: payload = .wordEdited(english: try arguments.require("EN"), ukrainian: arguments.positionals("UK"))
    case ["word", "delete"]: payload = .wordDeleted(english: try arguments.require("EN"))
    case ["word", "lookup"]: payload = .wordLookedUp(english: try arguments.require("EN"))
    case ["word", "open"]: payload = .wordOpened(english: try arguments.require("EN"))
    case ["word", "known"]: payload = .wordKnown(english: try arguments.require("EN"))
    case ["word", "unknown"]: payload = .wordUnknown(english: try arguments.require("EN"))
    case ["word", "reset"]: payload = .wordReset(english: try arguments.require("EN"))
    case ["quiz"]:
      let en = try arguments.require("EN")
      let answer = try arguments.require("answer")
      let learner = try Learner.load(dir, writeSnapshot: false)
      guard learner.state.hasWord(en), let entry = learner.state.word(en)?.word else { throw PlanEngineError.unknownWord(en) }
      let (verdict, matched) = QuizAnswerSeam.check(answer: answer, accepted: entry.ukrainian)
      switch verdict {
      case .right: note = ": right"
      case .typo: note = ": typo, the right spelling is \(matched ?? entry.ukrainian.joined(separator: ", "))"
      case .wrong: note = ": wrong (\(entry.ukrainian.joined(separator: ", ")))"
      }
      payload = .wordQuizzed(english: en, answer: answer, verdict: verdict, seconds: try seconds())
    case ["reminder", "shown"]:
      var mode: ReminderMode?
      if let m = arguments.string("mode") {
        guard let x = ReminderMode(rawValue: m) else { throw CLIError.usage("--mode expects translation or hint, got '\(m)'") }
        mode = x
      }
      payload = .reminderShown(english: arguments.positional("EN"), mode: mode)
    case ["reminder", "acted"]:
      let a = try arguments.require("action")
      guard let action = ReminderAction(rawValue: a) else {
        throw CLIError.usage("--action expects one of \(ReminderAction.allCases.map(\.rawValue).joined(separator: ", ")), got '\(a)'")
      }
      payload = .reminderActed(english: arguments.positional("EN"), action: action)
    case ["plan", "opened"]: payload = .planOpened(date: try planDate())
    case ["plan", "done"]: payload = .planItemDone(date: try planDate(), item: try arguments.require("ITEM"), seconds: try seconds())
    case ["plan", "skipped"]: payload = .planItemSkipped(date: try planDate(), item: try arguments.require("ITEM"))
    default: throw CLIError.usage("unknown event form '\(path.dropFirst().joined(separator: " "))'")
    }
    // Validate exactly as a line of the log would be (ranges canonical, grades 1–4, …).
    let draft = LearnerEvent(id: arguments.string("id") ?? Learner.newEventID(now: context.now), time: time, payload: payload)
    let event: LearnerEvent
    do {
      event = try LearnerEvent.decode(.object(draft.json), file: "command line", line: nil)
    } catch {
      throw Self.asTyped(error)
    }
    let outcome = try Learner.record(dir, events: [event], now: context.now, lockTimeout: lockTimeout(context))
    report(outcome, context: context)
    if outcome.appended.isEmpty {
      context.stdout.write("already recorded \(event.id)\n")
    } else {
      context.stdout.write("recorded \(event.type.rawValue) \(event.id)\(note)\n")
    }
    return ExitCode.success
  }

  static func report(_ outcome: RecordOutcome, context: CommandContext) {
    if let torn = outcome.setAside {
      context.stderr.write("planner: warning: events.jsonl line \(torn.line) was torn (\(torn.bytes.count) bytes, a crash mid-append): moved to \(Learner.tornFile)\n")
    }
  }

  /// A validation error of a value typed on the command line names it as typed.
  static func asTyped(_ error: any Error) -> any Error {
    guard let e = error as? PlanEngineError, case .malformed(let file, let line, let keyPath, let expected) = e else {
      return error
    }
    return PlanEngineError.malformed(file: file, line: line, keyPath: PlanEngineError.commandLineKey(keyPath), expected: expected)
  }
}
