import Foundation
import DailyPlanning
import LearnerStore
import Localization
import PlannerCore
import Vocabulary

/// `planner words DIR [--sort date|alpha|popularity] [--format text|json] [--locale L]` lists the
/// dictionary; `planner words DIR import FILE` imports a deck (CSV, semicolon- or tab-separated
/// text, or JSON), merging duplicates, all or nothing; `planner words DIR export [FILE]` writes
/// the dictionary as a deck that `import` reads back unchanged; `planner words DIR suspend
/// --tag T` and `unsuspend --tag T` set a deck aside and bring it back; `--tag T` lists one deck.
enum WordsCommand: PlannerCommand {
  static let spec = CommandSpec(
    name: "words",
    abstract: "List the learner's words, or import or export a deck of words.",
    discussion: """
      Without ACTION, lists the dictionary. With 'import FILE', adds the deck's words (CSV with a \
      header 'english,ukrainian', also semicolon- or tab-separated; several translations separated \
      by ';'; optional columns popularity, added, tags; or the same as JSON); words already there \
      gain only the translations they lack. With 'export [FILE]', writes every word with its \
      translations, popularity, added time and tags as CSV (or JSON with --format json or a .json \
      FILE), to FILE (atomically) or to standard output. With 'suspend --tag T' or \
      'unsuspend --tag T', sets the deck T aside (its words leave plans and reminders) or brings \
      it back. --tag T alone lists the words of the deck T; with 'export', writes only them; \
      with 'import', puts every word of the file in the deck T too. See docs/vocabulary.md.
      """,
    arguments: [
      .positional(.DIR, help: "The learner's folder."),
      .positional(.ACTION, help: "'import' to import FILE, 'export' to export to FILE, 'suspend' or 'unsuspend' a deck (--tag).", optional: true),
      .positional(.FILE, help: "The deck to import (CSV or JSON), or the file to export to.", optional: true),
      .option(.sort, value: "ORDER", help: "date (added), alpha, popularity, or priority (the plan's ranking).", default: "date"),
      .option(.tag, value: "TAG", help: "A deck: list or export only its words, put every imported word in it, or the deck to suspend or unsuspend."),
      FormatOption.declaration([.text, .json, .csv]),
    ] + DateOption.arguments + AtOption.arguments + LocaleOption.arguments)

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
    let dir = context.path(try arguments.require(.DIR))
    let date = try DateOption(arguments).date
    let at = try AtOption(arguments)
    let locale = try LocaleOption(arguments).locale
    switch arguments.positional(.ACTION) {
    case nil:
      return try list(dir: dir, arguments: arguments, format: FormatOption(arguments), date: date, locale: locale, context: context)
    case "import":
      guard let file = arguments.positional(.FILE) else { throw CLIError.usage("missing <FILE>: words DIR import FILE") }
      return try importDeck(
        dir: dir, file: file, path: context.path(file), at: at, format: FormatOption(arguments), locale: locale, arguments: arguments,
        context: context)
    case "export":
      return try export(dir: dir, file: arguments.positional(.FILE), arguments: arguments, locale: locale, context: context)
    case "suspend", "unsuspend":
      return try suspendDeck(dir: dir, arguments: arguments, at: at, locale: locale, context: context)
    case let other?:
      throw CLIError.notOneOf(ArgumentName.ACTION.display, other, choices: ["import", "export", "suspend", "unsuspend"])
    }
  }

  static func list(
    dir: String, arguments: ParsedArguments, format: FormatOption, date: EpochDay?, locale: PlanLocale?, context: CommandContext
  ) throws -> Int32 {
    if let file = arguments.positional(.FILE) {
      throw CLIError.usage("unexpected argument '\(file)': <FILE> is only for 'words DIR import FILE' and 'words DIR export FILE'")
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
    var dictionary = learner.vocabularyWords
    if let raw = arguments.string(.tag) {
      let tag = try VocabularyCLI.deck(raw, name: .tag, words: dictionary)
      dictionary = dictionary.filter { DeckTag.contains($0.tags, tag) }
    }
    let words = sort.sorted(dictionary, on: day, clock: clock, model: model, desiredRetention: learner.vocabularyRetention)
    if format.isJSON {
      let rows = words.map { w in
        WordRow(
          english: w.english, ukrainian: w.translations, popularity: w.popularity,
          added: clock.localISO8601(w.addedAt),
          recall: VocabularyPriority.recall(w, on: day, clock: clock, model: model),
          stability: w.memory?.stability, difficulty: w.memory?.difficulty,
          lastReview: w.lastReviewedAt.map(clock.localISO8601),
          due: w.memory == nil ? nil : VocabularyPriority.isDue(w, on: day, clock: clock, model: model, desiredRetention: learner.vocabularyRetention),
          leech: Leech.isLeech(w) ? true : nil, suspended: w.suspended ? true : nil, tags: w.tags.isEmpty ? nil : w.tags)
      }
      context.stdout.write(JSONOutput.document(WordList(version: 1, date: day, sort: sort.rawValue, words: rows)))
      return 0
    }
    let l = Localizer(locale: locale ?? learner.profile.locale)
    if words.isEmpty {
      context.stdout.write(l.string(.wordsEmpty, [
        "addCommand": .text("planner record DIR word add EN UK"), "importCommand": .text("planner words DIR import FILE"),
      ]) + "\n")
      return 0
    }
    var text = ""
    for w in words {
      var details = [l.string(.wordsPopularity, ["value": .integer(w.popularity)])]
      if let r = VocabularyPriority.recall(w, on: day, clock: clock, model: model) {
        details.append(l.string(.wordsRecall, ["percent": .percent(Int((r * 100).rounded()))]))
      } else {
        details.append(l.string(.wordsNew))
      }
      if Leech.isLeech(w) { details.append(l.string(.wordsLeech)) }
      if w.suspended { details.append(l.string(.wordsSuspended)) }
      if !w.tags.isEmpty { details.append(l.string(.wordsTags, ["tags": .text(w.tags.joined(separator: ", "))])) }
      let added = clock.calendarDay(of: w.addedAt).civil
      details.append(l.string(.wordsAdded, ["date": .date(year: added.year, month: added.month, day: added.day)]))
      text += l.string(.wordsEntry, ["english": .text(w.english), "translations": .text(w.translations.joined(separator: ", "))])
      text += "  " + l.string(.wordsDetails, ["details": .text(details.joined(separator: ", "))]) + "\n"
    }
    context.stdout.write(text)
    return 0
  }

  static func importDeck(
    dir: String, file: String, path: String, at: AtOption, format: FormatOption, locale: PlanLocale?, arguments: ParsedArguments,
    context: CommandContext
  ) throws -> Int32 {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw PlanEngineError.io(path: file, reason: "cannot read the deck file")
    }
    var entries = try DeckImporter.parse(Array(data), file: file)
    // `import FILE --tag T`: every word of the file also goes into the deck T.
    if let raw = arguments.string(.tag) {
      let tag = try CLIError.validating(ArgumentName.tag.display, VocabularyValidation.shown(raw)) {
        try DeckTag.validated([raw], keyPath: ArgumentName.tag.display)[0]
      }
      for i in entries.indices { entries[i].tags = DeckTag.union(entries[i].tags, [tag]) }
    }
    let learner = try Learner.load(dir, writeSnapshot: false)
    let at = at.time(or: context.now, timezone: learner.profile.timezone)
    let changes = DeckImporter.changes(existing: learner.vocabularyWords, importing: entries)
    var events: [LearnerEvent] = []
    var added = 0, extended = 0
    var tagged: Set<String> = []  // words already there that gained tags
    for change in changes {
      switch change {
      case .add(let e):
        let time = e.added ?? at
        events.append(LearnerEvent(id: Learner.newEventID(now: context.now), time: time, payload: .wordAdded(english: e.english, ukrainian: e.ukrainian, rank: added)))  // deck order
        if !e.tags.isEmpty {
          events.append(LearnerEvent(id: Learner.newEventID(now: context.now), time: time, payload: .wordTagged(english: e.english, tags: e.tags)))
        }
        // Popularity is a count of the times the learner reached for the word; the store keeps
        // no other, so an exported popularity comes back as that many card openings (+1 each,
        // no rating: docs/vocabulary.md), just after the word was added.
        for k in 0..<(e.popularity ?? 0) {
          let opened = EventTime(epochMillis: time.epochMillis + Int64(k) + 1, offsetSeconds: time.offsetSeconds)
          events.append(LearnerEvent(id: Learner.newEventID(now: context.now), time: opened, payload: .wordOpened(english: e.english)))
        }
        added += 1
      case .addTranslations(let english, let translations):
        events.append(LearnerEvent(id: Learner.newEventID(now: context.now), time: at, payload: .wordEdited(english: english, ukrainian: translations)))
        extended += 1
      case .addTags(let english, let tags):
        events.append(LearnerEvent(id: Learner.newEventID(now: context.now), time: at, payload: .wordTagged(english: english, tags: tags)))
        tagged.insert(VocabularyWord.key(english))
      }
    }
    let extendedKeys = Set(changes.compactMap { if case .addTranslations(let e, _) = $0 { VocabularyWord.key(e) } else { nil } })
    let tagsOnly = tagged.subtracting(extendedKeys).count
    for e in entries {
      for t in VocabularyValidation.nonCyrillic(e.ukrainian) {
        context.stderr.write(Warning.nonCyrillicTranslation(english: e.english, translation: t, file: file))
      }
    }
    if !events.isEmpty { try Learner.record(dir, events: events, now: context.now) }
    let unchanged = entries.count - added - extended - tagsOnly
    if format.isJSON {
      context.stdout.write(JSONOutput.document(ImportSummary(
        version: 1, file: file, words: entries.count, added: added, gainedTranslations: extended,
        gainedTags: tagged.isEmpty ? nil : tagged.count, unchanged: unchanged)))
    } else {
      let l = Localizer(locale: locale ?? learner.profile.locale)
      var text = l.string(.wordsImported, [
        "words": .text(l.plural(.countWords, count: entries.count)), "file": .text(file),
        "added": .integer(added), "extended": .integer(extended), "unchanged": .integer(unchanged),
      ])
      if !tagged.isEmpty { text += " " + l.string(.wordsImportedTags, ["value": .integer(tagged.count)]) }
      context.stdout.write(text + "\n")
    }
    return 0
  }

  /// The dictionary as a deck: every word in the order it was added, with what import reads.
  static func export(dir: String, file: String?, arguments: ParsedArguments, locale: PlanLocale?, context: CommandContext) throws -> Int32 {
    let given = arguments.string(.format).flatMap { $0 == OutputFormat.text.rawValue ? nil : $0 }
    let format: OutputFormat
    if let given {
      guard let f = OutputFormat(rawValue: given), f != .text else {
        throw CLIError.notOneOf(ArgumentName.format.display, given, choices: ["csv", "json"])
      }
      format = f
    } else {
      format = file?.lowercased().hasSuffix(".json") == true ? .json : .csv
    }
    let learner = try Learner.load(dir, writeSnapshot: false)
    let clock = try learner.vocabularyClock()
    var words = learner.vocabularyWords
    if let raw = arguments.string(.tag) {  // `export --tag T`: one deck
      let tag = try VocabularyCLI.deck(raw, name: .tag, words: words)
      words = words.filter { DeckTag.contains($0.tags, tag) }
    }
    let entries = WordSort.date.sorted(words).map { w in
      DeckEntry(
        english: w.english, ukrainian: w.translations, popularity: w.popularity,
        added: EventTime(clock.localISO8601(w.addedAt)), tags: w.tags)
    }
    let text = format == .json ? JSONOutput.document(ExportDocument(version: 1, words: entries)) : DeckExport.csv(entries)
    guard let file else {
      context.stdout.write(text)
      return 0
    }
    try CLIFileOutput.write(Array(text.utf8), to: context.path(file), named: file)
    let l = Localizer(locale: locale ?? learner.profile.locale)
    context.stdout.write(l.string(.wordsExported, ["words": .text(l.plural(.countWords, count: entries.count)), "file": .text(file)]) + "\n")
    return 0
  }

  /// `words DIR suspend --tag T` / `unsuspend --tag T`: one `deck.suspended` (or
  /// `deck.unsuspended`) event; every word tagged T, now or later, is out of plans and
  /// reminders until the deck comes back (a word suspended on its own stays suspended).
  static func suspendDeck(dir: String, arguments: ParsedArguments, at: AtOption, locale: PlanLocale?, context: CommandContext) throws -> Int32 {
    let action = arguments.positional(.ACTION)!
    if let file = arguments.positional(.FILE) {
      throw CLIError.usage("unexpected argument '\(file)': words DIR \(action) --tag TAG (to \(action) one word: `planner record DIR word \(action) EN`)")
    }
    guard let raw = arguments.string(.tag) else {
      throw CLIError.usage("missing --tag: words DIR \(action) --tag TAG \(action)s a deck (to \(action) one word: `planner record DIR word \(action) EN`)")
    }
    let learner = try Learner.load(dir, writeSnapshot: false)
    let tag = try VocabularyCLI.deck(raw, name: .tag, words: learner.vocabularyWords)
    let time = at.time(or: context.now, timezone: learner.profile.timezone)
    let suspend = action == "suspend"
    let event = LearnerEvent(id: Learner.newEventID(now: context.now), time: time,
                             payload: suspend ? .deckSuspended(tag: tag) : .deckUnsuspended(tag: tag))
    try Learner.record(dir, events: [event], now: context.now)
    let count = learner.vocabularyWords.count { DeckTag.contains($0.tags, tag) }
    let l = Localizer(locale: locale ?? learner.profile.locale)
    context.stdout.write(l.string(suspend ? .wordsDeckSuspended : .wordsDeckUnsuspended, [
      "tag": .text(tag), "words": .text(l.plural(.countWords, count: count)),
    ]) + "\n")
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
    var tags: [String]?
  }

  struct WordList: Encodable {
    var version: Int
    var date: EpochDay
    var sort: String
    var words: [WordRow]
  }

  struct ExportDocument: Encodable {
    var version: Int
    var words: [DeckEntry]
  }

  struct ImportSummary: Encodable {
    var version: Int
    var file: String
    var words: Int
    var added: Int
    var gainedTranslations: Int
    /// Words already there that gained tags (absent when none did).
    var gainedTags: Int?
    var unchanged: Int
  }
}
