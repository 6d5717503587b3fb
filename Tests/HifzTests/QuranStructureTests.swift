import Foundation
import Testing
@testable import Hifz

private func int(_ any: Any?) -> Int { (any as? NSNumber)?.intValue ?? Int.min }

/// The validation checks listed in Plans/quran/README.md, ported to the embedded data.
@Suite("Quran structure: the README's validation checks")
struct QuranStructureTests {
  @Test func ayahCounts() throws {
    #expect(Quran.surahs.reduce(0) { $0 + $1.ayahCount } == 6236)
    #expect(Quran.surahs.count == 114)
    #expect(Quran.surah(1)?.ayahCount == 7)
    #expect(Quran.surah(2)?.ayahCount == 286)
    #expect(Quran.surah(114)?.ayahCount == 6)
    for n in 2...114 { #expect(Quran.surah(n)!.firstAyahID == Quran.surah(n - 1)!.lastAyahID + 1) }
    #expect(Quran.surahs.filter { $0.revelationPlace == "Meccan" }.count == 86)
  }

  @Test func pages() throws {
    #expect(Quran.page(1)?.description == "1")
    #expect(Quran.page(1) == (try AyahRange(parsing: "1:1-1:7")))
    #expect(Quran.page(2)?.start == AyahRef(surah: 2, ayah: 1))
    #expect(Quran.page(604)?.description == "112-114")
    var next = 1
    for p in 1...604 {
      let r = try #require(Quran.page(p))
      #expect(r.first == next)
      next = r.last + 1
    }
    #expect(next == 6237)
    #expect(Quran.page(605) == nil)
  }

  @Test func divisions() throws {
    #expect(Quran.juz(30)?.start == AyahRef(surah: 78, ayah: 1))
    for j in 1...30 { #expect(Quran.juz(j)!.first == Quran.hizb(2 * j - 1)!.first) }
    for h in 1...60 { #expect(Quran.hizb(h)!.first == Quran.rub(4 * h - 3)!.first) }
    for r in 2...240 { #expect(Quran.rub(r)!.first > Quran.rub(r - 1)!.first) }
    #expect(Quran.rub(106)?.start == AyahRef(surah: 15, ayah: 49), "the README's correction")
    #expect(Quran.manzil(7)?.start == AyahRef(surah: 50, ayah: 1) && Quran.manzil(8) == nil)
    #expect(Quran.sajdas.count == 15)
    #expect(Quran.sajdas.filter(\.obligatory).map { Quran.ref($0.ayahID).description } == ["32:15", "41:38", "53:62", "96:19"])
    let id = try Quran.ayahID(surah: 78, ayah: 1)
    #expect(Quran.juz(ofAyah: id) == 30 && Quran.hizb(ofAyah: id) == 59 && Quran.manzil(ofAyah: id) == 7)
  }

  @Test func lines() throws {
    #expect(Quran.lineShare(from: 1, through: 6236) / 10_000 == 8820 || abs(Quran.lineShare(from: 1, through: 6236) - 88_200_000) <= 100)
    let ayat = try Quran.ayahID(surah: 2, ayah: 282)
    #expect(Quran.page(ofAyah: ayat) == 48 && Quran.lineStart(ofAyah: ayat) == 1 && Quran.lineEnd(ofAyah: ayat) == 15)
    #expect(Quran.page(48) == (try AyahRange(parsing: "2:282")))
    #expect(Quran.lineShare(ofAyah: ayat) == 150_000)
    for id in 1...6236 {
      #expect(Quran.lineStart(ofAyah: id) <= Quran.lineEnd(ofAyah: id))
      if id > 1 && Quran.page(ofAyah: id) == Quran.page(ofAyah: id - 1) {
        #expect(Quran.lineStart(ofAyah: id) >= Quran.lineEnd(ofAyah: id - 1))
      }
    }
  }

  /// The line file: 15 lines a page (8 on pages 1 and 2), every ayah word covered once in
  /// order, and its page starts equal to the embedded ones.
  @Test func lineFileAgreesWithEmbeddedLayout() throws {
    let lines = try QuranDataFiles.records(try QuranDataFiles.load("mushaf-lines.json"), "lines")
    #expect(lines.count == 9046)
    var perPage = [Int](repeating: 0, count: 605)
    var firstAyahOfPage = [Int](repeating: 0, count: 605)
    var lastLineOfAyah: [Int: (page: Int, line: Int)] = [:]
    for l in lines {
      let page = int(l["page"])
      perPage[page] += 1
      guard l["type"] as? String == "ayah" else { continue }
      let s = int(l["surah"])
      let a = try Quran.ayahID(surah: s, ayah: int(l["first_ayah"]))
      let b = try Quran.ayahID(surah: s, ayah: int(l["last_ayah"]))
      if firstAyahOfPage[page] == 0 { firstAyahOfPage[page] = a }
      if lastLineOfAyah[a] == nil && int(l["first_word"]) == 1 {
        #expect(Quran.page(ofAyah: a) == page && Quran.lineStart(ofAyah: a) == int(l["line"]), "start of \(Quran.ref(a))")
      }
      for id in a...b { lastLineOfAyah[id] = (page, int(l["line"])) }
    }
    #expect(perPage[1] == 8 && perPage[2] == 8 && perPage[3...].allSatisfy { $0 == 15 })
    for p in 1...604 { #expect(firstAyahOfPage[p] == Quran.page(p)!.first) }
    for id in 1...6236 {
      let end = try #require(lastLineOfAyah[id])
      #expect(end.page == Quran.page(ofAyah: id) && end.line == Quran.lineEnd(ofAyah: id))
    }
  }
}

@Suite("Quran structure: the line file covers every word once")
struct QuranLineWordCoverageTests {
  /// The ayah lines of mushaf-lines.json, read in order, cover every word of every ayah exactly
  /// once and in order (word numbering: the layout's `mushaf_words`).
  @Test func everyWordOnceInOrder() throws {
    let ayahs = try QuranDataFiles.records(try QuranDataFiles.load("ayah-words.json"), "ayahs")
    let wordsOf = [0] + ayahs.map { ($0["mushaf_words"] as? NSNumber)?.intValue ?? -1 }
    let lines = try QuranDataFiles.records(try QuranDataFiles.load("mushaf-lines.json"), "lines")
    var cursor = (ayah: 1, word: 1)
    var ayahLines = 0
    for l in lines where l["type"] as? String == "ayah" {
      ayahLines += 1
      func n(_ k: String) -> Int { (l[k] as? NSNumber)?.intValue ?? -1 }
      let s = n("surah")
      let first = try Quran.ayahID(surah: s, ayah: n("first_ayah")), last = try Quran.ayahID(surah: s, ayah: n("last_ayah"))
      #expect(first == cursor.ayah && n("first_word") == cursor.word, "page \(n("page")) line \(n("line"))")
      cursor = n("last_word") == wordsOf[last] ? (last + 1, 1) : (last, n("last_word") + 1)
    }
    #expect(ayahLines == Quran.ayahTextLines)
    #expect(cursor.ayah == Quran.ayahCount + 1 && cursor.word == 1)
  }
}
