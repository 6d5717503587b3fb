import Foundation
import Hifz
import MemoryModels
import PlannerCore

extension LearnerProfile {
  /// Checks every setting; the error names the file and the key path.
  public func validate(file: String) throws(PlanEngineError) {
    func bad(_ key: String, _ expected: String) -> PlanEngineError {
      .malformed(file: file, line: nil, keyPath: key, expected: expected)
    }
    guard !id.isEmpty else { throw bad("id", "a non-empty learner id") }
    guard TimeZone(identifier: timezone) != nil else { throw bad("timezone", "an IANA timezone name such as Europe/Kyiv, not '\(timezone)'") }
    guard (0...23).contains(dayStartHour) else { throw bad("dayStartHour", "an hour 0–23, not \(dayStartHour)") }
    guard (1...1440).contains(dailyMinutes) else { throw bad("dailyMinutes", "minutes 1–1440, not \(dailyMinutes)") }
    for (day, m) in weekdayMinutes where !(0...1440).contains(m) {
      throw bad("weekdayMinutes.\(day.rawValue)", "minutes 0–1440, not \(m)")
    }
    guard (0.7...0.99).contains(retention.vocabulary) else {
      throw bad("retention.vocabulary", "a desired retention 0.7–0.99, not \(retention.vocabulary)")
    }
    do { try quran.settings.validate() } catch {
      if case .invalidValue(let key, _, let expected) = error {
        throw bad(key.replacingOccurrences(of: "quran.", with: "quran.settings."), expected)
      }
      throw error
    }
    if let goal = quran.goal {
      for (i, s) in goal.surahs.enumerated() where !(1...114).contains(s) || goal.surahs[..<i].contains(s) {
        throw bad("quran.goal.surahs[\(i)]", "a surah number 1–114, each once, not \(s)")
      }
      if goal.direction == .custom && goal.surahs.isEmpty {
        throw bad("quran.goal.surahs", "the surahs of a custom goal, in learning order")
      }
      if goal.direction == .custom, let scope = goal.scope,
        !goal.surahs.contains(where: { Quran.surahRange($0).map(scope.overlaps) ?? false }) {
        throw bad("quran.goal.scope", "a scope that overlaps the custom goal's surahs (\(goal.surahs.map(String.init).joined(separator: ","))), not \(scope): nothing would be left to learn")
      }
      if let target = goal.targetDate, target <= goal.startDate {
        throw bad("quran.goal.targetDate", "a day after the goal's start (\(goal.startDate)), not \(target)")
      }
    }
    guard quran.mushafLayout == Quran.layout else {
      throw bad("quran.mushafLayout", "\(Quran.layout) (the only layout shipped), not '\(quran.mushafLayout)'")
    }
    guard (0...500).contains(vocabulary.newWordsPerDay) else { throw bad("vocabulary.newWordsPerDay", "0–500, not \(vocabulary.newWordsPerDay)") }
    guard (1...1440).contains(vocabulary.reminderEveryMinutes) else {
      throw bad("vocabulary.reminderEveryMinutes", "minutes 1–1440, not \(vocabulary.reminderEveryMinutes)")
    }
    guard (0...500).contains(vocabulary.reminderDailyCap) else { throw bad("vocabulary.reminderDailyCap", "0–500, not \(vocabulary.reminderDailyCap)") }
    guard let waking = TimeWindow(vocabulary.wakingHours) else {
      throw bad("vocabulary.wakingHours", "a window HH:MM-HH:MM with different ends, not '\(vocabulary.wakingHours)'")
    }
    if let gap = vocabulary.reminderRepeatGapHours, !(gap.isFinite && (0...24).contains(gap)) {
      throw bad("vocabulary.reminderRepeatGapHours", "hours 0–24, not \(gap)")
    }
    var quietMinutes = 0
    for (i, q) in vocabulary.quietHours.enumerated() {
      guard let w = TimeWindow(q) else { throw bad("vocabulary.quietHours[\(i)]", "a window HH:MM-HH:MM with different ends, not '\(q)'") }
      quietMinutes += w.minutes
    }
    if quietMinutes >= 1440 { throw bad("vocabulary.quietHours", "quiet hours that leave some of the day for reminders") }
    _ = waking
    do { _ = try FSRSParameters(validating: parameters) } catch {
      throw bad("parameters", "21 FSRS-6 weights within bounds (\(error))")
    }
  }
}

/// A daily time window `HH:MM-HH:MM` in local time; it wraps midnight when end < start.
public struct TimeWindow: Sendable, Hashable {
  public var start: Int  // minutes after midnight
  public var end: Int

  public init?(_ text: String) {
    let parts = text.split(separator: "-")
    guard parts.count == 2, let a = Self.minutes(parts[0]), let b = Self.minutes(parts[1]), a != b else { return nil }
    start = a
    end = b
  }

  static func minutes(_ s: Substring) -> Int? {
    let hm = s.split(separator: ":")
    guard hm.count == 2, hm[0].count == 2, hm[1].count == 2, let h = Int(hm[0]), let m = Int(hm[1]),
      (0...24).contains(h), (0...59).contains(m), h * 60 + m <= 1440 else { return nil }
    return h * 60 + m
  }

  public var minutes: Int { end > start ? end - start : 1440 - start + end }
}

