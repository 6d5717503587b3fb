import Foundation
import Testing
@testable import MemoryModels
@testable import PlannerCore

/// Histories simulated by FSRS-6 itself with known parameters (only for the recovery and
/// gradient tests; "beats the defaults" claims use the non-FSRS generator).
enum FSRSHistorySimulator {
  static func histories(parameters: FSRSParameters, cards: Int, reviewsPerCard: Int, seed: UInt64) -> [CardHistory] {
    let model = FSRS6(parameters: parameters)
    var rng = SplitMix64(seed: seed)
    var out: [CardHistory] = []
    for id in 0..<cards {
      var card = CardHistory(cardID: Int64(id + 1))
      var day = rng.nextInt(in: 0...30)
      var time = Int64(day) * 86_400_000 + 43_200_000
      let first = Rating(rawValue: rng.nextInt(in: 1...4))!
      card.append(time: time, elapsedDays: -1, rating: first)
      var state = model.initialState(first)
      if first == .again {  // a same-day relearning step
        time += 600_000
        card.append(time: time, elapsedDays: 0, rating: .good)
        state = model.nextState(state, elapsedDays: 0, rating: .good)
      }
      for _ in 1..<reviewsPerCard {
        let retention = 0.75 + 0.2 * rng.nextDouble()
        let t = max(1, model.intervalDays(stability: state.stability, desiredRetention: retention))
        day += t
        time = Int64(day) * 86_400_000 + 43_200_000
        let r = model.retrievability(elapsedDays: Double(t), stability: state.stability)
        let rating: Rating
        if rng.nextDouble() >= r {
          rating = .again
        } else {
          let u = rng.nextDouble()
          rating = u < 0.15 ? .hard : (u < 0.9 ? .good : .easy)
        }
        card.append(time: time, elapsedDays: Int32(t), rating: rating)
        state = model.nextState(state, elapsedDays: t, rating: rating)
      }
      out.append(card)
    }
    return out
  }

  static let custom = FSRSParameters(uncheckedWeights: [
    0.4, 1.8, 4.0, 12.0, 6.0, 0.6, 2.2, 0.02, 1.6, 0.25, 0.9,
    1.8, 0.1, 0.35, 1.9, 0.45, 2.0, 0.4, 0.2, 0.1, 0.3,
  ])
}

@Suite("FSRS-6 optimizer")
struct FSRSOptimizerTests {
  /// The forward-mode gradient agrees with central finite differences of the loss computed by
  /// FSRS6 itself (and the fast loss pass with FSRS6's value), at seeded random points inside the bounds, away from the edges.
  @Test func gradientMatchesFiniteDifferences() throws {
    let cards = FSRSHistorySimulator.histories(parameters: FSRSHistorySimulator.custom, cards: 40, reviewsPerCard: 8, seed: 7)
    // Add same-day reviews of every rating so every branch is exercised.
    var withSameDay = cards
    for (i, rating) in [Rating.again, .hard, .good, .easy].enumerated() {
      var c = withSameDay[i]
      c.append(time: c.times.last! + 1000, elapsedDays: 0, rating: rating)
      c.append(time: c.times.last! + 86_400_000 * 3, elapsedDays: 3, rating: .good)
      withSameDay[i] = c
    }
    let data = TrainingData(withSameDay)
    var rng = SplitMix64(seed: 42)
    for _ in 0..<4 {
      var w = [Double](repeating: 0, count: 21)
      for j in 0..<21 {
        let b = FSRSOptimizer.trainingBounds[j]
        let lo = b.lowerBound + 0.1 * (b.upperBound - b.lowerBound)
        let hi = b.lowerBound + 0.9 * (b.upperBound - b.lowerBound)
        w[j] = j < 4 ? 0.5 + 10 * rng.nextDouble() : lo + (hi - lo) * rng.nextDouble()
      }
      w[4] = 5 + rng.nextDouble()  // keep D0 inside [1, 10] for most ratings
      let (loss, grad) = FSRSOptimizer.lossAndGradient(data, weights: w)
      let n = Double(data.exampleCount)
      let valueLoss = FSRSOptimizer.referenceLogLoss(data, FSRSParameters(uncheckedWeights: w)) * n
      #expect(abs(loss - valueLoss) <= 1e-9 * abs(valueLoss))
      let fastLoss = FSRSOptimizer.meanLogLoss(data, FSRSParameters(uncheckedWeights: w), threads: 2) * n
      #expect(abs(fastLoss - valueLoss) <= 1e-9 * abs(valueLoss))
      for j in 0..<21 {
        let h = 1e-6 * max(1, abs(w[j]))
        var up = w, down = w
        up[j] += h
        down[j] -= h
        let numeric = (FSRSOptimizer.referenceLogLoss(data, FSRSParameters(uncheckedWeights: up))
          - FSRSOptimizer.referenceLogLoss(data, FSRSParameters(uncheckedWeights: down))) * n / (2 * h)
        #expect(abs(grad[j] - numeric) <= 1e-4 * max(1, abs(numeric)), "w\(j): analytic \(grad[j]) numeric \(numeric)")
      }
    }
  }

