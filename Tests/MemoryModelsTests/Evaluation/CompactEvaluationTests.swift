import Foundation
import Testing
@testable import MemoryModels
@testable import PlannerCore

/// The evaluator keeps a flat ``CardReviewStore`` and 4-byte scored positions instead of a
/// history per card and a 40-byte record per scored review. These tests compute the protocol
/// the straightforward way (scored reviews as records sorted by (time, card id, card, index),
/// a replay per model, fits on cut histories, metrics on full arrays) and require the shipped
/// evaluator to give exactly the same predictions, metrics and fits on seeded synthetic logs.
@Suite("Evaluation: compact state gives the straightforward results")
struct CompactEvaluationTests {
  /// The straightforward protocol on `cards`.
  struct Reference {
    var scored: [ScoredReview] = []
    var boundaries: [Int] = []
    var predictions: [[Double]] = []
    var metrics: [EvaluationMetrics] = []
    var fits: [FSRSFitReport] = []
    var hlr: [HalfLifeRegression.FitReport] = []

    init(cards: [CardHistory], split: TimeSeriesEvaluation.Split, bins scheme: TimeSeriesEvaluation.BinScheme, models: [EvaluatedModel]) {
      for (c, card) in cards.enumerated() {
        var lapses = 0
        for i in 1..<Swift.max(card.count, 1) where card.elapsedDays[i] > 0 {
          scored.append(ScoredReview(
            card: c, index: i, cardID: card.cardID, time: card.times[i], rating: card.ratings[i],
            elapsedDays: Int(card.elapsedDays[i]), lapses: lapses))
          if card.ratings[i] == .again { lapses += 1 }
        }
      }
      scored.sort { ($0.time, $0.cardID, $0.card, $0.index) < ($1.time, $1.cardID, $1.card, $1.index) }
      let n = scored.count
      var nominal: [Int]
      var folds = 1
      switch split {
      case .timeSeries(let k):
        folds = k
        nominal = (1...k).map { n - (k + 1 - $0) * (n / (k + 1)) }
      case .holdout(let fraction):
        nominal = [n - Int((fraction * Double(n) - 1e-9).rounded(.up))]
      }
      boundaries = [0]
      for start in nominal {
        var cut = Swift.max(start, boundaries.last!)
        while cut > 0 && cut < n && scored[cut].time == scored[cut - 1].time { cut += 1 }
        boundaries.append(cut)
      }
      boundaries.append(n)
      let b = boundaries
      let cutoffs = (0..<folds).map { b[$0 + 1] < n ? scored[b[$0 + 1]].time : Int64.max }
      func cut(_ time: Int64) -> [CardHistory] {
        cards.compactMap { card in
          let k = card.times.firstIndex { $0 >= time } ?? card.count
          return k == 0 ? nil : CardHistory(
            cardID: card.cardID, times: Array(card.times[..<k]), elapsedDays: Array(card.elapsedDays[..<k]),
            ratings: Array(card.ratings[..<k]))
        }
      }
      func replay<M: MemoryModel>(_ model: M) -> [Double] {
        var at: [Int: Double] = [:]
        for (c, card) in cards.enumerated() where card.count > 1 {
          var state = model.next(nil, elapsedDays: 0, rating: card.ratings[0])
          for i in 1..<card.count {
            let t = Int(card.elapsedDays[i])
            if t > 0 { at[c << 20 | i] = model.predictedRecall(state, elapsedDays: Double(t)) }
            state = model.next(state, elapsedDays: Swift.max(t, 0), rating: card.ratings[i])
          }
        }
        return scored.map { at[$0.card << 20 | $0.index]! }
      }
      let test = b[1]..<n
      let reviews = Array(scored[test])
      let labels = reviews.map(\.recalled)
      let keys = reviews.map { r -> EvaluationMetrics.BinKey in
        switch scheme {
        case .srsBenchmark: return r.bin
        case .log2: return EvaluationMetrics.BinKey(log2ElapsedDays: r.elapsedDays, earlierReviews: r.index, lapses: r.lapses)
        }
      }
      for model in models {
        var p = [Double](repeating: .nan, count: test.count)
        switch model {
        case .fsrs6:
          fits = cutoffs.map { FSRSOptimizer().fit(TrainingData(cut($0))) }
          for f in 0..<folds {
            let all = replay(FSRS6(parameters: fits[f].parameters))
            for k in b[f + 1]..<b[f + 2] { p[k - b[1]] = all[k] }
          }
        case .hlr:
          hlr = cutoffs.map { HalfLifeRegression.fit(cut($0)) }
          for f in 0..<folds {
            let all = replay(HalfLifeRegression(theta: hlr[f].theta))
            for k in b[f + 1]..<b[f + 2] { p[k - b[1]] = all[k] }
          }
        case .fsrs6Default: p = Array(replay(FSRS6())[test])
        case .sm2: p = Array(replay(SM2())[test])
        case .average:
          for f in 0..<folds {
            let train = scored[0..<b[f + 1]]
            let rate = train.isEmpty ? 0.5 : Double(train.filter(\.recalled).count) / Double(train.count)
            for k in b[f + 1]..<b[f + 2] { p[k - b[1]] = rate }
          }
        }
        predictions.append(p)
        metrics.append(EvaluationMetrics(predictions: p, recalled: labels, bins: keys))
      }
    }
  }

