/// The engine's one JSON value: read by ``JSONParser``, written by ``JSONWriter`` (compact, or
/// pretty for the parameter files), and `Codable` for documents that embed JSON.
///
/// Integers: the one range is ±2^53 (9,007,199,254,740,992), where every integer is exactly a
/// `Double`. ``intValue`` reads a whole number in that range, and the writers write an integral
/// value in it without a fraction (`3`); anything else is a `Double` (`1e+16`, `-0.0`).
///
/// Objects keep their keys in file order so that unknown (future) fields survive a round trip
/// unchanged; equality ignores key order, as JSON does.
public enum JSONNode: Sendable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONNode])
  case object(JSONObject)

  public subscript(key: String) -> JSONNode? {
    if case .object(let o) = self { return o[key] }
    return nil
  }

  public var stringValue: String? { if case .string(let s) = self { return s }; return nil }
  public var doubleValue: Double? { if case .number(let d) = self { return d }; return nil }
  public var boolValue: Bool? { if case .bool(let b) = self { return b }; return nil }
  public var arrayValue: [JSONNode]? { if case .array(let a) = self { return a }; return nil }
  public var objectValue: JSONObject? { if case .object(let o) = self { return o }; return nil }
  public var isNull: Bool { if case .null = self { return true }; return false }

  /// The number as an exact integer (no fraction, within ±2^53), else nil.
  public var intValue: Int? {
    guard case .number(let d) = self, d.rounded(.towardZero) == d, abs(d) <= 9_007_199_254_740_992 else { return nil }
    return Int(d)
  }

  /// A short name of the value's kind, for error messages.
  public var kindName: String {
    switch self {
    case .null: return "null"
    case .bool: return "a boolean"
    case .number: return "a number"
    case .string: return "a string"
    case .array: return "an array"
    case .object: return "an object"
    }
  }
}

extension JSONNode: Equatable {
  public static func == (lhs: JSONNode, rhs: JSONNode) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.number(let a), .number(let b)): return a == b
    case (.string(let a), .string(let b)): return a == b
    case (.array(let a), .array(let b)): return a == b
    case (.object(let a), .object(let b)): return a == b
    default: return false
    }
  }
}

/// A JSON object with its keys in insertion (file) order. Lookups are linear: event and
/// snapshot objects have a handful of keys, where a scan beats hashing.
public struct JSONObject: Sendable, Equatable {
  public private(set) var keys: [String]
  public private(set) var values: [JSONNode]

  public init() { keys = []; values = [] }

  public init(_ pairs: KeyValuePairs<String, JSONNode>) {
    keys = []; values = []
    keys.reserveCapacity(pairs.count); values.reserveCapacity(pairs.count)
    for (k, v) in pairs { self[k] = v }
  }

  public var count: Int { keys.count }

  public subscript(key: String) -> JSONNode? {
    get {
      for i in keys.indices where keys[i] == key { return values[i] }
      return nil
    }
    set {
      if let i = keys.firstIndex(of: key) {
        if let newValue { values[i] = newValue } else { keys.remove(at: i); values.remove(at: i) }
      } else if let newValue {
        keys.append(key); values.append(newValue)
      }
    }
  }

  /// Appends without checking for a duplicate key (the parser checks duplicates itself).
  @usableFromInline mutating func appendUnchecked(_ key: String, _ value: JSONNode) {
    keys.append(key); values.append(value)
  }

  public var pairs: Zip2Sequence<[String], [JSONNode]> { zip(keys, values) }

  /// Order-insensitive equality.
  public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
    guard lhs.keys.count == rhs.keys.count else { return false }
    for (k, v) in zip(lhs.keys, lhs.values) {
      guard let w = rhs[k], w == v else { return false }
    }
    return true
  }
}
