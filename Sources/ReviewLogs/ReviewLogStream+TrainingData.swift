import MemoryModels
import PlannerCore

extension ReviewLogStream {
  /// The optimizer's training data straight from the file, in two passes over it
  /// (``TrainingDataBuilder``): no card histories in between, so memory is the data's 13 bytes
  /// per stored review plus about 32 per card (docs/optimizer.md). The same data, array for
  /// array, as `TrainingData(cardHistories(path:fileName:).cards)`. The outcome is the first
  /// pass's (the second reads the same rows).
  public func trainingData(path: String, fileName: String) throws(PlanEngineError) -> (data: TrainingData, outcome: Outcome) {
    var builder = TrainingDataBuilder()
    let outcome = try forEachRow(path: path, fileName: fileName) { row in
      builder.count(card: row.card, cardID: row.cardID, elapsedDays: row.elapsedDays, rating: row.rating)
    }
    builder.beginFilling()
    _ = try forEachRow(path: path, fileName: fileName) { row in
      builder.fill(card: row.card, time: row.time, elapsedDays: row.elapsedDays, rating: row.rating)
    }
    return (builder.finish(), outcome)
  }
}
