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

  static func document(_ node: JSONNode) -> String { document(Node(node)) }

  /// One compact line (no final newline): errors on stderr.
  static func line<T: Encodable>(_ value: T) -> String {
    String(decoding: encode(value, pretty: false), as: UTF8.self)
  }

  static func line(_ node: JSONNode) -> String { line(Node(node)) }

  private static func encode<T: Encodable>(_ value: T, pretty: Bool) -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    // Our values are plain data: encoding cannot fail; a failure would show as {}.
    return (try? encoder.encode(value)) ?? Data("{}".utf8)
  }

  /// A ``JSONNode`` as an `Encodable` value. Integral numbers are written without a fraction.
  struct Node: Encodable {
    var node: JSONNode
    init(_ node: JSONNode) { self.node = node }

    private struct Key: CodingKey {
      var stringValue: String
      var intValue: Int? { nil }
      init(_ s: String) { stringValue = s }
      init?(stringValue: String) { self.stringValue = stringValue }
      init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
      switch node {
      case .object(let o):
        var c = encoder.container(keyedBy: Key.self)
        for (k, v) in zip(o.keys, o.values) { try c.encode(Node(v), forKey: Key(k)) }
      case .array(let a):
        var c = encoder.unkeyedContainer()
        for v in a { try c.encode(Node(v)) }
      default:
        var c = encoder.singleValueContainer()
        switch node {
        case .null: try c.encodeNil()
        case .bool(let b): try c.encode(b)
        case .string(let s): try c.encode(s)
        case .number(let d):
          if let i = node.intValue { try c.encode(i) } else if d.isFinite { try c.encode(d) } else { try c.encodeNil() }
        default: break
        }
      }
    }
  }
}
