import Foundation
import Testing
@testable import LearnerStore
@testable import PlannerCore

/// `Learner.vocabularyWords` finds the word items by their key's bytes (``ItemKey/isWord(_:)``)
/// and takes them in the item table's key order without sorting (plan speed, issue #18): the same
/// words in the same order as the rule as written, the keys whose UTF-8 begins with `w:`, sorted.
@Suite("Learner: vocabulary words found and sorted as the rule as written")
struct VocabularyWordsOrderTests {
  /// Keys that stress the byte order: prefixes of each other, equal 8-byte prefixes, NUL and
  /// DEL bytes, spaces, digits, and (in the second set) non-ASCII and combining marks.
  static let asciiWords = ["a", "ab", "abc", "abcdefgh", "abcdefghi", "abcdefgh a", "abcdefgh\u{0}", "abcdefgh\u{0}b",
                           "z", "zz", "a b", "a\u{7F}", "0", "9 lives", "run", "run up", "running", "", " ", "a\u{0}"]
  static let otherWords = ["é", "e\u{301}", "école", "ecole", "über", "u\u{308}ber", "\u{301}x", "日本", "ab"]

  static func state(_ words: [String], units: [String] = ["p582", "s114", "p1"]) -> LearnerState {
    var state = LearnerState()
    for (i, w) in words.enumerated() {
      var item = ItemState()
      item.word = WordEntry(english: w.isEmpty ? "-" : w, ukrainian: ["\(i)"], addedMillis: Int64(i) * 1000, deleted: i == 3)
      state.items["w:" + w] = item
    }
    for u in units { state.items[u] = ItemState() }
    state.items["x:not a word"] = ItemState()
    state.items["w"] = ItemState()
    return state
  }

  static func reference(_ state: LearnerState) -> [String] {
    state.items.keys.filter { Array($0.utf8.prefix(2)) == Array("w:".utf8) }.sorted().compactMap { key in
      guard let w = state.items[key]?.word, !w.deleted else { return nil }
      return w.english
    }
  }

  @Test(arguments: [asciiWords, asciiWords + otherWords, otherWords])
  func sameWordsInTheSameOrder(words: [String]) {
    let state = Self.state(words)
    let got = Learner.vocabularyWords(state).map(\.english)
    #expect(got == Self.reference(state))
    #expect(got.count >= 4 && !got.contains(words[3].isEmpty ? "-" : words[3]))  // the deleted one left out
  }

  /// By the bytes: a key whose word begins with a combining mark is a word's, though
  /// `hasPrefix("w:")` says no (`:` and the mark are one `Character`).
  @Test func wordKeysByTheirBytes() {
    let words = ["w:", "w:a", "w:\u{301}", "w:\u{301}a", "w:é", "w:\u{0}", "w:\u{308}ber"]
    let others = ["w", "W:a", "x:a", "", "ẃ:a", "w\u{301}:a", "p582", ":w"]
    for key in words { #expect(ItemKey.isWord(key), "\(key.debugDescription)") }
    for key in others { #expect(!ItemKey.isWord(key), "\(key.debugDescription)") }
    #expect(ItemKey.word("\u{301}Abc") == "w:\u{301}abc")
  }
}
