import Foundation
import PlannerCore
import Vocabulary

/// Helpers shared by the vocabulary commands (words, stats, remind, record quiz).
enum VocabularyCLI {
  static func date(_ t: EventTime) -> Date { Date(timeIntervalSince1970: Double(t.epochMillis) / 1000) }

  /// An empty answer is no attempt: refused (exit 64) rather than recorded as a failure that
  /// would raise the word's popularity. "I don't know" is its own event.
  static func requireAnswer(_ answer: String, direction: CardDirection) throws(CLIError) {
    guard AnswerChecker.isBlank(answer, language: direction.answerLanguage) else { return }
    throw CLIError.invalid(
      ArgumentName.answer.display, answer,
      expected: "an answer (nothing to check once spaces and punctuation are removed); to record \"I don't know\", use `planner record DIR word unknown EN`")
  }
}

extension VocabularyCLI {
  /// The English word typed as `<EN>`, checked (``VocabularyValidation``): a line break, tab,
  /// control character, bytes that were not UTF-8 or an over-long word is a usage error (64),
  /// and nothing is written.
  static func english(_ arguments: ParsedArguments) throws -> String {
    let raw = try arguments.require(.EN)
    return try CLIError.validating(ArgumentName.EN.display, VocabularyValidation.shown(raw)) {
      try VocabularyValidation.english(raw, keyPath: ArgumentName.EN.display)
    }
  }

  /// The translations typed as `<UK>…`, checked the same way; one with no Cyrillic letter is
  /// kept with a warning on stderr.
  static func translations(_ arguments: ParsedArguments, context: CommandContext) throws -> [String] {
    try translations(arguments.positionals(.UK), name: .UK, english: arguments.positional(.EN) ?? "", context: context)
  }

  /// Translations given as `name` (`<UK>…`, `--translation`), checked the same way.
  static func translations(_ raw: [String], name: ArgumentName, english: String, context: CommandContext) throws -> [String] {
    let list = try CLIError.validating(name.display, VocabularyValidation.shown(raw.joined(separator: " "))) {
      try VocabularyValidation.translations(raw, keyPath: name.display)
    }
    for t in VocabularyValidation.nonCyrillic(list) {
      context.stderr.write(Warning.nonCyrillicTranslation(english: english, translation: t))
    }
    return list
  }

  /// The tags typed as `<TAG>…` (``DeckTag``), checked: a usage error (64) names the bad one.
  static func tags(_ arguments: ParsedArguments) throws -> [String] {
    let raw = arguments.positionals(.TAG)
    return try CLIError.validating(ArgumentName.TAG.display, VocabularyValidation.shown(raw.joined(separator: " "))) {
      try DeckTag.validated(raw, keyPath: ArgumentName.TAG.display)
    }
  }

  /// One tag typed as `name` (`--tag`, `--deck`), checked; it must be a tag of one of `words`
  /// (a usage error naming the tags there are, so a misspelt deck is not an empty plan).
  static func deck(_ raw: String, name: ArgumentName, words: [VocabularyWord]) throws -> String {
    let tag = try CLIError.validating(name.display, VocabularyValidation.shown(raw)) {
      try DeckTag.validated([raw], keyPath: name.display)[0]
    }
    guard !words.contains(where: { DeckTag.contains($0.tags, tag) }) else { return tag }
    var known: [String] = []
    for w in words { known = DeckTag.union(known, w.tags) }
    known.sort { DeckTag.key($0) < DeckTag.key($1) }
    throw CLIError.invalid(
      name.display, raw,
      expected: known.isEmpty ? "a tag of the learner's words (no word has a tag yet: `planner record DIR word tag EN TAG`)"
        : "a tag of the learner's words: " + known.joined(separator: ", "))
  }
}
