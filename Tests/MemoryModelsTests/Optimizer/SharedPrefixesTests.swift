import Foundation
import Testing
@testable import MemoryModels
@testable import PlannerCore

/// The passes that take the state of reviews an earlier card shares (``SharedPrefixes``), their
/// shared examples pooled, and the Gauss–Newton retries scored without tangents first: the same
/// bits as without them, or the same sums up to the rounding of the pooled ones.
@Suite("FSRS-6 optimizer: shared first reviews")
struct SharedPrefixesTests {
  /// Cards drawn from a few short templates (the same ratings and intervals at first, then their
  /// own), so that many share their first reviews as real logs do; seeded.
  static func cards(_ count: Int, seed: UInt64) -> [CardHistory] {
    var rng = SplitMix64(seed: seed)
    let templates: [[(Int32, Rating)]] = [
      [(0, .again), (0, .good), (1, .good), (3, .good)],
      [(0, .good), (1, .good), (3, .hard)],
      [(1, .good), (2, .again), (0, .good), (1, .good)],
      [(4, .easy), (9, .good)],
    ]
    var out: [CardHistory] = []
    for id in 0..<count {
      var card = CardHistory(cardID: Int64(id))
      var time = Int64(id) * 60_000
      let first: Rating = [.again, .hard, .good, .easy][Int(rng.next() % 4)]
      card.append(time: time, elapsedDays: -1, rating: first)
      let template = templates[Int(rng.next() % UInt64(templates.count))]
      let kept = Int(rng.next() % UInt64(template.count + 1))
      for (t, g) in template.prefix(kept) {
        time += Int64(t) * 86_400_000 + 600_000
        card.append(time: time, elapsedDays: t, rating: g)
      }
      for _ in 0..<Int(rng.next() % 6) {
        let t = Int32(rng.next() % 40)
        time += Int64(t) * 86_400_000 + 600_000
        card.append(time: time, elapsedDays: t, rating: Rating(rawValue: Int(1 + rng.next() % 4))!)
      }
      out.append(card)
    }
    return out
  }

  /// Two cards with the same reviews: the second takes all of them (up to ``SharedPrefixes/depth``);
  /// side by side in one pair it can take none, in the next pair all; a full trie shares less.
  @Test func trieFindsTheSharedFirstReviews() {
    func card(_ id: Int64, _ reviews: [(Int32, Rating)]) -> CardHistory {
      var c = CardHistory(cardID: id)
      for (k, (t, g)) in reviews.enumerated() { c.append(time: Int64(k) * 86_400_000, elapsedDays: t, rating: g) }
      return c
    }
    let long: [(Int32, Rating)] = [(-1, .good)] + (0..<12).map { (Int32(1 + $0), Rating.good) }
    let cards = [
      card(0, long), card(1, long), card(2, long),
      card(3, [(-1, .good), (1, .good), (5, .again)]),  // shares one review with the others
      card(4, [(-1, .hard), (1, .good)]),  // a first rating no earlier card has
    ]
    let data = TrainingData(cards)
    data.ratings.withUnsafeBufferPointer { r in
      data.elapsed.withUnsafeBufferPointer { e in
        data.starts.withUnsafeBufferPointer { s in
          let trie = SharedPrefixes(ratings: r, elapsed: e, starts: s, first: 0, last: data.trainingCardCount)
          #expect(trie.shared == [0, 8, 8, 1, 0])
          #expect(trie.sharedPaired == [0, 0, 8, 1, 0])
          #expect(trie.slotCount == 8)
          let small = SharedPrefixes(ratings: r, elapsed: e, starts: s, first: 0, last: data.trainingCardCount, maxNodes: 3)
          #expect(small.shared == [0, 3, 3, 1, 0])
          // A run from card 2 (a half): its pairs start at its first card, and its first card
          // takes nothing from the cards before the run.
          let half = SharedPrefixes(ratings: r, elapsed: e, starts: s, first: 2, last: data.trainingCardCount)
          #expect(half.shared == [0, 1, 0])
          #expect(half.sharedPaired == [0, 0, 0])
        }
      }
    }
  }