  /// From a long FSRS-6 history with known parameters, the fit predicts recall close to the
  /// true model's: mean |p_fit − p_true| over all examples below 0.02, and a log loss within
  /// 0.005 of the truth's (the weights themselves are not all identifiable).
  @Test func recoversKnownParameters() throws {
    let truth = FSRSHistorySimulator.custom
    let cards = FSRSHistorySimulator.histories(parameters: truth, cards: 400, reviewsPerCard: 12, seed: 11)
    let data = TrainingData(cards)
    let report = FSRSOptimizer().fit(data)
    #expect(report.scope == .all)
    let trueLoss = FSRSOptimizer.meanLogLoss(data, truth)
    #expect(report.logLossAfter <= trueLoss + 0.005)
    #expect(report.logLossAfter < report.logLossBefore)
    let fitted = FSRS6(parameters: report.parameters), real = FSRS6(parameters: truth)
    var diff = 0.0
    var count = 0
    for card in cards {
      var sf = fitted.initialState(card.ratings[0]), st = real.initialState(card.ratings[0])
      for i in 1..<card.count {
        let t = Int(card.elapsedDays[i])
        if t > 0 {
          diff += abs(fitted.retrievability(elapsedDays: Double(t), stability: sf.stability)
            - real.retrievability(elapsedDays: Double(t), stability: st.stability))
          count += 1
        }
        sf = fitted.nextState(sf, elapsedDays: t, rating: card.ratings[i])
        st = real.nextState(st, elapsedDays: t, rating: card.ratings[i])
      }
    }
    #expect(diff / Double(count) < 0.02, "mean |Δp| = \(diff / Double(count))")
  }

  @Test func deterministicAndIndependentOfThreads() {
    let cards = FSRSHistorySimulator.histories(parameters: FSRSHistorySimulator.custom, cards: 60, reviewsPerCard: 6, seed: 3)
    var one = FSRSOptimizer.Configuration()
    one.threads = 1
    var two = one
    two.threads = 2
    let a = FSRSOptimizer(configuration: one).fit(cards)
    let b = FSRSOptimizer(configuration: two).fit(cards)
    let c = FSRSOptimizer(configuration: one).fit(cards)
    #expect(a.parameters == b.parameters)
    #expect(a.parameters == c.parameters)
    #expect(a.scope == .all)
  }

  @Test func emptyInputKeepsDefaults() {
    let report = FSRSOptimizer().fit([])
    #expect(report.scope == .defaults)
    #expect(report.parameters == .defaults)
    #expect(report.trainingExamples == 0)
    #expect(report.logLossBefore == 0 && report.logLossAfter == 0)
    #expect(report.reason.contains("no review"))
  }

  @Test func oneCardKeepsDefaults() {
    var card = CardHistory(cardID: 1)
    card.append(time: 0, elapsedDays: -1, rating: .good)
    for k in 1...5 { card.append(time: Int64(k) * 86_400_000 * 3, elapsedDays: 3, rating: .good) }
    let report = FSRSOptimizer().fit([card])
    #expect(report.scope == .defaults)
    #expect(report.trainingExamples == 5)
    #expect(report.reason.contains("fewer than 8"))
    #expect(report.logLossBefore.isFinite)
  }

  /// Few examples (8 ≤ n < 64): only w0…w3 move, in order, the rest stay at the defaults.
  /// 50 cards first rated Good, seen again after 3 days (30 cards, 15 recalled) or 5 days
  /// (20 cards, 8 recalled): far below what S0(Good) = 2.3 predicts, so S0 shrinks.
  @Test func fewExamplesFitInitialStabilitiesOnly() throws {
    var cards: [CardHistory] = []
    for id in 0..<50 {
      let t: Int32 = id < 30 ? 3 : 5
      let recalled = id < 30 ? id < 15 : id < 38
      var card = CardHistory(cardID: Int64(id))
      card.append(time: 0, elapsedDays: -1, rating: .good)
      card.append(time: Int64(t) * 86_400_000, elapsedDays: t, rating: recalled ? .good : .again)
      cards.append(card)
    }
    let report = FSRSOptimizer().fit(cards)
    #expect(report.trainingExamples == 50)
    #expect(report.scope == .initialStabilities, "\(report.reason)")
    #expect(report.reason.contains("fewer than 64"))
    #expect(report.logLossAfter < report.logLossBefore)
    let w = report.parameters.weights
    #expect(Array(w[4...]) == Array(FSRSParameters.defaults.weights[4...]))
    #expect(Array(w[0..<4]) == report.initialStabilities?.stabilities)
    #expect(w[2] < FSRSParameters.defaults[2])
    #expect(w[0] <= w[1] && w[1] <= w[2] && w[2] <= w[3])
    #expect(report.initialStabilities?.supportingCards == [0, 0, 50, 0])
  }

  /// All ratings equal (nothing ever forgotten): finite, in-bounds parameters, no NaN.
  @Test func allRatingsEqualStaysFinite() throws {
    var cards: [CardHistory] = []
    for id in 0..<40 {
      var card = CardHistory(cardID: Int64(id))
      var day: Int64 = 0
      card.append(time: 0, elapsedDays: -1, rating: .good)
      for k in 1...4 {
        let t = Int64(k * 2 + id % 3)
        day += t
        card.append(time: day * 86_400_000, elapsedDays: Int32(t), rating: .good)
      }
      cards.append(card)
    }
    let report = FSRSOptimizer().fit(cards)
    #expect(report.trainingExamples == 160)
    #expect(report.logLossAfter.isFinite && report.logLossAfter <= report.logLossBefore)
    _ = try FSRSParameters(validating: report.parameters.weights)
  }
}
