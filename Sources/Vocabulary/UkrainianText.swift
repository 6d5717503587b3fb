import Foundation

/// Text folding for comparing Ukrainian answers: what the answer checker treats as "the same".
///
/// Folds exactly these differences and nothing else:
/// - case, surrounding white space, runs of inner white space;
/// - apostrophe variants (' ’ ‘ ` ´ ′ ʹ ＇) to the Ukrainian apostrophe ʼ (U+02BC);
/// - stress marks U+0301 and U+0300, which learners copy from dictionaries;
/// - Latin letters that look like Cyrillic ones (a c e i ï k o p x y, and the capitals A B C E H I
///   Ï K M O P T X Y) to those Cyrillic letters;
/// - dash variants (‐ ‑ – —) to the hyphen-minus.
///
/// It never folds other diacritics: й, ї, ґ and є stay distinct from и, і, г and е. NFD
/// decomposes й into и + U+0306 and ї into і + U+0308, so only the two stress marks are
/// removed from the decomposed scalars, and the rest is recomposed (NFC).
public enum UkrainianText {
  /// The Ukrainian apostrophe, U+02BC MODIFIER LETTER APOSTROPHE.
  public static let apostrophe: Character = "\u{02BC}"

  static let apostropheVariants: Set<Unicode.Scalar> = [
    "\u{0027}", "\u{2019}", "\u{2018}", "\u{0060}", "\u{00B4}", "\u{2032}", "\u{02B9}", "\u{FF07}",
    "\u{02BC}", "\u{02BB}",
  ]

  static let stressMarks: Set<Unicode.Scalar> = ["\u{0301}", "\u{0300}"]

  /// Latin capitals that look like Cyrillic capitals, mapped before case folding (a Latin `M`
  /// lower-cases to `m`, which no longer looks like `м`).
  static let upperLookAlikes: [Unicode.Scalar: Unicode.Scalar] = [
    "A": "А", "B": "В", "C": "С", "E": "Е", "H": "Н", "I": "І", "Ï": "Ї", "K": "К", "M": "М", "O": "О",
    "P": "Р", "T": "Т", "X": "Х", "Y": "У",
  ]

  /// Latin small letters that look like Cyrillic small letters, mapped after case folding.
  static let lookAlikes: [Unicode.Scalar: Unicode.Scalar] = [
    "a": "а", "c": "с", "e": "е", "i": "і", "ï": "ї", "k": "к", "o": "о", "p": "р", "x": "х", "y": "у",
  ]

  static let dashes: Set<Unicode.Scalar> = ["\u{2010}", "\u{2011}", "\u{2013}", "\u{2014}"]

  /// Removes the stress marks U+0301 and U+0300 and nothing else.
  public static func removingStress(_ text: String) -> String {
    let decomposed = text.decomposedStringWithCanonicalMapping
    var scalars = String.UnicodeScalarView()
    for scalar in decomposed.unicodeScalars where !stressMarks.contains(scalar) {
      scalars.append(scalar)
    }
    return String(scalars).precomposedStringWithCanonicalMapping
  }

  /// The comparison form of an answer or translation (see the type's documentation).
  public static func folded(_ text: String) -> String {
    var capitals = String.UnicodeScalarView()
    for scalar in removingStress(text).unicodeScalars { capitals.append(upperLookAlikes[scalar] ?? scalar) }
    let lowered = String(capitals).lowercased()
    var out = String.UnicodeScalarView()
    var pendingSpace = false
    for scalar in lowered.unicodeScalars {
      if scalar.properties.isWhitespace {
        pendingSpace = !out.isEmpty
        continue
      }
      if pendingSpace {
        out.append(" ")
        pendingSpace = false
      }
      if apostropheVariants.contains(scalar) {
        out.append("\u{02BC}")
      } else if let cyrillic = lookAlikes[scalar] {
        out.append(cyrillic)
      } else if dashes.contains(scalar) {
        out.append("-")
      } else {
        out.append(scalar)
      }
    }
    // Recompose in case a look-alike mapping produced a decomposable pair.
    return String(out).precomposedStringWithCanonicalMapping
  }

  /// Whether a character counts as a letter of a word (apostrophes and hyphens do not).
  static func isLetter(_ c: Character) -> Bool {
    guard c.isLetter, let scalar = c.unicodeScalars.first else { return false }
    return !apostropheVariants.contains(scalar)
  }
}
