import Vocabulary

/// The keys of the fold's items, the one rule: a word's is `w:` + its word key (``wordKey(_:)``),
/// a Quran unit's is the unit's id (`p582`), which never begins with `w:`.
public enum ItemKey {
  /// The item key of an English word.
  public static func word(_ english: String) -> String { "w:" + wordKey(english) }

  /// Whether `key` is a word's: its bytes begin with `w:`. Decided on the bytes, not on
  /// characters: for a word whose key begins with a combining mark, `:` and the mark are one
  /// `Character`, and `hasPrefix("w:")` refused the key (such a word was never planned).
  public static func isWord(_ key: String) -> Bool {
    // Over the contiguous UTF-8 (native and small strings have it), else by the view's iterator.
    if let answer = key.utf8.withContiguousStorageIfAvailable({ $0.count >= 2 && $0[0] == 0x77 && $0[1] == 0x3A }) {
      return answer
    }
    var bytes = key.utf8.makeIterator()
    return bytes.next() == 0x77 && bytes.next() == 0x3A
  }
}
