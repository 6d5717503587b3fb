import Foundation
import Hifz
import Localization
import MemoryModels
import PlannerCore
import Vocabulary

extension LearnerProfile: Codable {
  enum CodingKeys: String, CodingKey {
    case version, id, name, timezone, dayStartHour, locale, dailyMinutes, weekdayMinutes
    case retention, quran, vocabulary, parameters
  }
  enum QuranKeys: String, CodingKey { case goal, settings, mushafLayout }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    id = try c.decode(String.self, forKey: .id)
    version = try c.decodeIfPresent(Int.self, forKey: .version) ?? 1
    name = try c.decodeIfPresent(String.self, forKey: .name)
    timezone = try c.decodeIfPresent(String.self, forKey: .timezone) ?? "UTC"
    dayStartHour = try c.decodeIfPresent(Int.self, forKey: .dayStartHour) ?? 4
    locale = try c.decodeIfPresent(PlanLocale.self, forKey: .locale) ?? .english
    dailyMinutes = try c.decodeIfPresent(Int.self, forKey: .dailyMinutes) ?? 30
    let perDay = try c.decodeIfPresent([String: Int].self, forKey: .weekdayMinutes) ?? [:]
    weekdayMinutes = [:]
    for (k, v) in perDay {
      guard let day = Weekday(rawValue: k) else {
        throw DecodingError.dataCorrupted(.init(
          codingPath: c.codingPath + [CodingKeys.weekdayMinutes],
          debugDescription: "unknown weekday '\(k)', expected one of mon, tue, wed, thu, fri, sat, sun"))
      }
      weekdayMinutes[day] = v
    }
    retention = try c.decodeIfPresent(DesiredRetention.self, forKey: .retention) ?? DesiredRetention()
    let fallback = QuranSettings(dailyMinutes: Double(dailyMinutes))
    if c.contains(.quran) {
      let q = try c.nestedContainer(keyedBy: QuranKeys.self, forKey: .quran)
      quran = LearnerQuranProfile(
        goal: try q.decodeIfPresent(QuranGoal.self, forKey: .goal),
        settings: try q.decodeIfPresent(QuranSettings.self, forKey: .settings) ?? fallback,
        mushafLayout: try q.decodeIfPresent(String.self, forKey: .mushafLayout) ?? Quran.layout)
    } else {
      quran = LearnerQuranProfile(settings: fallback)
    }
    vocabulary = try c.decodeIfPresent(VocabularySettings.self, forKey: .vocabulary) ?? VocabularySettings()
    parameters = try c.decodeIfPresent([Double].self, forKey: .parameters) ?? FSRSParameters.defaults.weights
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(version, forKey: .version)
    try c.encode(id, forKey: .id)
    try c.encodeIfPresent(name, forKey: .name)
    try c.encode(timezone, forKey: .timezone)
    try c.encode(dayStartHour, forKey: .dayStartHour)
    try c.encode(locale, forKey: .locale)
    try c.encode(dailyMinutes, forKey: .dailyMinutes)
    try c.encode(Dictionary(uniqueKeysWithValues: weekdayMinutes.map { ($0.key.rawValue, $0.value) }), forKey: .weekdayMinutes)
    try c.encode(retention, forKey: .retention)
    var q = c.nestedContainer(keyedBy: QuranKeys.self, forKey: .quran)
    try q.encodeIfPresent(quran.goal, forKey: .goal)
    try q.encode(quran.settings, forKey: .settings)
    try q.encode(quran.mushafLayout, forKey: .mushafLayout)
    try c.encode(vocabulary, forKey: .vocabulary)
    try c.encode(parameters, forKey: .parameters)
  }

  /// The file's bytes: pretty, sorted keys, so the same profile is always the same bytes (the
  /// snapshot key hashes them).
  public func encoded() -> Data {
    let e = JSONEncoder()
    e.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    var d = (try? e.encode(self)) ?? Data()
    d.append(0x0A)
    return d
  }

  /// Reads and validates a profile; errors name the file and the key path.
  public static func decode(_ data: Data, file: String) throws(PlanEngineError) -> LearnerProfile {
    let profile: LearnerProfile
    Instrumentation.count(.profileParse)
    // Our parser first: it says where JSON is bad, and Foundation's scanner traps (SIGILL) on
    // some invalid input instead of throwing (found by Fuzz/Targets/profile.swift: 513 nested
    // `[` with `\r` line breaks), so it only ever sees valid JSON.
    // Its tree is then decoded as it is (no second parse); whatever it cannot take, an error
    // included, is decoded again by Foundation's `JSONDecoder`, whose error names the key path.
    let node: JSONNode
    do { node = try JSONParser.parse([UInt8](data)) } catch {
      throw .malformed(file: file, line: error.line, keyPath: nil, expected: "valid JSON (column \(error.column): \(error.message))")
    }
    do {
      profile = try JSONNodeDecoder().decode(LearnerProfile.self, from: node, bytes: data)
    } catch let error as DecodingError {
      throw Self.describe(error, file: file)
    } catch {
      throw .malformed(file: file, line: nil, keyPath: nil, expected: "a JSON learner profile (\(error))")
    }
    guard profile.version >= 1 else {
      throw .malformed(file: file, line: nil, keyPath: "version", expected: "a profile version: a whole number from 1 (this planner reads up to \(currentVersion)), not \(profile.version)")
    }
    guard profile.version <= currentVersion else {
      throw .malformed(file: file, line: nil, keyPath: "version", expected: "a profile version ≤ \(currentVersion) (this planner is older than the file)")
    }
    try profile.validate(file: file)
    return profile
  }

  static func describe(_ error: DecodingError, file: String) -> PlanEngineError {
    func path(_ p: [any CodingKey]) -> String {
      p.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().drop { $0 == "." }.description
    }
    switch error {
    case .keyNotFound(let key, let ctx):
      return .malformed(file: file, line: nil, keyPath: path(ctx.codingPath + [key]), expected: "the required key '\(key.stringValue)'")
    case .typeMismatch(let type, let ctx):
      return .malformed(file: file, line: nil, keyPath: path(ctx.codingPath), expected: "a value of type \(type)")
    case .valueNotFound(let type, let ctx):
      return .malformed(file: file, line: nil, keyPath: path(ctx.codingPath), expected: "a value of type \(type), not null")
    case .dataCorrupted(let ctx):
      return .malformed(file: file, line: nil, keyPath: path(ctx.codingPath), expected: ctx.debugDescription)
    @unknown default:
      return .malformed(file: file, line: nil, keyPath: nil, expected: "a JSON learner profile")
    }
  }
}

