import Foundation
import PlannerCore

/// The one JSON style of the command line (docs/cli.md, "JSON"): every `--format json` document
/// and every plan file is pretty-printed with two-space indentation, keys sorted, `/` not
/// escaped, one final newline; every error (and any other JSON *line*) is the same encoding
/// compact on one line. One encoder, so no command can drift from it.
enum JSONOutput {
  /// A `--format json` document: pretty, sorted keys, final newline.
  static func document<T: Encodable>(_ value: T) -> String {
    String(decoding: encode(value, pretty: true), as: UTF8.self) + "\n"
  }

  /// A document of a `JSONNode` (so `.object(…)` can be written at the call).
  static func document(_ node: JSONNode) -> String {
    String(decoding: encode(node, pretty: true), as: UTF8.self) + "\n"
  }

  /// One compact line (no final newline): errors on stderr.
  static func line<T: Encodable>(_ value: T) -> String {
    String(decoding: encode(value, pretty: false), as: UTF8.self)
  }

  static func line(_ node: JSONNode) -> String {
    String(decoding: encode(node, pretty: false), as: UTF8.self)
  }

  private static func encode<T: Encodable>(_ value: T, pretty: Bool) -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    // Our values are plain data: encoding cannot fail; a failure would show as {}.
    return (try? encoder.encode(value)) ?? Data("{}".utf8)
  }
}
