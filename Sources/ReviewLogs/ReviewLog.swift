import MemoryModels
import PlannerCore

/// A review log as imported from the FSRS optimizer CSV: one entry per valid review, in the
/// file's order, stored column-wise so a million reviews are a few flat arrays.
///
/// Built by ``ReviewLogReader``; every row here has passed validation, and ``elapsedDays``
/// already holds t (−1 on a card's first review).
public struct ReviewLog: Sendable {
  /// The file name used in messages.
  public var fileName: String
  public var cardIDs: [Int64]
  /// Milliseconds since the Unix epoch.
  public var times: [Int64]
  /// 1…4.
  public var ratings: [UInt8]
  /// 0 new, 1 learning, 2 review, 3 relearning; −1 when absent.
  public var states: [Int8]
  /// Milliseconds; −1 when absent.
  public var durations: [Int64]
  /// t: whole learning days since the card's previous review (the `elapsed_days` column when
  /// given, else from the times); −1 on a card's first review, 0 on a same-day review.
  public var elapsedDays: [Int32]
  /// Index of the same card's previous review in these arrays, −1 on its first review.
  public var previousIndex: [Int32]
  /// 1-based line of each review in the file (the header is line 1).
  public var lines: [Int32]
  /// Rows skipped with `skipInvalid`, in line order, each naming file, line, column and what
  /// was expected.
  public var diagnostics: [PlanEngineError]

  public init(
    fileName: String, cardIDs: [Int64], times: [Int64], ratings: [UInt8], states: [Int8],
    durations: [Int64], elapsedDays: [Int32], previousIndex: [Int32], lines: [Int32],
    diagnostics: [PlanEngineError] = []
  ) {
    self.fileName = fileName
    self.cardIDs = cardIDs
    self.times = times
    self.ratings = ratings
    self.states = states
    self.durations = durations
    self.elapsedDays = elapsedDays
    self.previousIndex = previousIndex
    self.lines = lines
    self.diagnostics = diagnostics
  }

  /// The number of reviews.
  public var count: Int { cardIDs.count }

  public func rating(at i: Int) -> Rating { Rating(rawValue: Int(ratings[i]))! }

  /// Every card's reviews in time order (file order for equal times), cards sorted by id:
  /// what the optimizer and the evaluator consume.
  public func cardHistories() -> [CardHistory] {
    var slot: [Int64: Int] = [:]
    var histories: [CardHistory] = []
    for i in 0..<count {
      let id = cardIDs[i]
      let k: Int
      if let s = slot[id] {
        k = s
      } else {
        k = histories.count
        slot[id] = k
        histories.append(CardHistory(cardID: id))
      }
      histories[k].append(time: times[i], elapsedDays: elapsedDays[i], rating: rating(at: i))
    }
    histories.sort { $0.cardID < $1.cardID }
    return histories
  }
}