  static func expectSame(_ r: ModelEvaluator.Result, _ ref: Reference, _ split: TimeSeriesEvaluation, _ note: String) {
    #expect(split.boundaries == ref.boundaries, "\(note)")
    #expect(Array(split.scored) == ref.scored, "\(note)")
    #expect(Array(r.reviews) == Array(ref.scored[ref.boundaries[1]...]), "\(note)")
    #expect(r.recalled == ref.scored[ref.boundaries[1]...].map(\.recalled), "\(note)")
    // Bit for bit: NaN-free, so == on the arrays is exact equality of every Double.
    #expect(r.predictions == ref.predictions, "\(note)")
    #expect(r.metrics == ref.metrics, "\(note)")
    #expect(r.fits.map(\.parameters) == ref.fits.map(\.parameters), "\(note)")
    #expect(r.fits.map(\.trainingExamples) == ref.fits.map(\.trainingExamples), "\(note)")
    #expect(r.hlrFits == ref.hlr, "\(note)")
  }

  @Test(arguments: [(UInt64(21), 1), (UInt64(22), 2)])
  func everyModelMatchesTheStraightforwardProtocol(seed: UInt64, threads: Int) throws {
    let cards = SyntheticReviewLog(cards: 160, days: 200, seed: seed).cardHistories
    let split = try TimeSeriesEvaluation(cards: cards, folds: 5)
    var config = FSRSOptimizer.Configuration()
    config.threads = threads
    let evaluator = ModelEvaluator(optimizer: FSRSOptimizer(configuration: config))
    let result = evaluator.evaluate(split, models: EvaluatedModel.allCases)
    let ref = Reference(cards: cards, split: .timeSeries(folds: 5), bins: .srsBenchmark, models: EvaluatedModel.allCases)
    Self.expectSame(result, ref, split, "seed \(seed), \(threads) threads")
    // Without kept predictions: the same metrics, nothing kept.
    let lean = evaluator.evaluate(split, models: [.fsrs6Default, .sm2, .average], keepingPredictions: false)
    #expect(lean.predictions.isEmpty)
    #expect(lean.metrics == [ref.metrics[1], ref.metrics[2], ref.metrics[4]])
  }

  /// The dev set's protocols (log2 bins, holdout) on a log whose cards come in id order
  /// reversed, with ties in time across cards.
  @Test func log2BinsAndHoldoutMatch() throws {
    var cards = SyntheticReviewLog(cards: 90, days: 150, seed: 23).cardHistories.reversed().map { $0 }
    // Two cards reviewed at the same instants as another: ties by card id, then card.
    var twin = cards[10]
    twin.cardID = cards[10].cardID + 100_000
    cards.append(twin)
    for split in [TimeSeriesEvaluation.Split.timeSeries(folds: 5), .holdout(testFraction: 0.2)] {
      let models: [EvaluatedModel] = [.fsrs6Default, .average, .hlr]
      let evaluation = try TimeSeriesEvaluation(cards: cards, split: split, bins: .log2)
      let result = ModelEvaluator().evaluate(evaluation, models: models)
      Self.expectSame(result, Reference(cards: cards, split: split, bins: .log2, models: models), evaluation, "\(split)")
    }
  }

  /// A card whose times do not ascend (histories promise they do; the evaluator sorts instead
  /// of merging then): still the sorted order.
  @Test func unorderedCardTimesStillSortLikeTheRecords() throws {
    var cards = SyntheticReviewLog(cards: 40, days: 120, seed: 24).cardHistories
    let k = try #require(cards.firstIndex { $0.count > 4 })
    cards[k].times.swapAt(2, 4)
    let split = try TimeSeriesEvaluation(cards: cards, folds: 3)
    let result = ModelEvaluator().evaluate(split, models: [.fsrs6Default, .average])
    Self.expectSame(result, Reference(cards: cards, split: .timeSeries(folds: 3), bins: .srsBenchmark, models: [.fsrs6Default, .average]), split, "unordered")
  }

