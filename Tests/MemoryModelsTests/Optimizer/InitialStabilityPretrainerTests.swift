import Foundation
import Testing
@testable import MemoryModels
@testable import PlannerCore

@Suite("Initial-stability pre-training")
struct InitialStabilityPretrainerTests {
  /// Cards first rated Good (true S0 = 5 days) and Easy (S0 = 20), second review after 1…10
  /// days, recall drawn from R(t, S0) of FSRS-6 with the default decay: the estimates land
  /// within 20 %, and the ratings without data (Again, Hard) are filled below them, in order.
  @Test func recoversStabilitiesAndFillsInOrder() throws {
    let model = FSRS6()
    var rng = SplitMix64(seed: 21)
    var cards: [CardHistory] = []
    for id in 0..<3000 {
      let (rating, s0): (Rating, Double) = id % 2 == 0 ? (.good, 5) : (.easy, 20)
      let t = 1 + id % 10
      let recalled = rng.nextDouble() < model.retrievability(elapsedDays: Double(t), stability: s0)
      var card = CardHistory(cardID: Int64(id))
      card.append(time: 0, elapsedDays: -1, rating: rating)
      card.append(time: Int64(t) * 86_400_000, elapsedDays: Int32(t), rating: recalled ? .good : .again)
      cards.append(card)
    }
    let defaults = FSRSParameters.defaults.weights
    let result = try #require(InitialStabilityPretrainer.fit(TrainingData(cards), defaults: defaults, decay: defaults[20]))
    let s = result.stabilities
    #expect(abs(s[2] - 5) / 5 < 0.2, "Good: \(s[2])")
    #expect(abs(s[3] - 20) / 20 < 0.2, "Easy: \(s[3])")
    #expect(result.supportingCards == [0, 0, 1500, 1500])
    #expect(s[0] <= s[1] && s[1] <= s[2] && s[2] <= s[3])
    // Filled with Good's offset from its default: Hard = default Hard × (S0(Good) / default Good).
    #expect(abs(s[1] - defaults[1] * s[2] / defaults[2]) < 1e-9)
  }

  @Test func noDataGivesNil() {
    var card = CardHistory(cardID: 1)
    card.append(time: 0, elapsedDays: -1, rating: .good)
    card.append(time: 1000, elapsedDays: 0, rating: .good)
    let d = FSRSParameters.defaults.weights
    #expect(InitialStabilityPretrainer.fit(TrainingData([card]), defaults: d, decay: d[20]) == nil)
  }
}
