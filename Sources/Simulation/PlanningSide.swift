import Foundation
import DailyPlanning
import Hifz
import LearnerStore
import MemoryModels
import PlannerCore
import Vocabulary

/// The planner's side of the simulation: it is given the learner's profile and then only the
/// events the learner records, folded exactly as the learner store folds them. It has no way
/// to reach the hidden memory (it lives in another value, ``LearnerSimulation``, that never
/// hands it over), which is what makes the comparison honest.
///
/// The planner policy is `planner today`'s own code path: an ``IncrementalLearner`` (the same
/// fold, the same plan inputs from the fold's state, the same parameter refits at the same
/// checkpoints) planned by `DailyPlanner`, incrementally so that a year of days does not
/// re-read the whole history each day; reminders are left out of the plan, as the simulated
/// learners do not act on them. The other policies read the same fold and its plan inputs
/// (PlanningSide+Baselines.swift); Anki refits like the planner, the rest keep the profile's
/// parameters.
public struct PlanningSide: Sendable {
  public private(set) var profile: LearnerProfile
  public let policy: SimulationPolicy
  /// The learner as the daily plan sees it (refitting under the planner policy only).
  public private(set) var learner: IncrementalLearner
  /// The traditional routine's manzil pointer: the mushaf order (``ReviewUnits/all``) of the
  /// last unit revised as old revision (nil: none yet).
  public private(set) var manzilPointer: Int?
  /// The traditional routine's Leitner box of each word (1–5), from its quizzes.
  public private(set) var leitner: [String: Int] = [:]
  /// The fixed policies' view of the Quran goal, kept up to date as events arrive (nil: the
  /// planner's policies, no Quran goal or minutes, or a goal that does not parse).
  var quranView: BaselineProgress?

  public init(profile: LearnerProfile, policy: SimulationPolicy) {
    self.profile = profile
    self.policy = policy
    learner = IncrementalLearner(profile: profile, refits: policy.refits)
    if policy.kind != .planner && policy.kind != .plannerDefaults, let goal = profile.quran.goal, profile.quran.settings.dailyMinutes > 0 {
      quranView = try? BaselineProgress(goal: goal)
    }
  }

  public var fold: LearnerFold { learner.fold }

  /// The learner changed their profile (`planner configure`: the budget): from now on the side
  /// plans under `profile`, from the same events plus `changes` (their `settings.changed`
  /// events), exactly as `today` plans the folder after the change (the same fold and refits:
  /// a side built afresh from the whole history).
  public mutating func reconfigure(_ profile: LearnerProfile, receiving changes: [LearnerEvent]) {
    var side = PlanningSide(profile: profile, policy: policy)
    side.receive(learner.events + changes)
    self = side
  }

  /// Takes the events of a day (in time order).
  public mutating func receive(_ events: [LearnerEvent]) {
    learner.receive(events)
    if quranView != nil {
      let history = learner.state.plan.quranHistory
      if history.count < quranView!.counted, let goal = profile.quran.goal { quranView = try? BaselineProgress(goal: goal) }
      quranView?.add(history)
    }
    guard policy.kind == .traditional else { return }
    for e in events {
      switch e.payload {
      case .recitation(let r) where r.tier == .oldRevision:
        if let range = try? AyahRange(parsing: r.range), let unit = ReviewUnits.units(overlapping: range).last {
          manzilPointer = ReviewUnits.index(of: unit)
        }
      case .wordQuizzed(let en, _, let verdict, _):
        let box = leitner[en] ?? 0
        leitner[en] = verdict == .wrong ? 1 : Swift.min(5, box + 1)
      default: break
      }
    }
  }

  /// New lessons and recent revisions, in fold order (``PlanInputs/quranHistory``).
  var recitations: [QuranRecitation] { learner.state.plan.quranHistory }

  /// The measured pace, from the latest timed recitations the fold keeps (as the daily plan).
  var habits: QuranHabits { QuranHabits.measured(from: learner.state.plan.quranTimedNew + learner.state.plan.quranTimedRevision) }

  /// Seconds per word review and per new word: the vocabulary planner's estimates from the
  /// learner's own timed quizzes.
  var wordEstimates: VocabularyTimeEstimates {
    let h = learner.state.habits
    return VocabularyPlanner.estimates(VocabularyTimings(meanReviewSeconds: h.secondsPerVocabularyReview,
                                                         reviewCount: h.vocabularyTimedReviews))
  }

  /// The day's plan under the side's policy.
  public func plan(day: EpochDay) throws(PlanEngineError) -> [SimulatedPlanItem] { try planAndForecast(day: day).items }

  /// The day's plan and, for the planner's policies, the plan's forecast (catch-up and goal dates).
  public func planAndForecast(day: EpochDay) throws(PlanEngineError) -> (items: [SimulatedPlanItem], forecast: DailyPlanForecast?) {
    switch policy.kind {
    case .planner, .plannerDefaults:
      let plan = try learner.dailyPlan(date: day, reminders: false)
      return (try Self.items(plan), plan.forecast)
    case .anki: return (try ankiPlan(day: day), nil)
    case .traditional: return (try traditionalPlan(day: day), nil)
    case .learnNothing: return (try learnNothingPlan(day: day), nil)
    case .cram: return (try cramPlan(day: day), nil)
    }
  }

  // MARK: planner

  /// A daily plan's items in plan order, as the simulated learner works them.
  static func items(_ plan: DailyPlan) throws(PlanEngineError) -> [SimulatedPlanItem] {
    var items: [SimulatedPlanItem] = []
    for section in plan.sections {
      for it in section.items {
        let kind: SimulatedPlanItem.Kind
        switch section.kind {
        case .quranNewLesson, .quranRecentRevision, .quranOldRevision:
          let ranges = it.ranges ?? []
          let tier: QuranTier = section.kind == .quranNewLesson ? .newLesson : (section.kind == .quranRecentRevision ? .recentRevision : .oldRevision)
          kind = .quran(tier: tier, ranges: ranges)
        case .vocabularyReviews: kind = .word(english: it.english ?? "")
        case .vocabularyNewWords: kind = .newWord(english: it.english ?? "")
        }
        items.append(SimulatedPlanItem(kind: kind, estimatedSeconds: it.estimatedSeconds))
      }
    }
    return items
  }

  /// Words added but never quizzed, oldest first (the new-card queue of the fixed policies).
  func unlearnedWords(limit: Int) -> [SimulatedPlanItem] {
    guard limit > 0 else { return [] }
    var fresh: [(Int64, String)] = []
    for (_, item) in learner.state.items {
      guard let w = item.word, !w.deleted, item.memory == nil else { continue }
      fresh.append((w.addedMillis, w.english))
    }
    fresh.sort { $0 < $1 }
    let perNew = wordEstimates.newWordSeconds
    return fresh.prefix(limit).map { SimulatedPlanItem(kind: .newWord(english: $0.1), estimatedSeconds: perNew) }
  }
}
