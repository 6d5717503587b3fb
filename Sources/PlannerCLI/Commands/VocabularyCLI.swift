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
