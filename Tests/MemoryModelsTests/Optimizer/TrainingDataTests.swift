import Testing
@testable import MemoryModels
@testable import PlannerCore

/// The compact ways of building ``TrainingData`` (two passes over rows in file order, a cut
/// at a time, the inner split's prefix) give the same arrays as cutting card histories and
/// building from them, so the fit stays bit-identical while memory drops.
@Suite("Training data")
struct TrainingDataTests {
  static func same(_ a: TrainingData, _ b: TrainingData, _ note: String = "") {
    #expect(a.ratings == b.ratings, "\(note)")
    #expect(a.elapsed == b.elapsed, "\(note)")
    #expect(a.times == b.times, "\(note)")
    #expect(a.starts == b.starts, "\(note)")
    #expect(a.exampleCounts == b.exampleCounts, "\(note)")
    #expect(a.reviewCount == b.reviewCount, "\(note)")
    #expect(a.cardCount == b.cardCount, "\(note)")
    #expect(a.exampleCount == b.exampleCount, "\(note)")
    #expect(a.recallCount == b.recallCount, "\(note)")
  }

  /// Seeded cards with same-day steps, single-review cards and ids out of order.
  static func cards(seed: UInt64) -> [CardHistory] {
    var cards = FSRSHistorySimulator.histories(parameters: FSRSHistorySimulator.custom, cards: 40, reviewsPerCard: 5, seed: seed)
    cards.append(CardHistory(cardID: 999, times: [5_000], elapsedDays: [-1], ratings: [.good]))
    cards.append(CardHistory(cardID: 998, times: [5_000, 6_000], elapsedDays: [-1, 0], ratings: [.again, .good]))
    var rng = SplitMix64(seed: seed)
    for i in stride(from: cards.count - 1, to: 0, by: -1) { cards.swapAt(i, rng.nextInt(in: 0...i)) }
    return cards
  }

  /// The radix sort of packed (time, index) keys visits the examples in the merge's order:
  /// ties in time across cards (a twin card), same-day steps, a time span near the 64-bit limit
  /// (no radix sort: merged either way), and raw keys with skipped digits against `sorted()`.
  @Test func radixOrderIsTheMergeOrder() {
    func order(_ data: TrainingData, limit: Int) -> [Int] {
      var out: [Int] = []
      data.forEachExampleInTimeOrder(radixSortLimit: limit) { out.append($0); return true }
      return out
    }
    var cards = SyntheticReviewLog(cards: 150, days: 200, seed: 5).cardHistories
    var twin = cards[3]
    twin.cardID = 500_000
    cards.append(twin)
    let data = TrainingData(cards.sorted { $0.cardID < $1.cardID })
    #expect(data.examplesByRadixSort() != nil)
    let merged = order(data, limit: 0)
    #expect(merged.count == data.exampleCount && merged.count > 1000)
    #expect(order(data, limit: .max) == merged)
    var wide = data
    for i in wide.starts[0]..<wide.starts[1] { wide.times[i] = Int64.min / 2 + Int64(i) }
    #expect(wide.examplesByRadixSort() == nil)
    #expect(order(wide, limit: .max) == order(wide, limit: 0))
    var rng = SplitMix64(seed: 9)
    for bits in [1, 11, 12, 40, 64] {
      let keys = (0..<3000).map { _ in (rng.next() >> UInt64(64 - bits)) & ~(UInt64(0x7FF) << 11) }
      var sorted = keys
      TrainingData.radixSort(&sorted, significantBits: bits)
      #expect(sorted == keys.sorted(), "\(bits) bits")
      // From bit 7 up: stable, as a stable sort on key >> 7.
      var high = keys
      TrainingData.radixSort(&high, significantBits: bits, from: 7)
      let stable = keys.enumerated().sorted { ($0.element >> 7, $0.offset) < ($1.element >> 7, $1.offset) }.map(\.element)
      #expect(high == stable, "\(bits) bits from bit 7")
    }
  }

  /// Rows of every card interleaved by time, as a review log holds them, fed through both passes.
  @Test func builderMatchesSortedCardHistories() {
    let cards = Self.cards(seed: 11)
    var rows: [(card: Int, id: Int64, time: Int64, t: Int32, rating: Rating)] = []
    for (k, c) in cards.enumerated() {
      for i in 0..<c.count { rows.append((k, c.cardID, c.times[i], c.elapsedDays[i], c.ratings[i])) }
    }
    rows.sort { ($0.time, $0.card) < ($1.time, $1.card) }
    // Dense card numbers in order of first appearance, as the stream gives them.
    var number: [Int: Int] = [:]
    for r in rows where number[r.card] == nil { number[r.card] = number.count }
    var builder = TrainingDataBuilder()
    for r in rows { builder.count(card: number[r.card]!, cardID: r.id, elapsedDays: r.t, rating: r.rating) }
    builder.beginFilling()
    for r in rows { builder.fill(card: number[r.card]!, time: r.time, elapsedDays: r.t, rating: r.rating) }
    Self.same(builder.finish(), TrainingData(cards.sorted { $0.cardID < $1.cardID }))
  }

  @Test func cutAtATimeMatchesCutHistories() throws {
    let cards = Self.cards(seed: 12)
    let split = try TimeSeriesEvaluation(cards: cards, folds: 5)
    for f in 0..<5 {
      let cut = try #require(split.cutoffTime(fold: f))
      Self.same(TrainingData(cards, before: cut), TrainingData(split.history(before: cut)), "fold \(f)")
    }
  }

  @Test func innerPrefixMatchesCutHistories() {
    let data = TrainingData(Self.cards(seed: 13))
    let times = data.exampleTimes()
    for k in [0, times.count / 3, times.count * 4 / 5, times.count - 1] {
      let cut = times[k]
      var cutCards: [CardHistory] = []
      for c in 0..<data.trainingCardCount {
        var card = CardHistory(cardID: Int64(c))
        for i in data.range(ofCard: c) where data.times[i] < cut {
          card.append(time: data.times[i], elapsedDays: data.elapsed[i], rating: Rating(rawValue: Int(data.ratings[i]))!)
        }
        if card.count > 1 { cutCards.append(card) }
      }
      Self.same(data.prefix(before: cut), TrainingData(cutCards), "cut at example \(k)")
    }
  }
}
