/// Hints made of the first and last letters and the length: `кішка` → `к _ _ _ а`.
///
/// Rules, per word (phrases are hinted word by word, words joined by ` / `):
/// - 1 letter: `_` (showing it would give the answer away);
/// - 2 letters: the first letter and one blank, `в _`;
/// - 3 or more: the first and last letters, a blank for each letter between them.
/// Apostrophes and hyphens are not letters: they are shown where they stand (`пʼять` →
/// `п ʼ _ _ ь`), so the hint keeps the word's shape. Stress marks are dropped.
public enum Hint {
  /// What separates the hints of the words of a phrase.
  public static let wordSeparator = " / "

  public static func make(for translation: String) -> String {
    let words = UkrainianText.removingStress(translation).split(whereSeparator: { $0.isWhitespace })
    return words.map { word(Array($0)) }.joined(separator: wordSeparator)
  }

  static func word(_ characters: [Character]) -> String {
    let letterPositions = characters.indices.filter { UkrainianText.isLetter(characters[$0]) }
    guard let first = letterPositions.first, let last = letterPositions.last else {
      return characters.map(String.init).joined(separator: " ")
    }
    let shown: Set<Int>
    switch letterPositions.count {
    case 1: shown = []
    case 2: shown = [first]
    default: shown = [first, last]
    }
    return characters.indices.map { i in
      let c = characters[i]
      if !UkrainianText.isLetter(c) { return String(c) }
      return shown.contains(i) ? String(c) : "_"
    }.joined(separator: " ")
  }
}
