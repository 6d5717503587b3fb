import Foundation
import DailyPlanning
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
      .positional(.DIR, help: "The learner's folder."),
      .positional(.ACTION, help: "'import' to import FILE.", optional: true),
      .positional(.FILE, help: "The deck to import (CSV or JSON).", optional: true),
      .option(.sort, value: "ORDER", help: "date (added), alpha, popularity, or priority (the plan's ranking).", default: "date"),
    ] + FormatOption.arguments + DateOption.arguments + AtOption.arguments)

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
    let dir = context.path(try arguments.require(.DIR))
    let format = try FormatOption(arguments)
    let date = try DateOption(arguments).date
    let at = try AtOption(arguments)
    switch arguments.positional(.ACTION) {
    case nil:
      return try list(dir: dir, arguments: arguments, format: format, date: date, context: context)
    case "import":
      guard let file = arguments.positional(.FILE) else { throw CLIError.usage("missing <FILE>: words DIR import FILE") }
      return try importDeck(dir: dir, file: file, path: context.path(file), at: at, format: format, context: context)
    case let other?:
      throw CLIError.notOneOf(ArgumentName.ACTION.display, other, choices: ["import"])
    }
  }

  static func list(dir: String, arguments: ParsedArguments, format: FormatOption, date: EpochDay?, context: CommandContext) throws -> Int32 {
    if let file = arguments.positional(.FILE) {
      throw CLIError.usage("unexpected argument '\(file)': <FILE> is only for 'words DIR import FILE'")
    }
    let sortName = arguments.string(.sort) ?? "date"
    guard let sort = WordSort(rawValue: sortName) else {
      throw CLIError.notOneOf(ArgumentName.sort.display, sortName, choices: WordSort.allCases.map(\.rawValue))
    }
    // The state `today` plans on (parameters in force), so recall and due agree with the plan.
    let learner = try LearnerDailyPlanner.load(dir)
    let clock = try learner.vocabularyClock()
    let model = learner.memoryModel
    let day = date ?? clock.learningDay(of: context.now)
    let words = sort.sorted(learner.vocabularyWords, on: day, clock: clock, model: model, desiredRetention: learner.vocabularyRetention)
    if format.isJSON {
      let rows = words.map { w in
        WordRow(
          english: w.english, ukrainian: w.translations, popularity: w.popularity,
          added: clock.localISO8601(w.addedAt),
          recall: VocabularyPriority.recall(w, on: day, clock: clock, model: model),
          stability: w.memory?.stability, difficulty: w.memory?.difficulty,
          lastReview: w.lastReviewedAt.map(clock.localISO8601),
          due: w.memory == nil ? nil : VocabularyPriority.isDue(w, on: day, clock: clock, model: model, desiredRetention: learner.vocabularyRetention),
          leech: Leech.isLeech(w) ? true : nil, suspended: w.suspended ? true : nil)
      }
      context.stdout.write(JSONOutput.document(WordList(version: 1, date: day, sort: sort.rawValue, words: rows)))
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
      if Leech.isLeech(w) { line += ", leech" }
      if w.suspended { line += ", suspended" }
      line += ", added \(clock.calendarDay(of: w.addedAt)))\n"
      context.stdout.write(line)
    }
    return 0
  }

  static func importDeck(dir: String, file: String, path: String, at: AtOption, format: FormatOption, context: CommandContext) throws -> Int32 {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw PlanEngineError.io(path: file, reason: "cannot read the deck file")
    }
    let entries = try DeckImporter.parse(Array(data), file: file)
    let learner = try Learner.load(dir, writeSnapshot: false)
    let at = at.time(or: context.now, timezone: learner.profile.timezone)
    let changes = DeckImporter.changes(existing: learner.vocabularyWords, importing: entries)
    var events: [LearnerEvent] = []
    var added = 0, extended = 0
    for change in changes {
      let payload: EventPayload
      switch change {
      case .add(let e):
        payload = .wordAdded(english: e.english, ukrainian: e.ukrainian, rank: added)  // deck order (DeckImporter)
        added += 1
      case .addTranslations(let english, let translations):
        payload = .wordEdited(english: english, ukrainian: translations)
        extended += 1
      }
      events.append(LearnerEvent(id: Learner.newEventID(now: context.now), time: at, payload: payload))
    }
    if !events.isEmpty { try Learner.record(dir, events: events, now: context.now) }
    let unchanged = entries.count - added - extended
    if format.isJSON {
      context.stdout.write(JSONOutput.document(ImportSummary(version: 1, file: file, words: entries.count, added: added, gainedTranslations: extended, unchanged: unchanged)))
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
    var leech: Bool?
    var suspended: Bool?
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
