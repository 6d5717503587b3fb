import Testing
@testable import PlannerCore
@testable import Vocabulary

@Suite("Vocabulary: card directions (vocabulary.cards)")
struct VocabCardModeTests {
  static let words = DemoDeck.entries.prefix(200).map(\.english)

  @Test("forward and reverse are fixed; both alternates each word day by day, about half each way")
  func directions() {
    let day = EpochDay(20_580)
    for w in Self.words {
      #expect(CardMode.forward.direction(for: w, on: day) == .forward)
      #expect(CardMode.reverse.direction(for: w, on: day) == .reverse)
      #expect(CardMode.both.direction(for: w, on: day) != CardMode.both.direction(for: w, on: day.advanced(by: 1)))
      #expect(CardMode.both.direction(for: w, on: day) == CardMode.both.direction(for: w.uppercased(), on: day))
    }
    let reversed = Self.words.filter { CardMode.both.direction(for: $0, on: day) == .reverse }.count
    #expect((70...130).contains(reversed), "\(reversed) of 200")
  }

  @Test("the answer language follows the direction")
  func language() {
    #expect(CardDirection.forward.answerLanguage == .ukrainian)
    #expect(CardDirection.reverse.answerLanguage == .english)
  }
}
