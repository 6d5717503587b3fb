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
    let raw = arguments.positionals(.UK)
    let list = try CLIError.validating(ArgumentName.UK.display, VocabularyValidation.shown(raw.joined(separator: " "))) {
      try VocabularyValidation.translations(raw, keyPath: ArgumentName.UK.display)
    }
    let english = arguments.positional(.EN) ?? ""
    for t in VocabularyValidation.nonCyrillic(list) {
      context.stderr.write(Warning.nonCyrillicTranslation(english: english, translation: t))
    }
    return list
  }
}
