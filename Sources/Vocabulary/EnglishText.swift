import Foundation

/// Text folding for comparing English answers (reverse cards, Ukrainian → English): the same
/// forgiveness as ``UkrainianText``, mirrored.
///
/// - invisible (format and control) characters removed; case folded; punctuation other than
///   apostrophes and hyphens becomes a space; white space trimmed and collapsed;
/// - apostrophe variants (’ ‘ ` ´ ′ ʹ ʼ ＇) become `'`, so `don’t` is `don't`;
/// - accents are kept (`café` is not `cafe`);
/// - Cyrillic letters that look like Latin ones (`а с е і к о р х у` and capitals) become those
///   Latin letters: a learner whose keyboard stayed in Ukrainian for one letter is right;
/// - dash variants become `-`.
public enum EnglishText {
  static let cyrillicLookAlikes: [Unicode.Scalar: Unicode.Scalar] = [
    "а": "a", "с": "c", "е": "e", "і": "i", "ї": "ï", "к": "k", "о": "o", "р": "p", "х": "x", "у": "y",
    "ј": "j", "ѕ": "s", "һ": "h",
  ]

  /// The comparison form of an English answer or word.
  public static func folded(_ text: String) -> String {
    let lowered = TextFolding.removingInvisible(text).precomposedStringWithCanonicalMapping.lowercased()
    return TextFolding.fold(lowered) { scalar in
      if UkrainianText.apostropheVariants.contains(scalar) { return "'" }
      if let latin = cyrillicLookAlikes[scalar] { return latin }
      if UkrainianText.dashes.contains(scalar) { return "-" }
      return nil
    }.precomposedStringWithCanonicalMapping
  }
}
