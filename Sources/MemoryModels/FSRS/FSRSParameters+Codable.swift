/// FSRS parameters as a bare JSON array of the 21 weights. Decoding validates (finite, inside
/// the bounds); older 17/19-value vectors belong in a parameter file, which migrates them and
/// reports it (``FSRSParameterFile``).
extension FSRSParameters: Codable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let values = try container.decode([Double].self)
    do {
      self = try FSRSParameters(validating: values)
    } catch {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(weights)
  }
}
