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
    /// Literal text: these positions of `literals` (its UTF-8 bytes, no list of its own to
    /// retain and release per part of every URL).
    case text(Range<Int>)
    case field(Field, width: Int)
  }
  enum Field: String, Sendable, Hashable {
    case reciter, surah, ayah, id, page
  }
  let parts: [Part]
  /// The literal parts' UTF-8, one after another.
  let literals: [UInt8]
  public let text: String
  /// How many `{reciter}` and number placeholders there are: a URL's length is at most the
  /// literals', the reciter's per `{reciter}` and 20 digits (or the width) per number.
  private let reciterFields: Int
  private let numberRoom: Int

  public init(parsing text: String) throws(PlanEngineError) {
    self.text = text
    var parts: [Part] = []
    var literals: [UInt8] = []
    var literal = ""
    var rest = Substring(text)
    func bad(_ why: String) -> PlanEngineError {
      .invalidValue(keyPath: "quran.audioURLTemplate", value: text, expected: why)
    }
    func flush() {
      guard !literal.isEmpty else { return }
      let start = literals.count
      literals += literal.utf8
      parts.append(.text(start..<literals.count))
      literal = ""
    }
    while let c = rest.first {
      rest = rest.dropFirst()
      if c == "}" { throw bad("a '{' before every '}'") }
      guard c == "{" else { literal.append(c); continue }
      guard let close = rest.firstIndex(of: "}") else { throw bad("a closing '}'") }
      let body = rest[..<close]
      rest = rest[rest.index(after: close)...]
      let pieces = body.split(separator: ":", omittingEmptySubsequences: false)
      guard let field = Field(rawValue: String(pieces[0])) else {
        throw bad("placeholders {reciter}, {surah}, {ayah}, {id}, {page} (with an optional width, {surah:03}); not {\(body)}")
      }
      var width = 0
      if pieces.count == 2 {
        guard field != .reciter, let w = Int(pieces[1]), w >= 1, w <= 9 else { throw bad("a width from 1 to 9 after a number placeholder, e.g. {surah:03}") }
        width = w
      } else if pieces.count > 2 { throw bad("one ':' at most in a placeholder") }
      flush()
      parts.append(.field(field, width: width))
    }
    flush()
    self.parts = parts
    self.literals = literals
    var reciters = 0, room = 0
    for p in parts {
      if case .field(let f, let width) = p { if f == .reciter { reciters += 1 } else { room += max(20, width) } }
    }
    reciterFields = reciters
    numberRoom = room
  }

  /// The URL of one ayah.
  public func url(ayahID id: Int, reciter: String) -> String {
    AudioURLSpelling(template: self, reciter: reciter).url(ayahID: id)
  }

  /// The most bytes a URL takes with a reciter's name of `nameCount` bytes.
  func capacity(nameCount: Int) -> Int { literals.count + reciterFields * nameCount + numberRoom }

  /// Writes the URL of one ayah at `out` (room for ``capacity(nameCount:)``), the reciter's
  /// name given as its UTF-8; returns the bytes written.
  func write(ayahID id: Int, name: UnsafeBufferPointer<UInt8>, at out: UnsafeMutablePointer<UInt8>) -> Int {
    var at = 0
    let ref = Quran.ref(id)
    literals.withUnsafeBufferPointer { lit in
      parts.withUnsafeBufferPointer { parts in
        for p in parts {
          switch p {
          case .text(let r):
            (out + at).update(from: lit.baseAddress! + r.lowerBound, count: r.count)
            at += r.count
          case .field(.reciter, _):
            if let base = name.baseAddress { (out + at).update(from: base, count: name.count) }
            at += name.count
          case .field(let field, let width):
            let n = switch field {
            case .surah: ref.surah
            case .ayah: ref.ayah
            case .id: id
            default: Quran.page(ofAyah: id)
            }
            at += Self.writeDecimal(n, width: width, at: out + at)
          }
        }
      }
    }
    return at
  }

  /// `String(n)` as UTF-8 at `p`, after `width - String(n).count` zeros when that is positive;
  /// returns the bytes written (at most 20 or `width`).
  static func writeDecimal(_ n: Int, width: Int, at p: UnsafeMutablePointer<UInt8>) -> Int {
    let length = ByteNumberFormat.writeInt(Int64(n), at: p)
    guard width > length else { return length }
    let zeros = width - length
    (p + zeros).update(from: p, count: length)  // (overlapping: moves backwards, as memmove)
    p.update(repeating: UInt8(ascii: "0"), count: zeros)
    return width
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
    return (try defaultTemplate.get(), r.folder)
  }

  /// The default template, parsed once (it was parsed again for every plan).
  private static let defaultTemplate = Result { () throws(PlanEngineError) in
    try AudioURLTemplate(parsing: ReciterCatalog.defaultTemplate)
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
    AudioURLSpelling(template: self, reciter: reciter).files(item: item, ranges: ranges)
  }
}
