import Foundation
import Testing
@testable import Hifz
@testable import PlannerCore

/// The Quran planner's cheap arrangements (plan speed, issue #18) equal the rules as written.
@Suite("Quran planner: history order, recent-revision scans and audio URLs equal the rules as written")
struct QuranPlanSpeedTests {
  static func recitations(seed: UInt64, count: Int) -> [QuranRecitation] {
    var rng = SplitMix64(seed: seed)
    let tiers: [QuranTier] = [.newLesson, .recentRevision, .oldRevision]
    return (0..<count).map { _ in
      let first = 1 + Int(rng.next() % 6000)
      let range = AyahRange(uncheckedFirst: first, last: min(Quran.ayahCount, first + Int(rng.next() % 4)))
      return QuranRecitation(day: EpochDay(20_000 + Int(rng.next() % 12)), range: range, tier: tiers[Int(rng.next() % 3)],
                             grade: .good, mistakes: Int(rng.next() % 3))
    }
  }

  @Test(arguments: [UInt64(1), 2, 3])
  func historyOrderIsTheStableSortByDayTierRange(seed: UInt64) {
    let rs = Self.recitations(seed: seed, count: 400)
    let reference = rs.sorted { ($0.day, $0.tier.rawValue, $0.range) < ($1.day, $1.tier.rawValue, $1.range) }
    #expect(QuranPlanner.historyOrder(rs) == reference)
    #expect(QuranPlanner.historyOrder(reference) == reference)
  }

  /// History in the fold's time order (days ascending, the tiers and ranges of a day in any
  /// order): sorted day by day, the same as the stable sort of everything; a day of many
  /// recitations (past the insertion sort's 16) too.
  @Test(arguments: [UInt64(6), 7, 8])
  func historyOrderOfDayOrderedRecitationsIsTheStableSort(seed: UInt64) {
    var rs = Self.recitations(seed: seed, count: 400)
    rs.sort { $0.day < $1.day }  // (stable: a day's recitations keep their random order)
    var rng = SplitMix64(seed: seed)
    let busy = EpochDay(20_100)
    for _ in 0..<40 {
      let first = 1 + Int(rng.next() % 6000)
      rs.append(QuranRecitation(day: busy, range: AyahRange(uncheckedFirst: first, last: first + Int(rng.next() % 2)),
                                tier: [.newLesson, .recentRevision][Int(rng.next() % 2)], grade: .good))
    }
    let reference = rs.sorted { ($0.day, $0.tier.rawValue, $0.range) < ($1.day, $1.tier.rawValue, $1.range) }
    #expect(QuranPlanner.historyOrder(rs) == reference)
    let some = rs.indices.filter { _ in rng.next() % 3 != 0 }
    #expect(QuranPlanner.historyOrder(rs, some) == QuranPlanner.historyOrder(some.map { rs[$0] }))
  }

  /// The whole-Quran goals' shared sequences are the stated orders.
  @Test func wholeQuranSequences() throws {
    let fatiha = try QuranProgress.sequence(of: QuranGoal(direction: .fromAlFatiha, startDate: EpochDay(0)))
    #expect(fatiha == Array(1...Quran.ayahCount))
    let nas = try QuranProgress.sequence(of: QuranGoal(direction: .fromAnNas, startDate: EpochDay(0)))
    #expect(nas == (1...Quran.surahCount).reversed().flatMap { Array(Quran.surahRange($0)!.ids) })
    let juz30 = try QuranProgress.sequence(of: QuranGoal(direction: .fromAnNas, scope: try AyahRange(parsing: "78-114"),
                                                         startDate: EpochDay(0)))
    #expect(juz30 == nas.filter { $0 >= (try! Quran.ayahID(surah: 78, ayah: 1)) })
  }

  @Test(arguments: [UInt64(4), 5])
  func lastRevisionIsTheLastLaterOverlappingOne(seed: UInt64) {
    let unordered = Self.recitations(seed: seed, count: 300)
    let ordered = QuranPlanner.historyOrder(unordered)
    for history in [unordered, ordered] {
      let inDayOrder = history.indices.dropFirst().allSatisfy { history[$0 - 1].day <= history[$0].day }
      #expect(inDayOrder == (history == ordered))
      for l in history where l.tier == .newLesson {
        let reference = history.filter { $0.tier != .newLesson && $0.day > l.day && $0.range.overlaps(l.range) }.last
        #expect(RecentRevision.lastRevision(afterDay: l.day, overlapping: l.range, in: history, inDayOrder: inDayOrder) == reference)
      }
    }
  }

  @Test func countNotAfterIsTheFilterCount() {
    let days = [3, 5, 6, 9, 20].map(EpochDay.init)
    for d in 0...25 {
      #expect(RecentRevision.countNotAfter(EpochDay(d), in: days) == days.filter { $0 <= EpochDay(d) }.count)
    }
    #expect(RecentRevision.countNotAfter(EpochDay(1), in: []) == 0)
  }

  @Test func decimalsAsStringPadding() {
    for n in [0, 1, 9, 10, 99, 100, 604, 6236, 123_456_789, -5, -42, Int.max, Int.min + 1] {
      for width in [0, 1, 3, 9] {
        let out = [UInt8](unsafeUninitializedCapacity: 32) { b, count in
          count = AudioURLTemplate.writeDecimal(n, width: width, at: b.baseAddress!)
        }
        let s = String(n)
        #expect(String(decoding: out, as: UTF8.self) == String(repeating: "0", count: max(0, width - s.count)) + s)
      }
    }
  }

  /// A plan's files spell their URLs from the template only when read or written: the text, the
  /// bytes, equality, hashing and JSON are those of the file made from the URL's string.
  @Test(arguments: ["https://everyayah.com/data/{reciter}/{surah:03}{ayah:03}.mp3", "x/{id}-{page:4}\"{reciter}\"", "fixed.mp3"])
  func spelledFilesAreTheirURLs(template text: String) throws {
    let template = try AudioURLTemplate(parsing: text)
    let spelling = AudioURLSpelling(template: template, reciter: "Husary_128kbps")
    let ranges = [AyahRange(uncheckedFirst: 1, last: 3), AyahRange(uncheckedFirst: 6220, last: 6236)]
    let files = spelling.files(item: 2, ranges: ranges)
    #expect(files.count == 3 + 17 + 3)  // 111:4 to 114:6, a basmala before 112:1, 113:1 and 114:1
    for f in files {
      let id = f.basmala == true ? 1 : try Quran.ayahID(surah: f.ayah.surah, ayah: f.ayah.ayah)
      let url = template.url(ayahID: id, reciter: "Husary_128kbps")
      #expect(f.url == url)
      #expect(f.withURL { String(decoding: $0, as: UTF8.self) } == url)
      let plain = QuranAudioFile(item: f.item, ayah: f.ayah, url: url, basmala: f.basmala)
      #expect(f == plain && plain == f && f.hashValue == plain.hashValue)
      let encoder = JSONEncoder()
      encoder.outputFormatting = .sortedKeys
      #expect(try encoder.encode(f) == encoder.encode(plain))
      #expect(try JSONDecoder().decode(QuranAudioFile.self, from: encoder.encode(f)) == f)
      var other = f
      other.url += "?"
      #expect(other != f && other.url == url + "?")
    }
    #expect(Set(files).count == files.count - 2)  // the basmala thrice, the same file
  }
}
