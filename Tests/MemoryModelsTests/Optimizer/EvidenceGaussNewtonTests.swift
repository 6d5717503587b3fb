import Foundation
import Testing
@testable import MemoryModels
@testable import PlannerCore

/// The default fit: projected Gauss–Newton with the evidence γ (FSRSOptimizer+Evidence.swift),
/// its Fisher pass (one card at a time, or two side by side) and the acceptance loss taken from
/// its last pass.
@Suite("FSRS-6 optimizer: the evidence Gauss–Newton fit (the default)")
struct EvidenceGaussNewtonTests {
  @Test func theDefaultIsTheEvidenceFitAndTheInnerSplitFitStaysReachable() {
    let c = FSRSOptimizer.Configuration()
    #expect(c.directGaussNewton && c.evidenceRegularization && c.lossOnlyLastStep && c.recencyWeighting)
    #expect(c.newtonIterations == 5 && c.fisherStride == 1 && c.evidenceRange == 0.1...10 && c.singlePrecisionPass)
    let old = FSRSOptimizer.Configuration.innerSplitLBFGS
    #expect(old.fisherStride == 1)
    #expect(!old.directGaussNewton && !old.evidenceRegularization && !old.lossOnlyLastStep && !old.singlePrecisionPass)
    #expect(old.solver == .lbfgs && old.newtonIterations == 30 && old.regularizationCandidates == [0.3, 1, 3, 10])
    let cards = FSRSHistorySimulator.histories(parameters: FSRSHistorySimulator.custom, cards: 80, reviewsPerCard: 6, seed: 9)
    let a = FSRSOptimizer().fit(cards), b = FSRSOptimizer(configuration: old).fit(cards)
    #expect(a.scope == .all && b.scope == .all)
    #expect(a.parameters != b.parameters)
    #expect(a.steps <= 5 && a.regularization.map { (0.1...10).contains($0) } == true)
  }

  /// Same bytes with one and two threads and on a second run.
  @Test func deterministicAndIndependentOfThreads() {
    let cards = FSRSHistorySimulator.histories(parameters: FSRSHistorySimulator.custom, cards: 121, reviewsPerCard: 7, seed: 4)
    var one = FSRSOptimizer.Configuration()
    one.threads = 1
    var two = one
    two.threads = 2
    let a = FSRSOptimizer(configuration: one).fit(cards)
    let b = FSRSOptimizer(configuration: two).fit(cards)
    let c = FSRSOptimizer(configuration: one).fit(cards)
    #expect(a.parameters == b.parameters && a.parameters == c.parameters)
    #expect(a.logLossAfter == b.logLossAfter && a.logLossAfter == c.logLossAfter)
    // The Fisher matrix from every second card (docs/optimizer.md, "Three Gauss–Newton steps"):
    // the sampled cards depend on their index alone, not on the threads.
    one.fisherStride = 2
    two.fisherStride = 2
    let d = FSRSOptimizer(configuration: one).fit(cards), e = FSRSOptimizer(configuration: two).fit(cards)
    #expect(d.parameters == e.parameters && d.logLossAfter == e.logLossAfter)
    #expect(d.parameters != a.parameters)
  }

