/// A value whose JSON form is its canonical text: `"78:1-16"`, `"2026-11-30"`. Decoding parses
/// the text the way people write it and reports what was wrong at the coding path.
public protocol CanonicalTextCodable: Codable, CustomStringConvertible {
  /// Parses `text`; `keyPath` (the coding path, dotted) names the value in errors.
  init(canonicalText text: String, keyPath: String) throws(PlanEngineError)
}

extension CanonicalTextCodable {
  public init(from decoder: any Decoder) throws {
    let text = try decoder.singleValueContainer().decode(String.self)
    let keyPath = decoder.codingPath.map(\.stringValue).joined(separator: ".")
    do { try self.init(canonicalText: text, keyPath: keyPath) } catch {
      throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.description))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.singleValueContainer()
    try c.encode(description)
  }
}
