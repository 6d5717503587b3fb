import Foundation
import MemoryModels

/// The daily plan of a learner, from their profile, derived state and history: the pure entry
/// point the CLI (`planner today`), the nightly job and the simulator call.
extension DailyPlanner {
  /// The plan for `date` (a learning day). `events` is the learner's history in any order; only
  /// what happened before `date` counts, so the plan does not change while the day's work is
  /// being recorded.
  public static func plan(profile: LearnerProfile, state: LearnerState, events: [LearnerEvent], date: EpochDay,
                          locale: PlanLocale? = nil) throws(PlanEngineError) -> DailyPlan {
    try plan(input(profile: profile, state: state, events: events, date: date, locale: locale))
  }

  /// The composition's input for a learner (exposed for tests and the simulator).
  public static func input(profile: LearnerProfile, state: LearnerState, events: [LearnerEvent], date: EpochDay,
                           locale: PlanLocale? = nil) throws(PlanEngineError) -> DailyPlanInput {
    let parameters = FSRSParameters(uncheckedWeights: profile.parameters)
    var quran: QuranPlanInput?
    if let goal = profile.quran.goal {
      var clock = LearnerClock(profile: profile)
      var recitations: [QuranRecitation] = []
      for e in events {
        if case .recitation = e.payload, let r = e.quranRecitation(clock: &clock) { recitations.append(r) }
      }
      quran = QuranPlanInput(date: date, goal: goal, settings: profile.quran.settings, units: state.quranUnitMemories,
                             recitations: recitations, parameters: parameters)
    }
    let isDefault = profile.parameters == FSRSParameters.defaults.weights
    return DailyPlanInput(
      learner: profile.id, date: date, locale: locale ?? PlanLocale(learnerLocale: profile.locale),
      profileMinutes: profile.minutes(on: Weekday.of(date)), quran: quran,
      vocabulary: try vocabularyCandidates(profile: profile, state: state, events: events, date: date),
      reminders: try reminders(profile: profile, state: state, events: events, date: date),
      completion: PlanCompletion.from(events, before: date),
      parameters: DailyPlanParameters(source: isDefault ? "defaults" : "profile"))
  }

  /// The vocabulary seam: due reviews and new words from the vocabulary planner.
  static func vocabularyCandidates(profile: LearnerProfile, state: LearnerState, events: [LearnerEvent],
                                   date: EpochDay) throws(PlanEngineError) -> [VocabularyCandidate] {
    []
  }

  /// The vocabulary seam: the day's reminders.
  static func reminders(profile: LearnerProfile, state: LearnerState, events: [LearnerEvent],
                        date: EpochDay) throws(PlanEngineError) -> [DailyPlanReminder] {
    []
  }
}

extension PlanLocale {
  public init(learnerLocale: LearnerLocale) {
    switch learnerLocale {
    case .en: self = .english
    case .ar: self = .arabic
    case .uk: self = .ukrainian
    }
  }
}
