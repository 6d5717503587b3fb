import Foundation
@testable import MemoryModels
@testable import PlannerCore
@testable import ReviewLogs
import Testing
import TestSupport

/// `evaluate` reads the log straight into one flat store (two passes, no card histories): the
/// same reviews, cards sorted by id, as the streamed card histories.
@Suite("Review-log stream: card review store")
struct ReviewLogStreamCardReviewStoreTests {
  @Test("the same reviews as the card histories", arguments: [(UInt64(7), false), (8, true)])
  func sameAsCardHistories(seed: UInt64, bad: Bool) throws {
    let path = ReviewLogStreamTests.write(ReviewLogStreamTests.log(seed: seed, rows: 4000, cards: 60, bad: bad))
    let stream = ReviewLogStream(skipInvalid: true, blockBytes: 1 << 10)
    let (cards, a) = try stream.cardHistories(path: path, fileName: "log.csv")
    let (store, b) = try stream.cardReviewStore(path: path, fileName: "log.csv")
    #expect(a.rows == b.rows && a.cards == b.cards && a.diagnostics.count == b.diagnostics.count)
    #expect(store.reviewCount == a.rows && store.cardCount == cards.count)
    #expect(store == CardReviewStore(cards))
  }

  @Test func badRowWithoutSkipIsThrown() {
    let path = ReviewLogStreamTests.write("card_id,review_time,review_rating\n1,1000,3\n1,900000000,7\n")
    #expect(throws: PlanEngineError.self) { _ = try ReviewLogStream().cardReviewStore(path: path, fileName: "log.csv") }
  }
}
