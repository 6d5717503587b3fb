import Foundation
import Testing
@testable import Vocabulary

@Suite("Vocabulary: popularity and the evidence of an activity (the fold's daily rule: LearnerStoreTests)")
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

  @Test("the counter: I don't know shows the card, the opening logged with it is not a second +1")
  func unknownThenCard() {
    func count(_ events: [WordActivityEvent]) -> Int { events.reduce(PopularityCounter()) { $0.applying($1) }.popularity }
    #expect(count([Self.at(0, .unknown), Self.at(1, .opened)]) == 1)
    #expect(count([Self.at(0, .unknown), Self.at(1, .opened), Self.at(600, .opened)]) == 2)
    #expect(count([Self.at(0, .unknown), Self.at(1, .opened), Self.at(2, .opened)]) == 2)
    #expect(count([Self.at(0, .unknown), Self.at(120, .opened)]) == 1)
    #expect(count([Self.at(0, .unknown), Self.at(121, .opened)]) == 2)
  }

  @Test("the evidence an activity gives the memory model; a look-up fails only a word studied before")
  func evidence() {
    for studied in [false, true] {
      #expect(WordActivity.unknown.evidence(studied: studied) == .again)
      #expect(WordActivity.quiz(.right).evidence(studied: studied) == .good && WordActivity.quiz(.typo).evidence(studied: studied) == .hard)
      #expect(WordActivity.quiz(.wrong).evidence(studied: studied) == .again && WordActivity.known.evidence(studied: studied) == .good)
      for a in [WordActivity.opened, .added, .edited, .reset, .suspended, .unsuspended] { #expect(a.evidence(studied: studied) == nil) }
    }
    #expect(WordActivity.lookup.evidence(studied: false) == nil)  // how a word enters
    #expect(WordActivity.lookup.evidence(studied: true) == .again)  // evidence of forgetting
  }
}