extension DesiredRetention {
  enum CodingKeys: String, CodingKey { case vocabulary }
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    vocabulary = try c.decodeIfPresent(Double.self, forKey: .vocabulary) ?? DesiredRetention.defaultVocabulary
  }
}

extension VocabularySettings {
  enum CodingKeys: String, CodingKey {
    case newWordsPerDay, reminderEveryMinutes, reminderDailyCap, wakingHours, quietHours, mode, reminderRepeatGapHours
    case cards
  }
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    let d = VocabularySettings()
    newWordsPerDay = try c.decodeIfPresent(Int.self, forKey: .newWordsPerDay) ?? d.newWordsPerDay
    reminderEveryMinutes = try c.decodeIfPresent(Int.self, forKey: .reminderEveryMinutes) ?? d.reminderEveryMinutes
    reminderDailyCap = try c.decodeIfPresent(Int.self, forKey: .reminderDailyCap) ?? d.reminderDailyCap
    wakingHours = try c.decodeIfPresent(String.self, forKey: .wakingHours) ?? d.wakingHours
    quietHours = try c.decodeIfPresent([String].self, forKey: .quietHours) ?? d.quietHours
    if let text = try c.decodeIfPresent(String.self, forKey: .mode) {
      guard let m = ReminderPolicy.Mode(rawValue: text) else {
        throw DecodingError.dataCorruptedError(
          forKey: .mode, in: c,
          debugDescription: "a reminder mode: one of \(ReminderPolicy.Mode.allCases.map(\.rawValue).joined(separator: ", ")), not '\(text)'")
      }
      mode = m
    } else {
      mode = d.mode
    }
    reminderRepeatGapHours = try c.decodeIfPresent(Double.self, forKey: .reminderRepeatGapHours)
    cards = try c.decodeIfPresent(CardMode.self, forKey: .cards)
  }
}
