extension AnswerChecker {
  /// Checks a quiz on `word` as the commands do: against its translations (a forward card) or
  /// its English (a reverse card), knowing the learner's other words and the built-in
  /// dictionary (``DemoDeck``), so a real word that is not the answer is wrong, not a typo.
  ///
  /// On a reverse card, the English of another dictionary word sharing one of this word's
  /// translations is accepted too: shown `дорога`, both `way` and `road` are right.
  public static func check(
    _ answer: String, word: VocabularyWord, dictionary: [VocabularyWord], direction: CardDirection = .forward
  ) -> AnswerCheck {
    let language = direction.answerLanguage
    switch direction {
    case .forward:
      let others = dictionary.flatMap(\.translations) + DemoDeck.entries.flatMap(\.ukrainian)
      return check(answer, accepted: word.translations, language: language, knownWords: knownWords(others, language: language))
    case .reverse:
      let mine = Set(word.translations.map(UkrainianText.folded))
      let synonyms = dictionary.filter { $0.key != word.key && $0.translations.contains { mine.contains(UkrainianText.folded($0)) } }
        .map(\.english).sorted()
      let others = dictionary.map(\.english) + DemoDeck.entries.map(\.english)
      return check(answer, accepted: [word.english] + synonyms, language: language, knownWords: knownWords(others, language: language))
    }
  }
}
