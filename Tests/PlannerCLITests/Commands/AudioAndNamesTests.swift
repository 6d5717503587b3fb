import Foundation
import Hifz
import Localization
import PlannerCore
import Testing
import TestSupport
@testable import PlannerCLI

/// The audio manifest's default template and basmala, and the Arabic surah names against the
/// embedded Tanzil data (issue #14).
@Suite("Audio manifest and Arabic surah names")
struct AudioAndNamesTests {
  let root: String
  /// 2026-11-30T12:00:00Z.
  let now = Date(timeIntervalSince1970: 1_796_040_000)
  init() { root = TemporaryFolder.make("planner-audio") }
  func run(_ args: [String]) -> CLIRun { runCLI(args, now: now, in: root) }

  @Test("the default template is everyayah's SSSAAA.mp3 under the catalogue folder; Husary is an alias")
  func defaultTemplate() throws {
    let s = QuranSettings(dailyMinutes: 20)
    #expect(s.reciter == "Husary" && s.audioURLTemplate == nil)
    let resolved = try #require(try AudioURLTemplate.resolved(s))
    #expect(resolved.reciter == "Husary_128kbps")
    #expect(resolved.template.url(ayahID: try Quran.ayahID(surah: 2, ayah: 255), reciter: resolved.reciter)
      == "https://everyayah.com/data/Husary_128kbps/002255.mp3")
    for folder in ["Alafasy_128kbps", "Husary_128kbps", "Abdul_Basit_Murattal_192kbps", "Minshawy_Murattal_128kbps"] {
      #expect(ReciterCatalog.reciter(named: folder)?.folder == folder)
      #expect(ReciterCatalog.reciter(named: folder.lowercased())?.folder == folder)
    }
    #expect(Set(ReciterCatalog.reciters.map(\.folder)).count == ReciterCatalog.reciters.count)
    // A reciter the catalogue does not know: no audio with the default template, any with one's own.
    #expect(try AudioURLTemplate.resolved(QuranSettings(dailyMinutes: 20, reciter: "Someone")) == nil)
    let own = try #require(try AudioURLTemplate.resolved(QuranSettings(dailyMinutes: 20, reciter: "Someone", audioURLTemplate: "https://x/{reciter}/{id}.mp3")))
    #expect(own.reciter == "Someone" && own.template.url(ayahID: 7, reciter: own.reciter) == "https://x/Someone/7.mp3")
  }

  @Test("the basmala is its own file before ayah 1 of every surah but Al-Fatiha and At-Tawba")
  func basmala() throws {
    let t = try AudioURLTemplate(parsing: ReciterCatalog.defaultTemplate)
    func files(_ text: String) throws -> [String] {
      try t.files(item: 0, ranges: [AyahRange(parsing: text)], reciter: "Alafasy_128kbps").map {
        ($0.basmala == true ? "B " : "") + $0.url.replacingOccurrences(of: "https://everyayah.com/data/Alafasy_128kbps/", with: "")
      }
    }
    #expect(try files("1:1-3") == ["001001.mp3", "001002.mp3", "001003.mp3"])
    #expect(try files("9:1-2") == ["009001.mp3", "009002.mp3"])
    #expect(try files("78:5-6") == ["078005.mp3", "078006.mp3"])
    #expect(try files("112-113:2") == ["B 001001.mp3", "112001.mp3", "112002.mp3", "112003.mp3", "112004.mp3",
                                       "B 001001.mp3", "113001.mp3", "113002.mp3"])
    #expect(try files("8:75-9:1") == ["008075.mp3", "009001.mp3"])
  }

  @Test("a new juz-30 learner's plan lists the default audio: the basmala, then An-Nas")
  func learnerPlanAudio() throws {
    #expect(run(["init", "a", "--timezone", "UTC", "--set", "quran.scope=juz30"]).code == 0)
    let r = run(["today", "a", "--date", "2026-11-30", "--format", "json"])
    #expect(r.code == 0)
    let plan = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
    let audio = try #require(plan["audio"] as? [String: Any])
    #expect(audio["reciter"] as? String == "Husary_128kbps")
    #expect(audio["template"] as? String == "https://everyayah.com/data/{reciter}/{surah:03}{ayah:03}.mp3")
    let files = try #require(audio["files"] as? [[String: Any]])
    #expect(files.prefix(2).map { $0["url"] as? String } == [
      "https://everyayah.com/data/Husary_128kbps/001001.mp3", "https://everyayah.com/data/Husary_128kbps/114001.mp3"])
    #expect(files.first?["basmala"] as? Bool == true && files.dropFirst().allSatisfy { $0["basmala"] == nil })
    // `planner config` chooses the reciter from the catalogue.
    #expect(run(["config", "a", "quran.reciter", "Minshawy_Murattal_128kbps"]).code == 0)
    let again = run(["today", "a", "--date", "2026-11-30", "--format", "json"])
    #expect(again.out.contains("\"url\" : \"https://everyayah.com/data/Minshawy_Murattal_128kbps/114001.mp3\""))
  }

  @Test("the demo learner's plan uses the default audio, no example.org")
  func demoAudio() {
    let r = runCLI(["today", "--demo", "--format", "json"], now: now)
    #expect(r.code == 0)
    #expect(r.out.contains("https://everyayah.com/data/Husary_128kbps/") && !r.out.contains("example.org"))
  }

  @Test("the Arabic names differ from Tanzil's embedded ones in the six simplified spellings only")
  func namesAgainstTanzil() {
    let differing = (1...114).filter { SurahName.arabic(surah: $0) != Quran.surahName($0, style: .arabic) }
    #expect(differing == [14, 34, 76, 78, 82, 84])
    #expect(differing.map { Quran.surahName($0, style: .arabic) } == ["ابراهيم", "سبإ", "الانسان", "النبإ", "الإنفطار", "الإنشقاق"])
  }

  @Test("an audio file written before the basmala key still loads; the key is written only when true")
  func oldAudioFileJSON() throws {
    let old = try JSONDecoder().decode(QuranAudioFile.self, from: Data(#"{"item":0,"ayah":"78:1","url":"https://x/078001.mp3"}"#.utf8))
    #expect(old == QuranAudioFile(item: 0, ayah: AyahRef(surah: 78, ayah: 1), url: "https://x/078001.mp3"))
    #expect(old.basmala == nil)
    let encoded = String(decoding: try JSONEncoder().encode(old), as: UTF8.self)
    #expect(!encoded.contains("basmala"))
  }
}
