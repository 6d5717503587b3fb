import Foundation
import Testing
import TestSupport
@testable import Hifz

/// The product's Quran structure data (Plans/quran, the generator's input), read with
/// Foundation's JSON decoder (tests only; the engine itself reads the embedded tables).
enum QuranDataFiles {
  static func load(_ name: String) throws -> [String: Any] {
    try Fixtures.jsonObject(Fixtures.quranData + "/" + name)
  }
  static func records(_ object: [String: Any], _ key: String) throws -> [[String: Any]] {
    try #require(object[key] as? [[String: Any]])
  }
}

private func int(_ any: Any?) -> Int { (any as? NSNumber)?.intValue ?? Int.min }

@Suite("Quran data: embedded tables match Plans/quran entry for entry")
struct QuranDataConformanceTests {
  @Test func everyAyahRecordMatches() throws {
    let ayahs = try QuranDataFiles.records(try QuranDataFiles.load("ayah-words.json"), "ayahs")
    #expect(ayahs.count == Quran.ayahCount)
    var mismatches: [String] = []
    for a in ayahs {
      let id = int(a["id"])
      let ref = Quran.ref(id)
      let share = Int(((a["line_share"] as? NSNumber)?.doubleValue ?? -1) * 10_000 + 0.5)
      let expected = [int(a["surah"]), int(a["ayah"]), int(a["page"]), int(a["page_end"]), int(a["line_start"]),
                      int(a["line_end"]), int(a["juz"]), int(a["rub"]), int(a["words"]), int(a["letters"]), share]
      let actual = [ref.surah, ref.ayah, Quran.page(ofAyah: id), Quran.page(ofAyah: id), Quran.lineStart(ofAyah: id),
                    Quran.lineEnd(ofAyah: id), Quran.juz(ofAyah: id), Quran.rub(ofAyah: id), Quran.words(ofAyah: id),
                    Quran.letters(ofAyah: id), Quran.lineShare(ofAyah: id)]
      if expected != actual { mismatches.append("\(id): expected \(expected), embedded \(actual)") }
      #expect(int(a["lines_spanned"]) == Quran.lineEnd(ofAyah: id) - Quran.lineStart(ofAyah: id) + 1)
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }

  @Test func everySurahMatches() throws {
    let surahs = try QuranDataFiles.records(try QuranDataFiles.load("metadata.json"), "surahs")
    #expect(surahs.count == Quran.surahCount)
    for s in surahs {
      let n = int(s["index"])
      let e = try #require(Quran.surah(n))
      #expect(e.ayahCount == int(s["ayahs"]))
      #expect(e.nameArabic == s["name_arabic"] as? String)
      #expect(e.nameTransliterated == s["name_transliterated"] as? String)
      #expect(e.nameEnglish == s["name_english"] as? String)
      #expect(e.revelationPlace == s["revelation_place"] as? String)
      #expect(e.revelationOrder == int(s["revelation_order"]))
      #expect(e.firstAyahID == int(s["first_ayah_id"]) && e.lastAyahID == int(s["last_ayah_id"]))
      #expect(e.startPage == int(s["start_page"]) && e.endPage == int(s["end_page"]))
    }
  }

  @Test(arguments: ["juz", "hizb", "rub_al_hizb", "manzil", "ruku", "pages"])
  func everyDivisionMatches(key: String) throws {
    let records = try QuranDataFiles.records(try QuranDataFiles.load("metadata.json"), key)
    let lookup: (Int) -> AyahRange? = switch key {
    case "juz": Quran.juz
    case "hizb": Quran.hizb
    case "rub_al_hizb": Quran.rub
    case "manzil": Quran.manzil
    case "ruku": Quran.ruku
    default: Quran.page
    }
    for (i, r) in records.enumerated() {
      let range = try #require(lookup(i + 1))
      #expect(range.first == int(r["ayah_id"]), "\(key) \(i + 1) start")
      if key != "ruku" {
        #expect(range.last == int(r["end_ayah_id"]), "\(key) \(i + 1) end")
      }
    }
    #expect(lookup(records.count + 1) == nil)
    #expect(lookup(0) == nil)
  }

  @Test func sajdasMatch() throws {
    let records = try QuranDataFiles.records(try QuranDataFiles.load("metadata.json"), "sajdas")
    #expect(Quran.sajdas.map(\.ayahID) == records.map { int($0["ayah_id"]) })
    #expect(Quran.sajdas.map { $0.obligatory ? "obligatory" : "recommended" } == records.map { $0["type"] as? String })
    for (s, r) in zip(Quran.sajdas, records) { #expect(Quran.page(ofAyah: s.ayahID) == int(r["page"])) }
  }
}
