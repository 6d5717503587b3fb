import Foundation
import LearnerStore
import PlannerCore
import Vocabulary

/// `planner words DIR [--sort date|alpha|popularity] [--format text|json]` lists the dictionary;
/// `planner words DIR import FILE` imports a deck (CSV `english,ukrainian` or JSON), merging
/// duplicates, all or nothing.
enum WordsCommand: PlannerCommand {
  static let spec = CommandSpec(
    name: "words",
    abstract: "List the learner's words, or import a deck of words.",
    discussion: """
      Without ACTION, lists the dictionary. With 'import FILE', adds the deck's words (CSV with a \
      header 'english,ukrainian', several translations separated by ';', or the same as JSON); \
      words already there gain only the translations they lack.
      """,
    arguments: [
      .positional("DIR", help: "The learner's folder."),
      .positional("ACTION", help: "'import' to import FILE.", optional: true),
      .positional("FILE", help: "The deck to import (CSV or JSON).", optional: true),
      .option("sort", value: "ORDER", help: "date (added), alpha, or popularity.", default: "date"),
      .option("format", value: "FORMAT", help: "text or json.", default: "text"),
      .option("date", value: "YYYY-MM-DD", help: "The day to compute recall for (default: the learner's today)."),
      .option("at", value: "TIME", help: "Time of the import events (ISO 8601 with offset; default now)."),
    ])

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
    let dir = context.path(try arguments.require("DIR"))
    let format = try VocabularyCLI.format(arguments)
    switch arguments.positional("ACTION") {
    case nil:
      return try list(dir: dir, arguments: arguments, format: format, context: context)
    case "import":
      guard let file = arguments.positional("FILE") else { throw CLIError.usage("words DIR import: missing FILE") }
      return try importDeck(dir: dir, file: file, path: context.path(file), arguments: arguments, format: format, context: context)
    case let other?:
      throw CLIError.usage("unknown action '\(other)' for 'words'", suggestion: "import")
    }
  }

  static func list(dir: String, arguments: ParsedArguments, format: String, context: CommandContext) throws -> Int32 {
    guard arguments.positional("FILE") == nil else { throw CLIError.usage("words: FILE is only for 'import'") }
    let sortName = arguments.string("sort") ?? "date"
    guard let sort = WordSort(rawValue: sortName) else {
      throw CLIError.usage("--sort: '\(sortName)' is not one of date, alpha, popularity", suggestion: nil)
    }
    let learner = try Learner.load(dir)
    let clock = try learner.vocabularyClock()
    let model = learner.memoryModel
    let day = try arguments.string("date").map { try EpochDay(parsing: $0) } ?? clock.learningDay(of: context.now)
    let words = sort.sorted(learner.vocabularyWords)
    if format == "json" {
      let rows = words.map { w in
        WordRow(
          english: w.english, ukrainian: w.translations, popularity: w.popularity,
          added: clock.localISO8601(w.addedAt),
          recall: VocabularyPriority.recall(w, on: day, clock: clock, model: model),
          stability: w.memory?.stability, difficulty: w.memory?.difficulty,
          lastReview: w.lastReviewedAt.map(clock.localISO8601),
          due: w.memory == nil ? nil : VocabularyPriority.isDue(w, on: day, clock: clock, model: model, desiredRetention: learner.profile.retention.vocabulary))
      }
      context.stdout.write(try VocabularyCLI.json(WordList(version: 1, date: day, sort: sort.rawValue, words: rows)))
      return 0
    }
    if words.isEmpty {
      context.stdout.write("No words yet. Add one with `planner record DIR word add EN UK`, or import a deck with `planner words DIR import FILE`.\n")
      return 0
    }
    for w in words {
      var line = "\(w.english) — \(w.translations.joined(separator: ", "))"
      line += "  (popularity \(w.popularity)"
      if let r = VocabularyPriority.recall(w, on: day, clock: clock, model: model) {
        line += ", recall \(Int((r * 100).rounded()))%"
      } else {
        line += ", new"
      }
      line += ", added \(clock.calendarDay(of: w.addedAt)))\n"
      context.stdout.write(line)
    }
    return 0
  }

  static func importDeck(dir: String, file: String, path: String, arguments: ParsedArguments, format: String, context: CommandContext) throws -> Int32 {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw PlanEngineError.io(path: file, reason: "cannot read the deck file")
    }
    let entries = try DeckImporter.parse(Array(data), file: file)
    let learner = try Learner.load(dir, writeSnapshot: false)
    let at = try VocabularyCLI.time(arguments, context: context, timezone: learner.profile.timezone)
    let changes = DeckImporter.changes(existing: learner.vocabularyWords, importing: entries)
    var events: [LearnerEvent] = []
    var added = 0, extended = 0
    for change in changes {
      let payload: EventPayload
      switch change {
      case .add(let e):
        payload = .wordAdded(english: e.english, ukrainian: e.ukrainian)
        added += 1
      case .addTranslations(let english, let translations):
        payload = .wordEdited(english: english, ukrainian: translations)
        extended += 1
      }
      events.append(LearnerEvent(id: Learner.newEventID(now: context.now), time: at, payload: payload))
    }
    if !events.isEmpty { try Learner.record(dir, events: events, now: context.now) }
    let unchanged = entries.count - added - extended
    if format == "json" {
      context.stdout.write(try VocabularyCLI.json(ImportSummary(version: 1, file: file, words: entries.count, added: added, gainedTranslations: extended, unchanged: unchanged)))
    } else {
      context.stdout.write("Imported \(entries.count) \(entries.count == 1 ? "word" : "words") from \(file): \(added) added, \(extended) gained translations, \(unchanged) unchanged.\n")
    }
    return 0
  }

  struct WordRow: Encodable {
    var english: String
    var ukrainian: [String]
    var popularity: Int
    var added: String
    var recall: Double?
    var stability: Double?
    var difficulty: Double?
    var lastReview: String?
    var due: Bool?
  }

  struct WordList: Encodable {
    var version: Int
    var date: EpochDay
    var sort: String
    var words: [WordRow]
  }

  struct ImportSummary: Encodable {
    var version: Int
    var file: String
    var words: Int
    var added: Int
    var gainedTranslations: Int
    var unchanged: Int
  }
}
