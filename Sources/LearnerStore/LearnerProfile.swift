import Foundation
import Hifz
import Localization
import MemoryModels
import PlannerCore
import Vocabulary

/// A learner's settings: `profile.json`, the one source of truth for them (see docs/learner.md).
///
/// Every key but `version` and `id` is optional on disk and takes the default shown here, so
/// older files keep loading as settings are added.
public struct LearnerProfile: Sendable, Equatable {
  public static let currentVersion = 1

  public var version: Int = LearnerProfile.currentVersion
  /// Stable identity of the learner (the folder name unless given).
  public var id: String
  public var name: String?
  /// IANA timezone name; learning days are counted in it.
  public var timezone: String = "UTC"
  /// Hour (0–23, local) at which a learning day starts, as Anki's rollover.
  public var dayStartHour: Int = 4
  public var locale: PlanLocale = .english
  /// Daily time budget in minutes, shared by Quran and vocabulary.
  public var dailyMinutes: Int = 30
  /// Per-weekday budgets ("easy days"), overriding `dailyMinutes` on those days.
  public var weekdayMinutes: [Weekday: Int] = [:]
  public var retention: DesiredRetention = DesiredRetention()
  /// Quran goal and settings; the settings' `dailyMinutes` (the Quran's share of the budget)
  /// defaults to the whole daily budget.
  public var quran: LearnerQuranProfile = LearnerQuranProfile(settings: QuranSettings(dailyMinutes: 30))
  public var vocabulary: VocabularySettings = VocabularySettings()
  /// FSRS-6 weights w0…w20: the defaults until the optimizer fits this learner.
  public var parameters: [Double] = FSRSParameters.defaults.weights

  public init(id: String) { self.id = id }

  /// The minutes budgeted for a weekday.
  public func minutes(on day: Weekday) -> Int { weekdayMinutes[day] ?? dailyMinutes }
}

public enum Weekday: String, Sendable, Codable, CaseIterable, Comparable {
  case mon, tue, wed, thu, fri, sat, sun
  public static func < (a: Weekday, b: Weekday) -> Bool {
    allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
  }
}

/// Desired retention of vocabulary; the Quran's is `quran.settings.desiredRetention` (0.85),
/// which `planner config` also accepts as `retention.quran`.
public struct DesiredRetention: Sendable, Equatable, Codable {
  /// 0.85: the benchmark's knowledge-per-minute curve (docs/plans.md, "Desired retention"); was 0.90.
  public static let defaultVocabulary = 0.85
  public var vocabulary: Double = DesiredRetention.defaultVocabulary
  public init() {}
}

/// The Quran part of the profile: the goal (none until the learner sets one), the settings of
/// the Quran planner (Sources/Hifz/, documented in docs/quran-planner.md), and the
/// mushaf layout.
public struct LearnerQuranProfile: Sendable, Equatable {
  public var goal: QuranGoal?
  public var settings: QuranSettings
  public var mushafLayout: String = Quran.layout

  public init(goal: QuranGoal? = nil, settings: QuranSettings, mushafLayout: String = Quran.layout) {
    self.goal = goal; self.settings = settings; self.mushafLayout = mushafLayout
  }
}

/// Vocabulary settings (the vocabulary planner reads them).
public struct VocabularySettings: Sendable, Equatable, Codable {
  public var newWordsPerDay: Int = 5
  public var reminderEveryMinutes: Int = 120
  public var reminderDailyCap: Int = 8
  /// `HH:MM-HH:MM`, local time.
  public var wakingHours: String = "08:00-22:00"
  /// Windows without reminders, each `HH:MM-HH:MM` (may wrap midnight).
  public var quietHours: [String] = []
  public var mode: ReminderPolicy.Mode = .translation
  /// Hours before a reminder may show a word again that the learner ignored (a failed word may
  /// come back at the next reminder); nil (the key absent) means ``defaultReminderRepeatGapHours``.
  public var reminderRepeatGapHours: Double?
  public static let defaultReminderRepeatGapHours = 3.0
  /// Card directions: forward (English → Ukrainian), reverse, or both; nil is forward (the
  /// key is left out of profile.json until set).
  public var cards: CardMode?
  public init() {}
}

