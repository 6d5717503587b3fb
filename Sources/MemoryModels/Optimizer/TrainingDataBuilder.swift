/// Builds ``TrainingData`` from reviews that arrive in any card order (a review log read row by
/// row) in two passes over them, without a per-card history in between: the first pass counts
/// each card's reviews and finds its last example, the second writes each review straight into
/// its place in the flat arrays. Memory: the data's 13 bytes per stored review plus about 32
/// bytes per card, not a ``CardHistory`` per card.
///
/// The result is the same, array for array, as ``TrainingData/init(_:)`` of the same cards
/// sorted by card id (each card's reviews in the order given), so the fit is bit-identical.
public struct TrainingDataBuilder: Sendable {
  private var ids: [Int64] = []
  private var counts: [Int32] = []
  private var lastExample: [Int32] = []
  private var examples: [Int32] = []
  private var recalls: [Int32] = []
  private var offsets: [Int] = []
  private var data: TrainingData?

  public init() {}

  /// First pass: one review of card `card` (0, 1, … in order of first appearance).
  public mutating func count(card: Int, cardID: Int64, elapsedDays: Int32, rating: Rating) {
    if card == ids.count {
      ids.append(cardID)
      counts.append(0)
      lastExample.append(-1)
      examples.append(0)
      recalls.append(0)
    }
    let j = counts[card]
    if j > 0 && elapsedDays > 0 {
      lastExample[card] = j
      examples[card] += 1
      if rating != .again { recalls[card] += 1 }
    }
    counts[card] = j + 1
  }

  /// Between the passes: lays out the cards (sorted by id) and allocates the arrays.
  public mutating func beginFilling() {
    let order = ids.indices.sorted { ids[$0] < ids[$1] }
    offsets = [Int](repeating: -1, count: ids.count)
    var d = TrainingData(empty: ())
    var stored = 0
    d.starts = [0]
    d.starts.reserveCapacity(order.count + 1)
    for k in order {
      d.reviewCount += Int(counts[k])
      d.cardCount += 1
      guard counts[k] > 1 && lastExample[k] > 0 else { continue }
      offsets[k] = stored
      stored += Int(lastExample[k]) + 1
      d.starts.append(stored)
      d.exampleCounts.append(Int(examples[k]))
      d.exampleCount += Int(examples[k])
      d.recallCount += Int(recalls[k])
    }
    d.ratings = [UInt8](repeating: 0, count: stored)
    d.elapsed = [Int32](repeating: 0, count: stored)
    d.times = [Int64](repeating: 0, count: stored)
    examples = []
    recalls = []
    ids = []
    for k in counts.indices { counts[k] = 0 }
    data = d
  }

  /// Second pass: the same reviews in the same order as the first.
  public mutating func fill(card: Int, time: Int64, elapsedDays: Int32, rating: Rating) {
    let j = counts[card]
    counts[card] = j + 1
    let offset = offsets[card]
    guard offset >= 0 && j <= lastExample[card] else { return }
    let i = offset + Int(j)
    data!.ratings[i] = UInt8(rating.rawValue)
    data!.elapsed[i] = j == 0 ? -1 : elapsedDays
    data!.times[i] = time
  }

  /// The training data (after both passes).
  public mutating func finish() -> TrainingData {
    let d = data ?? TrainingData([])
    data = nil
    counts = []
    lastExample = []
    offsets = []
    return d
  }
}