  /// The store built in two passes over interleaved rows equals the one of the sorted histories.
  @Test func storeBuilderMatchesSortedHistories() {
    let log = SyntheticReviewLog(cards: 70, days: 90, seed: 25)
    var number: [Int64: Int] = [:]
    var builder = CardReviewStore.Builder()
    for r in log.reviews {
      if number[r.cardID] == nil { number[r.cardID] = number.count }
      builder.count(card: number[r.cardID]!, cardID: r.cardID)
    }
    builder.beginFilling()
    let cards = log.cardHistories
    var elapsed: [Int64: [Int32]] = [:]
    for card in cards { elapsed[card.cardID] = card.elapsedDays.reversed() }
    for r in log.reviews {
      builder.fill(card: number[r.cardID]!, time: r.time, elapsedDays: elapsed[r.cardID]!.removeLast(), rating: r.rating)
    }
    let store = builder.finish()
    #expect(store == CardReviewStore(cards.sorted { $0.cardID < $1.cardID }))
    #expect(store.cardHistories == cards.sorted { $0.cardID < $1.cardID })
  }

  /// Fold training data and HLR examples from the store equal those of the cut histories.
  @Test func foldDataFromTheStoreMatchesCutHistories() throws {
    let cards = TrainingDataTests.cards(seed: 26)
    let split = try TimeSeriesEvaluation(cards: cards, folds: 5)
    TrainingDataTests.same(TrainingData(split.store), TrainingData(cards), "all")
    for f in 0..<5 {
      let cut = try #require(split.cutoffTime(fold: f))
      let history = split.history(before: cut)
      TrainingDataTests.same(TrainingData(split.store, before: cut), TrainingData(history), "fold \(f)")
      TrainingDataTests.same(TrainingData(cards, before: cut), TrainingData(history), "fold \(f), cards")
      #expect(HalfLifeRegression.trainingExamples(split.store, before: cut) == Self.groupedBySorting(history), "fold \(f)")
    }
  }

  /// HLR's examples the straightforward way: one record per review, sorted, equal ones merged.
  static func groupedBySorting(_ cards: [CardHistory]) -> [HalfLifeRegression.TrainingExample] {
    var raw: [HalfLifeRegression.TrainingExample] = []
    for card in cards where card.count > 1 {
      var right = card.ratings[0].isRecall ? 1 : 0
      var wrong = 1 - right
      for i in 1..<card.count {
        if card.elapsedDays[i] > 0 {
          raw.append(.init(right: right, wrong: wrong, elapsedDays: Int(card.elapsedDays[i]), recalled: card.ratings[i].isRecall))
        }
        if card.ratings[i].isRecall { right += 1 } else { wrong += 1 }
      }
    }
    raw.sort()
    var out: [HalfLifeRegression.TrainingExample] = []
    for e in raw {
      if let last = out.last, !(last < e) && !(e < last) { out[out.count - 1].weight += 1 } else { out.append(e) }
    }
    return out
  }

  /// Recency weights and the inner split's cut, merged from the cards, equal the sorted way.
  @Test(arguments: [false, true])
  func recencyRanksMatchTheSortedExamples(unordered: Bool) {
    var cards = SyntheticReviewLog(cards: 120, days: 160, seed: 27).cardHistories
    if unordered, let k = cards.firstIndex(where: { $0.count > 5 }) { cards[k].times.swapAt(1, 5) }
    let data = TrainingData(cards)
    #expect(data.timesAscendAlongCards() == !unordered)
    // Sorted: the examples' indices by (time, index).
    var examples: [UInt32] = []
    for c in 0..<data.trainingCardCount {
      for i in (data.starts[c] + 1)..<data.starts[c + 1] where data.elapsed[i] > 0 { examples.append(UInt32(i)) }
    }
    examples.sort { (data.times[Int($0)], $0) < (data.times[Int($1)], $1) }
    var w = [Double](repeating: 0, count: data.ratings.count)
    var sum = 0.0
    for (k, e) in examples.enumerated() {
      let x = Double(k) / Double(examples.count - 1)
      w[Int(e)] = 0.25 + 0.75 * x * x * x
      sum += w[Int(e)]
    }
    let scale = Double(examples.count) / sum
    #expect(data.recencyWeights() == w.map { $0 * scale })
    let times = examples.map { data.times[Int($0)] }
    for rank in [0, 1, examples.count / 2, examples.count * 4 / 5, examples.count - 1] {
      let cut = times[rank]
      let (t, atOrAfter) = data.exampleCut(rank: rank)
      #expect(t == cut && atOrAfter == times.filter { $0 >= cut }.count, "rank \(rank)")
    }
  }
}
