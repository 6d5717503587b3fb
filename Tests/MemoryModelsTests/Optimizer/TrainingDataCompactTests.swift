import Testing
@testable import MemoryModels
@testable import PlannerCore

/// ``TrainingData/compact(for:)`` and the store build without times keep only what the fit
/// reads (ratings, elapsed days, recency weights), and the fit on them is the same, bit for
/// bit, as on the full data.
@Suite("Training data: compact layout")
struct TrainingDataCompactTests {
  /// Ties in time across cards (a twin card), same-day steps and single-review cards.
  static func cards(seed: UInt64) -> [CardHistory] {
    var cards = SyntheticReviewLog(cards: 120, days: 200, seed: seed).cardHistories
    var twin = cards[7]
    twin.cardID = 900_000 + Int64(seed)
    cards.append(twin)
    cards.append(contentsOf: TrainingDataTests.cards(seed: seed).map {
      var c = $0
      c.cardID += 1_000_000
      return c
    })
    return cards.sorted { $0.cardID < $1.cardID }
  }

  static func sameArrays(_ a: TrainingData, _ b: TrainingData, _ note: String = "") {
    #expect(a.ratings == b.ratings, "\(note)")
    #expect(a.elapsed == b.elapsed, "\(note)")
    #expect(a.starts == b.starts, "\(note)")
    #expect(a.exampleCounts == b.exampleCounts, "\(note)")
    #expect((a.reviewCount, a.cardCount, a.exampleCount, a.recallCount) == (b.reviewCount, b.cardCount, b.exampleCount, b.recallCount), "\(note)")
  }

  @Test(arguments: [UInt64(41), 42])
  func compactKeepsTheWeightsAndGivesTheSameFit(seed: UInt64) {
    let data = TrainingData(Self.cards(seed: seed))
    let weights = data.recencyWeights()
    #expect(weights.contains { $0 != 0 && $0 != 1 })
    var compact = data
    compact.compact(for: FSRSOptimizer.Configuration())
    #expect(compact.times.isEmpty)
    #expect(compact.recencyWeights() == weights)
    Self.sameArrays(compact, data)
    let full = FSRSOptimizer().fit(data)
    let lean = FSRSOptimizer().fit(compact)
    #expect(full.scope == .all)
    // Bit for bit: == on the Doubles.
    #expect(lean.parameters.weights == full.parameters.weights)
    #expect((lean.logLossBefore, lean.logLossAfter, lean.regularization) == (full.logLossBefore, full.logLossAfter, full.regularization))
  }

  /// An unweighted fit reads no times at all; a fit with an inner time split keeps them.
  @Test func compactFollowsWhatTheConfigurationReads() {
    let data = TrainingData(Self.cards(seed: 43))
    var unweighted = FSRSOptimizer.Configuration()
    unweighted.recencyWeighting = false
    var a = data
    a.compact(for: unweighted)
    #expect(a.times.isEmpty && a.keptWeights == nil)
    #expect(FSRSOptimizer(configuration: unweighted).fit(a).parameters == FSRSOptimizer(configuration: unweighted).fit(data).parameters)
    let split = FSRSOptimizer.Configuration.innerSplitLBFGS
    #expect(split.readsReviewTimes)
    var b = data
    b.compact(for: split)
    #expect(b.times == data.times && b.keptWeights == nil)
  }

  /// Built from the store with the examples in the evaluation's scored order: the same arrays
  /// and weights as building with the times and compacting, for every fold's cut.
  @Test func storeBuildInScoredOrderMatchesCompacting() throws {
    let cards = Self.cards(seed: 44)
    let split = try TimeSeriesEvaluation(cards: cards, folds: 5)
    let configuration = FSRSOptimizer.Configuration()
    for f in 0..<5 {
      let cut = split.cutoffTime(fold: f) ?? Int64.max
      var expected = TrainingData(split.store, before: cut)
      expected.compact(for: configuration)
      let built = TrainingData(split.store, before: cut, compactFor: configuration) { split.scored.position($0) }
      #expect(built.times.isEmpty, "fold \(f)")
      Self.sameArrays(built, expected, "fold \(f)")
      #expect(built.keptWeights == expected.keptWeights, "fold \(f)")
      #expect(built.exampleCount == split.boundaries[f + 1], "fold \(f)")
    }
  }

  /// A configuration that reads the times gets them from the store build too.
  @Test func storeBuildKeepsTimesForAnInnerSplit() throws {
    let split = try TimeSeriesEvaluation(cards: Self.cards(seed: 45), folds: 3)
    let cut = try #require(split.cutoffTime(fold: 2))
    let built = TrainingData(split.store, before: cut, compactFor: .innerSplitLBFGS) { split.scored.position($0) }
    TrainingDataTests.same(built, TrainingData(split.store, before: cut))
  }
}

/// Folds fitted one at a time (each fit's passes on two threads) or side by side (each on
/// one) give the same reports.
@Suite("Evaluation: fold schedule")
struct FoldScheduleTests {
  @Test func foldsOneAtATimeGiveTheSameFits() throws {
    let split = try TimeSeriesEvaluation(cards: TrainingDataCompactTests.cards(seed: 46), folds: 4)
    var configuration = FSRSOptimizer.Configuration()
    configuration.threads = 2
    var sideBySide = ModelEvaluator(optimizer: FSRSOptimizer(configuration: configuration))
    sideBySide.foldsOneAtATime = Int.max
    var oneAtATime = sideBySide
    oneAtATime.foldsOneAtATime = 0
    let a = sideBySide.fitFolds(split), b = oneAtATime.fitFolds(split)
    #expect(a.map(\.scope).contains(.all))
    #expect(a.map(\.parameters) == b.map(\.parameters))
    #expect(a.map(\.logLossAfter) == b.map(\.logLossAfter))
    #expect(a.map(\.trainingExamples) == b.map(\.trainingExamples))
  }
}
