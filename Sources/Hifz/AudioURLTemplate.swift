import PlannerCore
/// A per-ayah audio URL template from the profile, e.g.
/// `https://example.org/{reciter}/{surah:03}{ayah:03}.mp3`.
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
    var out = ""
    let ref = Quran.ref(id)
    for p in parts {
      switch p {
      case .text(let s): out += s
      case .field(let name, let width):
        let n: Int
        switch name {
        case "reciter": out += reciter; continue
        case "surah": n = ref.surah
        case "ayah": n = ref.ayah
        case "id": n = id
        default: n = Quran.page(ofAyah: id)
        }
        let s = String(n)
        out += String(repeating: "0", count: max(0, width - s.count)) + s
      }
    }
    return out
  }
}
