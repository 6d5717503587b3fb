import Foundation
@testable import LearnerStore
import PlannerCore
import Testing
@testable import Vocabulary

/// `vocabulary.cards` was added without a version change: older profiles load as forward and
/// a profile that never set it is written without the key.
@Suite("Profile: vocabulary.cards")
struct CardsProfileKeyTests {
  @Test("an older profile without the key loads as forward; a set value round-trips")
  func additive() throws {
    let old = try LearnerProfile.decode(Data(#"{"id":"a","vocabulary":{"mode":"hint","newWordsPerDay":3}}"#.utf8), file: "profile.json")
    #expect(old.vocabulary.cards == nil)
    #expect(try old.setting("vocabulary.cards") == "forward")
    #expect(old.vocabulary.newWordsPerDay == 3)
    let encoded = old.encoded()
    #expect(!String(decoding: encoded, as: UTF8.self).contains("cards"))
    var both = old
    both.vocabulary.cards = .both
    let again = try LearnerProfile.decode(both.encoded(), file: "profile.json")
    #expect(again.vocabulary.cards == .both)
    #expect(throws: PlanEngineError.self) {
      _ = try LearnerProfile.decode(Data(#"{"id":"a","vocabulary":{"cards":"sideways"}}"#.utf8), file: "profile.json")
    }
  }
}
