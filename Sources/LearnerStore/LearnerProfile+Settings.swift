import Foundation
import Hifz
import Localization
import MemoryModels
import PlannerCore
import Vocabulary

/// `planner config DIR KEY VALUE`: one dotted key per setting, parsed and validated.
extension LearnerProfile {
  /// Every key `planner config` accepts, sorted.
  public static let settingKeys: [String] = [
    "dailyMinutes", "dayStartHour", "locale", "name", "parameters",
    "quran.audioURLTemplate", "quran.cycleDays", "quran.dailyMinutes", "quran.desiredRetention", "quran.direction",
    "quran.lessonGrowthPerWeek", "quran.manzilRotation", "quran.maxLessonLines", "quran.memorised", "quran.minLessonLines", "quran.mushafLayout", "quran.recentWindowDays", "quran.reciter",
    "quran.sabqi", "quran.sabqiLessons", "quran.scope", "quran.stableCycleDays", "quran.startDate", "quran.surahs", "quran.targetDate",
    "retention.quran", "retention.vocabulary", "timezone",
    "vocabulary.cards", "vocabulary.mode", "vocabulary.newWordsPerDay", "vocabulary.quietHours", "vocabulary.reminderDailyCap",
    "vocabulary.reminderEveryMinutes", "vocabulary.reminderRepeatGapHours", "vocabulary.wakingHours",
  ] + Weekday.allCases.map { "weekdayMinutes.\($0.rawValue)" }

  /// The current value of a setting, as `planner config` prints and takes it.
  public func setting(_ key: String) throws(PlanEngineError) -> String {
    switch key {
    case "name": return name ?? ""
    case "timezone": return timezone
    case "dayStartHour": return String(dayStartHour)
    case "locale": return locale.rawValue
    case "dailyMinutes": return String(dailyMinutes)
    case "retention.quran", "quran.desiredRetention": return String(quran.settings.desiredRetention)
    case "retention.vocabulary": return String(retention.vocabulary)
    case "quran.direction": return quran.goal?.direction.rawValue ?? ""
    case "quran.surahs": return quran.goal?.surahs.map(String.init).joined(separator: ",") ?? ""
    case "quran.scope": return quran.goal?.scope?.description ?? ""
    case "quran.memorised":
      return (quran.goal?.memorised ?? []).map { m in
        let rated = m.selfRating.map { "\(m.range)@\($0.rawValue)" } ?? "\(m.range)"
        return m.memorisedOn.map { rated + (m.selfRating == nil ? "@3" : "") + "@\($0)" } ?? rated
      }
        .joined(separator: ",")
    case "quran.targetDate": return quran.goal?.targetDate?.description ?? ""
    case "quran.startDate": return quran.goal?.startDate.description ?? ""
    case "quran.dailyMinutes": return String(quran.settings.dailyMinutes)
    case "quran.cycleDays": return String(quran.settings.cycleDays)
    case "quran.recentWindowDays": return String(quran.settings.recentWindowDays)
    case "quran.stableCycleDays": return quran.settings.stableCycleDays.map(String.init) ?? ""
    case "quran.maxLessonLines": return String(quran.settings.maxLessonLines)
    case "quran.minLessonLines": return String(quran.settings.minLessonLines)
    case "quran.lessonGrowthPerWeek": return String(quran.settings.lessonGrowthPerWeek)
    case "quran.manzilRotation": return quran.settings.manzilRotation.rawValue
    case "quran.sabqi": return quran.settings.sabqi.rawValue
    case "quran.sabqiLessons": return String(quran.settings.sabqiLessons)
    case "quran.reciter": return quran.settings.reciter
    case "quran.audioURLTemplate": return quran.settings.audioURLTemplate ?? ""
    case "quran.mushafLayout": return quran.mushafLayout
    case "vocabulary.newWordsPerDay": return String(vocabulary.newWordsPerDay)
    case "vocabulary.reminderEveryMinutes": return String(vocabulary.reminderEveryMinutes)
    case "vocabulary.reminderDailyCap": return String(vocabulary.reminderDailyCap)
    case "vocabulary.wakingHours": return vocabulary.wakingHours
    case "vocabulary.quietHours": return vocabulary.quietHours.joined(separator: ",")
    case "vocabulary.mode": return vocabulary.mode.rawValue
    case "vocabulary.reminderRepeatGapHours":
      return String(vocabulary.reminderRepeatGapHours ?? VocabularySettings.defaultReminderRepeatGapHours)
    case "vocabulary.cards": return (vocabulary.cards ?? .forward).rawValue
    case "parameters": return parameters.map { String($0) }.joined(separator: ",")
    default:
      if key.hasPrefix("weekdayMinutes."), let day = Weekday(rawValue: String(key.dropFirst(15))) {
        return weekdayMinutes[day].map(String.init) ?? ""
      }
      throw Self.unknownKey(key)
    }
  }