  /// The Gauss–Newton objective, its value alone and the loss-only passes with the tries, with a
  /// trie too small to hold every node too: the loss-only passes, and the objective replaying
  /// each shared example, give the same bits as without; pooling the shared examples (their
  /// summed weight added once) gives the same sums up to their rounding, the same bits with one
  /// thread or two, and its value alone is the same bits as its full pass.
  @Test func passesWithSharedPrefixes() {
    let data = TrainingData(Self.cards(301, seed: 5))
    let start = FSRSParameters.defaults.weights
    let weights = data.recencyWeights()
    let u = (0..<21).map { 0.3 * sin(Double($0 + 1)) }
    let w = (0..<21).map { start[$0] + FSRSOptimizer.priorScale[$0] * u[$0] }
    /// The largest difference over the largest magnitude.
    func relative(_ a: [Double], _ b: [Double]) -> Double {
      zip(a, b).map { abs($0 - $1) }.max()! / b.map(abs).max()!
    }
    for maxNodes in [SharedPrefixes.maxNodes, 5] {
      let prefixes = FitPrefixes(data, maxNodes: maxNodes)
      #expect(prefixes.tries.count == 2)
      #expect(prefixes.tries.allSatisfy { $0.shared.contains { $0 > 0 } })
      // (The small trie holds only first reviews and same-day steps, which are no examples.)
      #expect(prefixes.shareWeights(data, weights: weights).allSatisfy { $0.contains { $0 > 0 } } == (maxNodes > 5))
      var pooledByThreads: [(Double, [Double], [Double])] = []
      for threads in [1, 2] {
        var c = FSRSOptimizer.Configuration()
        c.threads = threads
        var replaying = c
        replaying.pooledSharedExamples = false
        let optimizer = FSRSOptimizer(configuration: c)
        let (f0, g0, h0) = optimizer.fisherObjective(data, prior: start, gamma: 0.5, weights: weights)(u)
        let (fr, gr, hr) = FSRSOptimizer(configuration: replaying).fisherObjective(
          data, prior: start, gamma: 0.5, weights: weights, prefixes: prefixes)(u)
        #expect(fr.bitPattern == f0.bitPattern)
        #expect(zip(gr, g0).allSatisfy { $0.bitPattern == $1.bitPattern })
        #expect(zip(hr, h0).allSatisfy { $0.bitPattern == $1.bitPattern })
        let valueReplaying = FSRSOptimizer(configuration: replaying).fisherObjectiveValue(
          data, prior: start, gamma: 0.5, weights: weights, prefixes: prefixes)!(u)
        #expect(valueReplaying.bitPattern == f0.bitPattern)

        let (f, g, h) = optimizer.fisherObjective(data, prior: start, gamma: 0.5, weights: weights, prefixes: prefixes)(u)
        // (Measured: f 7·10⁻¹⁶, g 2·10⁻⁸, h 3·10⁻⁷; the rows are summed in `Float`.)
        #expect(abs(f - f0) <= 1e-13 * abs(f0))
        #expect(relative(g, g0) <= 1e-6)
        #expect(relative(h, h0) <= 1e-5)
        let value = optimizer.fisherObjectiveValue(data, prior: start, gamma: 0.5, weights: weights, prefixes: prefixes)!(u)
        #expect(value.bitPattern == f.bitPattern)
        pooledByThreads.append((f, g, h))

        var plain0 = 0.0
        var moments0 = RecallBias.Moments()
        let l0 = FSRSOptimizer.weightedLoss(data, w, weights: weights, threads: threads, plain: &plain0, moments: &moments0)
        let m0 = FSRSOptimizer.meanLogLoss(data, FSRSParameters(uncheckedWeights: w), threads: threads)
        var plain = 0.0
        var moments = RecallBias.Moments()
        let l = FSRSOptimizer.weightedLoss(
          data, w, weights: weights, threads: threads, plain: &plain, moments: &moments, prefixes: prefixes)
        #expect(l.bitPattern == l0.bitPattern && plain.bitPattern == plain0.bitPattern)
        #expect(moments == moments0)
        let m = FSRSOptimizer.meanLogLoss(data, FSRSParameters(uncheckedWeights: w), threads: threads, prefixes: prefixes)
        #expect(m.bitPattern == m0.bitPattern)
      }
      // Unweighted, each shared example counts once per card that shares it.
      let unweighted = FSRSOptimizer().fisherObjective(data, prior: start, gamma: 0.5, weights: nil)(u)
      let unweightedPooled = FSRSOptimizer().fisherObjective(data, prior: start, gamma: 0.5, weights: nil, prefixes: prefixes)(u)
      #expect(abs(unweightedPooled.0 - unweighted.0) <= 1e-13 * abs(unweighted.0))
      #expect(relative(unweightedPooled.1, unweighted.1) <= 1e-6)
      #expect(relative(unweightedPooled.2, unweighted.2) <= 1e-5)
      let (one, two) = (pooledByThreads[0], pooledByThreads[1])
      #expect(one.0.bitPattern == two.0.bitPattern)
      #expect(zip(one.1, two.1).allSatisfy { $0.bitPattern == $1.bitPattern })
      #expect(zip(one.2, two.2).allSatisfy { $0.bitPattern == $1.bitPattern })
    }
  }

  /// The default fit with the tries, the shared examples pooled and the retries scored first:
  /// the same bits with one thread and two, and the fit without any of them up to the rounding
  /// of the pooled sums; without pooling, the fit without them to the bit.
  @Test func fitWithSharedPrefixesPooledAndValueFirstRetries() {
    let cards = Self.cards(400, seed: 11)
    var plain = FSRSOptimizer.Configuration()
    plain.sharedPrefixes = false
    plain.valueFirstOnRetry = false
    let reference = FSRSOptimizer(configuration: plain).fit(cards)
    #expect(reference.scope == .all)
    var pooled: [FSRSFitReport] = []
    for threads in [1, 2] {
      var c = FSRSOptimizer.Configuration()
      c.threads = threads
      var replaying = c
      replaying.pooledSharedExamples = false
      let exact = FSRSOptimizer(configuration: replaying).fit(cards)
      #expect(exact.parameters.values.map(\.bitPattern) == reference.parameters.values.map(\.bitPattern))
      #expect(exact.logLossAfter.bitPattern == reference.logLossAfter.bitPattern)
      #expect(exact.steps == reference.steps)
      let fit = FSRSOptimizer(configuration: c).fit(cards)
      #expect(fit.scope == .all && fit.steps == reference.steps)
      // (Measured: the loss 1.4·10⁻⁹ apart, the weights 4·10⁻⁷.)
      #expect(abs(fit.logLossAfter - reference.logLossAfter) <= 1e-8)
      for (a, b) in zip(fit.parameters.values, reference.parameters.values) { #expect(abs(a - b) <= 1e-5 * max(1, abs(b))) }
      pooled.append(fit)
    }
    #expect(pooled[0].parameters.values.map(\.bitPattern) == pooled[1].parameters.values.map(\.bitPattern))
    #expect(pooled[0].logLossAfter.bitPattern == pooled[1].logLossAfter.bitPattern)
  }
}
