import MemoryModels

/// The one review a word's memory model gets for a learning day.
///
/// FSRS must see at most one rating per item per day (same-day ratings inflate stability, see
/// `shared/specs/FSRS6.md` §4.4). Every activity of the day stays in the history; this rule
/// picks the day's rating:
///
/// **The first recall evidence of the day decides.** It is the only one that measures memory
/// after the time elapsed since the last review; everything later in the day follows an
/// exposure to the answer (a look-up shows it; a quiz reveals it), so it measures short-term
/// memory. Evidence and its grade:
/// - look-up → Again (the learner had to ask: a failed recall), "I don't know" → Again;
/// - quiz → right Good, typo Hard, wrong Again;
/// - "I know this word" → Good (a self-report of recall).
/// Opening a card, adding, editing and a popularity reset are not evidence. A day with no
/// evidence gives no review (nil). Ties in time keep the input order.
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
    var best: (at: Double, index: Int, rating: Rating)?
    for (index, event) in events.enumerated() {
      guard let rating = evidence(event.activity) else { continue }
      let at = event.at.timeIntervalSinceReferenceDate
      if best == nil || at < best!.at { best = (at, index, rating) }
    }
    return best?.rating
  }
}

/// `dailyReview(events of one word in one day) -> Rating?`: see ``DailyReview``.
public func dailyReview(_ events: [WordActivityEvent]) -> Rating? {
  DailyReview.rating(for: events)
}
