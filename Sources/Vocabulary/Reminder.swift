import Foundation
import PlannerCore

/// One reminder: when, which word, how it is shown.
public struct Reminder: Sendable, Hashable, Codable {
  /// What the learner can do from a reminder.
  public enum Action: String, Sendable, Hashable, Codable, CaseIterable {
    /// Take a quiz on the word.
    case checkMe = "check-me"
    /// "I know this word" (resets popularity; a Good review).
    case iKnow = "i-know"
    /// "I don't know this word" (+1 popularity; shows the card; an Again review).
    case iDontKnow = "i-dont-know"
  }

  /// The instant.
  public var at: Date
  /// The same instant as local time with its offset, `2026-03-29T09:00:00+03:00`.
  public var localTime: String
  public var english: String
  /// `translation` or `hint` (never `mixed`: that is resolved per word).
  public var mode: ReminderPolicy.Mode
  /// The text to show: `cat — кіт, кішка` or `cat — к _ т`.
  public var text: String
  public var actions: [Action]
  /// Popularity-weighted risk (``VocabularyPriority``) at the time of the reminder.
  public var priority: Double
}

/// Something that happened today that the reminder scheduler must take into account.
public enum ReminderDayEvent: Sendable, Hashable {
  /// A reminder for `english` was shown at `at`.
  case shown(english: String, at: Date)
  /// The learner did something with `english` (quiz, look-up, known, unknown…).
  case activity(english: String, WordActivityEvent)
  /// The learner pressed a button of a reminder for `english` (not "dismiss"): the reminder
  /// was answered, not ignored.
  case acted(english: String, at: Date)

  var at: Date {
    switch self {
    case .shown(_, let at), .acted(_, let at): at
    case .activity(_, let e): e.at
    }
  }
}

extension LearningDayClock {
  /// `2026-03-29T09:00:00+03:00`: an instant as local time with its UTC offset (whole seconds).
  public func localISO8601(_ date: Date) -> String {
    let offset = timeZone.secondsFromGMT(for: date)
    let local = Int((date.timeIntervalSince1970).rounded(.down)) + offset
    let days = local >= 0 ? local / 86400 : -((86399 - local) / 86400)
    let secondsOfDay = local - days * 86400
    let day = EpochDay(days), negative = offset < 0, off = abs(offset)
    // Written as its 25 bytes when the date is YYYY-MM-DD and the offset under 100 hours (every
    // reminder of a plan: interpolated, 8 K instructions each); otherwise spelled as below.
    if off < 100 * 3600, day.year >= 0 && day.year <= 9999 {
      return String(unsafeUninitializedCapacity: 25) { b in
        let p = b.baseAddress!
        @inline(__always) func two(_ v: Int, _ at: Int) {
          p[at] = UInt8(truncatingIfNeeded: 48 + v / 10); p[at + 1] = UInt8(truncatingIfNeeded: 48 + v % 10)
        }
        _ = day.writeDescription(at: p)
        p[10] = UInt8(ascii: "T"); two(secondsOfDay / 3600, 11); p[13] = UInt8(ascii: ":"); two(secondsOfDay / 60 % 60, 14)
        p[16] = UInt8(ascii: ":"); two(secondsOfDay % 60, 17)
        p[19] = negative ? UInt8(ascii: "-") : UInt8(ascii: "+"); two(off / 3600, 20); p[22] = UInt8(ascii: ":"); two(off / 60 % 60, 23)
        return 25
      }
    }
    func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
    return "\(day)T\(two(secondsOfDay / 3600)):\(two(secondsOfDay / 60 % 60)):\(two(secondsOfDay % 60))"
      + "\(negative ? "-" : "+")\(two(off / 3600)):\(two(off / 60 % 60))"
  }
}
