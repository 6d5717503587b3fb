import Foundation
import Testing
@testable import Hifz
@testable import PlannerCore

@Suite("AyahRange: parsing the way people write ranges, one canonical printing")
struct AyahRangeTests {
  @Test(arguments: [
    ("78:1-78:16", "78:1-16"), ("78:1-16", "78:1-16"), ("78", "78"), ("78:1-78:40", "78"),
    ("78:38-79:5", "78:38-79:5"), ("78:5", "78:5"), ("78:5-5", "78:5"), ("78-80", "78-80"),
    ("p582", "78:1-30"), ("page 582", "78:1-30"), ("P1", "1"), ("juz30", "78-114"), ("Juz 30", "78-114"),
    ("juz1", "1:1-2:141"), ("hizb60", "87-114"), ("rub240", "100:9-114:6"), ("  2:255 ", "2:255"),
    ("2:282-2:282", "2:282"), ("114", "114"), ("1:1-114:6", "1-114"),
  ])
  func parsesAndPrintsCanonically(input: String, canonical: String) throws {
    let r = try AyahRange(parsing: input)
    #expect(r.description == canonical)
    #expect(try AyahRange(parsing: canonical) == r, "canonical form reads back")
  }

  @Test func roundTripsOverSeededRandomRanges() throws {
    var rng = QuranTestRNG(seed: 42)
    for _ in 0..<2000 {
      let a = Int(rng.next() % 6236) + 1
      let b = Int(rng.next() % 6236) + 1
      let r = try AyahRange(first: min(a, b), last: max(a, b))
      #expect(try AyahRange(parsing: r.description) == r, "\(r)")
      let json = try JSONEncoder().encode([r])
      #expect(try JSONDecoder().decode([AyahRange].self, from: json) == [r])
    }
  }

  @Test(arguments: [
    ("2:300", "surah 2 (Al-Baqara) has 286 ayahs"), ("115:1", "there are 114 surahs"),
    ("78:16-78:1", "runs backwards"), ("79-78", "runs backwards"), ("78:10-5", "runs backwards"),
    ("79:1-78:40", "runs backwards"), ("115", "there are 114 surahs"), ("0", "there are 114 surahs"),
    ("p605", "there are 604 pages"), ("p0", "there are 604 pages"), ("juz31", "there are 30 juz"),
    ("1:0", "surah 1 (Al-Faatiha) has 7 ayahs"), ("", "expected a surah"), ("abc", "expected a surah"),
    ("78:", "expected a surah"), ("78:1-", "expected a surah"), ("78:1-2-3", "expected a surah"),
    ("78:1-79:x", "expected a surah"), ("pxyz", "expected a surah"),
  ])
  func rejectsWhatDoesNotExist(input: String, reason: String) {
    #expect {
      _ = try AyahRange(parsing: input)
    } throws: { error in
      guard case .unknownQuranReference(_, let why) = error as? PlanEngineError else { return false }
      return why.contains(reason)
    }
  }

  @Test func namesInBothStyles() throws {
    #expect(Quran.surahName(114) == "An-Naas")
    #expect(Quran.surahName(1) == "Al-Faatiha")
    #expect(Quran.surahName(1, style: .arabic) == "الفاتحة")
    #expect(try AyahRange(parsing: "78:1-16").named() == "An-Naba 1-16")
    #expect(try AyahRange(parsing: "114").named(.arabic) == "الناس")
    #expect(try AyahRange(parsing: "1:1-2:5").named() == "Al-Faatiha 1 – Al-Baqara 5")
  }

  @Test func linesOfARange() throws {
    #expect(Quran.lines(try AyahRange(parsing: "p3")) == 15)
    #expect(Quran.lineShare(try AyahRange(parsing: "1")) == 70_000)
    #expect(try AyahRef(parsing: "78:40") == AyahRef(surah: 78, ayah: 40))
    #expect(throws: PlanEngineError.self) { try AyahRef(parsing: "78:41") }
    #expect(throws: PlanEngineError.self) { try AyahRange(first: 10, last: 9) }
    #expect(throws: PlanEngineError.self) { try AyahRange(first: 0, last: 9) }
  }

  /// `init?(checkedFirst:last:)` is nil exactly where `init(first:last:)` throws.
  @Test func checkedRangesAreTheThrowingOnes() {
    let ids = [Int.min, -1, 0, 1, 2, 7, 6_235, 6_236, 6_237, Int.max]
    for first in ids {
      for last in ids {
        #expect(AyahRange(checkedFirst: first, last: last) == (try? AyahRange(first: first, last: last)), "\(first)-\(last)")
      }
    }
  }
}
