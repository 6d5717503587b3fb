import Foundation
import PlannerCore

/// The learner's reminder settings, validated.
public struct ReminderPolicy: Sendable, Hashable, Codable {
  /// A local wall-clock time, `HH:MM` in JSON (`24:00` allowed as an end).
  public struct Time: Sendable, Hashable, CanonicalTextCodable {
    /// Minutes from midnight, 0...1440.
    public var minutes: Int

    public init(minutes: Int) { self.minutes = minutes }
    public init(hour: Int, minute: Int = 0) { self.minutes = hour * 60 + minute }

    public init(parsing text: String, keyPath: String) throws(PlanEngineError) {
      let parts = text.split(separator: ":", omittingEmptySubsequences: false)
      guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
        let h = Int(parts[0]), let m = Int(parts[1]), (0...24).contains(h), (0...59).contains(m), h * 60 + m <= 1440
      else { throw .invalidValue(keyPath: keyPath, value: text, expected: "a time HH:MM between 00:00 and 24:00") }
      self.minutes = h * 60 + m
    }

    public var description: String {
      let h = minutes / 60, m = minutes % 60
      return (h < 10 ? "0" : "") + "\(h):" + (m < 10 ? "0" : "") + "\(m)"
    }

    public init(canonicalText text: String, keyPath: String) throws(PlanEngineError) {
      try self.init(parsing: text, keyPath: keyPath)
    }
  }


  /// A local time window `HH:MM-HH:MM` (may wrap midnight), as profiles write quiet and waking hours.
  public struct Window: Sendable, Hashable, CanonicalTextCodable {
    public var from: Time
    public var to: Time

    public init(from: Time, to: Time) {
      self.from = from
      self.to = to
    }

    public init(parsing text: String, keyPath: String) throws(PlanEngineError) {
      let parts = text.split(separator: "-", omittingEmptySubsequences: false)
      guard parts.count == 2 else {
        throw .invalidValue(keyPath: keyPath, value: text, expected: "a window HH:MM-HH:MM")
      }
      self.from = try Time(parsing: Self.trimmed(parts[0]), keyPath: keyPath)
      self.to = try Time(parsing: Self.trimmed(parts[1]), keyPath: keyPath)
    }

    /// `side` without leading and trailing whitespace (`CharacterSet.whitespaces`). A side that
    /// begins and ends with a printable ASCII character other than space (every profile's
    /// `08:00`) has none, and is taken as it is: Foundation's trimming cost more than the rest of
    /// making a day's reminder policy.
    static func trimmed(_ side: Substring) -> String {
      let bytes = side.utf8
      if let first = bytes.first, let last = bytes.last, (0x21...0x7E).contains(first), (0x21...0x7E).contains(last) {
        return String(side)
      }
      return side.trimmingCharacters(in: .whitespaces)
    }

    public var description: String { "\(from)-\(to)" }

    public init(canonicalText text: String, keyPath: String) throws(PlanEngineError) {
      try self.init(parsing: text, keyPath: keyPath)
    }
  }

  /// What a reminder shows.
  public enum Mode: String, Sendable, Hashable, Codable, CaseIterable {
    /// The word and its translation.
    case translation
    /// The word and a hint (first and last letters).
    case hint
    /// A hint for words the learner has recalled before, the translation for the others.
    case mixed
  }

  /// Minutes between two reminders (the seed app's frequency). At least 1.
  public var frequencyMinutes: Int
  /// At most this many reminders a day.
  public var dailyCap: Int
  /// Waking hours: reminders only from `wakeAt` to `sleepAt` (past midnight if earlier).
  public var wakeAt: Time
  public var sleepAt: Time
  /// Quiet hours inside the waking day (a meeting, a prayer, a class), each may wrap midnight.
  public var quietHours: [Window]
  public var mode: Mode
  /// A word is not shown again within this many hours unless the learner failed it.
  public var repeatGapHours: Double

  public init(
    frequencyMinutes: Int = 120, dailyCap: Int = 6, wakeAt: Time = Time(hour: 8), sleepAt: Time = Time(hour: 22),
    quietHours: [Window] = [], mode: Mode = .mixed, repeatGapHours: Double = 3
  ) {
    self.frequencyMinutes = frequencyMinutes
    self.dailyCap = dailyCap
    self.wakeAt = wakeAt
    self.sleepAt = sleepAt
    self.quietHours = quietHours
    self.mode = mode
    self.repeatGapHours = repeatGapHours
  }

