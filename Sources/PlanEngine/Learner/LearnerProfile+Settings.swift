import Foundation

/// `planner config DIR KEY VALUE`: one dotted key per setting, parsed and validated.
extension LearnerProfile {
  /// Every key `planner config` accepts, sorted.
  public static let settingKeys: [String] = [
    "dailyMinutes", "dayStartHour", "locale", "name", "parameters",
    "quran.audioURLTemplate", "quran.customSurahs", "quran.cycleDays", "quran.direction", "quran.memorised",
    "quran.mushafLayout", "quran.recentWindowDays", "quran.reciter", "quran.target",
    "retention.quran", "retention.vocabulary", "timezone",
    "vocabulary.mode", "vocabulary.newWordsPerDay", "vocabulary.quietHours", "vocabulary.reminderDailyCap",
    "vocabulary.reminderEveryMinutes", "vocabulary.wakingHours",
  ] + Weekday.allCases.map { "weekdayMinutes.\($0.rawValue)" }

  /// The current value of a setting, as `planner config` prints and takes it.
  public func setting(_ key: String) throws(PlanEngineError) -> String {
    switch key {
    case "name": return name ?? ""
    case "timezone": return timezone
    case "dayStartHour": return String(dayStartHour)
    case "locale": return locale.rawValue
    case "dailyMinutes": return String(dailyMinutes)
    case "retention.quran": return String(retention.quran)
    case "retention.vocabulary": return String(retention.vocabulary)
    case "quran.direction": return quran.direction.rawValue
    case "quran.customSurahs": return quran.customSurahs.map(String.init).joined(separator: ",")
    case "quran.memorised":
      return quran.memorised.map { m in m.rating.map { "\(m.range)@\($0)" } ?? m.range }.joined(separator: ",")
    case "quran.target": return quran.target.map { "\($0.range)@\($0.date)" } ?? ""
    case "quran.cycleDays": return String(quran.cycleDays)
    case "quran.recentWindowDays": return String(quran.recentWindowDays)
    case "quran.reciter": return quran.reciter
    case "quran.audioURLTemplate": return quran.audioURLTemplate
    case "quran.mushafLayout": return quran.mushafLayout
    case "vocabulary.newWordsPerDay": return String(vocabulary.newWordsPerDay)
    case "vocabulary.reminderEveryMinutes": return String(vocabulary.reminderEveryMinutes)
    case "vocabulary.reminderDailyCap": return String(vocabulary.reminderDailyCap)
    case "vocabulary.wakingHours": return vocabulary.wakingHours
    case "vocabulary.quietHours": return vocabulary.quietHours.joined(separator: ",")
    case "vocabulary.mode": return vocabulary.mode.rawValue
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

  /// Sets one setting from its text form, then validates the whole profile. An empty value
  /// clears an optional setting (name, quran.target, weekdayMinutes.*, lists).
  public mutating func set(_ key: String, to value: String) throws(PlanEngineError) {
    func bad(_ expected: String) -> PlanEngineError { .invalidValue(keyPath: key, value: value, expected: expected) }
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
    switch key {
    case "name": p.name = value.isEmpty ? nil : value
    case "timezone": p.timezone = value
    case "dayStartHour": p.dayStartHour = try int()
    case "locale": p.locale = try oneOf(LearnerLocale.self)
    case "dailyMinutes": p.dailyMinutes = try int()
    case "retention.quran": p.retention.quran = try double()
    case "retention.vocabulary": p.retention.vocabulary = try double()
    case "quran.direction": p.quran.direction = try oneOf(QuranDirection.self)
    case "quran.customSurahs":
      var surahs: [Int] = []
      for s in list() { guard let n = Int(s) else { throw bad("surah numbers separated by commas") }; surahs.append(n) }
      p.quran.customSurahs = surahs
    case "quran.memorised":
      var ranges: [MemorisedRange] = []
      for item in list() {
        let parts = item.split(separator: "@")
        var rating: Int?
        if parts.count == 2 {
          guard let r = Int(parts[1]) else { throw bad("RANGE or RANGE@RATING, separated by commas") }
          rating = r
        } else if parts.count != 1 { throw bad("RANGE or RANGE@RATING, separated by commas") }
        ranges.append(MemorisedRange(range: try LearnerQuran.canonicalRange(String(parts[0])), rating: rating))
      }
      p.quran.memorised = ranges
    case "quran.target":
      if value.isEmpty { p.quran.target = nil; break }
      let parts = value.split(separator: "@")
      guard parts.count == 2 else { throw bad("RANGE@YYYY-MM-DD, e.g. juz30 as 78-114@2027-06-01") }
      p.quran.target = QuranTarget(range: try LearnerQuran.canonicalRange(String(parts[0])), date: String(parts[1]))
    case "quran.cycleDays": p.quran.cycleDays = try int()
    case "quran.recentWindowDays": p.quran.recentWindowDays = try int()
    case "quran.reciter": p.quran.reciter = value
    case "quran.audioURLTemplate": p.quran.audioURLTemplate = value
    case "quran.mushafLayout": p.quran.mushafLayout = value
    case "vocabulary.newWordsPerDay": p.vocabulary.newWordsPerDay = try int()
    case "vocabulary.reminderEveryMinutes": p.vocabulary.reminderEveryMinutes = try int()
    case "vocabulary.reminderDailyCap": p.vocabulary.reminderDailyCap = try int()
    case "vocabulary.wakingHours": p.vocabulary.wakingHours = value
    case "vocabulary.quietHours": p.vocabulary.quietHours = list()
    case "vocabulary.mode": p.vocabulary.mode = try oneOf(ReminderMode.self)
    case "parameters":
      var w: [Double] = []
      for s in list() { guard let d = Double(s) else { throw bad("21 numbers separated by commas") }; w.append(d) }
      p.parameters = w
    default:
      guard key.hasPrefix("weekdayMinutes."), let day = Weekday(rawValue: String(key.dropFirst(15))) else { throw Self.unknownKey(key) }
      p.weekdayMinutes[day] = value.isEmpty ? nil : try int()
    }
    do { try p.validate(file: "profile.json") } catch {
      if case .malformed(_, _, let keyPath, let expected) = error, keyPath == key || keyPath?.hasPrefix(key) == true {
        throw bad(expected)
      }
      throw error
    }
    self = p
  }
}
