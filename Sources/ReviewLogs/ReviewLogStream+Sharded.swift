import PlannerCore

/// What a sharded pass does with each row of its shard (on the shard's worker).
protocol ShardedRowVisitor {
  /// Whether the visitor reads t (`CardShard.Admission.elapsed`); without it the pass does not
  /// compute the rows' learning days.
  static var needsElapsed: Bool { get }
  /// What the pass keeps per card, beside its previous review.
  associatedtype CardValue
  /// A new card's value before its first row is visited.
  var initialValue: CardValue { get }
  /// An in-order row `i` of piece `piece`: t, and its card's value to update.
  func visit(piece: Int, row i: Int, of chunk: ReviewLogChunk, _ admission: CardShard<CardValue>.Admission, _ value: inout CardValue)
  /// A row before its card's previous review: skipped.
  func skip(piece: Int, row i: Int)
}

/// A pass that only checks the rows.
struct CheckingVisitor: ShardedRowVisitor {
  static var needsElapsed: Bool { false }
  var initialValue: Void { () }
  @inline(__always) func visit(piece: Int, row i: Int, of chunk: ReviewLogChunk, _ admission: CardShard<Void>.Admission, _ value: inout Void) {}
  @inline(__always) func skip(piece: Int, row i: Int) {}
}

extension ReviewLogStream {
  /// A row before its card's previous review: the message of the reader and of every pass.
  static func orderError(
    file: String, line: Int32, timeName: String, cardID: Int64, previousLine: Int32, previousTime: Int64, time: Int64
  ) -> PlanEngineError {
    .malformed(
      file: file, line: Int(line), keyPath: timeName,
      expected: "a time at or after card \(cardID)'s previous review (line \(previousLine), \(previousTime)), got \(time)")
  }

  /// Checks every row, as ``forEachRow(path:fileName:_:block:)`` with nothing to visit, with
  /// the cards split over the workers (each worker orders its own cards), so that no core waits
  /// on a serial walk.
  func checkSharded(path: String, fileName: String) throws(PlanEngineError) -> Outcome {
    var visitors = [CheckingVisitor](repeating: CheckingVisitor(), count: workers)
    return try shardedPass(path: path, fileName: fileName, visitors: &visitors)
  }

  /// Reads `path` block by block; each block is parsed in pieces on the workers, then each
  /// worker walks the block's rows of its own cards in file order (``CardShard``: order rule and
  /// t) and hands them to its visitor, then `finish` sees the block (e.g. to write it). Rows,
  /// order checks, errors and diagnostics are ``forEachRow(path:fileName:_:block:)``'s: a card's
  /// rows all fall to one worker, in file order.
  func shardedPass<V: ShardedRowVisitor>(
    path: String, fileName: String, visitors: inout [V],
    prepare: ([ReviewLogChunk]) -> Void = { _ in }, finish: ([ReviewLogChunk]) -> Void = { _ in }
  ) throws(PlanEngineError) -> Outcome {
    let shards = visitors.count
    var cardShards = visitors.map { CardShard(initial: $0.initialValue) }
    let skipInvalid = self.skipInvalid
    var firstMalformed: PlanEngineError?
    var firstOrder: (line: Int, error: PlanEngineError)?
    var parseErrors: [(line: Int, error: PlanEngineError)] = []
    var orderErrors: [(line: Int, error: PlanEngineError)] = []
    var rows = 0
    let days = V.needsElapsed
    try wholeBlocks(path: path, fileName: fileName, shards: shards, days: days) { (chunks, lineBase, header) throws(PlanEngineError) in
      var bases: [Int] = []
      var base = lineBase
      for chunk in chunks {
        bases.append(base)
        for e in chunk.errors {
          let error = PlanEngineError.malformed(file: fileName, line: base + e.line, keyPath: e.keyPath, expected: e.expected)
          if firstMalformed == nil { firstMalformed = error }
          if skipInvalid { parseErrors.append((base + e.line, error)) }
        }
        base += chunk.lineCount
      }
      prepare(chunks)
      let timeName = header.nameOf[.reviewTime] ?? "review_time"
      let useGiven = header.hasElapsedDays
      let found = Slots<(rows: Int, errors: [(line: Int, error: PlanEngineError)])>(shards)
      cardShards.withUnsafeMutableBufferPointer { cardBuf in
        visitors.withUnsafeMutableBufferPointer { visitorBuf in
          let cardsOf = SharedPointer(cardBuf.baseAddress!), visitorOf = SharedPointer(visitorBuf.baseAddress!)
          parallelFor(shards) { w in
            // Moved out and back: a local is reached directly (no copy of the model per row,
            // no second reference that would make the per-card records copy on write).
            var cards = (cardsOf.base + w).move()
            let visitor = (visitorOf.base + w).move()
            defer {
              (cardsOf.base + w).initialize(to: cards)
              (visitorOf.base + w).initialize(to: visitor)
            }
            var kept = 0
            var errors: [(line: Int, error: PlanEngineError)] = []
            for (k, chunk) in chunks.enumerated() {
              let lineBase = Int32(truncatingIfNeeded: bases[k])
              chunk.forEachRow(ofShard: w, shards: shards) { i in
                let id = chunk.cardIDs[i], time = chunk.times[i], line = lineBase &+ chunk.lines[i]
                let a = cards.admit(
                  id: id, time: time, day: days ? chunk.days[i] : 0, line: line, given: chunk.givenElapsed[i], useGiven: useGiven
                ) { a, value in visitor.visit(piece: k, row: i, of: chunk, a, &value) }
                if a.inOrder {
                  kept += 1
                } else {
                  visitor.skip(piece: k, row: i)
                  // Only the first is thrown without `skipInvalid`: later ones need no message.
                  guard skipInvalid || errors.isEmpty else { return }
                  let previous = cards.cards[a.card]
                  errors.append((Int(line), Self.orderError(
                    file: fileName, line: line, timeName: timeName, cardID: id,
                    previousLine: previous.line, previousTime: previous.time, time: time)))
                }
              }
            }
            found.set(w, (kept, errors))
          }
        }
      }
      for (kept, errors) in found.take() {
        rows += kept
        if skipInvalid { orderErrors += errors }
        if let first = errors.first, firstOrder == nil || first.line < firstOrder!.line { firstOrder = first }
      }
      finish(chunks)
    }
    if !skipInvalid, let first = firstMalformed ?? firstOrder?.error { throw first }
    var outcome = Outcome()
    outcome.rows = rows
    outcome.cards = cardShards.reduce(0) { $0 + $1.count }
    orderErrors.sort { $0.line < $1.line }
    outcome.diagnostics = Self.diagnostics(parseErrors, orderErrors)
    return outcome
  }
}
