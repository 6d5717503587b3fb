import MemoryModels
import PlannerCore

extension ReviewReplay {
  /// Replays the review log at `path` through `model` as it is read, writing the CSV of
  /// ``ReplayCSVWriter`` to `sink` block by block: the same bytes as reading the log whole,
  /// ``replay(_:model:desiredRetention:workers:)`` and ``ReplayCSVWriter/write(_:workers:blockRows:to:)``,
  /// in memory bounded by one block and each card's model state (not by the file).
  ///
  /// Bad rows: run ``ReviewLogStream/validate(path:fileName:)`` first, so that a bad file is
  /// refused (or its diagnostics reported) before any row is written; this pass skips the rows
  /// the stream skips.
  @_specialize(where M == FSRS6)
  @_specialize(where M == SM2)
  @_specialize(where M == HalfLifeRegression)
  public static func stream<M: MemoryModel>(
    path: String, fileName: String, reading stream: ReviewLogStream, model: M, desiredRetention: Double,
    workers: Int? = nil, to sink: (UnsafeRawBufferPointer) -> Void
  ) throws(PlanEngineError) -> ReviewLogStream.Outcome {
    guard desiredRetention > 0 && desiredRetention < 1 else {
      throw .invalidValue(keyPath: "retention", value: "\(desiredRetention)", expected: "a desired retention strictly between 0 and 1, such as 0.9")
    }
    Array(ReplayCSVWriter.header.utf8).withUnsafeBytes { sink($0) }
    // One struct for every buffer, reached by one access per row (see `RowWalker`).
    var rows = StreamedRows<M>(model: model, desiredRetention: desiredRetention)
    func flush() {
      guard !rows.ids.isEmpty else { return }
      let n = rows.ids.count
      let log = ReviewLog(
        fileName: fileName, cardIDs: rows.ids, times: rows.times, ratings: rows.ratings,
        states: [Int8](repeating: -1, count: n), durations: [Int64](repeating: -1, count: n),
        elapsedDays: rows.elapsed, previousIndex: [Int32](repeating: -1, count: n), lines: [Int32](repeating: 0, count: n))
      let result = ReplayResult(
        log: log, retrievability: rows.r, stability: rows.s, difficulty: rows.d, intervalDays: rows.ivl,
        desiredRetention: desiredRetention, modelName: model.name)
      ReplayCSVWriter.writeRows(result, workers: workers, to: sink)
      rows.clear()
    }
    let outcome = try stream.forEachRow(path: path, fileName: fileName, { row in rows.add(row) }, block: flush)
    flush()
    return outcome
  }
}

/// The rows of one streamed block with the model's results, and each card's state.
struct StreamedRows<M: MemoryModel> {
  let model: M
  let desiredRetention: Double
  var states: [M.State] = []
  var ids: [Int64] = [], times: [Int64] = [], elapsed: [Int32] = [], ratings: [UInt8] = []
  var r: [Double] = [], s: [Double] = [], d: [Double] = [], ivl: [Int32] = []

  init(model: M, desiredRetention: Double) {
    self.model = model
    self.desiredRetention = desiredRetention
  }

  @inline(__always)
  mutating func add(_ row: ReviewLogStream.Row) {
    let next: M.State
    if row.isFirst {
      next = model.next(nil, elapsedDays: 0, rating: row.rating)
      r.append(.nan)
      states.append(next)
    } else {
      let t = Int(row.elapsedDays)
      let before = states[row.card]
      r.append(model.predictedRecall(before, elapsedDays: Double(max(t, 0))))
      next = model.next(before, elapsedDays: t, rating: row.rating)
      states[row.card] = next
    }
    ids.append(row.cardID); times.append(row.time); elapsed.append(row.elapsedDays)
    ratings.append(UInt8(row.rating.rawValue))
    s.append(model.stabilityDays(next))
    d.append(model.difficulty(next) ?? .nan)
    ivl.append(Int32(clamping: model.intervalDays(next, desiredRetention: desiredRetention)))
  }

  mutating func clear() {
    ids.removeAll(keepingCapacity: true); times.removeAll(keepingCapacity: true)
    elapsed.removeAll(keepingCapacity: true); ratings.removeAll(keepingCapacity: true)
    r.removeAll(keepingCapacity: true); s.removeAll(keepingCapacity: true)
    d.removeAll(keepingCapacity: true); ivl.removeAll(keepingCapacity: true)
  }
}
