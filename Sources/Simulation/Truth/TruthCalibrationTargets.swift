/// The pooled real figures the word-level truths are calibrated to: every review of the 17
/// real learners' Anki logs together (`../shared/data/reviews/calibration.json`, key `pooled`;
/// the per-learner figures stay there). Regenerate with
/// `swift Scripts/extract-calibration-targets.swift ../shared/data/reviews/calibration.json`.
public struct TruthCalibrationTargets: Sendable, Equatable {
  /// Shares of Again, Hard, Good, Easy.
  public var firstRatingMix: [Double]
  public var reviewRatingMix: [Double]
  /// Recall (share rated > 1) of reviews by elapsed days, by ``buckets``.
  public var recallByBucket: [Double]
  public var reviewsByBucket: [Int]
  /// Median answer seconds by rating: first reviews and long-term reviews.
  public var firstMedianSeconds: [Double]
  public var reviewMedianSeconds: [Double]

  /// Elapsed-day buckets (inclusive lower and upper bounds; the last is open).
  public static let buckets: [(label: String, lower: Int, upper: Int)] = [
    ("1", 1, 1), ("2-3", 2, 3), ("4-7", 4, 7), ("8-15", 8, 15), ("16-31", 16, 31), ("32-63", 32, 63), ("64+", 64, Int.max),
  ]

  public static func bucket(elapsedDays t: Int) -> Int? { buckets.firstIndex { t >= $0.lower && t <= $0.upper } }

  // BEGIN GENERATED (Scripts/extract-calibration-targets.swift)
  public static let pooled = TruthCalibrationTargets(
    firstRatingMix: [0.2425, 0.0459, 0.5162, 0.1954],
    reviewRatingMix: [0.1113, 0.1413, 0.6502, 0.0971],
    recallByBucket: [0.8466, 0.8811, 0.8983, 0.9043, 0.8937, 0.9017, 0.9213],
    reviewsByBucket: [15329, 12468, 15147, 12154, 9479, 7230, 8054],
    firstMedianSeconds: [12.076, 8.569, 7.91, 7.628],
    reviewMedianSeconds: [10.383, 8.0835, 6.0, 6.285])
  // END GENERATED
}
