import Testing
@testable import MemoryModels

@Suite("Rating")
struct RatingTests {
  @Test("1…4 are the four buttons", arguments: [(1, Rating.again), (2, .hard), (3, .good), (4, .easy)])
  func valid(value: Int, rating: Rating) throws {
    #expect(try Rating(validating: value) == rating)
  }

  @Test("anything else is rejected, fsrs-rs's 0 included", arguments: [0, 5, -1, 42, Int.min])
  func invalid(value: Int) {
    #expect(throws: MemoryModelsError.invalidRating(value)) { try Rating(validating: value) }
    #expect(MemoryModelsError.invalidRating(value).description.contains("rating \(value)"))
  }

  @Test("only Again is a lapse")
  func recall() {
    #expect(Rating.allCases.filter(\.isRecall) == [.hard, .good, .easy])
  }
}
