import Foundation

/// Decodes a `Decodable` value from a ``JSONNode`` that ``JSONParser`` already read, without
/// parsing the bytes a second time through Foundation's `JSONDecoder` (a learner's profile is
/// read once a night per learner; its `JSONDecoder` pass was a tenth of reading the learner).
///
/// It only ever succeeds where `JSONDecoder` succeeds with the same value: integers are taken
/// from whole numbers below 2^53 in magnitude (every such JSON number is exactly that integer),
/// doubles as parsed (both parsers round correctly), strings, booleans, null, arrays and objects
/// as they are. Anything else (`Float`, `Date`, `Data`, `URL`, `Decimal`, a super decoder) is
/// refused, as is every malformed value. ``decode(_:from:bytes:)`` then decodes with
/// `JSONDecoder`, so an error is always `JSONDecoder`'s, with its coding path.
public struct JSONNodeDecoder {
  public init() {}

  /// `T` from `node`; on any failure, `JSONDecoder`'s result for `bytes` (the text `node` was
  /// parsed from), error included.
  public func decode<T: Decodable>(_ type: T.Type, from node: JSONNode, bytes: Data) throws -> T {
    if let value = try? T(from: NodeDecoder(node: node)) { return value }
    return try JSONDecoder().decode(T.self, from: bytes)
  }
}

/// Thrown inside: the caller falls back to `JSONDecoder`, which says what is wrong.
private struct Refused: Error {}

// The decoder and its containers report an empty coding path: a path only ever names where an
// error happened, and any error here is redone by `JSONDecoder`, whose errors carry the path.
// (Appending each key made an array per nested value, a sixth of decoding a profile.)

private struct NodeDecoder: Decoder {
  let node: JSONNode
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard case .object(let object) = node else { throw Refused() }
    return KeyedDecodingContainer(KeyedNodeContainer<Key>(object: object))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard case .array(let items) = node else { throw Refused() }
    return UnkeyedNodeContainer(items: items)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer { SingleNodeContainer(node: node) }
}

/// The scalar readings shared by the three containers.
private enum NodeValue {
  static func bool(_ node: JSONNode) throws -> Bool {
    guard case .bool(let b) = node else { throw Refused() }
    return b
  }

  static func string(_ node: JSONNode) throws -> String {
    guard case .string(let s) = node else { throw Refused() }
    return s
  }

  static func double(_ node: JSONNode) throws -> Double {
    guard case .number(let d) = node else { throw Refused() }
    return d
  }

  static func integer<T: FixedWidthInteger>(_ node: JSONNode, as: T.Type) throws -> T {
    guard case .number(let d) = node, d.rounded(.towardZero) == d, abs(d) < 9_007_199_254_740_992,
      let value = T(exactly: d) else { throw Refused() }
    return value
  }

  static func decode<T: Decodable>(_ node: JSONNode, as type: T.Type) throws -> T {
    // The common leaves read directly: through `T(from:)` each one cost a boxed decoder and a
    // boxed container (a profile's 21 parameters were a fifth of decoding it).
    if type == String.self { return try string(node) as! T }
    if type == Double.self { return try double(node) as! T }
    if type == Int.self { return try integer(node, as: Int.self) as! T }
    if type == Bool.self { return try bool(node) as! T }
    if type == [Double].self {
      guard case .array(let items) = node else { throw Refused() }
      var out: [Double] = []
      out.reserveCapacity(items.count)
      for item in items { out.append(try double(item)) }
      return out as! T
    }
    // Types `JSONDecoder` reads in its own way (strategies), and Float (parsed from the text,
    // not from the double): left to it.
    if type == Float.self || type == Date.self || type == Data.self || type == URL.self || type == Decimal.self {
      throw Refused()
    }
    return try T(from: NodeDecoder(node: node))
  }
}

private struct KeyedNodeContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let object: JSONObject
  var codingPath: [any CodingKey] { [] }

  var allKeys: [Key] { object.pairs.compactMap { Key(stringValue: $0.0) } }
  func contains(_ key: Key) -> Bool { object[key.stringValue] != nil }

  private func node(_ key: Key) throws -> JSONNode {
    guard let n = object[key.stringValue] else { throw Refused() }
    return n
  }

  func decodeNil(forKey key: Key) throws -> Bool { try node(key).isNull }

  // `decodeIfPresent` in one lookup (the protocol's default looks the key up three times).
  private func present(_ key: Key) -> JSONNode? {
    guard let n = object[key.stringValue], !n.isNull else { return nil }
    return n
  }
  func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try present(key).map(NodeValue.bool) }
  func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try present(key).map(NodeValue.string) }
  func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try present(key).map(NodeValue.double) }
  func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
    try present(key).map { try NodeValue.integer($0, as: Int.self) }
  }
  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    try present(key).map { try NodeValue.decode($0, as: type) }
  }
  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try NodeValue.bool(node(key)) }
  func decode(_ type: String.Type, forKey key: Key) throws -> String { try NodeValue.string(node(key)) }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try NodeValue.double(node(key)) }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float { throw Refused() }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try NodeValue.integer(node(key), as: Int.self) }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try NodeValue.integer(node(key), as: Int8.self) }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try NodeValue.integer(node(key), as: Int16.self) }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try NodeValue.integer(node(key), as: Int32.self) }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try NodeValue.integer(node(key), as: Int64.self) }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try NodeValue.integer(node(key), as: UInt.self) }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try NodeValue.integer(node(key), as: UInt8.self) }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try NodeValue.integer(node(key), as: UInt16.self) }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try NodeValue.integer(node(key), as: UInt32.self) }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try NodeValue.integer(node(key), as: UInt64.self) }
  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try NodeValue.decode(node(key), as: type)
  }

  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
    try NodeDecoder(node: node(key)).container(keyedBy: type)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try NodeDecoder(node: node(key)).unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder { throw Refused() }
  func superDecoder(forKey key: Key) throws -> any Decoder { throw Refused() }
}

