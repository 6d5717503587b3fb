import Foundation
import MemoryModels
import PlannerCore

/// How urgently a word needs practice: popularity-weighted risk of forgetting.
///
///     priority = (1 − R) · (1 + log2(1 + popularity))
///
/// - `R` is the FSRS-6 retrievability on the plan day: R(t, S) with t the whole learning days
///   since the word's last review (a new word, never reviewed, has R = 0: nothing to lose yet but
///   nothing known either; new words are chosen separately, see ``VocabularyPlanner``).
/// - `1 − R` is the chance the learner has forgotten the word: the memory model's "when".
/// - Popularity counts how often the learner reached for the word since they last knew it
///   (look-ups, cards, failed quizzes): the seed app's "what they need". The logarithm gives
///   diminishing returns, so one look-up doubles the weight, three triple it and seven
///   quadruple it, and a burst of twenty look-ups in one evening cannot bury every other
///   due word; the `1 +` keeps words of popularity 0 ordered by risk alone.
///
/// Multiplying keeps both signals necessary: a popular word the learner still remembers well
/// (R ≈ 1, just reviewed) is not urgent; a word at risk that they never needed stays below an
/// equally at-risk word they keep looking up.
public enum VocabularyPriority {
  /// The popularity weight `1 + log2(1 + popularity)` (popularity below 0 counts as 0).
  public static func weight(popularity: Int) -> Double {
    1 + log2(1 + Double(max(0, popularity)))
  }

  /// `(1 − R) · weight(popularity)`.
  public static func priority(recall: Double, popularity: Int) -> Double {
    (1 - min(1, max(0, recall))) * weight(popularity: popularity)
  }

  /// Whole learning days from the word's last review to `day` (0 if reviewed that day).
  public static func elapsedDays(_ word: VocabularyWord, on day: EpochDay, clock: LearningDayClock) -> Int? {
    guard let last = word.lastReviewedAt else { return nil }
    return max(0, day.value - clock.learningDay(of: last).value)
  }

  /// R on `day`, or nil for a word without a memory state.
  public static func recall(_ word: VocabularyWord, on day: EpochDay, clock: LearningDayClock, model: FSRS6) -> Double? {
    guard let state = word.memory, let t = elapsedDays(word, on: day, clock: clock) else { return nil }
    return model.retrievability(elapsedDays: Double(t), stability: state.stability)
  }

  /// The word's priority on `day`; a word without a memory state counts as R = 0.
  public static func priority(_ word: VocabularyWord, on day: EpochDay, clock: LearningDayClock, model: FSRS6) -> Double {
    priority(recall: recall(word, on: day, clock: clock, model: model) ?? 0, popularity: word.popularity)
  }

  /// Whether a reviewed word is due on `day`: the whole days since its last review reach
  /// the FSRS-6 interval for the desired retention.
  public static func isDue(_ word: VocabularyWord, on day: EpochDay, clock: LearningDayClock, model: FSRS6, desiredRetention: Double) -> Bool {
    guard let state = word.memory, let t = elapsedDays(word, on: day, clock: clock) else { return false }
    return t >= model.intervalDays(stability: state.stability, desiredRetention: desiredRetention)
  }
}

/// One word in ``VocabularyPriority/ranked(_:on:clock:model:desiredRetention:)`` order.
public struct RankedWord: Sendable, Hashable {
  /// Where the word stands: due reviews first, then reviewed words not yet due, then new words.
  public enum Group: Int, Sendable, Hashable, Comparable, CaseIterable {
    case due = 0
    case notDue = 1
    case new = 2
    public static func < (a: Group, b: Group) -> Bool { a.rawValue < b.rawValue }
  }

  public var word: VocabularyWord
  public var group: Group
  /// FSRS-6 recall on the day (nil for a new word).
  public var recall: Double?
  /// ``VocabularyPriority/priority(recall:popularity:)`` (a new word: its popularity weight).
  public var priority: Double
  public var leech: Bool
}

extension VocabularyPriority {
  /// **The one ranking** of a learner's words on a day: what `today` takes reviews and new
  /// words from, what `words --sort priority` lists, what `stats` calls "need most practice",
  /// and (with the day's popularity as it changes) what the reminders show first.
  ///
  /// 1. Due reviews (``isDue``), by priority `(1 − R) · (1 + log2(1 + popularity))`,
  ///    highest first; ties: lower recall, then the English key.
  /// 2. Reviewed words not yet due, the same way.
  /// 3. New words (never reviewed): the most popular first (a word the learner already reached
  ///    for), then the oldest added, then deck order (``VocabularyWord/rank``, words without a
  ///    rank last), then the English key.
  ///
  /// Suspended words are left out (they are listed apart). The planner-policy issue may change
  /// this rule here, in its one place.
  public static func ranked(
    _ words: [VocabularyWord], on day: EpochDay, clock: LearningDayClock, model: FSRS6, desiredRetention: Double
  ) -> [RankedWord] {
    // Keys of plain values, each word's last-review day computed once (``VocabularyRanking``):
    // the same stable sort by the same order as sorting the ranked words with ``precedes``.
    let lastDays = VocabularyRanking.lastReviewDays(words, clock: clock)
    let keys = VocabularyRanking.keys(words, lastDays: lastDays, on: day, model: model, desiredRetention: desiredRetention)
    return VocabularyRanking.sorted(keys, words: words).map { k in
      RankedWord(word: words[k.index], group: k.group, recall: k.recall, priority: k.priority, leech: k.leech)
    }
  }

  /// The ranking's order between two ranked words (total: ends with the English text).
  public static func precedes(_ a: RankedWord, _ b: RankedWord) -> Bool {
    if a.group != b.group { return a.group < b.group }
    if a.group == .new {
      if a.word.popularity != b.word.popularity { return a.word.popularity > b.word.popularity }
      if a.word.addedAt != b.word.addedAt { return a.word.addedAt < b.word.addedAt }
      if let first = VocabularyWord.deckOrder(a.word.rank, b.word.rank) { return first }
    } else {
      if a.priority != b.priority { return a.priority > b.priority }
      if a.recall != b.recall { return (a.recall ?? 0) < (b.recall ?? 0) }
    }
    if a.word.key != b.word.key { return a.word.key < b.word.key }
    return a.word.english < b.word.english
  }
}

/// A leech: a word the learner fails again and again, which more of the same reviews will not
/// fix (a confusable pair, a translation that does not stick).
///
///     leech ⇔ lapses ≥ 4  and  3 · lapses ≥ review days
///
/// (lapses: learning days rated Again; review days: learning days with a rating). At the
/// desired retention of 0.9 the model expects about one failed review in ten; four failures
/// making up a third or more of the word's reviews are far outside that, and a word failed
/// 4 times in its first 12 review days, or 8 times in 24, is flagged. Treatment: the plan's
/// reason says so and asks to relearn it (read the card, make up a sentence), reminders
/// show its translation (never only a hint: re-exposure, not another failed recall), `stats`
/// lists it, and the learner can suspend it (`record DIR word suspend EN`).
public enum Leech {
  public static let minimumLapses = 4
  /// A leech's lapses make up at least 1 / `lapseShareDenominator` of its review days.
  public static let lapseShareDenominator = 3

  public static func isLeech(lapses: Int, reviewDays: Int) -> Bool {
    lapses >= minimumLapses && lapses * lapseShareDenominator >= reviewDays
  }

  public static func isLeech(_ word: VocabularyWord) -> Bool { isLeech(lapses: word.lapses, reviewDays: word.reviewDays) }
}
