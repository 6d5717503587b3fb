import MemoryModels

/// The outcome of a quiz answer.
public enum AnswerVerdict: String, Sendable, Hashable, Codable, CaseIterable {
  /// Equal to an accepted translation after folding (see ``UkrainianText/folded(_:)``).
  case right
  /// One slip (substitution, insertion, deletion or swap of neighbours) in a word of at least
  /// ``AnswerChecker/minimumTypoWordLength`` letters.
  case typo
  /// Anything else.
  case wrong

  /// The grade the memory model gets: right → Good, typo → Hard, wrong → Again.
  public var rating: Rating {
    switch self {
    case .right: .good
    case .typo: .hard
    case .wrong: .again
    }
  }
}

/// A checked answer: the verdict and, unless wrong, the accepted translation it matched
/// (as stored, to show the right spelling after a typo).
public struct AnswerCheck: Sendable, Hashable, Codable {
  public var verdict: AnswerVerdict
  public var matched: String?

  public init(verdict: AnswerVerdict, matched: String?) {
    self.verdict = verdict
    self.matched = matched
  }
}

/// Checks a learner's answer against a word's accepted translations, fairly.
public enum AnswerChecker {
  /// The shortest word (in letters) in which one slip counts as a typo rather than wrong.
  public static let minimumTypoWordLength = 5

  /// Right if the folded answer equals any folded accepted translation; else a typo if it is
  /// one slip away from one (the first such translation, in the given order); else wrong.
  public static func check(_ answer: String, accepted translations: [String]) -> AnswerCheck {
    let given = UkrainianText.folded(answer)
    guard !given.isEmpty else { return AnswerCheck(verdict: .wrong, matched: nil) }
    let candidates = translations.map { ($0, UkrainianText.folded($0)) }.filter { !$0.1.isEmpty }
    if let exact = candidates.first(where: { $0.1 == given }) {
      return AnswerCheck(verdict: .right, matched: exact.0)
    }
    if let near = candidates.first(where: { isTypo(given, of: $0.1) }) {
      return AnswerCheck(verdict: .typo, matched: near.0)
    }
    return AnswerCheck(verdict: .wrong, matched: nil)
  }

  /// Whether folded `answer` is one slip away from folded `expected`, the slip falling in a
  /// word of at least five letters. Phrases are compared word by word when both have the same
  /// number of words (exactly one word may differ); a space added or dropped is one slip in the
  /// whole phrase, accepted when the phrase has at least five letters.
  static func isTypo(_ answer: String, of expected: String) -> Bool {
    let a = Array(answer), e = Array(expected)
    guard optimalStringAlignmentDistance(a, e, limit: 1) == 1 else { return false }
    let answerWords = answer.split(separator: " ")
    let expectedWords = expected.split(separator: " ")
    if answerWords.count == expectedWords.count {
      let differing = zip(answerWords, expectedWords).filter { $0.0 != $0.1 }
      guard differing.count == 1, let word = differing.first?.1 else { return false }
      return letterCount(word) >= minimumTypoWordLength
    }
    return letterCount(expected) >= minimumTypoWordLength
  }

  static func letterCount<S: StringProtocol>(_ text: S) -> Int {
    text.reduce(0) { $0 + (UkrainianText.isLetter($1) ? 1 : 0) }
  }
}