private struct UnkeyedNodeContainer: UnkeyedDecodingContainer {
  let items: [JSONNode]
  var codingPath: [any CodingKey] { [] }
  var currentIndex = 0
  var count: Int? { items.count }
  var isAtEnd: Bool { currentIndex >= items.count }

  init(items: [JSONNode]) { self.items = items }

  private mutating func next() throws -> JSONNode {
    guard currentIndex < items.count else { throw Refused() }
    defer { currentIndex += 1 }
    return items[currentIndex]
  }

  mutating func decodeNil() throws -> Bool {
    guard currentIndex < items.count else { throw Refused() }
    if items[currentIndex].isNull { currentIndex += 1; return true }
    return false
  }

  mutating func decode(_ type: Bool.Type) throws -> Bool { try NodeValue.bool(next()) }
  mutating func decode(_ type: String.Type) throws -> String { try NodeValue.string(next()) }
  mutating func decode(_ type: Double.Type) throws -> Double { try NodeValue.double(next()) }
  mutating func decode(_ type: Float.Type) throws -> Float { throw Refused() }
  mutating func decode(_ type: Int.Type) throws -> Int { try NodeValue.integer(next(), as: Int.self) }
  mutating func decode(_ type: Int8.Type) throws -> Int8 { try NodeValue.integer(next(), as: Int8.self) }
  mutating func decode(_ type: Int16.Type) throws -> Int16 { try NodeValue.integer(next(), as: Int16.self) }
  mutating func decode(_ type: Int32.Type) throws -> Int32 { try NodeValue.integer(next(), as: Int32.self) }
  mutating func decode(_ type: Int64.Type) throws -> Int64 { try NodeValue.integer(next(), as: Int64.self) }
  mutating func decode(_ type: UInt.Type) throws -> UInt { try NodeValue.integer(next(), as: UInt.self) }
  mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try NodeValue.integer(next(), as: UInt8.self) }
  mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try NodeValue.integer(next(), as: UInt16.self) }
  mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try NodeValue.integer(next(), as: UInt32.self) }
  mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try NodeValue.integer(next(), as: UInt64.self) }
  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try NodeValue.decode(next(), as: type)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
    try NodeDecoder(node: next()).container(keyedBy: type)
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try NodeDecoder(node: next()).unkeyedContainer()
  }

  mutating func superDecoder() throws -> any Decoder { throw Refused() }
}

private struct SingleNodeContainer: SingleValueDecodingContainer {
  let node: JSONNode
  var codingPath: [any CodingKey] { [] }

  func decodeNil() -> Bool { node.isNull }
  func decode(_ type: Bool.Type) throws -> Bool { try NodeValue.bool(node) }
  func decode(_ type: String.Type) throws -> String { try NodeValue.string(node) }
  func decode(_ type: Double.Type) throws -> Double { try NodeValue.double(node) }
  func decode(_ type: Float.Type) throws -> Float { throw Refused() }
  func decode(_ type: Int.Type) throws -> Int { try NodeValue.integer(node, as: Int.self) }
  func decode(_ type: Int8.Type) throws -> Int8 { try NodeValue.integer(node, as: Int8.self) }
  func decode(_ type: Int16.Type) throws -> Int16 { try NodeValue.integer(node, as: Int16.self) }
  func decode(_ type: Int32.Type) throws -> Int32 { try NodeValue.integer(node, as: Int32.self) }
  func decode(_ type: Int64.Type) throws -> Int64 { try NodeValue.integer(node, as: Int64.self) }
  func decode(_ type: UInt.Type) throws -> UInt { try NodeValue.integer(node, as: UInt.self) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try NodeValue.integer(node, as: UInt8.self) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try NodeValue.integer(node, as: UInt16.self) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try NodeValue.integer(node, as: UInt32.self) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try NodeValue.integer(node, as: UInt64.self) }
  func decode<T: Decodable>(_ type: T.Type) throws -> T { try NodeValue.decode(node, as: type) }
}
