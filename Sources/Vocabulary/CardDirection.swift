import PlannerCore

/// Which side of a word card is shown and which is typed.
public enum CardDirection: String, Sendable, Hashable, Codable, CaseIterable {
  /// The English word shown, a Ukrainian translation typed (the usual card).
  case forward
  /// A Ukrainian translation shown, the English word typed (a reverse card).
  case reverse

  /// The language the learner types the answer in.
  public var answerLanguage: AnswerLanguage { self == .forward ? .ukrainian : .english }
}

/// The learner's choice of cards (profile key `vocabulary.cards`): English → Ukrainian only
/// (the default), Ukrainian → English only, or both.
public enum CardMode: String, Sendable, Hashable, Codable, CaseIterable {
  case forward
  case reverse
  case both

  /// The direction of `english`'s card on `day`. With `both`, a word alternates from one day
  /// to the next, half the words starting each way (by a stable hash of the word's key, never
  /// `hashValue`), so both directions are practised and the plan and the quiz agree.
  public func direction(for english: String, on day: EpochDay) -> CardDirection {
    switch self {
    case .forward: return .forward
    case .reverse: return .reverse
    case .both:
      let h = FNV1a64.hash(VocabularyWord.key(english)) &+ UInt64(bitPattern: Int64(day.value))
      return h % 2 == 1 ? .reverse : .forward
    }
  }
}
