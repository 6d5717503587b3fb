import Foundation
import MemoryModels

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
  public var locale: LearnerLocale = .en
  /// Daily time budget in minutes, shared by Quran and vocabulary.
  public var dailyMinutes: Int = 30
  /// Per-weekday budgets ("easy days"), overriding `dailyMinutes` on those days.
  public var weekdayMinutes: [Weekday: Int] = [:]
  public var retention: DesiredRetention = DesiredRetention()
  public var quran: QuranSettings = QuranSettings()
  public var vocabulary: VocabularySettings = VocabularySettings()
  /// FSRS-6 weights w0…w20: the defaults until the optimizer fits this learner.
  public var parameters: [Double] = FSRSParameters.defaults.weights

  public init(id: String) { self.id = id }

  /// The minutes budgeted for a weekday.
  public func minutes(on day: Weekday) -> Int { weekdayMinutes[day] ?? dailyMinutes }
}

public enum LearnerLocale: String, Sendable, Codable, CaseIterable { case en, ar, uk }

public enum Weekday: String, Sendable, Codable, CaseIterable, Comparable {
  case mon, tue, wed, thu, fri, sat, sun
  public static func < (a: Weekday, b: Weekday) -> Bool {
    allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
  }
}

/// Desired retention per kind of item.
public struct DesiredRetention: Sendable, Equatable, Codable {
  public var quran: Double = 0.95
  public var vocabulary: Double = 0.9
  public init() {}
}

/// The Quran goal and revision settings (the Quran planner reads them).
public struct QuranSettings: Sendable, Equatable, Codable {
  /// Order of new lessons: from An-Nas backwards, from Al-Fatiha forwards, or `customSurahs`.
  public var direction: QuranDirection = .backward
  public var customSurahs: [Int] = []
  /// What is memorised already, with an optional self-rating 1–4.
  public var memorised: [MemorisedRange] = []
  public var target: QuranTarget?
  /// No memorised page goes longer than this without revision.
  public var cycleDays: Int = 30
  /// Lessons of the last N days are revised daily (sabqi).
  public var recentWindowDays: Int = 7
  public var reciter: String = "Alafasy_128kbps"
  /// `{reciter}`, `{surah}`, `{ayah}`, zero-padded as `{surah:03}`.
  public var audioURLTemplate: String = "https://everyayah.com/data/{reciter}/{surah:03}{ayah:03}.mp3"
  public var mushafLayout: String = "madani-15"
  public init() {}
}

public enum QuranDirection: String, Sendable, Codable, CaseIterable { case backward, forward, custom }

public struct MemorisedRange: Sendable, Equatable, Codable {
  /// Canonical ayah range.
  public var range: String
  /// Self-rating 1 (shaky) … 4 (solid), optional.
  public var rating: Int?
  public init(range: String, rating: Int? = nil) { self.range = range; self.rating = rating }
}

public struct QuranTarget: Sendable, Equatable, Codable {
  public var range: String
  /// YYYY-MM-DD.
  public var date: String
  public init(range: String, date: String) { self.range = range; self.date = date }
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
  public var mode: ReminderMode = .translation
  public init() {}
}

public enum ReminderMode: String, Sendable, Codable, CaseIterable { case translation, hint }
