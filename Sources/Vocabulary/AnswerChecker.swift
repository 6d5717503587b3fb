import MemoryModels

/// The outcome of a quiz answer.
public enum AnswerVerdict: String, Sendable, Hashable, Codable, CaseIterable {
  /// Equal to an accepted translation after folding (see ``UkrainianText/folded(_:)``), or a
  /// list of accepted translations (`кіт, кішка`).
  case right
  /// One slip (substitution, insertion, deletion or swap of neighbours) in a word of at least
  /// ``AnswerChecker/minimumTypoWordLength`` letters, or a dropped or added apostrophe in a
  /// word of any length; never a word the checker knows as another word.
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

/// The language an answer is typed in: Ukrainian for the usual card (English shown), English
/// for a reverse card (Ukrainian shown).
public enum AnswerLanguage: String, Sendable, Hashable, Codable, CaseIterable {
  case ukrainian
  case english

  /// The comparison form of a text in this language.
  public func folded(_ text: String) -> String {
    switch self {
    case .ukrainian: UkrainianText.folded(text)
    case .english: EnglishText.folded(text)
    }
  }

  var apostrophe: Character { self == .ukrainian ? UkrainianText.apostrophe : "'" }
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

  /// What separates the translations of an answer that lists several (`кіт, кішка`).
  public static let listSeparators: Set<Character> = [",", ";", "/"]

  /// Whether an answer is empty once folded (white space, punctuation and invisible
  /// characters only): such an answer is no attempt, and the CLI refuses it rather than
  /// recording a failure.
  public static func isBlank(_ answer: String, language: AnswerLanguage = .ukrainian) -> Bool {
    language.folded(answer).isEmpty
  }

  /// The verdict, in this order:
  /// 1. **right** if the folded answer equals a folded accepted translation;
  /// 2. **right** if the answer lists several translations (separated by `,` `;` `/`) and
  ///    every one is accepted;
  /// 3. **wrong** if the folded answer is a word the checker knows (`knownWords`: the
  ///    learner's other translations, the built-in dictionary) that is not accepted: a real
  ///    word is a different answer, not a misspelling (`ріка` for `річка`);
  /// 4. **typo** if it is one slip from an accepted translation (the first, in order), or if
  ///    it lists translations each accepted or one slip away;
  /// 5. **wrong** otherwise, and for an empty answer.
  public static func check(
    _ answer: String, accepted translations: [String], language: AnswerLanguage = .ukrainian,
    knownWords: Set<String> = []
  ) -> AnswerCheck {
    let given = language.folded(answer)
    guard !given.isEmpty else { return AnswerCheck(verdict: .wrong, matched: nil) }
    let candidates = translations.map { ($0, language.folded($0)) }.filter { !$0.1.isEmpty }
    if let exact = candidates.first(where: { $0.1 == given }) {
      return AnswerCheck(verdict: .right, matched: exact.0)
    }
    let parts = listParts(answer, language: language)
    var partChecks: [AnswerCheck] = []
    if parts.count > 1 {
      partChecks = parts.map { part in
        if let exact = candidates.first(where: { $0.1 == part }) { return AnswerCheck(verdict: .right, matched: exact.0) }
        if !knownWords.contains(part), let near = candidates.first(where: { isTypo(part, of: $0.1, language: language) }) {
          return AnswerCheck(verdict: .typo, matched: near.0)
        }
        return AnswerCheck(verdict: .wrong, matched: nil)
      }
      if partChecks.allSatisfy({ $0.verdict == .right }) { return partChecks[0] }
    }
    if knownWords.contains(given) { return AnswerCheck(verdict: .wrong, matched: nil) }
    if let near = candidates.first(where: { isTypo(given, of: $0.1, language: language) }) {
      return AnswerCheck(verdict: .typo, matched: near.0)
    }
    if !partChecks.isEmpty, !partChecks.contains(where: { $0.verdict == .wrong }),
      let typo = partChecks.first(where: { $0.verdict == .typo })
    {
      return typo
    }
    return AnswerCheck(verdict: .wrong, matched: nil)
  }

  /// The folded, non-empty pieces of an answer split at the list separators.
  static func listParts(_ answer: String, language: AnswerLanguage) -> [String] {
    guard answer.contains(where: { listSeparators.contains($0) }) else { return [] }
    return answer.split(whereSeparator: { listSeparators.contains($0) }).map { language.folded(String($0)) }.filter { !$0.isEmpty }
  }

  /// The set of folded words to pass as `knownWords`.
  public static func knownWords<S: Sequence>(_ texts: S, language: AnswerLanguage = .ukrainian) -> Set<String> where S.Element == String {
    Set(texts.map { language.folded($0) }.filter { !$0.isEmpty })
  }

  /// Whether folded `answer` is one slip away from folded `expected`, the slip falling in a
  /// word of at least five letters, or being an apostrophe dropped or added (any length:
  /// `пять` for `пʼять` is the most common slip of all). Phrases are compared word by word
  /// when both have the same number of words (exactly one word may differ); a space added or
  /// dropped is one slip in the whole phrase, accepted when the phrase has at least five letters.
  static func isTypo(_ answer: String, of expected: String, language: AnswerLanguage = .ukrainian) -> Bool {
    let a = Array(answer), e = Array(expected)
    guard optimalStringAlignmentDistance(a, e, limit: 1) == 1 else { return false }
    let apostrophe = language.apostrophe
    if a.filter({ $0 != apostrophe }) == e.filter({ $0 != apostrophe }) { return true }
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
