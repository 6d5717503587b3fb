import Vocabulary
/// The seam between `planner record quiz` and the vocabulary answer checker: the verdict for
/// an answer against a word's accepted translations, decided by
/// ``AnswerChecker/check(_:accepted:)`` (Sources/Vocabulary/, docs/vocabulary.md).
public enum QuizAnswerSeam {
  public static func verdict(answer: String, accepted: [String]) -> QuizVerdict {
    check(answer: answer, accepted: accepted).verdict
  }

  /// The verdict and the accepted translation matched (to show the right spelling of a typo).
  public static func check(answer: String, accepted: [String]) -> (verdict: QuizVerdict, matched: String?) {
    let result = AnswerChecker.check(answer, accepted: accepted)
    let verdict: QuizVerdict =
      switch result.verdict {
      case .right: .right
      case .typo: .typo
      case .wrong: .wrong
      }
    return (verdict, result.matched)
  }
}
