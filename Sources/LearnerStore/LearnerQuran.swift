import Hifz
import PlannerCore
import Foundation
/// The learner layer's view of the Quran structure (Sources/Hifz/): events store
/// ranges as the canonical text of `AyahRange` (`78:1-16`, `78:38-79:5`, `78`), and the fold
/// works in the Quran planner's review units (`p582`, `s114`).
public enum LearnerQuran {
  /// Validates `text` (every form `AyahRange(parsing:)` takes) and returns its canonical form.
  public static func canonicalRange(_ text: String) throws(PlanEngineError) -> String {
    try AyahRange(parsing: text).description
  }

  /// `AyahRange(parsing:)` and the range's canonical text, remembered by the text given (the
  /// same few hundred pages recur in every log: parsing one is tens of thousands of
  /// instructions of Unicode handling, a look-up here a few hundred). Errors are not
  /// remembered; the memo is emptied at ``rangeMemoLimit`` entries, so it stays small.
  static func parsedRange(_ text: String) throws(PlanEngineError) -> (range: AyahRange, canonical: String) {
    if let known = rangeMemo.get(text) { return known }
    let range = try AyahRange(parsing: text)
    let parsed = (range, range.description)
    rangeMemo.put(text, parsed)
    return parsed
  }

  static let rangeMemoLimit = 4096
  private static let rangeMemo = RangeMemo()

  private final class RangeMemo: @unchecked Sendable {
    private let lock = NSLock()
    private var memo: [String: (range: AyahRange, canonical: String)] = [:]
    func get(_ text: String) -> (range: AyahRange, canonical: String)? { lock.lock(); defer { lock.unlock() }; return memo[text] }
    func put(_ text: String, _ parsed: (range: AyahRange, canonical: String)) {
      lock.lock(); defer { lock.unlock() }
      if memo.count >= LearnerQuran.rangeMemoLimit { memo.removeAll(keepingCapacity: true) }
      memo[text] = parsed
    }
  }

  /// One ayah `SURAH:AYAH`, as its global id.
  public static func ayahID(_ text: String) throws(PlanEngineError) -> Int {
    try Quran.ayahID(try AyahRef(parsing: text))
  }
}
