import Dispatch
import MemoryModels
import PlannerCore

extension ReviewReplay {
  /// Replays the review log at `path` through `model` as it is read, writing the CSV of
  /// ``ReplayCSVWriter`` to `sink` block by block: the same bytes as reading the log whole,
  /// ``replay(_:model:desiredRetention:workers:)`` and ``ReplayCSVWriter/write(_:workers:blockRows:to:)``,
  /// in memory bounded by one block and each card's model state (not by the file).
  ///
  /// Every stage of a block runs on all the stream's workers: the parse in pieces, the model
  /// with the cards split over the workers (each card's rows, in file order, on one worker:
  /// ``ReviewLogStream/shardedPass(path:fileName:visitors:prepare:finish:)``), the formatting
  /// in runs of rows (`workers` threads); the bytes are handed to `sink` in file order.
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
    // The sink runs on a writer thread while the next rows are formatted (it is called in
    // order, one call at a time, and never after this function returns).
    let result: Result<ReviewLogStream.Outcome, PlanEngineError> = withoutActuallyEscaping(sink) { sink in
      let block = ReplayBlock(pieces: stream.workers, formatThreads: max(1, workers ?? stream.workers), sink: sink)
      defer { block.drain() }
      var visitors = (0..<stream.workers).map { _ in
        ReplayVisitor(model: model, desiredRetention: desiredRetention, columns: block.columns)
      }
      do {
        return .success(try stream.shardedPass(
          path: path, fileName: fileName, visitors: &visitors,
          prepare: { block.prepare($0) }, finish: { block.write($0) }))
      } catch let error as PlanEngineError {
        return .failure(error)
      } catch {
        preconditionFailure("shardedPass throws only PlanEngineError")
      }
    }
    return try result.get()
  }
}

/// Each worker's model pass: its cards' states, and the results written into the block's
/// columns at the rows of its cards.
struct ReplayVisitor<M: MemoryModel>: ShardedRowVisitor {
  static var needsElapsed: Bool { true }
  let model: M
  let desiredRetention: Double
  let columns: UnsafeMutablePointer<ReplayBlock.Columns>
  /// A card's state before its first row (a placeholder the first row replaces: not an
  /// optional, so that a card's record stays 32 bytes).
  let initialValue: M.State

  init(model: M, desiredRetention: Double, columns: UnsafeMutablePointer<ReplayBlock.Columns>) {
    self.model = model
    self.desiredRetention = desiredRetention
    self.columns = columns
    initialValue = model.next(nil, elapsedDays: 0, rating: .good)
  }

  @inline(__always)
  func visit(piece: Int, row i: Int, of chunk: ReviewLogChunk, _ a: CardShard<M.State>.Admission, _ state: inout M.State) {
    let out = columns[piece]
    let g = Rating(rawValue: Int(chunk.ratings[i]))!
    let next: M.State
    if a.isFirst {
      next = model.next(nil, elapsedDays: 0, rating: g)
      out.r[i] = .nan
    } else {
      let (r, after) = model.review(state, elapsedDays: Int(a.elapsed), rating: g)
      out.r[i] = r
      next = after
    }
    state = next
    out.elapsed[i] = a.elapsed
    out.s[i] = model.stabilityDays(next)
    out.d[i] = model.difficulty(next) ?? .nan
    out.ivl[i] = Int32(clamping: model.intervalDays(next, desiredRetention: desiredRetention))
  }

  @inline(__always)
  func skip(piece: Int, row i: Int) {
    columns[piece].elapsed[i] = ReplayBlock.skipped
  }
}

/// One block's replay results, row for row with each piece of the block, and the buffers that
/// format them: allocated once and reused, so a block costs no allocation.
final class ReplayBlock: @unchecked Sendable {
  /// `elapsed` of a row the pass skipped (out of order): not written.
  static let skipped = Int32.min
  /// Rows per formatting task.
  static let runRows = 16_384

  struct Columns {
    var capacity = 0
    var elapsed = UnsafeMutablePointer<Int32>.allocate(capacity: 0)
    var r = UnsafeMutablePointer<Double>.allocate(capacity: 0)
    var s = UnsafeMutablePointer<Double>.allocate(capacity: 0)
    var d = UnsafeMutablePointer<Double>.allocate(capacity: 0)
    var ivl = UnsafeMutablePointer<Int32>.allocate(capacity: 0)

    func deallocate() {
      elapsed.deallocate(); r.deallocate(); s.deallocate(); d.deallocate(); ivl.deallocate()
    }
  }

