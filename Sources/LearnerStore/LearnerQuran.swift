import Hifz
import PlannerCore
/// The learner layer's view of the Quran structure (Sources/Hifz/): events store
/// ranges as the canonical text of `AyahRange` (`78:1-16`, `78:38-79:5`, `78`), and the fold
/// works in the Quran planner's review units (`p582`, `s114`).
public enum LearnerQuran {
  /// Validates `text` (every form `AyahRange(parsing:)` takes) and returns its canonical form.
  public static func canonicalRange(_ text: String) throws(PlanEngineError) -> String {
    try AyahRange(parsing: text).description
  }

  /// One ayah `SURAH:AYAH`, as its global id.
  public static func ayahID(_ text: String) throws(PlanEngineError) -> Int {
    try Quran.ayahID(try AyahRef(parsing: text))
  }
}
