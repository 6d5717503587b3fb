import PlannerCore
/// The structure of the Quran (Hafs, 6,236 ayahs) on the 15-line Madani mushaf of 604 pages.
///
/// Ayahs are named by their global id in mushaf order, 1 (1:1) … 6236 (114:6), or by an
/// ``AyahRef`` (surah:ayah). Every lookup is an array index into tables decoded once at first
/// use (see `QuranTables`). Only the 15-line Madani layout ships; ``layout`` names it so that
/// profiles can say which one they use.
public enum Quran {
  public static let layout = "madani-15"
  public static let ayahCount = 6236
  public static let surahCount = 114
  public static let pageCount = 604
  public static let juzCount = 30
  public static let hizbCount = 60
  public static let rubCount = 240
  public static let manzilCount = 7
  /// Lines of ayah text in the mushaf (surah-name and basmala lines left out).
  public static let ayahTextLines = 8820

  static var t: QuranTables { QuranTables.shared }

  // MARK: ayah ids

  @inlinable public static func isValid(ayahID id: Int) -> Bool { id >= 1 && id <= ayahCount }

  /// The global id of `surah:ayah`, or an error naming what does not exist.
  public static func ayahID(surah: Int, ayah: Int) throws(PlanEngineError) -> Int {
    guard surah >= 1 && surah <= surahCount else {
      throw .unknownQuranReference("\(surah):\(ayah)", reason: "there are \(surahCount) surahs")
    }
    let count = t.surahAyahCount[surah]
    guard ayah >= 1 && ayah <= count else {
      throw .unknownQuranReference(
        "\(surah):\(ayah)", reason: "surah \(surah) (\(surahName(surah))) has \(count) ayahs")
    }
    return t.surahFirstAyah[surah] + ayah - 1
  }

  public static func ayahID(_ ref: AyahRef) throws(PlanEngineError) -> Int {
    try ayahID(surah: ref.surah, ayah: ref.ayah)
  }

  /// The reference of a valid ayah id (precondition: 1…6236).
  public static func ref(_ id: Int) -> AyahRef {
    AyahRef(surah: Int(t.surahOfAyah[id]), ayah: Int(t.ayahInSurah[id]))
  }
  public static func surah(ofAyah id: Int) -> Int { Int(t.surahOfAyah[id]) }

  // MARK: per-ayah measures

  /// Page (1…604) on which the ayah begins (and, in this layout, ends).
  public static func page(ofAyah id: Int) -> Int { Int(t.page[id]) }
  public static func juz(ofAyah id: Int) -> Int { Int(t.juz[id]) }
  /// Rub' al-hizb (hizb quarter) 1…240.
  public static func rub(ofAyah id: Int) -> Int { Int(t.rub[id]) }
  public static func hizb(ofAyah id: Int) -> Int { (rub(ofAyah: id) + 3) / 4 }
  public static func manzil(ofAyah id: Int) -> Int {
    var m = manzilCount
    while t.manzilStart[m] > id { m -= 1 }
    return m
  }
  /// Mushaf line (1…15; 1…8 on pages 1 and 2) holding the ayah's first word.
  public static func lineStart(ofAyah id: Int) -> Int { Int(t.lineStart[id]) }
  /// Mushaf line holding the ayah's last word (same page).
  public static func lineEnd(ofAyah id: Int) -> Int { Int(t.lineEnd[id]) }
  public static func words(ofAyah id: Int) -> Int { Int(t.words[id]) }
  public static func letters(ofAyah id: Int) -> Int { Int(t.letters[id]) }
  /// Lines the ayah fills, in ten-thousandths of a mushaf line (the data's `line_share`).
  public static func lineShare(ofAyah id: Int) -> Int { Int(t.lineShare[id]) }

  /// Lines a contiguous run of ayahs fills, in ten-thousandths of a line (O(1)).
  public static func lineShare(from first: Int, through last: Int) -> Int {
    Int(t.lineSharePrefix[last] - t.lineSharePrefix[first - 1])
  }
  public static func lineShare(_ range: AyahRange) -> Int { lineShare(from: range.first, through: range.last) }
  /// Lines a range fills, as a number of mushaf lines.
  public static func lines(_ range: AyahRange) -> Double { Double(lineShare(range)) / 10_000 }