  /// One per piece (a block has at most as many pieces as the stream has workers).
  let columns: UnsafeMutablePointer<Columns>
  let pieceCapacity: Int
  let formatThreads: Int
  /// Two sets of output buffers, one per formatting task of a round: one set is formatted
  /// while the writer hands the other to the sink.
  let buffers: [[UnsafeMutablePointer<UInt8>]]
  let lengths: [UnsafeMutablePointer<Int>]
  /// Signalled when the writer is done with a set.
  let free = [DispatchSemaphore(value: 1), DispatchSemaphore(value: 1)]
  let writer = DispatchQueue(label: "planner.replay.writer")
  var sink: ((UnsafeRawBufferPointer) -> Void)?
  var set = 0

  init(pieces: Int, formatThreads: Int, sink: @escaping (UnsafeRawBufferPointer) -> Void) {
    self.sink = sink
    pieceCapacity = max(pieces, 1)
    columns = .allocate(capacity: pieceCapacity)
    for k in 0..<pieceCapacity { (columns + k).initialize(to: Columns()) }  // each its own buffers
    self.formatThreads = formatThreads
    buffers = (0..<2).map { _ in (0..<formatThreads * 2).map { _ in .allocate(capacity: Self.runRows * ReplayCSVWriter.maxRowBytes) } }
    lengths = (0..<2).map { _ in .allocate(capacity: formatThreads * 2) }
  }

  /// Waits for the writer to hand every formatted row to the sink, then lets the sink go.
  func drain() {
    writer.sync {}
    sink = nil
  }

  deinit {
    for k in 0..<pieceCapacity { columns[k].deallocate() }
    columns.deinitialize(count: pieceCapacity)
    columns.deallocate()
    for set in buffers { for b in set { b.deallocate() } }
    for l in lengths { l.deallocate() }
  }

  /// Room for every piece's rows.
  func prepare(_ chunks: [ReviewLogChunk]) {
    precondition(chunks.count <= pieceCapacity)
    for (k, chunk) in chunks.enumerated() where columns[k].capacity < chunk.cardIDs.count {
      columns[k].deallocate()
      let n = chunk.cardIDs.count + chunk.cardIDs.count / 4
      columns[k] = Columns(
        capacity: n, elapsed: .allocate(capacity: n), r: .allocate(capacity: n), s: .allocate(capacity: n),
        d: .allocate(capacity: n), ivl: .allocate(capacity: n))
    }
  }

  /// Formats the block's rows (runs of rows on the threads, in rounds) and queues the bytes for
  /// the sink in file order.
  func write(_ chunks: [ReviewLogChunk]) {
    var runs: [(piece: Int, rows: Range<Int>)] = []
    for (k, chunk) in chunks.enumerated() {
      for a in stride(from: 0, to: chunk.cardIDs.count, by: Self.runRows) {
        runs.append((k, a..<min(a + Self.runRows, chunk.cardIDs.count)))
      }
    }
    let perRound = buffers[0].count
    for first in stride(from: 0, to: runs.count, by: perRound) {
      let count = min(perRound, runs.count - first)
      let s = set
      set ^= 1
      free[s].wait()  // the writer is done with this set
      let out = buffers[s], shared = SharedPointer(lengths[s])
      parallelFor(formatThreads > 1 ? count : 1) { t in
        for j in (formatThreads > 1 ? t..<t + 1 : 0..<count) {
          let (k, rows) = runs[first + j]
          shared.base[j] = format(chunks[k], columns[k], rows: rows, into: out[j])
        }
      }
      writer.async {
        for j in 0..<count where self.lengths[s][j] > 0 {
          self.sink?(UnsafeRawBufferPointer(start: self.buffers[s][j], count: self.lengths[s][j]))
        }
        self.free[s].signal()
      }
    }
  }

  /// The rows `rows` of one piece as CSV at `buffer`; returns the length.
  func format(_ chunk: ReviewLogChunk, _ out: Columns, rows: Range<Int>, into buffer: UnsafeMutablePointer<UInt8>) -> Int {
    let cache = DoubleTextCache()
    var q = buffer
    chunk.cardIDs.withUnsafeBufferPointer { ids in
      chunk.times.withUnsafeBufferPointer { times in
        chunk.ratings.withUnsafeBufferPointer { ratings in
          for i in rows where out.elapsed[i] != Self.skipped {
            q = ReplayCSVWriter.writeRow(
              cardID: ids[i], time: times[i], elapsedDays: out.elapsed[i], rating: ratings[i], retrievability: out.r[i],
              stability: out.s[i], difficulty: out.d[i], intervalDays: out.ivl[i], cache: cache, at: q)
          }
        }
      }
    }
    return buffer.distance(to: q)
  }
}
