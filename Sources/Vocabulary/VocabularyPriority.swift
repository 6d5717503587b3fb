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
