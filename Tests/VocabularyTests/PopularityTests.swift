import Foundation
import Testing
@testable import Vocabulary

@Suite("Vocabulary: popularity and the daily review")
struct VocabPopularityTests {
  static let t0 = Date(timeIntervalSince1970: 1_780_000_000)
  static func at(_ seconds: Double, _ a: WordActivity) -> WordActivityEvent {
    WordActivityEvent(at: t0.addingTimeInterval(seconds), activity: a)
  }

  @Test("look-up +1") func lookup() { #expect(Popularity.next(3, .lookup) == 4) }
  @Test("card opened +1") func opened() { #expect(Popularity.next(3, .opened) == 4) }
  @Test("wrong quiz +1") func wrongQuiz() { #expect(Popularity.next(3, .quiz(.wrong)) == 4) }
  @Test("I don't know +1") func unknown() { #expect(Popularity.next(3, .unknown) == 4) }
  @Test("right quiz resets") func rightQuiz() { #expect(Popularity.next(7, .quiz(.right)) == 0) }
  @Test("typo quiz resets") func typoQuiz() { #expect(Popularity.next(7, .quiz(.typo)) == 0) }
  @Test("I know resets") func known() { #expect(Popularity.next(7, .known) == 0) }
  @Test("explicit reset") func reset() { #expect(Popularity.next(7, .reset) == 0) }
  @Test("add and edit leave it") func addEdit() {
    #expect(Popularity.next(2, .added) == 2)
    #expect(Popularity.next(2, .edited) == 2)
  }

  @Test("I don't know shows the card: the opening logged with it is not a second +1")
  func unknownThenCard() {
    let counter = PopularityCounter.fold([Self.at(0, .unknown), Self.at(1, .opened)])
    #expect(counter.popularity == 1)
    // a later opening, outside the window, counts
    let later = PopularityCounter.fold([Self.at(0, .unknown), Self.at(1, .opened), Self.at(600, .opened)])
    #expect(later.popularity == 2)
    // only one opening is absorbed
    let twice = PopularityCounter.fold([Self.at(0, .unknown), Self.at(1, .opened), Self.at(2, .opened)])
    #expect(twice.popularity == 2)
  }

  @Test("fold orders by time: a late-synced look-up before a right answer is reset by it")
  func foldOrdersByTime() {
    let counter = PopularityCounter.fold([
      Self.at(100, .quiz(.right)), Self.at(0, .lookup), Self.at(50, .lookup), Self.at(200, .lookup),
    ])
    #expect(counter.popularity == 1)
  }

  @Test("daily review: the lowest rating of the day decides")
  func dailyLowest() {
    #expect(dailyReview([Self.at(0, .lookup), Self.at(60, .quiz(.right))]) == .again)
    #expect(dailyReview([Self.at(0, .quiz(.right)), Self.at(60, .lookup)]) == .again)
    #expect(dailyReview([Self.at(0, .quiz(.right)), Self.at(60, .quiz(.typo))]) == .hard)
    #expect(dailyReview([Self.at(0, .lookup), Self.at(1, .lookup), Self.at(2, .lookup)]) == .again)
    #expect(dailyReview([Self.at(0, .opened), Self.at(5, .known)]) == .good)
    #expect(dailyReview([Self.at(0, .unknown)]) == .again)
    #expect(dailyReview([Self.at(0, .quiz(.wrong))]) == .again)
  }

  @Test("daily review: the order of the day's events does not matter")
  func dailyOrderFree() {
    let events = [Self.at(0, .known), Self.at(30, .quiz(.typo)), Self.at(60, .opened), Self.at(90, .quiz(.right))]
    #expect(dailyReview(events) == .hard)
    #expect(dailyReview(events.reversed()) == .hard)
  }

  @Test("daily review: no evidence, no review")
  func dailyNoEvidence() {
    #expect(dailyReview([]) == nil)
    #expect(dailyReview([Self.at(0, .opened), Self.at(1, .added), Self.at(2, .edited), Self.at(3, .reset)]) == nil)
  }

}
