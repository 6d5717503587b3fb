import MemoryModels
import PlannerCore

extension ReviewLogStream {
  /// Every card's reviews in one ``CardReviewStore`` straight from the file, in two passes over
  /// it (``CardReviewStore/Builder``): 13 bytes a review and 16 a card, no history per card.
  /// The same store as `CardReviewStore(cardHistories(path:fileName:).cards)` (cards sorted by
  /// id). The outcome is the first pass's (the second reads the same rows).
  public func cardReviewStore(path: String, fileName: String) throws(PlanEngineError) -> (store: CardReviewStore, outcome: Outcome) {
    var builder = CardReviewStore.Builder()
    let outcome = try forEachRow(path: path, fileName: fileName) { row in
      builder.count(card: row.card, cardID: row.cardID)
    }
    builder.beginFilling()
    _ = try forEachRow(path: path, fileName: fileName) { row in
      builder.fill(card: row.card, time: row.time, elapsedDays: row.elapsedDays, rating: row.rating)
    }
    return (builder.finish(), outcome)
  }
}
