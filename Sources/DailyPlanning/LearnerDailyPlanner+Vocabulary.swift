import Foundation
import LearnerStore
import MemoryModels
import PlannerCore
import Vocabulary

/// What every command that shows a word's recall, what is due, or a plan item reads: the
/// learner loaded by ``LearnerDailyPlanner/load(_:)``, folded with the parameters in force
/// (the profile's own, or the fit of the learner's checkpoint, see ``ParameterRefit``). `today`,
/// `nightly`, `words`, `stats`, `remind` and `show` all start here, and all take recall and
/// "due" from ``VocabularyPriority``, so they show the same figure for the same word and day.
extension LearnerDailyPlanner.Loaded {
  /// The store's view of this state (its vocabulary helpers), with the parameters in force.
  public var learner: Learner {
    Learner(directory: "", profile: profile, state: state, torn: torn, fromSnapshot: false, eventsFolded: 0)
  }

  /// The learner's clock as the vocabulary functions use it.
  public func vocabularyClock() throws(PlanEngineError) -> LearningDayClock { try learner.vocabularyClock() }

  /// FSRS-6 with the parameters in force (the plan's model).
  public var memoryModel: FSRS6 { learner.memoryModel }

  /// The dictionary (added, not deleted), in key order, with the memory states of this fold.
  public var vocabularyWords: [VocabularyWord] { Learner.vocabularyWords(state) }

  /// The desired retention of words (the due rule's threshold).
  public var vocabularyRetention: Double { profile.retention.vocabulary }

  /// What `planner remind` needs at `now` (``Learner/reminderContext(profile:state:history:now:)``)
  /// with the parameters in force; `history` is the learner's whole event log.
  public func reminderContext(history: [LearnerEvent], now: Date) throws(PlanEngineError)
    -> (ReminderScheduler.Input, [ReminderDayEvent])
  {
    try Learner.reminderContext(profile: profile, state: state, history: history, now: now)
  }

  /// The same from the snapshot's recent events when the day started after its watermark (no
  /// history read); nil otherwise.
  package func recentReminderContext(now: Date) throws(PlanEngineError) -> (ReminderScheduler.Input, [ReminderDayEvent])? {
    guard let recent else { return nil }
    return try Learner.reminderContext(profile: profile, state: state, recent: recent, now: now)
  }
}