  /// The Fisher pass with single-precision `exp`/`log` (the default) gives the double-precision
  /// pass's loss, gradient and Fisher matrix to about 10⁻⁶, and a fit within rounding of the
  /// double-precision fit: its reported (double-precision) loss to 10⁻⁶.
  @Test func singlePrecisionPassAgreesWithTheDoublePrecisionOne() {
    let cards = FSRSHistorySimulator.histories(parameters: FSRSHistorySimulator.custom, cards: 90, reviewsPerCard: 8, seed: 12)
    let data = TrainingData(cards)
    var single = FSRSOptimizer.Configuration()
    single.singlePrecisionPass = true
    var double = single
    double.singlePrecisionPass = false
    let start = FSRSParameters.defaults.weights
    let weights = data.recencyWeights()
    let u = (0..<21).map { 0.2 * cos(Double($0)) }
    let (fs, gs, hs) = FSRSOptimizer(configuration: single).fisherObjective(data, prior: start, gamma: 0.5, weights: weights)(u)
    let (fd, gd, hd) = FSRSOptimizer(configuration: double).fisherObjective(data, prior: start, gamma: 0.5, weights: weights)(u)
    #expect(fs != fd, "the single-precision pass is in use")
    #expect(abs(fs - fd) <= 1e-6 * abs(fd))
    let gScale = gd.map(abs).max()!
    for j in 0..<21 { #expect(abs(gs[j] - gd[j]) <= 1e-5 * gScale, "g\(j)") }
    let hScale = hd.map(abs).max()!
    for k in 0..<(21 * 21) { #expect(abs(hs[k] - hd[k]) <= 1e-5 * hScale, "H\(k)") }
    let a = FSRSOptimizer(configuration: single).fit(cards), b = FSRSOptimizer(configuration: double).fit(cards)
    #expect(a.scope == .all && b.scope == .all)
    #expect(abs(a.logLossAfter - b.logLossAfter) <= 1e-6, "\(a.logLossAfter) vs \(b.logLossAfter)")
  }

  /// The Fisher pass with `Float` tangents (the default, ``FloatTangent``) gives the same loss
  /// (it is computed from the state alone, not the tangents), the `Double`-tangent pass's
  /// gradient and Fisher matrix to 10⁻⁵ of their largest entries, and a fit whose reported
  /// (double-precision) loss is within 10⁻⁶ of the `Double`-tangent fit's.
  @Test func floatTangentPassAgreesWithTheDoubleTangentOne() {
    let cards = FSRSHistorySimulator.histories(parameters: FSRSHistorySimulator.custom, cards: 90, reviewsPerCard: 12, seed: 21)
    let data = TrainingData(cards)
    var float = FSRSOptimizer.Configuration()
    float.singlePrecisionTangents = true
    var double = float
    double.singlePrecisionTangents = false
    #expect(!FSRSOptimizer.Configuration.innerSplitLBFGS.singlePrecisionTangents)
    let start = FSRSParameters.defaults.weights
    let weights = data.recencyWeights()
    for u in [[Double](repeating: 0, count: 21), (0..<21).map { 0.3 * sin(Double($0) + 1) }] {
      let (ff, gf, hf) = FSRSOptimizer(configuration: float).fisherObjective(data, prior: start, gamma: 0.5, weights: weights)(u)
      let (fd, gd, hd) = FSRSOptimizer(configuration: double).fisherObjective(data, prior: start, gamma: 0.5, weights: weights)(u)
      #expect(ff == fd)
      #expect(gf != gd, "the Float tangents are in use")
      let gScale = gd.map(abs).max()!
      for j in 0..<21 { #expect(abs(gf[j] - gd[j]) <= 1e-5 * gScale, "g\(j): \(gf[j]) vs \(gd[j])") }
      let hScale = hd.map(abs).max()!
      for k in 0..<(21 * 21) { #expect(abs(hf[k] - hd[k]) <= 1e-5 * hScale, "H\(k)") }
    }
    let a = FSRSOptimizer(configuration: float).fit(cards), b = FSRSOptimizer(configuration: double).fit(cards)
    #expect(a.scope == .all && b.scope == .all)
    #expect(abs(a.logLossAfter - b.logLossAfter) <= 1e-6, "\(a.logLossAfter) vs \(b.logLossAfter)")
  }

  /// The blocked Fisher update (``FSRS6LossGradient/flushFisher(_:into:)``: the held examples
  /// at once, over 4-lane halves of the lower triangle) gives the matrix of one rank-one update
  /// per example (``FSRS6LossGradient/accumulateFisher(_:_:_:)``), entry by entry to `Float`
  /// rounding, for a single example, a partial block and a full one, onto rows already summed.
  @Test func blockedFisherIsTheSumOfRankOneUpdates() {
    typealias Row = FSRS6LossGradient.FisherRow
    var rng = SplitMix64(seed: 3)
    func uniform() -> Float { Float(Double(rng.next() >> 11) / Double(1 << 53)) * 2 - 1 }
    func vector() -> (SIMD8<Float>, SIMD8<Float>, SIMD8<Float>) {
      var v = [Float](repeating: 0, count: 24)
      for j in 0..<21 { v[j] = uniform() }
      return (SIMD8(v[0..<8]), SIMD8(v[8..<16]), SIMD8(v[16..<24]))
    }
    let block = FSRS6LossGradient.fisherBlock
    for count in [1, 7, block] {
      var rankOne = [Row](repeating: .zero, count: 21)
      var buffer = [Row](repeating: .zero, count: 2 * block)
      let (a0, b0, c0) = vector()
      rankOne.withUnsafeMutableBufferPointer { FSRS6LossGradient.accumulateFisher($0.baseAddress!, (a0, b0, c0), 0.5) }
      var blocked = rankOne
      for e in 0..<count {
        let (a, b, c) = vector()
        let k = Double(uniform() + 1.5)
        buffer[2 * e] = Row(a: a, b: b, c: c)
        buffer[2 * e + 1] = Row(a: a * Float(k), b: b * Float(k), c: c * Float(k))
        rankOne.withUnsafeMutableBufferPointer { FSRS6LossGradient.accumulateFisher($0.baseAddress!, (a, b, c), k) }
      }
      buffer.withUnsafeMutableBufferPointer { held in
        blocked.withUnsafeMutableBufferPointer { rows in
          var lane = FSRS6LossGradient.Lane<FloatTangent>(s: 1, ds: .zero, d: 5, dd: .zero, i: 0, end: 0)
          lane.pending = held.baseAddress!
          lane.pendingCount = count
          FSRS6LossGradient.flushFisher(&lane, into: rows.baseAddress!)
          #expect(lane.pendingCount == 0)
        }
      }
      rankOne.withUnsafeBufferPointer { one in
        blocked.withUnsafeBufferPointer { many in
          for i in 0..<21 {
            for j in 0..<21 {
              let x = FSRS6LossGradient.fisherEntry(one.baseAddress!, i, j)
              let y = FSRS6LossGradient.fisherEntry(many.baseAddress!, i, j)
              #expect(abs(x - y) <= 1e-5 * Double(count + 1), "\(count) examples, (\(i), \(j)): \(x) vs \(y)")
              // Within one 4-lane half both (i, j) and (j, i) are summed, each with its own rounding.
              #expect(abs(y - FSRS6LossGradient.fisherEntry(many.baseAddress!, j, i)) <= 1e-5 * Double(count + 1))
            }
          }
        }
      }
    }
  }

  /// The Fisher pass with a stride (the default's every second card, and every third) adds the
  /// same loss and gradient bits as with every card, and as Fisher matrix the rank-one updates
  /// of the sampled cards' examples only (cards `c` with `c % k == 0`, by their index in the
  /// data, whatever the range walked), to `Float` rounding.
  @Test func fisherFromEveryKthCardIsThoseCardsRankOneUpdates() {
    typealias Row = FSRS6LossGradient.FisherRow
    let cards = FSRSHistorySimulator.histories(parameters: FSRSHistorySimulator.custom, cards: 45, reviewsPerCard: 10, seed: 8)
    let data = TrainingData(cards)
    let model = FSRS6LossGradient(FSRSHistorySimulator.custom.weights, singlePrecision: true)
    let weights = data.recencyWeights()
    let block = FSRS6LossGradient.fisherBlock
    data.ratings.withUnsafeBufferPointer { ratings in
      data.elapsed.withUnsafeBufferPointer { elapsed in
        data.starts.withUnsafeBufferPointer { starts in
          weights.withUnsafeBufferPointer { wp in
            for (first, last) in [(0, data.trainingCardCount), (3, data.trainingCardCount - 2)] {
              var lossAll = 0.0, gradAll = ParameterGradient.zero
              var fisherAll = [Row](repeating: .zero, count: 21)
              var buffer = [Row](repeating: .zero, count: 2 * block)
              fisherAll.withUnsafeMutableBufferPointer { f in
                buffer.withUnsafeMutableBufferPointer { b in
                  model.fisherPasses(
                    ratings, elapsed, starts, first, last, &lossAll, &gradAll, weights: wp, fisher: f.baseAddress!,
                    buffer: b.baseAddress!, tangents: FloatTangent.self)
                }
              }
              for k in [2, 3] {
                var loss = 0.0, grad = ParameterGradient.zero
                var fisher = [Row](repeating: .zero, count: 21)
                fisher.withUnsafeMutableBufferPointer { f in
                  buffer.withUnsafeMutableBufferPointer { b in
                    model.fisherPasses(
                      ratings, elapsed, starts, first, last, &loss, &grad, weights: wp, fisher: f.baseAddress!,
                      buffer: b.baseAddress!, fisherStride: k, tangents: FloatTangent.self)
                  }
                }
                #expect(loss.bitPattern == lossAll.bitPattern)
                for j in 0..<21 { #expect(grad[j].bitPattern == gradAll[j].bitPattern, "g\(j)") }
                // The sampled cards one by one, one rank-one update per example.
                var rankOne = [Row](repeating: .zero, count: 21)
                var l = 0.0, g = ParameterGradient.zero
                for c in first..<last where c % k == 0 {
                  rankOne.withUnsafeMutableBufferPointer { f in
                    model.pass(
                      ratings, elapsed, starts[c], starts[c + 1], &l, &g, weights: wp, fisher: f.baseAddress!,
                      tangents: FloatTangent.self)
                  }
                }
                fisher.withUnsafeBufferPointer { many in
                  rankOne.withUnsafeBufferPointer { one in
                    fisherAll.withUnsafeBufferPointer { all in
                      var scale = 0.0
                      for i in 0..<21 { scale = max(scale, abs(FSRS6LossGradient.fisherEntry(one.baseAddress!, i, i))) }
                      #expect(scale > 0)
                      for i in 0..<21 {
                        for j in 0...i {
                          let x = FSRS6LossGradient.fisherEntry(one.baseAddress!, i, j)
                          let y = FSRS6LossGradient.fisherEntry(many.baseAddress!, i, j)
                          #expect(abs(x - y) <= 1e-5 * scale, "stride \(k), cards \(first)..<\(last), (\(i), \(j)): \(x) vs \(y)")
                        }
                      }
                      // Fewer examples than the full matrix: its trace is smaller.
                      let trace = { (r: UnsafePointer<Row>) in (0..<21).reduce(0.0) { $0 + FSRS6LossGradient.fisherEntry(r, $1, $1) } }
                      #expect(trace(many.baseAddress!) < trace(all.baseAddress!))
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
  }

  /// The loss-only pass's plain sum is the same bits as ``FSRSOptimizer/meanLogLoss`` (so the
  /// acceptance test can take it instead of a pass of its own).
  @Test func lossOnlyPassGivesThePlainLossBitForBit() {
    let cards = FSRSHistorySimulator.histories(parameters: FSRSHistorySimulator.custom, cards: 33, reviewsPerCard: 9, seed: 6)
    let data = TrainingData(cards)
    let w = FSRSHistorySimulator.custom.weights
    for threads in [1, 2] {
      var plain = 0.0
      let weighted = FSRSOptimizer.weightedLoss(data, w, weights: data.recencyWeights(), threads: threads, plain: &plain)
      #expect(plain == FSRSOptimizer.meanLogLoss(data, FSRSHistorySimulator.custom))
      #expect(weighted != plain && weighted.isFinite)
    }
  }

  /// The loss-only pass walks two cards side by side (``FSRS6LossGradient/losses``) but adds
  /// each card's sums in card order: the same bits as ``FSRS6LossGradient/loss`` card by card,
  /// for an odd and an even run of cards, weighted and plain.
  @Test func pairedLossPassIsTheCardByCardSumBitForBit() {
    let cards = FSRSHistorySimulator.histories(parameters: FSRSHistorySimulator.custom, cards: 37, reviewsPerCard: 8, seed: 15)
    let data = TrainingData(cards)
    let model = FSRS6LossGradient(FSRSHistorySimulator.custom.weights)
    let weights = data.recencyWeights()
    data.ratings.withUnsafeBufferPointer { ratings in
      data.elapsed.withUnsafeBufferPointer { elapsed in
        data.starts.withUnsafeBufferPointer { starts in
          weights.withUnsafeBufferPointer { wp in
            for (first, last) in [(0, data.trainingCardCount), (1, data.trainingCardCount), (3, 4), (5, 5)] {
              var plainPaired = 0.0, plainSerial = 0.0
              let paired = model.losses(ratings, elapsed, starts, first, last, weights: wp, plain: &plainPaired)
              var serial = 0.0
              for c in first..<last { serial += model.loss(ratings, elapsed, starts[c], starts[c + 1], weights: wp, plain: &plainSerial) }
              #expect(paired.bitPattern == serial.bitPattern, "cards \(first)..<\(last)")
              #expect(plainPaired.bitPattern == plainSerial.bitPattern)
              #expect(last - first < 1 || (paired > 0 && paired != plainPaired))
            }
          }
        }
      }
    }
  }
}
