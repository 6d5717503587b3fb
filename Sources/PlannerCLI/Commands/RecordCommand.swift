import Foundation
import Hifz
import LearnerStore
import PlannerCore
import Vocabulary

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
      .positional(.DIR, help: "The learner folder."),
    ] + AtOption.arguments + [
      .option(.id, value: "ID", help: "The event's unique id (default: a new one)."),
      .option(.events, value: "FILE", help: "Record a batch of JSON event lines from FILE (- for stdin)."),
    ],
    subcommands: [
      CommandSpec(
        name: "recite", abstract: "A recitation of an ayah range.",
        arguments: [
          .positional(.RANGE, help: "Ayahs recited: 78:1-16, 78, 78:38-79:5, p582."),
          .option(.tier, value: "new|recent|old", help: "New lesson, recent or old revision.", required: true),
          .option(.grade, value: "1-4", help: "1 forgot, 2 hard, 3 good, 4 perfect.", required: true),
          .option(.mistakes, value: "N", help: "Number of mistakes.", default: "0"),
          .option(.mistakesAt, value: "REFS", help: "Ayahs with mistakes, e.g. 78:5,78:9.", repeatable: true),
          .option(.hesitations, value: "N", help: "Number of hesitations.", default: "0"),
          .option(.prompts, value: "N", help: "Times the teacher prompted (fath); count as memory mistakes.", default: "0"),
          .option(.tajweed, value: "N", help: "Tajweed slips; they never lower the memory grade.", default: "0"),
          .option(.seconds, value: "S", help: "How long it took."),
        ]),
      CommandSpec(
        name: "word", abstract: "A change to the dictionary or an activity on a word.",
        subcommands: [
          CommandSpec(name: "add", abstract: "Add a word with its Ukrainian translations.", arguments: [
            .positional(.EN, help: "English word or phrase."),
            .positional(.UK, help: "Ukrainian translations.", variadic: true),
          ]),
          CommandSpec(name: "edit", abstract: "Replace a word's translations.", arguments: [
            .positional(.EN, help: "English word or phrase."),
            .positional(.UK, help: "Ukrainian translations.", variadic: true),
          ]),
          CommandSpec(
            name: "lookup",
            abstract: "The learner looked the word up (a word not in the dictionary is added: with --translation, or from the built-in list).",
            arguments: [
              .positional(.EN, help: "English word or phrase."),
              .option(.translation, value: "UK", help: "The translation the app showed (repeatable); adds the word if it is new.", repeatable: true),
            ]),
          CommandSpec(name: "tag", abstract: "Give a word tags (decks: study one with today --deck, suspend one with words suspend --tag).", arguments: [
            .positional(.EN, help: "English word or phrase."),
            .positional(.TAG, help: "Tags, one word each (e.g. verbs travel).", variadic: true),
          ]),
          CommandSpec(name: "untag", abstract: "Take tags off a word.", arguments: [
            .positional(.EN, help: "English word or phrase."),
            .positional(.TAG, help: "Tags to remove.", variadic: true),
          ]),
        ] + ["delete": "Delete a word.", "open": "The learner opened its card.",
             "known": "\"I know this word\".", "unknown": "\"I don't know this word\".", "reset": "Reset its popularity.",
             "suspend": "Suspend a word (a leech): no plan item or reminder until unsuspended.",
             "unsuspend": "Bring a suspended word back."]
          .sorted { $0.key < $1.key }
          .map { CommandSpec(name: $0.key, abstract: $0.value, arguments: [.positional(.EN, help: "English word or phrase.")]) }),
      CommandSpec(
        name: "quiz", abstract: "A quiz answer; the engine checks it against the translations.",
        arguments: [
          .positional(.EN, help: "English word or phrase asked."),
          .option(.answer, value: "TEXT", help: "The answer given.", required: true),
          .option(.seconds, value: "S", help: "How long it took."),
          .flag(.reverse, help: "A reverse card: a translation was shown, the answer is English (default: the profile's vocabulary.cards)."),
        ]),
      CommandSpec(
        name: "reminder", abstract: "A reminder shown, or what the learner did with it.",
        subcommands: [
          CommandSpec(name: "shown", abstract: "A reminder was shown.", arguments: [
            .positional(.EN, help: "The word shown.", optional: true),
            .option(.mode, value: "translation|hint", help: "How it was shown."),
          ]),
          CommandSpec(name: "acted", abstract: "The learner acted on a reminder.", arguments: [
            .positional(.EN, help: "The word shown.", optional: true),
            .option(.action, value: "quiz|known|unknown|opened|dismissed", help: "What they did.", required: true),
          ]),
        ]),
      CommandSpec(
        name: "plan", abstract: "A plan opened, or one of its items done or skipped.",
        subcommands: [
          CommandSpec(name: "opened", abstract: "The day's plan was opened.", arguments: DateOption.arguments),
          CommandSpec(name: "done", abstract: "A plan item was completed.", arguments: [
            .positional(.ITEM, help: "The plan item's id."),
            .option(.seconds, value: "S", help: "How long it took."),
          ] + DateOption.arguments),
          CommandSpec(name: "skipped", abstract: "A plan item was skipped.", arguments: [
            .positional(.ITEM, help: "The plan item's id."),
          ] + DateOption.arguments),
        ]),
      CommandSpec(
        name: "correct", abstract: "Correct an event recorded earlier (the original stays in the log).",
        discussion: """
          Records an event.corrected event: the fold applies the corrected event in place of the
          original, at the original's time (the last correction of an event wins). Give the fields
          to change (a recitation's --grade, --tier, --mistakes, --mistakes-at, --hesitations,
          --seconds; a quiz's --answer, checked again, or --seconds; a plan item's --seconds), or
          --void when the event did not happen.
          """,
        arguments: [
          .positional(.TARGET, help: "The id of the event to correct."),
          .option(.grade, value: "1-4", help: "A recitation's grade."),
          .option(.tier, value: "new|recent|old", help: "A recitation's tier."),
          .option(.mistakes, value: "N", help: "A recitation's number of mistakes."),
          .option(.mistakesAt, value: "REFS", help: "A recitation's ayahs with mistakes.", repeatable: true),
          .option(.hesitations, value: "N", help: "A recitation's number of hesitations."),
          .option(.seconds, value: "S", help: "How long it took."),
          .option(.answer, value: "TEXT", help: "A quiz's answer (checked again)."),
          .flag(.void, help: "The event did not happen: fold it as nothing."),
        ]),
    ],
    runsWithoutSubcommand: true)

  /// `PLANNER_LOCK_TIMEOUT` seconds, else the default; a malformed value is a usage error
  /// (exit 64) naming the variable.
  static func lockTimeout(_ context: CommandContext) throws(CLIError) -> Double {
    do {
      return try LearnerLock.timeout(environment: context.environment)
    } catch {
      guard case .invalidValue(let name, let value, let expected) = error else { throw .failure(error.description) }
      throw CLIError.invalid(name, value, expected: expected)
    }
  }

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
    let dir = context.path(try arguments.require(.DIR))
    let path = arguments.commandPath
    let at = try AtOption(arguments)
    if let batch = arguments.string(.events) {
      guard path.count == 1 else { throw CLIError.usage("--events records a batch; give no event form with it") }
      let outcome: RecordOutcome
      if batch == "-" {
        outcome = try Learner.recordBatch(dir, bytes: context.stdin.readAll(), file: "<stdin>", now: context.now,
                                          lockTimeout: lockTimeout(context))
      } else {
        outcome = try Learner.recordBatch(dir, file: context.path(batch), now: context.now, lockTimeout: lockTimeout(context))
      }
      report(outcome, context: context)
      let file = batch == "-" ? "<stdin>" : context.path(batch)
      for (k, e) in outcome.appended.enumerated() {
        let at = k < outcome.appendedLines.count ? "\(file):\(outcome.appendedLines[k])" : file
        for t in e.payload.nonCyrillicTranslations {
          context.stderr.write(Warning.nonCyrillicTranslation(english: e.payload.english ?? "", translation: t, file: at))
        }
      }
      context.stdout.write("recorded \(outcome.appended.count) event\(outcome.appended.count == 1 ? "" : "s")"
        + (outcome.alreadyRecorded.isEmpty ? "" : ", \(outcome.alreadyRecorded.count) already recorded") + "\n")
      return ExitCode.success
    }
    guard path.count > 1 else {
      throw CLIError.usage("missing event: one of recite, word, quiz, reminder, plan, correct (or --events FILE)")
    }
    // The event is built from the learner as loaded under the lock (its timezone, a quiz's
    // translations, a correction's target): the profile read once, the state folded once.
    var note = ""
    var built: LearnerEvent?
    let outcome: RecordOutcome
    do {
      outcome = try Learner.record(dir, now: context.now, lockTimeout: lockTimeout(context)) { learner in
          let profile = learner.profile
          let time = at.time(or: context.now, timezone: profile.timezone)
          func seconds() throws -> Double? {
            guard let s = try arguments.double(.seconds) else { return nil }
            guard s >= 0 else { throw CLIError.invalid(ArgumentName.seconds.display, arguments.string(.seconds)!, expected: "a number of seconds, 0 or more") }
            return s
          }
          func planDate() throws -> String {
            if let d = try DateOption(arguments).date { return d.description }
            var clock = LearningDayClock(profile: profile)
            return EpochDay(clock.day(atMillis: time.epochMillis)).description
          }
          let payload: EventPayload
          switch Array(path.dropFirst()) {
          case ["recite"]:
            let tierName = try arguments.require(.tier)
            guard let tier = QuranTier(rawValue: tierName) else {
              throw CLIError.notOneOf(ArgumentName.tier.display, tierName, choices: QuranTier.allCases.map(\.rawValue))
            }
            let refs = arguments.strings(.mistakesAt).flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
            let located = refs.filter { !$0.isEmpty }
            payload = .recitation(Recitation(
              range: try arguments.require(.RANGE), tier: tier, grade: try arguments.requiredInt(.grade, in: 1...4),
              mistakes: max(try arguments.int(.mistakes, in: 0...Int.max) ?? 0, located.count), mistakesAt: located,
              hesitations: try arguments.int(.hesitations, in: 0...Int.max) ?? 0, seconds: try seconds(),
              prompts: try arguments.int(.prompts, in: 0...Int.max) ?? 0, tajweed: try arguments.int(.tajweed, in: 0...Int.max) ?? 0))
          case ["word", "add"]:
            payload = .wordAdded(english: try VocabularyCLI.english(arguments), ukrainian: try VocabularyCLI.translations(arguments, context: context))
          case ["word", "edit"]:
            payload = .wordEdited(english: try VocabularyCLI.english(arguments), ukrainian: try VocabularyCLI.translations(arguments, context: context))
          case ["word", "delete"]: payload = .wordDeleted(english: try arguments.require(.EN))
          case ["word", "lookup"]:
            let en = try VocabularyCLI.english(arguments)
            let given = arguments.strings(.translation)
            if learner.state.hasWord(en) {
              payload = .wordLookedUp(english: en)
            } else if !given.isEmpty {
              let given = try VocabularyCLI.translations(given, name: .translation, english: en, context: context)
              payload = .wordLookedUp(english: en, ukrainian: given)
              note = ": added with \(given.joined(separator: ", "))"
            } else if let entry = BuiltInDictionary.entry(en) {
              payload = .wordLookedUp(english: entry.english, ukrainian: entry.ukrainian)
              note = ": added from the built-in list (\(entry.ukrainian.joined(separator: ", ")))"
            } else {
              throw PlanEngineError.unknownLookup(en, listSize: BuiltInDictionary.count)
            }
          case ["word", "tag"]: payload = .wordTagged(english: try VocabularyCLI.english(arguments), tags: try VocabularyCLI.tags(arguments))
          case ["word", "untag"]: payload = .wordUntagged(english: try VocabularyCLI.english(arguments), tags: try VocabularyCLI.tags(arguments))
          case ["word", "suspend"]: payload = .wordSuspended(english: try arguments.require(.EN))
          case ["word", "unsuspend"]: payload = .wordUnsuspended(english: try arguments.require(.EN))
          case ["word", "open"]: payload = .wordOpened(english: try arguments.require(.EN))
          case ["word", "known"]: payload = .wordKnown(english: try arguments.require(.EN))
          case ["word", "unknown"]: payload = .wordUnknown(english: try arguments.require(.EN))
          case ["word", "reset"]: payload = .wordReset(english: try arguments.require(.EN))
          case ["quiz"]:
            let en = try arguments.require(.EN)
            let answer = try arguments.require(.answer)
            // The card's direction: --reverse, else the profile's `vocabulary.cards` rule for the
            // learning day of the answer (the rule the plan used).
            var clock = LearningDayClock(profile: profile)
            let direction: CardDirection = arguments.flag(.reverse) ? .reverse
              : (profile.vocabulary.cards ?? .forward).direction(for: en, on: EpochDay(clock.day(atMillis: time.epochMillis)))
            try VocabularyCLI.requireAnswer(answer, direction: direction)
            guard learner.state.hasWord(en), let entry = learner.state.word(en)?.word else { throw PlanEngineError.unknownWord(en) }
            let dictionary = learner.vocabularyWords
            let word = dictionary.first { $0.key == VocabularyWord.key(entry.english) }
              ?? VocabularyWord(english: entry.english, translations: entry.ukrainian, addedAt: Date(timeIntervalSince1970: 0))
            let checked = AnswerChecker.check(answer, word: word, dictionary: dictionary, direction: direction)
            let (verdict, matched) = (checked.verdict, checked.matched)
            let expected = direction == .forward ? entry.ukrainian.joined(separator: ", ") : entry.english
            switch verdict {
            case .right: note = ": right"
            case .typo: note = ": typo, the right spelling is \(matched ?? expected)"
            case .wrong: note = ": wrong (\(expected))"
            }
            payload = .wordQuizzed(english: en, answer: answer, verdict: verdict, seconds: try seconds())
          case ["reminder", "shown"]:
            var mode: ReminderPolicy.Mode?
            if let m = arguments.string(.mode) {
              // A reminder shows a translation or a hint; `mixed` is a profile setting, not a shown mode.
              let shown: [ReminderPolicy.Mode] = [.translation, .hint]
              guard let x = ReminderPolicy.Mode(rawValue: m), shown.contains(x) else {
                throw CLIError.notOneOf(ArgumentName.mode.display, m, choices: shown.map(\.rawValue))
              }
              mode = x
            }
            payload = .reminderShown(english: arguments.positional(.EN), mode: mode)
          case ["reminder", "acted"]:
            let a = try arguments.require(.action)
            guard let action = ReminderAction(rawValue: a) else {
              throw CLIError.notOneOf(ArgumentName.action.display, a, choices: ReminderAction.allCases.map(\.rawValue))
            }
            payload = .reminderActed(english: arguments.positional(.EN), action: action)
          case ["correct"]:
            (payload, note) = try correction(arguments, learner: learner, context: context)
          case ["plan", "opened"]: payload = .planOpened(date: try planDate())
          case ["plan", "done"]: payload = .planItemDone(date: try planDate(), item: try arguments.require(.ITEM), seconds: try seconds())
          case ["plan", "skipped"]: payload = .planItemSkipped(date: try planDate(), item: try arguments.require(.ITEM))
          default: throw CLIError.usage("unknown event form '\(path.dropFirst().joined(separator: " "))'")
          }
          // Validate exactly as a line of the log would be (ranges canonical, grades 1–4, …).
          let draft = LearnerEvent(id: arguments.string(.id) ?? Learner.newEventID(now: context.now), time: time, payload: payload)
          let event: LearnerEvent
          do {
            event = try LearnerEvent.decode(.object(draft.json), file: Self.commandLine, line: nil)
          } catch {
            throw Self.asTyped(error, arguments: arguments)
          }
          built = event
          return [event]
      }
    } catch {
      throw Self.asTyped(error, arguments: arguments)
    }
    let event = built!
    report(outcome, context: context)
    if outcome.appended.isEmpty {
      context.stdout.write("already recorded \(event.id)\n")
    } else {
      context.stdout.write("recorded \(event.type.rawValue) \(event.id)\(note)\n")
    }
    return ExitCode.success
  }

  /// `record DIR correct TARGET …`: the target (found through the id index), changed as the
  /// options say, as an `event.corrected` payload.
  static func correction(_ arguments: ParsedArguments, learner: Learner, context: CommandContext) throws -> (EventPayload, String) {
    let target = try arguments.require(.TARGET)
    guard let (original, _) = try learner.recordedEvent(id: target) else {
      throw CLIError.invalid(ArgumentName.TARGET.display, target, expected: "the id of an event recorded before (no event of the log has it)")
    }
    let fields: [ArgumentName] = [.grade, .tier, .mistakes, .mistakesAt, .hesitations, .seconds, .answer]
    let given = fields.filter { !arguments.strings($0).isEmpty }
    let note = " (corrects \(original.id), \(original.type.rawValue))"
    if arguments.flag(.void) {
      guard given.isEmpty else { throw CLIError.usage("--void corrects an event to nothing; give no field with it (\(given[0].display))") }
      return (.eventCorrected(target: original.id, replacement: nil), note)
    }
    guard !given.isEmpty else { throw CLIError.usage("give the fields to correct (e.g. --grade 4), or --void") }
    func seconds() throws -> Double? {
      guard let s = try arguments.double(.seconds) else { return nil }
      guard s >= 0 else { throw CLIError.invalid(ArgumentName.seconds.display, arguments.string(.seconds)!, expected: "a number of seconds, 0 or more") }
      return s
    }
    func only(_ allowed: [ArgumentName]) throws {
      if let bad = given.first(where: { !allowed.contains($0) }) {
        throw CLIError.usage("\(bad.display) does not apply to a \(original.type.rawValue) event (it takes \(allowed.map(\.display).joined(separator: ", ")) or --void)")
      }
    }
    let replacement: EventPayload
    switch original.payload {
    case .recitation(var r):
      try only([.grade, .tier, .mistakes, .mistakesAt, .hesitations, .seconds])
      if let g = try arguments.int(.grade, in: 1...4) { r.grade = g }
      if let t = arguments.string(.tier) {
        guard let tier = QuranTier(rawValue: t) else { throw CLIError.notOneOf(ArgumentName.tier.display, t, choices: QuranTier.allCases.map(\.rawValue)) }
        r.tier = tier
      }
      if !arguments.strings(.mistakesAt).isEmpty {
        r.mistakesAt = arguments.strings(.mistakesAt).flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
          .filter { !$0.isEmpty }
        r.mistakes = max(r.mistakes, r.mistakesAt.count)
      }
      if let m = try arguments.int(.mistakes, in: 0...Int.max) { r.mistakes = max(m, r.mistakesAt.count) }
      if let h = try arguments.int(.hesitations, in: 0...Int.max) { r.hesitations = h }
      if let s = try seconds() { r.seconds = s }
      replacement = .recitation(r)
    case .wordQuizzed(let en, let answer, let verdict, let secs):
      try only([.answer, .seconds])
      var newAnswer = answer, newVerdict = verdict
      if let a = arguments.string(.answer) {
        guard let entry = learner.state.word(en)?.word else { throw PlanEngineError.unknownWord(en) }
        newAnswer = a
        newVerdict = AnswerChecker.check(a, accepted: entry.ukrainian).verdict
      }
      replacement = .wordQuizzed(english: en, answer: newAnswer, verdict: newVerdict, seconds: try seconds() ?? secs)
    case .planItemDone(let date, let item, let secs):
      try only([.seconds])
      replacement = .planItemDone(date: date, item: item, seconds: try seconds() ?? secs)
    default:
      throw CLIError.usage("a \(original.type.rawValue) event can only be voided (--void)")
    }
    return (.eventCorrected(target: original.id, replacement: replacement), note)
  }

  static func report(_ outcome: RecordOutcome, context: CommandContext) {
    if let torn = outcome.setAside {
      context.stderr.write(Warning.tornLine(line: torn.line, bytes: torn.bytes.count, movedTo: Learner.tornFile))
    }
  }

  /// The "file" an event typed on the command line comes from, in the engine's errors.
  static let commandLine = "command line"

  /// The engine's verdict on an event built from the command line is a usage error (exit 64)
  /// naming the argument as typed (`<RANGE>`, `--at`), its value and what was expected.
  static func asTyped(_ error: any Error, arguments: ParsedArguments) -> any Error {
    guard let e = error as? PlanEngineError, case .malformed(Self.commandLine, _, let keyPath, let expected) = e else {
      return error
    }
    let key = PlanEngineError.commandLineKey(keyPath) ?? ""
    let base = String((key.split(separator: "[").first ?? "").drop { $0 == "-" })  // --at, mistakesAt[0]
    let kebab = base.map { $0.isUppercase ? "-" + $0.lowercased() : String($0) }.joined()
    let name = ArgumentName.allCases.first { [base, kebab, base.uppercased()].contains($0.rawValue) }
      ?? (key == "english" ? .EN : key == "ukrainian" ? .UK : nil)
    guard let name else { return CLIError.usage("\(key.isEmpty ? "the event" : key): expected \(expected)") }
    let given = [arguments.strings(name).joined(separator: ","), arguments.positionals(name).joined(separator: " ")]
      .first { !$0.isEmpty } ?? ""
    return CLIError.invalid(name.display, given, expected: expected)
  }
}
