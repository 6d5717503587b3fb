/// Unicode bidirectional isolates (UAX #9, since Unicode 6.3), so that text of one direction
/// inside a line of the other keeps its order: an Arabic surah name in an English line, an
/// English word in an Arabic line.
///
/// Swift does not expose the Bidi_Class property, so the strong direction of a character is
/// decided here from its script block: a letter in a right-to-left block (Hebrew, Arabic,
/// Syriac, Thaana, NKo, Samaritan, Mandaic, Arabic Extended, the presentation forms) is strong
/// right-to-left, any other letter strong left-to-right; digits, punctuation, spaces and marks
/// are weak or neutral. That is exact for every script planner prints (Latin, Cyrillic, Arabic).
public enum Bidi {
  /// U+2066 LEFT-TO-RIGHT ISOLATE.
  public static let lri = "\u{2066}"
  /// U+2067 RIGHT-TO-LEFT ISOLATE.
  public static let rli = "\u{2067}"
  /// U+2068 FIRST STRONG ISOLATE.
  public static let fsi = "\u{2068}"
  /// U+2069 POP DIRECTIONAL ISOLATE, closing any of the three above.
  public static let pdi = "\u{2069}"

  /// The strong direction of one scalar, or nil for weak and neutral ones (digits included).
  public static func strongDirection(of scalar: Unicode.Scalar) -> TextDirection? {
    let v = scalar.value
    // ASCII: its letters are the only strong characters (left-to-right); no marks. Decided here
    // because the properties' lookup costs a hundred instructions a scalar, every argument of
    // every plan text.
    if v < 0x80 { return (v | 0x20) >= 0x61 && (v | 0x20) <= 0x7A ? .leftToRight : nil }
    let properties = scalar.properties
    guard properties.isAlphabetic, !isMark(properties.generalCategory) else { return nil }
    return rightToLeftBlocks.contains(where: { $0.contains(v) }) ? .rightToLeft : .leftToRight
  }

  /// The direction of the first strong character (the rule FSI applies), or nil when the text
  /// has only digits, punctuation and spaces.
  public static func firstStrongDirection(of text: String) -> TextDirection? {
    for scalar in text.unicodeScalars {
      if let direction = strongDirection(of: scalar) { return direction }
    }
    return nil
  }

  /// True when `text` has a strong character of `direction`.
  public static func contains(_ direction: TextDirection, in text: String) -> Bool {
    text.unicodeScalars.contains { strongDirection(of: $0) == direction }
  }

  /// Wraps `text` in an isolate of its own direction: RLI…PDI when its first strong character
  /// is right-to-left, LRI…PDI when left-to-right, FSI…PDI when it has none.
  public static func isolate(_ text: String) -> String {
    switch firstStrongDirection(of: text) {
    case .rightToLeft: rli + text + pdi
    case .leftToRight: lri + text + pdi
    case nil: fsi + text + pdi
    }
  }

  /// `text` as it should be placed inside a line of direction `line`: isolated when it holds a
  /// strong character of the other direction, unchanged otherwise (so English text in an English
  /// line gets no invisible characters).
  public static func embed(_ text: String, in line: TextDirection) -> String {
    let other: TextDirection = line == .leftToRight ? .rightToLeft : .leftToRight
    return contains(other, in: text) ? isolate(text) : text
  }

  private static let rightToLeftBlocks: [ClosedRange<UInt32>] = [
    0x0590...0x08FF,  // Hebrew, Arabic, Syriac, Arabic Supplement, Thaana, NKo, Samaritan, Mandaic, Arabic Extended
    0xFB1D...0xFDFF,  // Hebrew and Arabic presentation forms A
    0xFE70...0xFEFF,  // Arabic presentation forms B
    0x10800...0x10FFF,  // historic right-to-left scripts
    0x1E800...0x1EFFF,  // Mende Kikakui, Adlam, Arabic mathematical symbols
  ]

  private static func isMark(_ category: Unicode.GeneralCategory) -> Bool {
    category == .nonspacingMark || category == .spacingMark || category == .enclosingMark
  }
}
