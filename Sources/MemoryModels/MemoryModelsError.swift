/// Every way the pure memory-model layer refuses input. Cases carry the facts.
public enum MemoryModelsError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A parameter vector whose length is not 17, 19 or 21.
  case parameterCount(Int)
  /// A parameter that is NaN or infinite.
  case parameterNotFinite(index: Int)
  /// A parameter outside the FSRS-6 bounds.
  case parameterOutOfBounds(index: Int, value: Double, lower: Double, upper: Double)
  /// A rating outside 1…4.
  case invalidRating(Int)
  /// A desired retention outside (0, 1).
  case invalidRetention(Double)
  /// A parameter file that is not what was expected at `keyPath` (`""` for the whole
  /// document, `parameters[3]`, `version`, …). The caller adds the file name.
  case malformedParameterFile(keyPath: String, expected: String)
  /// A time-series evaluation with fewer scored reviews than chunks to cut them into.
  case notEnoughScoredReviews(found: Int, needed: Int)
  /// A fold count below 1.
  case invalidFoldCount(Int)
  /// A learner review file (docs/file-formats.md, "Learner review file") that is not what was
  /// expected on `line` (1-based; 1 is the header). The caller adds the file name.
  case malformedReviewFile(line: Int, expected: String)

  public var description: String {
    switch self {
    case .parameterCount(let n):
      return "expected 21 FSRS-6 parameters (or 17/19 to migrate), got \(n)"
    case .parameterNotFinite(let i):
      return "parameter w\(i) is not a finite number"
    case .parameterOutOfBounds(let i, let v, let lo, let hi):
      return "parameter w\(i) = \(v) is outside its bounds [\(lo), \(hi)]"
    case .invalidRating(let r):
      return "rating \(r) is not one of 1 (again), 2 (hard), 3 (good), 4 (easy)"
    case .invalidRetention(let r):
      return "desired retention \(r) must be strictly between 0 and 1"
    case .malformedParameterFile(let keyPath, let expected):
      return keyPath.isEmpty ? "expected \(expected)" : "at \(keyPath): expected \(expected)"
    case .notEnoughScoredReviews(let found, let needed):
      return "only \(found) reviews fall on a later day than their card's previous review; the evaluation needs at least \(needed)"
    case .invalidFoldCount(let n):
      return "the number of folds must be at least 1, got \(n)"
    case .malformedReviewFile(let line, let expected):
      return "line \(line): expected \(expected)"
    }
  }
}

extension MemoryModelsError {
  /// Where in a parameter file the error points, for JSON error output: `parameters[7]` for a
  /// bad weight, `parameters` for a wrong count, the decoder's key path for a malformed file;
  /// nil for errors that are not about a file.
  public var keyPath: String? {
    switch self {
    case .parameterCount: return "parameters"
    case .parameterNotFinite(let i), .parameterOutOfBounds(let i, _, _, _): return "parameters[\(i)]"
    case .malformedParameterFile(let keyPath, _): return keyPath
    case .invalidRating, .invalidRetention, .notEnoughScoredReviews, .invalidFoldCount, .malformedReviewFile: return nil
    }
  }
}