  /// The minutes of the waking day (from the day's local midnight; may pass 1440) where a
  /// reminder may fall, as a mask of `2 · 1440` entries; an error for a setting that leaves
  /// no time at all, a frequency of zero, or a negative cap.
  public func validatedAllowedMinutes() throws(PlanEngineError) -> [Bool] {
    guard frequencyMinutes >= 1 else {
      throw .invalidValue(keyPath: "vocabulary.reminders.frequencyMinutes", value: String(frequencyMinutes), expected: "at least 1 minute between reminders")
    }
    guard dailyCap >= 0 else {
      throw .invalidValue(keyPath: "vocabulary.reminders.dailyCap", value: String(dailyCap), expected: "a count ≥ 0")
    }
    guard repeatGapHours.isFinite, repeatGapHours >= 0 else {
      throw .invalidValue(keyPath: "vocabulary.reminders.repeatGapHours", value: "\(repeatGapHours)", expected: "hours ≥ 0")
    }
    guard wakeAt.minutes < 1440 else {
      throw .invalidValue(keyPath: "vocabulary.reminders.wakeAt", value: wakeAt.description, expected: "a time before 24:00")
    }
    var mask = [Bool](repeating: false, count: 2 * 1440)
    let wakeLength = Self.length(from: wakeAt.minutes, to: sleepAt.minutes)
    for m in wakeAt.minutes..<(wakeAt.minutes + wakeLength) { mask[m] = true }
    for (i, window) in quietHours.enumerated() {
      let from = window.from.minutes % 1440
      let quietLength = Self.length(from: from, to: window.to.minutes)
      if quietLength >= 1440 || from == window.to.minutes % 1440 {
        throw .invalidValue(
          keyPath: "vocabulary.reminders.quietHours[\(i)]", value: window.description,
          expected: "quiet hours that leave part of the day free (these cover the whole day)")
      }
      for dayOffset in [-1440, 0, 1440] {
        let start = from + dayOffset
        for m in max(0, start)..<max(0, min(2 * 1440, start + quietLength)) { mask[m] = false }
      }
    }
    guard mask.contains(true) else {
      throw .invalidValue(
        keyPath: "vocabulary.reminders.quietHours", value: quietHours.map(\.description).joined(separator: ","),
        expected: "quiet hours that leave part of the waking hours \(wakeAt)-\(sleepAt) free")
    }
    return mask
  }

  /// Minutes from `a` to `b` going forward; equal times mean a whole day.
  static func length(from a: Int, to b: Int) -> Int {
    let d = ((b - a) % 1440 + 1440) % 1440
    return d == 0 ? 1440 : d
  }
}

/// When the learner practises and when they ignore reminders: per local hour 0-23.
public struct ReminderHabits: Sendable, Hashable, Codable {
  /// Practice events (reviews, quizzes, recitations) per local hour.
  public var practiceByHour: [Int]
  /// Reminders shown per local hour.
  public var shownByHour: [Int]
  /// Reminders shown and then ignored (no action) per local hour.
  public var ignoredByHour: [Int]

  public init(practiceByHour: [Int] = Array(repeating: 0, count: 24), shownByHour: [Int] = Array(repeating: 0, count: 24), ignoredByHour: [Int] = Array(repeating: 0, count: 24)) {
    self.practiceByHour = practiceByHour
    self.shownByHour = shownByHour
    self.ignoredByHour = ignoredByHour
  }

  /// The weight of a reminder slot in local hour `h`:
  /// `(1 + 24 · practice[h] / totalPractice) · (1 − ignored[h] / (shown[h] + 2))`.
  /// No data: 1 everywhere. An hour with all the practice weighs 25 times an hour without;
  /// an hour where every one of many reminders was ignored weighs close to 0.
  public func weight(hour h: Int) -> Double {
    func at(_ a: [Int]) -> Double { h >= 0 && h < a.count ? Double(max(0, a[h])) : 0 }
    let total = practiceByHour.reduce(0) { $0 + max(0, $1) }
    let practice = total > 0 ? 24 * at(practiceByHour) / Double(total) : 0
    let ignoredShare = min(1, at(ignoredByHour) / (at(shownByHour) + 2))
    return (1 + practice) * (1 - ignoredShare)
  }
}

extension ReminderPolicy {
  enum CodingKeys: String, CodingKey {
    case frequencyMinutes, dailyCap, wakeAt, sleepAt, quietHours, mode, repeatGapHours
  }

  /// Missing keys take their defaults.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    let d = ReminderPolicy()
    self.init(
      frequencyMinutes: try c.decodeIfPresent(Int.self, forKey: .frequencyMinutes) ?? d.frequencyMinutes,
      dailyCap: try c.decodeIfPresent(Int.self, forKey: .dailyCap) ?? d.dailyCap,
      wakeAt: try c.decodeIfPresent(Time.self, forKey: .wakeAt) ?? d.wakeAt,
      sleepAt: try c.decodeIfPresent(Time.self, forKey: .sleepAt) ?? d.sleepAt,
      quietHours: try c.decodeIfPresent([Window].self, forKey: .quietHours) ?? d.quietHours,
      mode: try c.decodeIfPresent(Mode.self, forKey: .mode) ?? d.mode,
      repeatGapHours: try c.decodeIfPresent(Double.self, forKey: .repeatGapHours) ?? d.repeatGapHours)
  }
}
