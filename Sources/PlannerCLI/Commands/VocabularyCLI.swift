import Foundation
import PlannerCore

/// Helpers shared by the vocabulary commands (words, stats, remind).
enum VocabularyCLI {
  static func format(_ arguments: ParsedArguments) throws -> String {
    let f = arguments.string("format") ?? "text"
    guard f == "text" || f == "json" else { throw CLIError.usage("--format: '\(f)' is not one of text, json") }
    return f
  }

  /// `--at TIME` (ISO 8601 with offset) or now, as an event time.
  static func time(_ arguments: ParsedArguments, context: CommandContext, timezone: String) throws -> EventTime {
    guard let text = arguments.string("at") else { return EventTime.now(context.now, timezone: timezone) }
    guard let t = EventTime(text) else {
      throw CLIError.usage("--at: '\(text)' is not an ISO 8601 time with an offset, e.g. 2026-05-12T09:30:00+03:00")
    }
    return t
  }

  static func date(_ t: EventTime) -> Date { Date(timeIntervalSince1970: Double(t.epochMillis) / 1000) }

  /// Sorted keys, pretty-printed, one trailing newline: the same bytes for the same value.
  static func json<T: Encodable>(_ value: T) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
  }
}
