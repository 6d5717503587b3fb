import Foundation
import Testing
@testable import MemoryModels

@Suite("Synthetic review logs")
struct SyntheticReviewLogTests {
  @Test func sameSeedSameLogOtherSeedOtherLog() {
    let a = SyntheticReviewLog(cards: 50, days: 120, seed: 4)
    let b = SyntheticReviewLog(cards: 50, days: 120, seed: 4)
    let c = SyntheticReviewLog(cards: 50, days: 120, seed: 5)
    // Every field equal (hiddenRecall is NaN on first reviews, so compare bit patterns).
    #expect(a.reviews.count == b.reviews.count)
    #expect(zip(a.reviews, b.reviews).allSatisfy {
      $0.cardID == $1.cardID && $0.time == $1.time && $0.rating == $1.rating && $0.state == $1.state
        && $0.elapsedDays == $1.elapsedDays && $0.hiddenRecall.bitPattern == $1.hiddenRecall.bitPattern
    })
    #expect(a.reviews.map(\.time) == b.reviews.map(\.time))
    #expect(a.reviews.map(\.rating) != c.reviews.map(\.rating))
    #expect(a.floorLogLoss == b.floorLogLoss)
  }

  /// Well-formed: per card, times ascend, the first review has t = −1 and state 0, later ones
  /// have t ≥ 0 that matches the day difference; nothing falls after the last day.
  @Test func wellFormedLog() {
    let log = SyntheticReviewLog(cards: 80, days: 100, seed: 1)
    #expect(zip(log.reviews, log.reviews.dropFirst()).allSatisfy { $0.time <= $1.time })
    for card in log.cardHistories {
      #expect(card.elapsedDays[0] == -1)
      for i in 1..<card.count {
        let days = (card.times[i] - SyntheticReviewLog.epochMilliseconds) / 86_400_000
          - (card.times[i - 1] - SyntheticReviewLog.epochMilliseconds) / 86_400_000
        #expect(Int64(card.elapsedDays[i]) == days)
      }
      #expect((card.times.last! - SyntheticReviewLog.epochMilliseconds) / 86_400_000 < 100)
    }
    #expect(Set(log.reviews.filter { $0.elapsedDays == -1 }.map(\.state)) == [0])
    #expect(log.reviews.contains { $0.elapsedDays == 0 })
  }

  /// The hidden probabilities are the floor: their log loss is below FSRS-6 with defaults.
  @Test func floorIsBelowDefaultFSRS() {
    let log = SyntheticReviewLog(cards: 200, days: 200, seed: 2)
    let data = TrainingData(log.cardHistories)
    #expect(data.exampleCount == log.longTermReviewCount)
    let floor = log.floorLogLoss
    #expect(floor > 0.1 && floor < 0.7)
    #expect(floor < FSRSOptimizer.meanLogLoss(data, .defaults))
  }

  @Test func hiddenCurveIsHyperbolic() {
    #expect(PowerLawMemory.recall(elapsedDays: 0, strength: 3) == 1)
    #expect(abs(PowerLawMemory.recall(elapsedDays: 3, strength: 3) - 0.9) < 1e-15)
    #expect(abs(PowerLawMemory.recall(elapsedDays: 27, strength: 3) - 0.5) < 1e-15)
  }
}
