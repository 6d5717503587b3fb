import Foundation
import Localization
import PlannerCore

/// `--date YYYY-MM-DD`: the learning day to use instead of the learner's own today.
struct DateOption: OptionGroup {
  static let arguments: [ArgumentSpec] = [
    .option(.date, value: "YYYY-MM-DD", help: "The learning day (default: the learner's own today).")
  ]

  var date: EpochDay?

  init(_ arguments: ParsedArguments) throws(CLIError) {
    date = try arguments.validated(.date) { try EpochDay(parsing: $0, keyPath: ArgumentName.date.display) }
  }
}

/// `--locale en|ar|uk`: the language of text output.
struct LocaleOption: OptionGroup {
  static let arguments: [ArgumentSpec] = [declaration(help: "Language of the text output (default: the profile's).")]

  static func declaration(help: String, default defaultValue: String? = nil) -> ArgumentSpec {
    .option(.locale, value: PlanLocale.allCases.map(\.rawValue).joined(separator: "|"), help: help, default: defaultValue)
  }

  var locale: PlanLocale?

  init(_ arguments: ParsedArguments) throws(CLIError) {
    // No "did you mean": between two-letter codes nothing is close ("fr" is not a typo of "ar").
    locale = try arguments.validated(.locale) {
      try PlanLocale(code: $0, keyPath: ArgumentName.locale.display)
    }
  }
}

/// `--at TIME`: when an event happened, or the moment to compute for.
struct AtOption: OptionGroup {
  static let arguments: [ArgumentSpec] = [
    .option(.at, value: "TIME", help: "ISO 8601 time with offset, e.g. 2026-11-30T08:15:00+02:00 (default: now).")
  ]

  var time: EventTime?

  init(_ arguments: ParsedArguments) throws(CLIError) {
    guard let text = arguments.string(.at) else { time = nil; return }
    guard let t = EventTime(text) else {
      throw .invalid(ArgumentName.at.display, text, expected: "an ISO 8601 time with an offset, e.g. 2026-11-30T08:15:00+02:00")
    }
    time = t
  }

  /// The time given, or now in `timezone`.
  func time(or now: Date, timezone: String) -> EventTime {
    time ?? EventTime.now(now, timezone: timezone)
  }
}
