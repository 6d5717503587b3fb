/// Which side of a word card is shown and which is typed.
public enum CardDirection: String, Sendable, Hashable, Codable, CaseIterable {
  /// The English word shown, a Ukrainian translation typed (the usual card).
  case forward
  /// A Ukrainian translation shown, the English word typed (a reverse card).
  case reverse

  /// The language the learner types the answer in.
  public var answerLanguage: AnswerLanguage { self == .forward ? .ukrainian : .english }
}
