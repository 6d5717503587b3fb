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
