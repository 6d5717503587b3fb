import Foundation
import PlannerCore

/// The parameter file: what `planner optimize` writes and `replay --parameters` reads.
///
/// ```json
/// {"version": 2, "model": "fsrs6", "parameters": [w0, …, w20], "recall_bias": 0.12,
///  "reviews": 84000, "log_loss_before": 0.36, "log_loss_after": 0.33, "fitted": "all", "fit": {…}}
/// ```
/// Only `parameters` is required: `version` defaults to 1, `model` to `fsrs6`, `recall_bias`
/// (the learner's recall bias, ``FSRSParameters/recallBias``; version 2) to 0, the statistics
/// are optional, and any other key is kept in ``extra`` (and written back). A file without a
/// recall bias is written as version 1, byte for byte what older planners wrote and read. A bare JSON array of
/// 17, 19 or 21 numbers is accepted too. 21 values are validated (an out-of-bounds value is an
/// error naming its index); 17 (FSRS-4.5) and 19 (FSRS-5) values are migrated and clipped, and
/// ``migration`` says so, for the CLI to report on stderr. See `docs/file-formats.md`.
public struct FSRSParameterFile: Sendable, Hashable {
  /// The newest version this code reads, and the one it writes when there is a recall bias
  /// (version 2 added `recall_bias`; without one the file is version 1).
  public static let currentVersion = 2
  /// The only model the file describes today.
  public static let fsrs6Model = "fsrs6"
  /// Keys with a meaning of their own; everything else is ``extra``.
  public static let knownKeys: Set<String> = [
    "version", "model", "parameters", "recall_bias", "reviews", "log_loss_before", "log_loss_after", "fitted", "fit",
  ]

  public var version: Int
  public var model: String
  public var parameters: FSRSParameters
  /// What decoding did to the vector: `isNoOp` for a valid 21-value vector.
  public var migration: FSRSParameters.Migration
  /// Number of reviews the fit used.
  public var reviews: Int?
  /// Plain mean binary cross-entropy with the parameters the fit started from.
  public var logLossBefore: Double?
  /// The same after the fit.
  public var logLossAfter: Double?
  /// What was fitted: `defaults` (too little data), `initial-stabilities`, or `all`.
  public var fitted: String?
  /// Free-form fit details (epochs, timings, …), written under `fit`.
  public var fit: [String: JSONNode]?
  /// Any other top-level key, kept on a round trip and written back sorted.
  public var extra: [String: JSONNode]

  public init(
    parameters: FSRSParameters,
    reviews: Int? = nil,
    logLossBefore: Double? = nil,
    logLossAfter: Double? = nil,
    fitted: String? = nil,
    fit: [String: JSONNode]? = nil,
    extra: [String: JSONNode] = [:]
  ) {
    self.version = parameters.recallBias == 0 ? 1 : Self.currentVersion
    self.model = Self.fsrs6Model
    self.parameters = parameters
    self.migration = FSRSParameters.Migration(originalCount: FSRSParameters.count, clippedIndices: [])
    self.reviews = reviews
    self.logLossBefore = logLossBefore
    self.logLossAfter = logLossAfter
    self.fitted = fitted
    self.fit = fit
    self.extra = extra.filter { !Self.knownKeys.contains($0.key) }
  }

  /// A sentence for stderr when decoding migrated or clipped the vector, nil otherwise.
  public var migrationNote: String? { migration.note }
}

extension FSRSParameters.Migration {
  /// "migrated 19 FSRS-5 parameters to FSRS-6 (w19 = 0, w20 = 0.5); clipped w4 into its bounds"
  public var note: String? {
    if isNoOp { return nil }
    var parts: [String] = []
    switch originalCount {
    case 19: parts.append("migrated 19 FSRS-5 parameters to FSRS-6 (w19 = 0, w20 = 0.5)")
    case 17: parts.append("migrated 17 FSRS-4.5 parameters to FSRS-6 (w4, w5, w6 converted; w17…w19 = 0, w20 = 0.5)")
    default: break
    }
    if !clippedIndices.isEmpty {
      let names = clippedIndices.map { "w\($0)" }.joined(separator: ", ")
      parts.append("clipped \(names) into \(clippedIndices.count == 1 ? "its bounds" : "their bounds")")
    }
    return parts.joined(separator: "; ")
  }
}

