/// `JSONNode` inside Codable documents (a parameter file embedded in another file, reports).
///
/// Decoding objects: `Decoder` gives no key order, so keys are sorted (output never depends on
/// dictionary order). Encoding keeps the object's own order, writes integral numbers within
/// ±2^53 as integers and non-finite ones as `null` (the CLI's `--format json` documents encode
/// their `JSONNode`s through this).
extension JSONNode: Codable {
  struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ key: String) { stringValue = key }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

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
    } else if let a = try? c.decode([JSONNode].self) {
      self = .array(a)
    } else {
      self = .object(JSONObject(sortingKeysOf: try c.decode([String: JSONNode].self)))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .object(let o):
      var c = encoder.container(keyedBy: Key.self)
      for (k, v) in o.pairs { try c.encode(v, forKey: Key(k)) }
    default:
      var c = encoder.singleValueContainer()
      switch self {
      case .null: try c.encodeNil()
      case .bool(let b): try c.encode(b)
      case .number(let x):
        // Integral numbers in the one integer range without a fraction; JSON has no NaN.
        if let i = intValue { try c.encode(i) } else if x.isFinite { try c.encode(x) } else { try c.encodeNil() }
      case .string(let s): try c.encode(s)
      case .array(let a): try c.encode(a)
      case .object: break
      }
    }
  }
}

extension JSONNode: Hashable {
  /// Consistent with `==`: an object's hash does not depend on its key order.
  public func hash(into hasher: inout Hasher) {
    switch self {
    case .null: hasher.combine(0)
    case .bool(let b): hasher.combine(1); hasher.combine(b)
    case .number(let x): hasher.combine(2); hasher.combine(x)
    case .string(let s): hasher.combine(3); hasher.combine(s)
    case .array(let a): hasher.combine(4); hasher.combine(a)
    case .object(let o):
      hasher.combine(5)
      var sum = 0
      for (k, v) in o.pairs {
        var h = Hasher()
        h.combine(k)
        h.combine(v)
        sum &+= h.finalize()
      }
      hasher.combine(sum)
    }
  }
}

extension JSONObject {
  /// The members of a dictionary, keys sorted.
  public init(sortingKeysOf members: [String: JSONNode]) {
    self.init()
    for (k, v) in members.sorted(by: { $0.key < $1.key }) { appendUnchecked(k, v) }
  }

  /// The members as a dictionary (keys are unique in a `JSONObject`).
  public var dictionary: [String: JSONNode] { Dictionary(uniqueKeysWithValues: pairs.map { ($0, $1) }) }
}
