import Foundation
import PlannerCore

/// `--timezone TZ --day-starts-at H`: the learner's learning days.
struct ClockOptions: OptionGroup {
  static let arguments: [ArgumentSpec] = [
    .option(.timezone, value: "TZ", help: "The learner's IANA timezone, e.g. Europe/Kyiv.", default: "UTC"),
    .option(.dayStartsAt, value: "H", help: "The hour (0-23) a learning day starts.", default: "4"),
  ]

  var timezone: String
  var dayStartHour: Int
  var clock: LearningDayClock

  init(_ arguments: ParsedArguments) throws(CLIError) {
    dayStartHour = try arguments.requiredInt(.dayStartsAt, in: 0...23)
    timezone = try Self.timezone(arguments)
    let hour = dayStartHour, zone = timezone
    clock = try CLIError.validating(ArgumentName.timezone.display, zone) {
      try LearningDayClock(timeZoneIdentifier: zone, dayStartHour: hour)
    }
  }

  /// `--timezone`, checked: an IANA name, with the closest known one suggested.
  static func timezone(_ arguments: ParsedArguments) throws(CLIError) -> String {
    let text = try arguments.require(.timezone)
    guard TimeZone(identifier: text) != nil else {
      throw .invalid(
        ArgumentName.timezone.display, text, expected: "an IANA timezone name such as UTC, Europe/Kyiv or America/New_York",
        suggestion: Suggestions.closest(to: text, among: TimeZone.knownTimeZoneIdentifiers))
    }
    return text
  }
}

/// `--revlog FILE`, the clock options and `--skip-invalid`: how replay, optimize and evaluate
/// read a review log.
struct ReviewLogOptions: OptionGroup {
  static let arguments: [ArgumentSpec] =
    [.option(.revlog, value: "FILE", help: "The review log (CSV with a header row).", required: true)]
    + ClockOptions.arguments
    + [.flag(.skipInvalid, help: "Report bad rows on stderr and go on (exit code 2) instead of stopping.")]

  var path: String
  var clock: LearningDayClock
  var skipInvalid: Bool

  init(_ arguments: ParsedArguments) throws(CLIError) {
    path = try arguments.require(.revlog)
    clock = try ClockOptions(arguments).clock
    skipInvalid = arguments.flag(.skipInvalid)
  }
}
