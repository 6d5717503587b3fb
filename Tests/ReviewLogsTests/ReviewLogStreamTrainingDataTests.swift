import Foundation
@testable import MemoryModels
@testable import PlannerCore
@testable import ReviewLogs
import Testing
import TestSupport

/// `optimize` reads the log straight into the training data (two passes, no card histories):
/// the same arrays, so the same fit, as building them from the streamed card histories.
@Suite("Review-log stream: training data")
struct ReviewLogStreamTrainingDataTests {
  @Test("the same training data as the card histories give", arguments: [(UInt64(5), false), (6, true)])
  func sameAsCardHistories(seed: UInt64, bad: Bool) throws {
    let path = ReviewLogStreamTests.write(ReviewLogStreamTests.log(seed: seed, rows: 4000, cards: 60, bad: bad))
    let stream = ReviewLogStream(skipInvalid: true, blockBytes: 1 << 10)
    let (cards, a) = try stream.cardHistories(path: path, fileName: "log.csv")
    let (data, b) = try stream.trainingData(path: path, fileName: "log.csv")
    #expect(a.rows == b.rows && a.cards == b.cards && a.diagnostics.count == b.diagnostics.count)
    let reference = TrainingData(cards)
    #expect(data.exampleCount > 100)
    #expect(data.ratings == reference.ratings && data.elapsed == reference.elapsed && data.times == reference.times)
    #expect(data.starts == reference.starts && data.exampleCounts == reference.exampleCounts)
    #expect(data.reviewCount == reference.reviewCount && data.cardCount == reference.cardCount)
    #expect(data.recallCount == reference.recallCount)
  }

  @Test func badRowWithoutSkipIsThrown() {
    let path = ReviewLogStreamTests.write("card_id,review_time,review_rating\n1,1000,3\n1,900000000,7\n")
    #expect(throws: PlanEngineError.self) { _ = try ReviewLogStream().trainingData(path: path, fileName: "log.csv") }
  }
}
