import Testing
@testable import Vocabulary

@Suite("Vocabulary: hints")
struct VocabHintTests {
  @Test("first and last letters with the length", arguments: [
    ("кішка", "к _ _ _ а"),
    ("Кішка", "К _ _ _ а"),
    ("кіт", "к _ т"),
    ("їжак", "ї _ _ к"),
    ("моло́ко", "м _ _ _ _ о"),
  ])
  func words(_ input: String, _ expected: String) {
    #expect(Hint.make(for: input) == expected)
  }

  @Test("phrases are hinted word by word")
  func phrases() {
    #expect(Hint.make(for: "добрий ранок") == "д _ _ _ _ й / р _ _ _ к")
    #expect(Hint.make(for: "  на   добраніч ") == "н _ / д _ _ _ _ _ _ ч")
  }

  @Test("short words: one letter is all blank, two letters show the first")
  func shortWords() {
    #expect(Hint.make(for: "я") == "_")
    #expect(Hint.make(for: "та") == "т _")
    #expect(Hint.make(for: "і я") == "_ / _")
  }

  @Test("apostrophes and hyphens are shown where they stand, not counted as letters")
  func apostrophesAndHyphens() {
    #expect(Hint.make(for: "пʼять") == "п ʼ _ _ ь")
    #expect(Hint.make(for: "будь-ласка") == "б _ _ _ - _ _ _ _ а")
    #expect(Hint.make(for: "") == "")
  }
}