// MARK: Decoding

extension FSRSParameterFile {
  /// Decodes a parameter file. Errors name the key path and what was expected
  /// (``MemoryModelsError/malformedParameterFile(keyPath:expected:)``), or the parameter index
  /// (``MemoryModelsError/parameterOutOfBounds(index:value:lower:upper:)`` and friends).
  public static func decode(_ data: Data) throws(MemoryModelsError) -> FSRSParameterFile {
    let root: JSONNode
    do throws(JSONSyntaxError) {
      root = try JSONParser.parse([UInt8](data))
    } catch {
      throw .malformedParameterFile(keyPath: "", expected: "valid JSON (line \(error.line), column \(error.column): \(error.message))")
    }
    return try decode(root)
  }

  /// Interprets an already parsed JSON value (the document root).
  public static func decode(_ root: JSONNode) throws(MemoryModelsError) -> FSRSParameterFile {
    switch root {
    case .array(let values):
      let (parameters, migration) = try Self.parameters(values, keyPath: "")
      var file = FSRSParameterFile(parameters: parameters)
      file.migration = migration
      return file
    case .object(let members):
      return try decodeObject(members.dictionary)
    default:
      throw .malformedParameterFile(
        keyPath: "",
        expected: "an object {\"version\": 1, \"model\": \"fsrs6\", \"parameters\": [w0, …, w20]} "
          + "or an array of 17, 19 or 21 numbers, found \(root.kindName)")
    }
  }

  static func decodeObject(_ members: [String: JSONNode]) throws(MemoryModelsError) -> FSRSParameterFile {
    var version = 1
    if let v = members["version"] {
      guard let n = v.intValue else {
        throw .malformedParameterFile(keyPath: "version", expected: "an integer, found \(v.kindName)")
      }
      guard (1...currentVersion).contains(n) else {
        throw .malformedParameterFile(
          keyPath: "version", expected: "version 1 or 2 (the newest this planner reads is \(currentVersion)), found \(n)")
      }
      version = n
    }
    var model = fsrs6Model
    if let m = members["model"] {
      guard let s = m.stringValue else {
        throw .malformedParameterFile(keyPath: "model", expected: "the string \"fsrs6\", found \(m.kindName)")
      }
      guard s == fsrs6Model else {
        throw .malformedParameterFile(keyPath: "model", expected: "\"fsrs6\" (the only model with a parameter file), found \"\(s)\"")
      }
      model = s
    }
    guard let p = members["parameters"] else {
      throw .malformedParameterFile(keyPath: "parameters", expected: "an array of 21 numbers (or 17/19 to migrate), but the key is missing")
    }
    guard case .array(let values) = p else {
      throw .malformedParameterFile(keyPath: "parameters", expected: "an array of 21 numbers, found \(p.kindName)")
    }
    var (parameters, migration) = try Self.parameters(values, keyPath: "parameters")
    if let b = members["recall_bias"], b != .null {
      guard let x = b.doubleValue, x.isFinite, FSRSParameters.recallBiasBounds.contains(x) else {
        throw .malformedParameterFile(
          keyPath: "recall_bias",
          expected: "a number in [\(FSRSParameters.recallBiasBounds.lowerBound), \(FSRSParameters.recallBiasBounds.upperBound)], found \(JSONWriter.pretty(b))")
      }
      parameters = parameters.withRecallBias(x)
    }

    var file = FSRSParameterFile(parameters: parameters)
    file.version = version
    file.model = model
    file.migration = migration
    if let r = members["reviews"], r != .null {
      guard let n = r.intValue, n >= 0 else {
        throw .malformedParameterFile(keyPath: "reviews", expected: "a whole number ≥ 0, found \(JSONWriter.pretty(r))")
      }
      file.reviews = n
    }
    file.logLossBefore = try optionalNumber(members, "log_loss_before")
    file.logLossAfter = try optionalNumber(members, "log_loss_after")
    if let f = members["fitted"], f != .null {
      guard let s = f.stringValue else {
        throw .malformedParameterFile(keyPath: "fitted", expected: "a string (defaults, initial-stabilities, all), found \(f.kindName)")
      }
      file.fitted = s
    }
    if let f = members["fit"], f != .null {
      guard case .object(let o) = f else {
        throw .malformedParameterFile(keyPath: "fit", expected: "an object, found \(f.kindName)")
      }
      file.fit = o.dictionary
    }
    file.extra = members.filter { !knownKeys.contains($0.key) }
    return file
  }