  // MARK: divisions

  /// First and last ayah id of a division, 1-based index; nil when it does not exist.
  static func division(_ starts: [Int], _ index: Int) -> AyahRange? {
    guard index >= 1 && index < starts.count else { return nil }
    let last = index + 1 < starts.count ? starts[index + 1] - 1 : ayahCount
    return AyahRange(uncheckedFirst: starts[index], last: last)
  }
  public static func page(_ n: Int) -> AyahRange? { division(t.pageStart, n) }
  public static func juz(_ n: Int) -> AyahRange? { division(t.juzStart, n) }
  public static func hizb(_ n: Int) -> AyahRange? { division(t.hizbStart, n) }
  public static func rub(_ n: Int) -> AyahRange? { division(t.rubStart, n) }
  public static func manzil(_ n: Int) -> AyahRange? { division(t.manzilStart, n) }
  public static func ruku(_ n: Int) -> AyahRange? { division(t.rukuStart, n) }
  public static var rukuCount: Int { t.rukuStart.count - 1 }
  /// The whole surah `n` as a range.
  public static func surahRange(_ n: Int) -> AyahRange? {
    guard n >= 1 && n <= surahCount else { return nil }
    return AyahRange(uncheckedFirst: t.surahFirstAyah[n], last: t.surahFirstAyah[n] + t.surahAyahCount[n] - 1)
  }

  /// The 15 sajdas (prostration ayahs), in mushaf order.
  public static var sajdas: [Sajda] {
    zip(t.sajdaAyahs, t.sajdaObligatory).map { Sajda(ayahID: $0.0, obligatory: $0.1) }
  }

  // MARK: surahs

  public static func surah(_ n: Int) -> Surah? {
    guard n >= 1 && n <= surahCount else { return nil }
    return Surah(number: n)
  }
  public static var surahs: [Surah] { (1...surahCount).map { Surah(number: $0) } }

  /// The surah's name in the given style (Arabic for Arabic output, the data's transliteration
  /// elsewhere). Precondition: 1…114.
  public static func surahName(_ n: Int, style: SurahNameStyle = .transliterated) -> String {
    switch style {
    case .arabic: return QuranData.surahNamesArabic[n - 1]
    case .transliterated: return QuranData.surahNamesTransliterated[n - 1]
    case .english: return QuranData.surahNamesEnglish[n - 1]
    }
  }
}

/// How a surah is named in output.
public enum SurahNameStyle: String, Sendable, Codable, CaseIterable {
  /// `الفاتحة`: for Arabic output.
  case arabic
  /// `Al-Faatiha`, Tanzil's transliteration: for every other locale.
  case transliterated
  /// `The Opening`: the meaning in English.
  case english
}

/// A surah and its facts, from Tanzil's metadata.
public struct Surah: Sendable, Hashable {
  public let number: Int
  public var ayahCount: Int { Quran.t.surahAyahCount[number] }
  public var firstAyahID: Int { Quran.t.surahFirstAyah[number] }
  public var lastAyahID: Int { firstAyahID + ayahCount - 1 }
  public var range: AyahRange { AyahRange(uncheckedFirst: firstAyahID, last: lastAyahID) }
  public var nameArabic: String { Quran.surahName(number, style: .arabic) }
  public var nameTransliterated: String { Quran.surahName(number, style: .transliterated) }
  public var nameEnglish: String { Quran.surahName(number, style: .english) }
  /// `Meccan` or `Medinan` (Tanzil's classification).
  public var revelationPlace: String { Quran.t.surahMeccan[number] ? "Meccan" : "Medinan" }
  public var revelationOrder: Int { Quran.t.surahRevelationOrder[number] }
  /// Page where the first ayah begins, and page where the last ayah begins.
  public var startPage: Int { Quran.page(ofAyah: firstAyahID) }
  public var endPage: Int { Quran.page(ofAyah: lastAyahID) }
}

/// An ayah where a prostration is made.
public struct Sajda: Sendable, Hashable {
  public let ayahID: Int
  /// Tanzil's label: `obligatory` for 32:15, 41:38, 53:62 and 96:19, `recommended` otherwise.
  public let obligatory: Bool
}
