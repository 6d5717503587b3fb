import Foundation
import PlannerCore
/// A per-ayah audio URL template: the profile's own, e.g.
/// `https://example.org/{reciter}/{surah:03}{ayah:03}.mp3`, or by default
/// ``ReciterCatalog/defaultTemplate`` (everyayah.com's `SSSAAA.mp3` layout, one folder per
/// reciter of ``ReciterCatalog``).
///
/// Placeholders: `{reciter}`, `{surah}`, `{ayah}`, `{id}` (global ayah number), `{page}`;
/// numbers take an optional zero-padded width, `{surah:03}`. Anything else in braces is an error,
/// found when the template is parsed, not when a plan is built. No network access: this only
/// builds strings.
public struct AudioURLTemplate: Sendable, Hashable {
  enum Part: Sendable, Hashable {
    case text(String)
    case field(String, width: Int)
  }
  let parts: [Part]
  public let text: String

  public init(parsing text: String) throws(PlanEngineError) {
    self.text = text
    var parts: [Part] = []
    var literal = ""
    var rest = Substring(text)
    func bad(_ why: String) -> PlanEngineError {
      .invalidValue(keyPath: "quran.audioURLTemplate", value: text, expected: why)
    }
    while let c = rest.first {
      rest = rest.dropFirst()
      if c == "}" { throw bad("a '{' before every '}'") }
      guard c == "{" else { literal.append(c); continue }
      guard let close = rest.firstIndex(of: "}") else { throw bad("a closing '}'") }
      let body = rest[..<close]
      rest = rest[rest.index(after: close)...]
      let pieces = body.split(separator: ":", omittingEmptySubsequences: false)
      let name = String(pieces[0])
      guard ["reciter", "surah", "ayah", "id", "page"].contains(name) else {
        throw bad("placeholders {reciter}, {surah}, {ayah}, {id}, {page} (with an optional width, {surah:03}); not {\(body)}")
      }
      var width = 0
      if pieces.count == 2 {
        guard name != "reciter", let w = Int(pieces[1]), w >= 1, w <= 9 else { throw bad("a width from 1 to 9 after a number placeholder, e.g. {surah:03}") }
        width = w
      } else if pieces.count > 2 { throw bad("one ':' at most in a placeholder") }
      if !literal.isEmpty { parts.append(.text(literal)); literal = "" }
      parts.append(.field(name, width: width))
    }
    if !literal.isEmpty { parts.append(.text(literal)) }
    self.parts = parts
  }

  /// The URL of one ayah.
  public func url(ayahID id: Int, reciter: String) -> String {
    // Built as UTF-8 bytes (a plan has a URL per ayah): the same text as string concatenation.
    var out: [UInt8] = []
    out.reserveCapacity(text.utf8.count + reciter.utf8.count + 16)
    let ref = Quran.ref(id)
    for p in parts {
      switch p {
      case .text(let s): out.append(contentsOf: s.utf8)
      case .field(let name, let width):
        let n: Int
        switch name {
        case "reciter": out.append(contentsOf: reciter.utf8); continue
        case "surah": n = ref.surah
        case "ayah": n = ref.ayah
        case "id": n = id
        default: n = Quran.page(ofAyah: id)
        }
        Self.appendDecimal(n, width: width, to: &out)
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// `String(n)` as UTF-8, after `width - String(n).count` zeros when that is positive.
  static func appendDecimal(_ n: Int, width: Int, to out: inout [UInt8]) {
    let start = out.count
    ByteNumberFormat.writeInt(Int64(n), into: &out)
    let length = out.count - start
    if width > length { out.insert(contentsOf: repeatElement(UInt8(ascii: "0"), count: width - length), at: start) }
  }

}

extension AudioURLTemplate {
  /// The template and reciter a plan's audio uses: the profile's own template with
  /// `quran.reciter` as typed, or the default template with the catalogue folder of
  /// `quran.reciter` (a folder or an alias such as `Husary`). Nil when the default template has
  /// no folder for the reciter (a profile written before the catalogue: no audio, as before;
  /// `planner config` refuses such a reciter).
  public static func resolved(_ settings: QuranSettings) throws(PlanEngineError) -> (template: AudioURLTemplate, reciter: String)? {
    if let own = settings.audioURLTemplate { return (try AudioURLTemplate(parsing: own), settings.reciter) }
    guard let r = ReciterCatalog.reciter(named: settings.reciter) else { return nil }
    return (try AudioURLTemplate(parsing: ReciterCatalog.defaultTemplate), r.folder)
  }

  /// Refuses a reciter the default template cannot name (the settings' own template takes any).
  public static func validateReciter(_ settings: QuranSettings) throws(PlanEngineError) {
    if settings.reciter.trimmingCharacters(in: .whitespaces).isEmpty {
      throw .invalidValue(keyPath: "quran.reciter", value: settings.reciter, expected: "a reciter's name")
    }
    if settings.audioURLTemplate == nil && ReciterCatalog.reciter(named: settings.reciter) == nil {
      throw .invalidValue(keyPath: "quran.reciter", value: settings.reciter,
                          expected: "a reciter of the default audio (\(ReciterCatalog.choices)), or your own quran.audioURLTemplate first")
    }
  }

  /// The audio files of one plan item, in recitation order: before ayah 1 of every surah but
  /// Al-Fatiha (whose first ayah is the basmala) and At-Tawba (recited without it), the
  /// basmala as its own file (the reciter's 1:1, `basmala: true`), then every ayah.
  public func files(item: Int, ranges: [AyahRange], reciter: String) -> [QuranAudioFile] {
    var out: [QuranAudioFile] = []
    for r in ranges {
      for id in r.ids {
        let ref = Quran.ref(id)
        if ref.ayah == 1 && ref.surah != 1 && ref.surah != 9 {
          out.append(QuranAudioFile(item: item, ayah: AyahRef(surah: 1, ayah: 1), url: url(ayahID: 1, reciter: reciter), basmala: true))
        }
        out.append(QuranAudioFile(item: item, ayah: ref, url: url(ayahID: id, reciter: reciter)))
      }
    }
    return out
  }
}