  static func optionalNumber(_ members: [String: JSONNode], _ key: String) throws(MemoryModelsError) -> Double? {
    guard let v = members[key], v != .null else { return nil }
    guard let x = v.doubleValue else {
      throw .malformedParameterFile(keyPath: key, expected: "a number, found \(v.kindName)")
    }
    return x
  }

  static func parameters(_ values: [JSONNode], keyPath: String) throws(MemoryModelsError) -> (FSRSParameters, FSRSParameters.Migration) {
    var numbers: [Double] = []
    numbers.reserveCapacity(values.count)
    for (i, v) in values.enumerated() {
      guard let x = v.doubleValue else {
        throw .malformedParameterFile(keyPath: "\(keyPath)[\(i)]", expected: "a number (w\(i)), found \(v.kindName)")
      }
      numbers.append(x)
    }
    return try FSRSParameters.migrating(numbers)
  }
}

// MARK: Encoding

extension FSRSParameterFile {
  /// The members in the order we write them: version, model, parameters, statistics, `fit`,
  /// then the extra keys sorted.
  public var jsonMembers: [(key: String, value: JSONNode)] {
    var m: [(key: String, value: JSONNode)] = [
      ("version", .number(Double(parameters.recallBias == 0 ? version : Swift.max(version, 2)))),
      ("model", .string(model)),
      ("parameters", .array(parameters.weights.map { .number($0) })),
    ]
    if parameters.recallBias != 0 { m.append(("recall_bias", .number(parameters.recallBias))) }
    if let reviews { m.append(("reviews", .number(Double(reviews)))) }
    if let logLossBefore { m.append(("log_loss_before", .number(logLossBefore))) }
    if let logLossAfter { m.append(("log_loss_after", .number(logLossAfter))) }
    if let fitted { m.append(("fitted", .string(fitted))) }
    if let fit { m.append(("fit", .object(JSONObject(sortingKeysOf: fit)))) }
    for (k, v) in extra.sorted(by: { $0.key < $1.key }) where !Self.knownKeys.contains(k) { m.append((k, v)) }
    return m
  }

  /// The file's text: pretty-printed, fixed key order, numbers that read back exactly, and a
  /// final newline.
  public func jsonText() -> String {
    JSONWriter.prettyObject(jsonMembers) + "\n"
  }

  /// ``jsonText()`` as UTF-8 bytes, ready for an atomic write.
  public func encoded() -> Data { Data(jsonText().utf8) }
}

extension FSRSParameterFile: Codable {
  /// Decodes through ``decode(_:)-(JSONNode)``, so the same rules and errors apply when the
  /// file is embedded in another Codable document.
  public init(from decoder: any Decoder) throws {
    let value = try decoder.singleValueContainer().decode(JSONNode.self)
    self = try Self.decode(value)
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.singleValueContainer()
    try c.encode(JSONNode.object(JSONObject(sortingKeysOf: Dictionary(uniqueKeysWithValues: jsonMembers.map { ($0.key, $0.value) }))))
  }
}
