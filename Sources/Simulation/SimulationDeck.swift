/// The words simulated learners add, in order: made-up words built from syllables, each with a
/// made-up Ukrainian translation, so that any number of learners can have thousands of
/// distinct words (index 0 → "bakade" / "бакаде", …). Deterministic and unbounded.
public enum SimulationDeck {
  static let latin = ["ba", "ka", "de", "lo", "mi", "nu", "po", "ri", "sa", "te", "vo", "zu", "fe", "gi", "ho", "ju"]
  static let cyrillic = ["ба", "ка", "де", "ло", "мі", "ну", "по", "рі", "са", "те", "во", "зу", "фе", "ґі", "хо", "ю"]

  /// The `index`-th word: English-side text and its translation.
  public static func word(_ index: Int) -> (english: String, ukrainian: String) {
    var en = "", uk = ""
    var n = index
    var syllables = 0
    repeat {
      en += latin[n % 16]
      uk += cyrillic[n % 16]
      n /= 16
      syllables += 1
    } while n > 0 || syllables < 3
    return (en, uk)
  }
}
