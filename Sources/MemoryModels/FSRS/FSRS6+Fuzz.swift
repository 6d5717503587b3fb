import PlannerCore
/// Interval fuzz with Anki's three ranges (FSRS6.md §6.3), drawn from ``SplitMix64`` keyed by
/// (card id, review count): the same card at the same review always gets the same interval,
/// in every process. Off unless the caller asks for it; the model itself never fuzzes.
extension FSRS6 {
  /// Intervals below this many days are never fuzzed (py-fsrs and Anki: `ivl < 2.5`).
  public static let minimumFuzzedInterval = 3

  /// The inclusive range a fuzzed `days` interval is drawn from:
  ///
  ///     delta = 1 + 0.15·max(min(d, 7) − 2.5, 0) + 0.10·max(min(d, 20) − 7, 0) + 0.05·max(d − 20, 0)
  ///     lo = max(2, round(d − delta)),  hi = min(round(d + delta), maximumInterval),  lo = min(lo, hi)
  ///
  /// (round half-to-even, as py-fsrs). Below 3 days the range is `d...d`.
  public static func fuzzRange(days: Int, maximumInterval: Int = FSRS6.maximumInterval) -> ClosedRange<Int> {
    let d = Swift.min(days, maximumInterval)
    guard d >= minimumFuzzedInterval else { return d...d }
    let x = Double(d)
    let delta = 1
      + 0.15 * Swift.max(Swift.min(x, 7) - 2.5, 0)
      + 0.10 * Swift.max(Swift.min(x, 20) - 7, 0)
      + 0.05 * Swift.max(x - 20, 0)
    let hi = Swift.min(Int((x + delta).rounded(.toNearestOrEven)), maximumInterval)
    let lo = Swift.min(Swift.max(2, Int((x - delta).rounded(.toNearestOrEven))), hi)
    return lo...hi
  }

  /// `days` fuzzed: uniform over ``fuzzRange(days:maximumInterval:)`` (both ends included, never
  /// `hi + 1` as py-fsrs's rounding can give), from a generator seeded by the card and its
  /// review count (the number of reviews the card had, this one included).
  public static func fuzzedInterval(days: Int, cardID: Int64, reviewCount: Int, maximumInterval: Int = FSRS6.maximumInterval) -> Int {
    let range = fuzzRange(days: days, maximumInterval: maximumInterval)
    if range.lowerBound == range.upperBound { return range.lowerBound }
    var rng = fuzzGenerator(cardID: cardID, reviewCount: reviewCount)
    return rng.nextInt(in: range)
  }

  /// The generator behind the fuzz, exposed so others can draw from the same stream.
  public static func fuzzGenerator(cardID: Int64, reviewCount: Int) -> SplitMix64 {
    SplitMix64(keys: UInt64(bitPattern: cardID), UInt64(bitPattern: Int64(reviewCount)))
  }
}
