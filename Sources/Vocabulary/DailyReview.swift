import MemoryModels

/// The one review a word's memory model gets for a learning day.
///
/// FSRS must see at most one rating per item per day (same-day ratings inflate stability, see
/// `shared/specs/FSRS6.md` §4.4). Every activity of the day stays in the history; this rule
/// picks the day's rating, and it is the same rule the learner fold applies to every item:
///
/// **The lowest rating of the day's evidence decides.** A failure at any time of the day
/// means the word was not solid (a look-up in the evening after a lucky quiz in the morning is
/// still a lapse), and the rule does not depend on the order of the events, so an app that
/// syncs late cannot change the outcome by delivering events out of order. Evidence and grade:
/// - look-up → Again (the learner had to ask: a failed recall), "I don't know" → Again;
/// - quiz → right Good, typo Hard, wrong Again;
/// - "I know this word" → Good (a self-report of recall).
/// Opening a card, adding, editing and a popularity reset are not evidence. A day with no
/// evidence gives no review (nil).
public enum DailyReview {
  /// The memory-model grade an activity is evidence of, or nil.
  public static func evidence(_ activity: WordActivity) -> Rating? {
    switch activity {
    case .lookup, .unknown: .again
    case .quiz(let verdict): verdict.rating
    case .known: .good
    case .opened, .added, .edited, .reset: nil
    }
  }

  /// The rating for one word's events of one learning day (see the type's rule).
  public static func rating(for events: [WordActivityEvent]) -> Rating? {
    events.compactMap { evidence($0.activity) }.min()
  }
}

/// `dailyReview(events of one word in one day) -> Rating?`: see ``DailyReview``.
public func dailyReview(_ events: [WordActivityEvent]) -> Rating? {
  DailyReview.rating(for: events)
}
