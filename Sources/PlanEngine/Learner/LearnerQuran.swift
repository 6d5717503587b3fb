import Foundation

/// The seam between the learner fold and the Quran structure: validate and canonicalise an
/// ayah range, split it into review units (mushaf pages), and measure it in mushaf lines.
///
/// Events store the range as its canonical string (`78:1-16`, `78:38-79:5`, `78`, `2:255`),
/// so the event format does not depend on this type.
/// TODO(quran): back these three functions with `AyahRange` from Sources/PlanEngine/Quran/
/// when it lands on main, and delete LearnerQuranData.swift.
public enum LearnerQuran {
  /// A range of ayahs by global ayah id (1…6236), inclusive.
  public struct Span: Sendable, Hashable {
    public var first: Int
    public var last: Int
  }

  static let surahStart: [Int] = {
    var starts = [1]
    for c in LearnerQuranData.ayahCounts { starts.append(starts.last! + c) }
    return starts  // starts[s-1] = id of s:1; starts[114] = 6237
  }()

  static func id(surah: Int, ayah: Int) -> Int { surahStart[surah - 1] + ayah - 1 }

  static func reference(_ id: Int) -> (surah: Int, ayah: Int) {
    var lo = 0, hi = 113
    while lo < hi {
      let mid = (lo + hi + 1) / 2
      if surahStart[mid] <= id { lo = mid } else { hi = mid - 1 }
    }
    return (lo + 1, id - surahStart[lo] + 1)
  }

  /// Parses `S`, `S1-S2`, `S:A`, `S:A-B`, `S:A-S2:B` and `pN` (a page); throws for what does not exist.
  public static func span(_ text: String) throws(PlanEngineError) -> Span {
    let t = text.trimmingCharacters(in: .whitespaces)
    func fail(_ reason: String) -> PlanEngineError { .unknownQuranReference(text, reason: reason) }
    if t.hasPrefix("p"), let page = Int(t.dropFirst()) {
      guard (1...604).contains(page) else { throw fail("the mushaf has pages 1–604") }
      let first = LearnerQuranData.pageFirstAyah[page - 1]
      let last = page == 604 ? 6236 : LearnerQuranData.pageFirstAyah[page] - 1
      return Span(first: first, last: last)
    }
    func ref(_ s: Substring, defaultSurah: Int?) throws(PlanEngineError) -> (Int, Int?) {
      let parts = s.split(separator: ":", omittingEmptySubsequences: false)
      if parts.count == 1, let n = Int(parts[0]) {
        if let defaultSurah { return (defaultSurah, n) }
        return (n, nil)
      }
      guard parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]) else {
        throw fail("expected SURAH, SURAH:AYAH, SURAH:AYAH-AYAH or SURAH:AYAH-SURAH:AYAH")
      }
      return (a, b)
    }
    func check(_ s: Int, _ a: Int?) throws(PlanEngineError) {
      guard (1...114).contains(s) else { throw fail("surah \(s) does not exist (1–114)") }
      if let a {
        let n = LearnerQuranData.ayahCounts[s - 1]
        guard (1...n).contains(a) else { throw fail("surah \(s) has ayahs 1–\(n)") }
      }
    }
    let halves = t.split(separator: "-", omittingEmptySubsequences: false)
    guard halves.count == 1 || halves.count == 2, !t.isEmpty else {
      throw fail("expected SURAH, SURAH:AYAH, SURAH:AYAH-AYAH or SURAH:AYAH-SURAH:AYAH")
    }
    let (s1, a1) = try ref(halves[0], defaultSurah: nil)
    try check(s1, a1)
    if halves.count == 1 {
      if let a1 { let i = id(surah: s1, ayah: a1); return Span(first: i, last: i) }
      return Span(first: id(surah: s1, ayah: 1), last: id(surah: s1, ayah: LearnerQuranData.ayahCounts[s1 - 1]))
    }
    guard let a1 else {
      // `78-114`: whole surahs.
      guard let s2 = Int(halves[1]) else { throw fail("expected SURAH-SURAH or SURAH:AYAH-…") }
      try check(s2, nil)
      guard s2 >= s1 else { throw fail("the range runs backwards") }
      return Span(first: id(surah: s1, ayah: 1), last: id(surah: s2, ayah: LearnerQuranData.ayahCounts[s2 - 1]))
    }
    let (s2, a2) = try ref(halves[1], defaultSurah: s1)
    try check(s2, a2)
    let first = id(surah: s1, ayah: a1)
    let last = id(surah: s2, ayah: a2 ?? 1)
    guard last >= first else { throw fail("the range runs backwards") }
    return Span(first: first, last: last)
  }

  /// The one way a range is printed: `78` (whole surah), `2:255`, `78:1-16`, `78:38-79:5`.
  public static func canonical(_ span: Span) -> String {
    let (s1, a1) = reference(span.first)
    let (s2, a2) = reference(span.last)
    if s1 == s2 {
      if a1 == 1 && a2 == LearnerQuranData.ayahCounts[s1 - 1] { return "\(s1)" }
      return a1 == a2 ? "\(s1):\(a1)" : "\(s1):\(a1)-\(a2)"
    }
    return "\(s1):\(a1)-\(s2):\(a2)"
  }

  /// Validates `text` and returns its canonical form.
  public static func canonicalRange(_ text: String) throws(PlanEngineError) -> String {
    canonical(try span(text))
  }

  /// The mushaf page (1…604) of a global ayah id.
  public static func page(ofAyah id: Int) -> Int {
    var lo = 0, hi = 603
    let starts = LearnerQuranData.pageFirstAyah
    while lo < hi {
      let mid = (lo + hi + 1) / 2
      if starts[mid] <= id { lo = mid } else { hi = mid - 1 }
    }
    return lo + 1
  }

  /// The review units a range touches: one per mushaf page, as `p1`…`p604`, in order.
  public static func reviewUnits(_ span: Span) -> [Int] {
    Array(page(ofAyah: span.first)...page(ofAyah: span.last))
  }

  /// Mushaf lines the range occupies (15-line Madani layout).
  public static func lines(_ span: Span) -> Double {
    var h = 0
    for i in span.first...span.last { h += Int(LearnerQuranData.lineShareHundredths[i - 1]) }
    return Double(h) / 100
  }
}
