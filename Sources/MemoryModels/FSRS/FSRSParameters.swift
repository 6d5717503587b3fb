import Foundation

/// The 21 FSRS-6 weights w0…w20, validated on entry, and the learner's recall bias b.
///
/// The bias is a per-learner calibration of the predicted recall in logit space (``FSRS6``,
/// "Recall bias"): 0 is FSRS-6 exactly, and then ``values`` is the 21 weights, so every file and
/// profile written before it means the same. A nonzero bias travels as a 22nd value.
///
/// Construct with ``init(validating:)`` for vectors from users (rejects anything out of
/// bounds, naming the index), or ``init(migrating:)`` for 17/19-value vectors of FSRS-4.5
/// and FSRS-5, which are migrated and then clipped into the bounds as fsrs-rs does.
public struct FSRSParameters: Sendable, Hashable {
  /// w0…w20.
  public let weights: [Double]
  /// The recall bias b: predicted recall = σ(b + logit R), R FSRS-6's retrievability (0: none).
  public let recallBias: Double

  /// The number of FSRS-6 parameters.
  public static let count = 21
  /// The bias's bounds: a shift of at most 2 in log-odds (recall 0.9 → 0.55…0.985).
  public static let recallBiasBounds: ClosedRange<Double> = -2...2

  /// The weights, followed by ``recallBias`` when it is not 0: what a learner profile, the
  /// refit cache and ``init(uncheckedWeights:)`` / ``init(validating:)`` carry.
  public var values: [Double] { recallBias == 0 ? weights : weights + [recallBias] }

  /// The weights with a recall bias (clamped into ``recallBiasBounds``).
  public func withRecallBias(_ b: Double) -> FSRSParameters {
    FSRSParameters(weights: weights, recallBias: Swift.min(Swift.max(b.isNaN ? 0 : b, Self.recallBiasBounds.lowerBound), Self.recallBiasBounds.upperBound))
  }

  private init(weights: [Double], recallBias: Double) {
    self.weights = weights
    self.recallBias = recallBias
  }

  /// Default parameters, identical in fsrs-rs 6.6.2 and py-fsrs 6.3.2.
  public static let defaults = FSRSParameters(uncheckedWeights: [
    0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796,
    1.4835, 0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542,
  ])

  /// Inclusive bounds per parameter (FSRS6.md §1).
  public static let bounds: [ClosedRange<Double>] = [
    0.001...100, 0.001...100, 0.001...100, 0.001...100,
    1...10, 0.001...4, 0.001...4, 0.001...0.75,
    0...4.5, 0...0.8, 0.001...3.5,
    0.001...5, 0.001...0.25, 0.001...0.9, 0...4,
    0...1, 1...6,
    0...2, 0...2, 0...0.8,
    0.1...0.8,
  ]

  /// Trusts the caller; for constants and for values already clipped to ``bounds``: the 21
  /// weights, or ``values`` (the weights and the recall bias).
  public init(uncheckedWeights: [Double]) {
    precondition(uncheckedWeights.count == Self.count || uncheckedWeights.count == Self.count + 1)
    if uncheckedWeights.count == Self.count {
      self.weights = uncheckedWeights
      self.recallBias = 0
    } else {
      self.weights = Array(uncheckedWeights.prefix(Self.count))
      self.recallBias = uncheckedWeights[Self.count]
    }
  }

  /// Accepts exactly 21 finite values inside ``bounds``, or 22 whose last is the recall bias
  /// (inside ``recallBiasBounds``); anything else throws, naming the index.
  public init(validating values: [Double]) throws(MemoryModelsError) {
    guard values.count == Self.count || values.count == Self.count + 1 else { throw .parameterCount(values.count) }
    for (i, v) in values.enumerated() {
      guard v.isFinite else { throw .parameterNotFinite(index: i) }
      let b = i < Self.count ? Self.bounds[i] : Self.recallBiasBounds
      guard b.contains(v) else {
        throw .parameterOutOfBounds(index: i, value: v, lower: b.lowerBound, upper: b.upperBound)
      }
    }
    self.init(uncheckedWeights: values)
  }

  /// Whether ``init(migrating:)`` changed a vector: migrated from an older FSRS, and/or clipped.
  public struct Migration: Sendable, Hashable {
    /// 17 (FSRS-4.5), 19 (FSRS-5) or 21 (FSRS-6) values came in.
    public var originalCount: Int
    /// Indices whose value was moved into its bounds.
    public var clippedIndices: [Int]
    public var isNoOp: Bool { originalCount == FSRSParameters.count && clippedIndices.isEmpty }
  }

  /// Accepts 21 values as they are (validated), or migrates 17 or 19 values to FSRS-6 and clips
  /// them into the bounds, as fsrs-rs `check_and_fill_parameters` does.
  ///
  /// - FSRS-5 (19): append w19 = 0, w20 = 0.5.
  /// - FSRS-4.5 (17): w4 ← w4 + 2·w5, w5 ← ln(1 + 3·w5)/3, w6 ← w6 + 0.5, append 0, 0, 0, 0.5.
  public static func migrating(_ values: [Double]) throws(MemoryModelsError) -> (FSRSParameters, Migration) {
    for (i, v) in values.enumerated() where !v.isFinite { throw .parameterNotFinite(index: i) }
    var w = values
    switch values.count {
    case 21, 22:
      return (try FSRSParameters(validating: values), Migration(originalCount: 21, clippedIndices: []))
    case 19:
      w += [0, 0.5]
    case 17:
      w[4] = w[4] + 2 * w[5]
      w[5] = log1p(3 * w[5]) / 3
      w[6] = w[6] + 0.5
      w += [0, 0, 0, 0.5]
    default:
      throw .parameterCount(values.count)
    }
    var clipped: [Int] = []
    for i in w.indices {
      let b = bounds[i]
      let c = min(max(w[i], b.lowerBound), b.upperBound)
      if c != w[i] { clipped.append(i) }
      w[i] = c
    }
    return (FSRSParameters(uncheckedWeights: w), Migration(originalCount: values.count, clippedIndices: clipped))
  }

  /// Clips every weight into ``bounds`` (the optimizer's projection step).
  public static func clipped(_ values: [Double]) -> FSRSParameters {
    precondition(values.count == count)
    var w = values
    for i in w.indices { w[i] = min(max(w[i].isNaN ? bounds[i].lowerBound : w[i], bounds[i].lowerBound), bounds[i].upperBound) }
    return FSRSParameters(uncheckedWeights: w)
  }

  @inlinable public subscript(_ i: Int) -> Double { weights[i] }
}