  static func unknownKey(_ key: String) -> PlanEngineError {
    let close = settingKeys.min { editDistance($0.lowercased(), key.lowercased()) < editDistance($1.lowercased(), key.lowercased()) }
    let hint = close.map { " (did you mean '\($0)'?)" } ?? ""
    return .invalidValue(keyPath: key, value: key, expected: "one of the setting keys\(hint): \(settingKeys.joined(separator: ", "))")
  }

  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    var row = Array(0...b.count)
    for i in 1...max(a.count, 1) where !a.isEmpty {
      var prev = row[0]
      row[0] = i
      for j in 1...max(b.count, 1) where !b.isEmpty {
        let cur = row[j]
        row[j] = min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] == b[j - 1] ? 0 : 1))
        prev = cur
      }
    }
    return row[b.count]
  }

  /// Sets one setting from its text form, then validates the whole profile (``set(_:today:)``).
  public mutating func set(_ key: String, to value: String, today: EpochDay = EpochDay(0)) throws(PlanEngineError) {
    try set([(key, value)], today: today)
  }

  /// Sets several settings from their text forms, in the order given, then validates them
  /// together: a batch is accepted or refused as a whole, whatever its order, and the error names
  /// the key at fault and what it expects. An empty value clears an optional setting (name,
  /// quran.scope, quran.targetDate, weekdayMinutes.*, lists). Setting a goal key when there is no
  /// goal starts one (from An-Nas, starting `today`).
  ///
  /// Settings that go together (docs/cli.md, "Settings that go together"):
  /// - the Quran's share (`quran.dailyMinutes`) follows the budget: when `dailyMinutes` changes
  ///   and the share was the whole budget (at least the old `dailyMinutes`), it becomes the new
  ///   budget; a smaller share set on purpose is kept, lowered to the budget if it exceeds it. A
  ///   share set in the same batch is taken as given, and must not exceed every day's budget;
  /// - `quran.surahs` (a list) makes the goal custom unless the batch sets `quran.direction`;
  ///   surahs with another direction are refused (they would be ignored);
  /// - `quran.scope` must overlap a custom goal's surahs, and `quran.targetDate` come after
  ///   `quran.startDate`.
  public mutating func set(_ changes: [(key: String, value: String)], today: EpochDay = EpochDay(0)) throws(PlanEngineError) {
    var p = self
    for (key, value) in changes { try p.assign(key, value, today: today) }
    let keys = Set(changes.map(\.key))
    if keys.contains("dailyMinutes") && !keys.contains("quran.dailyMinutes") {
      let share = p.quran.settings.dailyMinutes, budget = Double(p.dailyMinutes)
      if share >= Double(dailyMinutes) || share > budget { p.quran.settings.dailyMinutes = budget }
    }
    if keys.contains("quran.surahs") && !keys.contains("quran.direction"), let goal = p.quran.goal, !goal.surahs.isEmpty {
      p.quran.goal!.direction = .custom
    }
    func given(_ key: String) -> String { changes.last { $0.key == key }?.value ?? ((try? p.setting(key)) ?? "") }
    func bad(_ key: String, _ expected: String) -> PlanEngineError { .invalidValue(keyPath: key, value: given(key), expected: expected) }
    do { try p.validate(file: "profile.json") } catch {
      if case .malformed(_, _, let keyPath?, let expected) = error {
        let setting = keyPath.replacingOccurrences(of: ".settings.", with: ".").replacingOccurrences(of: "quran.goal.", with: "quran.")
        let key = changes.last { setting == $0.key || setting.hasPrefix($0.key + "[") || keyPath == $0.key }?.key
          ?? (Self.settingKeys.contains(setting) ? setting : (setting.split(separator: "[").first.map(String.init) ?? setting))
        throw bad(key, expected)
      }
      throw error
    }
    try p.checkTogether(changed: keys, bad: bad)
    // Reminder settings that together leave no reminder time are refused here, on write (a
    // profile already holding them still plans its day, without reminders).
    if keys.contains(where: { $0.hasPrefix("vocabulary.") }) { do { _ = try p.reminderPolicy() } catch {
      if case .invalidValue(let keyPath, _, let expected) = error {
        let key = changes.last { keyPath == $0.key || keyPath.hasPrefix($0.key + "[") }?.key ?? keyPath
        throw bad(key, expected)
      }
      throw error
    } }
    self = p
  }

  /// The checks across keys that apply when settings are written (a profile already holding
  /// such a combination still loads: the goal's own checks in ``validate(file:)`` are the file's).
  func checkTogether(changed keys: Set<String>, bad: (String, String) -> PlanEngineError) throws(PlanEngineError) {
    if keys.contains("quran.surahs") || keys.contains("quran.direction"), let goal = quran.goal, goal.direction != .custom, !goal.surahs.isEmpty {
      let key = keys.contains("quran.direction") ? "quran.direction" : "quran.surahs"
      throw bad(key, "custom when quran.surahs is set (\(goal.direction.rawValue) ignores the surah list \(goal.surahs.map(String.init).joined(separator: ","))): set quran.direction custom, or clear quran.surahs with an empty value")
    }
    if keys.contains("quran.reciter") || keys.contains("quran.audioURLTemplate") {
      do { try AudioURLTemplate.validateReciter(quran.settings) } catch {
        if case .invalidValue(_, _, let expected) = error { throw bad("quran.reciter", expected) }
        throw error
      }
    }
    if keys.contains("quran.dailyMinutes") {
      let most = max(dailyMinutes, weekdayMinutes.values.max() ?? 0)
      if quran.settings.dailyMinutes > Double(most) {
        throw bad("quran.dailyMinutes", "minutes from 0 to the daily budget (\(most): dailyMinutes or the largest weekdayMinutes); the Quran's share is part of it")
      }
    }
  }

  /// Parses one setting into the profile, without the checks of the whole.
  mutating func assign(_ key: String, _ value: String, today: EpochDay) throws(PlanEngineError) {
    func bad(_ expected: String) -> PlanEngineError { .invalidValue(keyPath: key, value: value, expected: expected) }
    func range(_ text: String) throws(PlanEngineError) -> AyahRange {
      do { return try AyahRange(parsing: text) } catch {
        if case .unknownQuranReference(_, let reason) = error { throw bad("a range in the Quran (\(reason))") }
        throw error
      }
    }
    func int() throws(PlanEngineError) -> Int {
      guard let v = Int(value.trimmingCharacters(in: .whitespaces)) else { throw bad("a whole number") }
      return v
    }
    func double() throws(PlanEngineError) -> Double {
      guard let v = Double(value.trimmingCharacters(in: .whitespaces)), v.isFinite else { throw bad("a number") }
      return v
    }
    func list() -> [String] {
      value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
    func oneOf<E: RawRepresentable & CaseIterable>(_: E.Type) throws(PlanEngineError) -> E where E.RawValue == String {
      guard let e = E(rawValue: value) else { throw bad("one of " + E.allCases.map(\.rawValue).joined(separator: ", ")) }
      return e
    }
    var p = self
    defer { self = p }
    switch key {
    case "name": p.name = value.isEmpty ? nil : value
    case "timezone": p.timezone = value
    case "dayStartHour": p.dayStartHour = try int()
    case "locale": p.locale = try oneOf(PlanLocale.self)
    case "dailyMinutes": p.dailyMinutes = try int()
    case "retention.quran", "quran.desiredRetention": p.quran.settings.desiredRetention = try double()
    case "retention.vocabulary": p.retention.vocabulary = try double()
    case "quran.direction", "quran.surahs", "quran.scope", "quran.memorised", "quran.targetDate", "quran.startDate":
      var goal = p.quran.goal ?? QuranGoal(direction: .fromAnNas, startDate: today)
      switch key {
      case "quran.direction": goal.direction = try oneOf(QuranDirection.self)
      case "quran.surahs":
        var surahs: [Int] = []
        for s in list() { guard let n = Int(s) else { throw bad("surah numbers separated by commas") }; surahs.append(n) }
        goal.surahs = surahs
      case "quran.scope": goal.scope = value.isEmpty ? nil : try range(value)
      case "quran.memorised":
        var ranges: [MemorisedRange] = []
        for item in list() {
          let parts = item.split(separator: "@")
          let expected = "RANGE, RANGE@RATING (1–4) or RANGE@RATING@YYYY-MM-DD (the day it was memorised), separated by commas"
          var rating: Rating?
          var on: EpochDay?
          if parts.count >= 2 {
            guard let r = Int(parts[1]).flatMap(Rating.init(rawValue:)) else { throw bad(expected) }
            rating = r
          }
          if parts.count == 3 {
            guard let d = try? EpochDay(parsing: String(parts[2])) else { throw bad(expected) }
            on = d
          } else if parts.count > 3 { throw bad(expected) }
          ranges.append(MemorisedRange(try range(String(parts[0])), selfRating: rating, memorisedOn: on))
        }
        goal.memorised = ranges
      case "quran.targetDate": goal.targetDate = value.isEmpty ? nil : try EpochDay(parsing: value)
      default: goal.startDate = try EpochDay(parsing: value)
      }
      p.quran.goal = goal
    case "quran.dailyMinutes": p.quran.settings.dailyMinutes = try double()
    case "quran.cycleDays": p.quran.settings.cycleDays = try int()
    case "quran.recentWindowDays": p.quran.settings.recentWindowDays = try int()
    case "quran.stableCycleDays": p.quran.settings.stableCycleDays = value.isEmpty ? nil : try int()
    case "quran.maxLessonLines": p.quran.settings.maxLessonLines = try double()
    case "quran.minLessonLines": p.quran.settings.minLessonLines = try double()
    case "quran.lessonGrowthPerWeek": p.quran.settings.lessonGrowthPerWeek = try double()
    case "quran.manzilRotation": p.quran.settings.manzilRotation = try oneOf(ManzilRotation.self)
    case "quran.sabqi": p.quran.settings.sabqi = try oneOf(SabqiMode.self)
    case "quran.sabqiLessons": p.quran.settings.sabqiLessons = try int()
    case "quran.reciter": p.quran.settings.reciter = value
    case "quran.audioURLTemplate": p.quran.settings.audioURLTemplate = value.isEmpty ? nil : value
    case "quran.mushafLayout": p.quran.mushafLayout = value
    case "vocabulary.newWordsPerDay": p.vocabulary.newWordsPerDay = try int()
    case "vocabulary.reminderEveryMinutes": p.vocabulary.reminderEveryMinutes = try int()
    case "vocabulary.reminderDailyCap": p.vocabulary.reminderDailyCap = try int()
    case "vocabulary.wakingHours": p.vocabulary.wakingHours = value
    case "vocabulary.quietHours": p.vocabulary.quietHours = list()
    case "vocabulary.mode": p.vocabulary.mode = try oneOf(ReminderPolicy.Mode.self)
    case "vocabulary.reminderRepeatGapHours": p.vocabulary.reminderRepeatGapHours = value.isEmpty ? nil : try double()
    case "vocabulary.cards": p.vocabulary.cards = try oneOf(CardMode.self)
    case "parameters":
      var w: [Double] = []
      for s in list() { guard let d = Double(s) else { throw bad("21 numbers separated by commas") }; w.append(d) }
      p.parameters = w
    default:
      guard key.hasPrefix("weekdayMinutes."), let day = Weekday(rawValue: String(key.dropFirst(15))) else { throw Self.unknownKey(key) }
      p.weekdayMinutes[day] = value.isEmpty ? nil : try int()
    }
  }
}
