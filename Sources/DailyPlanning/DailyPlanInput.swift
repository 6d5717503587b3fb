import Hifz
import Localization
import PlannerCore
import Vocabulary

/// A vocabulary item offered to the composition: a due review or a new word, as the vocabulary
/// planner ranks it (the seam between Sources/Vocabulary/ and the daily plan).
public struct VocabularyCandidate: Sendable, Hashable {
  public enum Kind: String, Sendable, Hashable { case review, new }
  public var kind: Kind
  public var english: String
  public var translations: [String]
  public var estimatedSeconds: Int
  /// Recall today and tomorrow (reviews), for the value of doing it today.
  public var recall: Double?
  public var recallTomorrow: Double?
  /// The vocabulary priority's popularity weight (1 for a word nobody reached for).
  public var weight: Double
  public var popularity: Int
  public var days: Int?
  public var reasonCode: VocabularyReason.Code
  public var reasonText: String
  /// A leech (``Leech``): the plan says how to treat it.
  public var leech: Bool
  /// A due review's reason, when `reasonText` is left empty for the composition to write
  /// (only for the items it chooses: ``DailyPlanner/vocabularyCandidates``).
  public var reviewReason: VocabularyReviewReason?

  public init(kind: Kind, english: String, translations: [String], estimatedSeconds: Int, recall: Double? = nil,
              recallTomorrow: Double? = nil, weight: Double = 1, popularity: Int = 0, days: Int? = nil,
              reasonCode: VocabularyReason.Code, reasonText: String, leech: Bool = false) {
    self.leech = leech
    self.kind = kind; self.english = english; self.translations = translations
    self.estimatedSeconds = estimatedSeconds; self.recall = recall; self.recallTomorrow = recallTomorrow
    self.weight = weight; self.popularity = popularity; self.days = days
    self.reasonCode = reasonCode; self.reasonText = reasonText
  }
}

/// Everything the composition needs, as plain values (``DailyPlanner/plan(_:)``).
public struct DailyPlanInput: Sendable {
  public var learner: String
  public var date: EpochDay
  public var locale: PlanLocale
  /// The profile's minutes for the date's weekday.
  public var profileMinutes: Int
  /// The Quran planner's input (its `settings.dailyMinutes` is the Quran's cap before the
  /// completion factor); nil without a Quran goal.
  public var quran: QuranPlanInput?
  /// Due reviews in the vocabulary planner's priority order, then new words (at most
  /// ``VocabularyPlanner/newWordLimit(daily:waitingByHand:)``).
  public var vocabulary: [VocabularyCandidate]
  public var reminders: [DailyPlanReminder]
  public var completion: PlanCompletion
  public var parameters: DailyPlanParameters

  public init(learner: String, date: EpochDay, locale: PlanLocale, profileMinutes: Int, quran: QuranPlanInput?,
              vocabulary: [VocabularyCandidate] = [], reminders: [DailyPlanReminder] = [],
              completion: PlanCompletion = PlanCompletion(), parameters: DailyPlanParameters = DailyPlanParameters(source: "defaults")) {
    self.learner = learner; self.date = date; self.locale = locale; self.profileMinutes = profileMinutes
    self.quran = quran; self.vocabulary = vocabulary; self.reminders = reminders
    self.completion = completion; self.parameters = parameters
  }
}
