import PlannerCore
/// The languages planner writes its text output in. The raw value is the code used in
/// `profile.json` and by `--locale`.
public enum PlanLocale: String, Sendable, Hashable, CaseIterable, Codable {
  case english = "en"
  case arabic = "ar"
  case ukrainian = "uk"

  /// The direction a line in this language runs in.
  public var direction: TextDirection {
    self == .arabic ? .rightToLeft : .leftToRight
  }

  /// Parses a locale code (`en`, `ar`, `uk`). Region suffixes such as `uk-UA` or `ar_EG` are
  /// accepted and ignored, since the catalogs do not vary by region.
  public init(code: String, keyPath: String = "locale") throws(PlanEngineError) {
    let language = code.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { $0.lowercased() }
    guard let language, let locale = PlanLocale(rawValue: language) else {
      throw .invalidValue(
        keyPath: keyPath, value: code,
        expected: "one of " + PlanLocale.allCases.map(\.rawValue).joined(separator: ", "))
    }
    self = locale
  }
}

/// The base direction of a line or of a piece of text.
public enum TextDirection: Sendable, Hashable {
  case leftToRight
  case rightToLeft
}
