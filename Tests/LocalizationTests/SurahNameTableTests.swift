import Testing
@testable import Localization

/// The Arabic surah names as readers write them (`SurahName.arabicNames`, cited in
/// SurahName+Arabic.swift). PlannerCLITests' `SurahNamesAgainstTanzilTests` checks the table
/// differs from the embedded Tanzil data in the six names below only.
@Suite("Surah names in Arabic")
struct SurahNameTableTests {
  static let names = SurahName.arabicNames

  @Test("114 names, none twice, none empty, each of Arabic letters and spaces only")
  func table() {
    #expect(Self.names.count == 114)
    #expect(Set(Self.names).count == 114)
    for (i, n) in Self.names.enumerated() {
      #expect(!n.isEmpty, "surah \(i + 1)")
      #expect(n.unicodeScalars.allSatisfy { $0 == " " || (0x0621...0x064A).contains($0.value) }, "surah \(i + 1): \(n)")
    }
  }

  @Test("the six names Tanzil simplifies, as readers write them")
  func sixExamples() {
    let expected: [Int: String] = [14: "إبراهيم", 34: "سبأ", 76: "الإنسان", 78: "النبأ", 82: "الانفطار", 84: "الانشقاق"]
    for (n, name) in expected.sorted(by: { $0.key < $1.key }) {
      #expect(SurahName.arabic(surah: n) == name, "surah \(n)")
    }
  }

  @Test("each name starts with the article or is one of the 19 names without it")
  func article() {
    let withoutArticle = Set((1...114).filter { !Self.names[$0 - 1].hasPrefix("ال") })
    // Written out: Al 'Imran (آل), Yunus, Hud, Yusuf, Ibrahim, Maryam, Ta-Ha, Luqman, Saba, Fatir,
    // Ya-Sin, Sad, Ghafir, Fussilat, Muhammad, Qaf, Nuh, 'Abasa, Quraysh.
    #expect(withoutArticle == [3, 10, 11, 12, 14, 19, 20, 31, 34, 35, 36, 38, 40, 41, 47, 50, 71, 80, 106])
  }

  @Test("in Arabic the reader's name; elsewhere the transliteration; out of range empty")
  func localized() {
    let naba = SurahName(surah: 78, transliteration: "An-Naba")
    #expect(naba.localized(for: .arabic) == "النبأ")
    #expect(naba.localized(for: .english) == "An-Naba" && naba.localized(for: .ukrainian) == "An-Naba")
    #expect(SurahName.arabic(surah: 0) == "" && SurahName.arabic(surah: 115) == "")
  }
}
