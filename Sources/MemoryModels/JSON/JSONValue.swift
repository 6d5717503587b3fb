/// Any JSON value, for the free-form parts of our files (fit statistics, unknown keys kept on
/// a round trip). Objects are dictionaries; ``jsonText(indent:)`` writes their keys sorted, so
/// output never depends on dictionary order.
public enum JSONValue: Sendable, Hashable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  /// A short name of the value's kind, for error messages ("a string", "an array", …).
  public var kindDescription: String {
    switch self {
    case .null: return "null"
    case .bool: return "a boolean"
    case .number: return "a number"
    case .string: return "a string"
    case .array: return "an array"
    case .object: return "an object"
    }
  }

  public var doubleValue: Double? {
    if case .number(let x) = self { return x }
    return nil
  }

  /// The number as an Int when it is integral and in range.
  public var intValue: Int? {
    guard case .number(let x) = self, x.rounded() == x, Swift.abs(x) < 0x1p53 else { return nil }
    return Int(x)
  }

  public var stringValue: String? {
    if case .string(let s) = self { return s }
    return nil
  }
}

extension JSONValue: Codable {
  public init(from decoder: any Decoder) throws {
    let c = try decoder.singleValueContainer()
    if c.decodeNil() {
      self = .null
    } else if let b = try? c.decode(Bool.self) {
      self = .bool(b)
    } else if let x = try? c.decode(Double.self) {
      self = .number(x)
    } else if let s = try? c.decode(String.self) {
      self = .string(s)
    } else if let a = try? c.decode([JSONValue].self) {
      self = .array(a)
    } else {
      self = .object(try c.decode([String: JSONValue].self))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.singleValueContainer()
    switch self {
    case .null: try c.encodeNil()
    case .bool(let b): try c.encode(b)
    case .number(let x): try c.encode(x)
    case .string(let s): try c.encode(s)
    case .array(let a): try c.encode(a)
    case .object(let o): try c.encode(o)
    }
  }
}

extension JSONValue {
  /// JSON text: objects pretty-printed with `indent` spaces per level and sorted keys, arrays
  /// of scalars on one line. Numbers are the shortest decimal that reads back as the same
  /// Double (integral values without a fraction); non-finite numbers become `null`.
  public func jsonText(indent: Int = 2) -> String {
    var out = ""
    write(to: &out, indent: indent, level: 0)
    return out
  }

  func write(to out: inout String, indent: Int, level: Int) {
    switch self {
    case .null: out += "null"
    case .bool(let b): out += b ? "true" : "false"
    case .number(let x): out += JSONValue.numberText(x)
    case .string(let s): JSONValue.writeString(s, to: &out)
    case .array(let a):
      let scalars = a.allSatisfy { v in
        switch v {
        case .array, .object: return false
        default: return true
        }
      }
      if a.isEmpty {
        out += "[]"
      } else if scalars {
        out += "["
        for (i, v) in a.enumerated() {
          if i > 0 { out += ", " }
          v.write(to: &out, indent: indent, level: level + 1)
        }
        out += "]"
      } else {
        let pad = String(repeating: " ", count: indent * (level + 1))
        out += "[\n"
        for (i, v) in a.enumerated() {
          out += pad
          v.write(to: &out, indent: indent, level: level + 1)
          out += i == a.count - 1 ? "\n" : ",\n"
        }
        out += String(repeating: " ", count: indent * level) + "]"
      }
    case .object(let o):
      JSONValue.writeObject(o.sorted { $0.key < $1.key }, to: &out, indent: indent, level: level)
    }
  }

  /// Writes members in the given order (callers choose a fixed order; `.object` sorts).
  static func writeObject(_ members: [(key: String, value: JSONValue)], to out: inout String, indent: Int, level: Int) {
    if members.isEmpty {
      out += "{}"
      return
    }
    let pad = String(repeating: " ", count: indent * (level + 1))
    out += "{\n"
    for (i, m) in members.enumerated() {
      out += pad
      writeString(m.key, to: &out)
      out += ": "
      m.value.write(to: &out, indent: indent, level: level + 1)
      out += i == members.count - 1 ? "\n" : ",\n"
    }
    out += String(repeating: " ", count: indent * level) + "}"
  }

  static func numberText(_ x: Double) -> String {
    guard x.isFinite else { return "null" }
    if x.rounded() == x, Swift.abs(x) < 1e15 { return String(Int64(x)) }
    return x.description  // Swift prints the shortest round-tripping form, e.g. 0.212, 1e-05
  }

  /// `s` as a JSON string literal: quotes, backslashes and control characters escaped, the
  /// rest (all of Unicode) as is. The one string escaper the hand-written JSON outputs share.
  public static func quoted(_ s: String) -> String {
    var out = ""
    writeString(s, to: &out)
    return out
  }

  static func writeString(_ s: String, to out: inout String) {
    out += "\""
    for u in s.unicodeScalars {
      switch u {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if u.value < 0x20 {
          let hex = String(u.value, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(u)
        }
      }
    }
    out += "\""
  }
}
