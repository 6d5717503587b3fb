import Foundation

/// Text folding for comparing Ukrainian answers: what the answer checker treats as "the same".
///
/// Folds exactly these differences and nothing else:
/// - invisible characters: format characters (zero-width space and joiners, soft hyphen, bidi
///   marks, BOM: Unicode category Cf) and control characters are removed;
/// - case, surrounding white space, runs of inner white space;
/// - punctuation other than apostrophes and hyphens (`. , ! ? ; : « » " …` and the rest of
///   Unicode's P categories) becomes a space, so `яблуко!` is `яблуко` and `привіт, друже` is
///   `привіт друже`;
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
    for scalar in removingStress(TextFolding.removingInvisible(text)).unicodeScalars {
      capitals.append(upperLookAlikes[scalar] ?? scalar)
    }
    let lowered = String(capitals).lowercased()
    let out = TextFolding.fold(lowered) { scalar in
      if apostropheVariants.contains(scalar) { return "\u{02BC}" }
      if let cyrillic = lookAlikes[scalar] { return cyrillic }
      if dashes.contains(scalar) { return "-" }
      return nil
    }
    // Recompose in case a look-alike mapping produced a decomposable pair.
    return out.precomposedStringWithCanonicalMapping
  }

  /// Whether a character counts as a letter of a word (apostrophes and hyphens do not).
  static func isLetter(_ c: Character) -> Bool {
    guard c.isLetter, let scalar = c.unicodeScalars.first else { return false }
    return !apostropheVariants.contains(scalar)
  }

  /// Whether the text holds at least one Cyrillic letter (a Ukrainian translation should).
  public static func hasCyrillicLetter(_ text: String) -> Bool {
    text.unicodeScalars.contains { ($0.value >= 0x0400 && $0.value <= 0x052F) && $0.properties.isAlphabetic }
  }
}

/// The steps both languages' folding share: invisible characters out, punctuation to spaces,
/// white space collapsed.
enum TextFolding {
  /// Removes format (Cf) and control (Cc) characters other than white space: a zero-width
  /// space pasted inside a word must not make it another word.
  static func removingInvisible(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isInvisible) else { return text }
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars where !isInvisible(scalar) { out.append(scalar) }
    return String(out)
  }

  static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .format: return true
    case .control: return !scalar.properties.isWhitespace
    default: return false
    }
  }

  /// Maps each scalar through `map` (nil: keep it), turns punctuation other than the hyphen
  /// into a space (after `map`, so mapped apostrophes survive), trims and collapses spaces.
  static func fold(_ text: String, map: (Unicode.Scalar) -> Unicode.Scalar?) -> String {
    var out = String.UnicodeScalarView()
    var pendingSpace = false
    for raw in text.unicodeScalars {
      let scalar = map(raw) ?? raw
      if scalar.properties.isWhitespace || isSeparatingPunctuation(scalar) {
        pendingSpace = !out.isEmpty
        continue
      }
      if pendingSpace {
        out.append(" ")
        pendingSpace = false
      }
      out.append(scalar)
    }
    return String(out)
  }

  /// Punctuation that separates words in an answer: Unicode's P categories, except the
  /// hyphen-minus and the apostrophes each language folds its variants to (`ʼ` for Ukrainian,
  /// `'` for English). Symbols (`+`, `=`) are not punctuation and stay.
  static func isSeparatingPunctuation(_ scalar: Unicode.Scalar) -> Bool {
    if scalar == "-" || scalar == "'" || scalar == "\u{02BC}" { return false }
    switch scalar.properties.generalCategory {
    case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
      .initialPunctuation, .finalPunctuation, .otherPunctuation:
      return true
    default:
      return false
    }
  }
}
