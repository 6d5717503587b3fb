import PlannerCore
/// One ayah named the way people write it: surah and ayah number within the surah.
/// In JSON an ayah is its `"78:5"` string.
public struct AyahRef: Sendable, Hashable, Comparable, CustomStringConvertible {
  public let surah: Int
  public let ayah: Int
  public init(surah: Int, ayah: Int) { self.surah = surah; self.ayah = ayah }
  public var description: String { "\(surah):\(ayah)" }
  public static func < (a: AyahRef, b: AyahRef) -> Bool { (a.surah, a.ayah) < (b.surah, b.ayah) }

  /// Parses `78:5`. Errors name what does not exist.
  public init(parsing text: String) throws(PlanEngineError) {
    let t = text.filter { !$0.isWhitespace }
    let parts = t.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, let s = Int(parts[0]), let a = Int(parts[1]) else {
      throw .unknownQuranReference(text, reason: "expected an ayah as SURAH:AYAH, e.g. 78:5")
    }
    let id = try Quran.ayahID(surah: s, ayah: a)
    self = Quran.ref(id)
  }
}

/// A contiguous run of ayahs in mushaf order, both ends included, held as global ayah ids.
///
/// Parsed the way people write ranges (see ``init(parsing:)``) and printed one canonical way
/// (``description``): `78:1-16` within a surah, `78:38-79:5` across surahs, `78` for a whole
/// surah, `78-80` for whole surahs, `78:5` for one ayah. In JSON a range is its canonical string.
public struct AyahRange: Sendable, Hashable, Comparable {
  public let first: Int
  public let last: Int

  /// A range of valid ids, first ≤ last; otherwise an error.
  public init(first: Int, last: Int) throws(PlanEngineError) {
    guard let range = AyahRange(checkedFirst: first, last: last) else {
      guard Quran.isValid(ayahID: first), Quran.isValid(ayahID: last) else {
        throw .unknownQuranReference("ayah ids \(first)-\(last)", reason: "ayah ids run from 1 to \(Quran.ayahCount)")
      }
      throw .unknownQuranReference(
        "\(Quran.ref(first))-\(Quran.ref(last))", reason: "the range runs backwards (its end comes before its start)")
    }
    self = range
  }

  /// The same range, nil where ``init(first:last:)`` throws (a reader that refuses a damaged
  /// record as a whole: no error made to be dropped; inlinable, as a snapshot reads hundreds).
  @inlinable
  public init?(checkedFirst first: Int, last: Int) {
    guard Quran.isValid(ayahID: first), Quran.isValid(ayahID: last), first <= last else { return nil }
    self.first = first; self.last = last
  }
  package init(uncheckedFirst first: Int, last: Int) { self.first = first; self.last = last }

  public init(_ from: AyahRef, _ to: AyahRef) throws(PlanEngineError) {
    try self.init(first: try Quran.ayahID(from), last: try Quran.ayahID(to))
  }

  public var count: Int { last - first + 1 }
  public var ids: ClosedRange<Int> { first...last }
  public var start: AyahRef { Quran.ref(first) }
  public var end: AyahRef { Quran.ref(last) }
  public func contains(_ id: Int) -> Bool { id >= first && id <= last }
  public func overlaps(_ o: AyahRange) -> Bool { first <= o.last && o.first <= last }
  public static func < (a: AyahRange, b: AyahRange) -> Bool { (a.first, a.last) < (b.first, b.last) }
  /// The smallest range holding both.
  public func union(_ o: AyahRange) -> AyahRange { AyahRange(uncheckedFirst: min(first, o.first), last: max(last, o.last)) }

  /// Parses a reference the way people write it (spaces and case ignored):
  /// `78:1-78:16`, `78:1-16`, `78:38-79:5`, `78:5` (one ayah), `78` (a whole surah),
  /// `78-80` (whole surahs), `p582` or `page582` (a page), `juz30`, `hizb59`, `rub233`, and runs
  /// of one division: `juz29-30` (or `juz29-juz30`), `p1-20`, `hizb59-60`.
  public init(parsing text: String) throws(PlanEngineError) {
    let t = String(text.lowercased().filter { !$0.isWhitespace })
    func fail(_ reason: String) -> PlanEngineError { .unknownQuranReference(text, reason: reason) }
    let expected = "expected a surah (78), ayahs (78:1-16, 78:38-79:5), a page (p582) or a juz (juz30)"
    guard !t.isEmpty else { throw fail(expected) }

    for (prefix, kind, count) in [("page", "page", Quran.pageCount), ("p", "page", Quran.pageCount),
                                  ("juz", "juz", Quran.juzCount), ("hizb", "hizb", Quran.hizbCount),
                                  ("rub", "rub'", Quran.rubCount)] where t.hasPrefix(prefix) {
      // One division (`juz30`) or a run of them (`juz29-30`, `juz29-juz30`, `p1-p20`).
      let halves = t.dropFirst(prefix.count).split(separator: "-", omittingEmptySubsequences: false)
      guard halves.count <= 2 else { throw fail(expected) }
      func division(_ text: Substring) throws(PlanEngineError) -> AyahRange {
        var text = text
        for p in [prefix, kind == "page" ? "page" : prefix, kind == "page" ? "p" : prefix] where text.hasPrefix(p) {
          text = text.dropFirst(p.count); break
        }
        guard let n = Int(text) else { throw fail(expected) }
        let r: AyahRange?
        switch kind {
        case "page": r = Quran.page(n)
        case "juz": r = Quran.juz(n)
        case "hizb": r = Quran.hizb(n)
        default: r = Quran.rub(n)
        }
        guard let r else { throw fail("there are \(count) \(kind == "juz" ? "juz" : kind + "s") (1-\(count))") }
        return r
      }
      let a = try division(halves[0]), b = halves.count == 2 ? try division(halves[1]) : a
      guard a.first <= b.first else { throw fail("the range runs backwards: \(halves[1]) comes before \(halves[0])") }
      self.init(uncheckedFirst: a.first, last: b.last)
      return
    }

    let sides = t.split(separator: "-", omittingEmptySubsequences: false)
    guard sides.count == 1 || sides.count == 2, sides.allSatisfy({ !$0.isEmpty }) else { throw fail(expected) }
    // Each side is SURAH or SURAH:AYAH; a bare number after `S:A-` is an ayah of surah S.
    func point(_ s: Substring, isEnd: Bool, surahOfStart: Int?) throws(PlanEngineError) -> Int {
      let parts = s.split(separator: ":", omittingEmptySubsequences: false)
      if parts.count == 2 {
        guard let su = Int(parts[0]), let a = Int(parts[1]) else { throw fail(expected) }
        return try Quran.ayahID(surah: su, ayah: a)
      }
      guard parts.count == 1, let n = Int(parts[0]) else { throw fail(expected) }
      if let surahOfStart { return try Quran.ayahID(surah: surahOfStart, ayah: n) }
      guard let whole = Quran.surahRange(n) else {
        throw fail("there are \(Quran.surahCount) surahs, and \(n) is not one of them")
      }
      return isEnd ? whole.last : whole.first
    }
    let startIsAyah = sides[0].contains(":")
    let first = try point(sides[0], isEnd: false, surahOfStart: nil)
    if sides.count == 1 {
      let last = startIsAyah ? first : try point(sides[0], isEnd: true, surahOfStart: nil)
      self.init(uncheckedFirst: first, last: last)
      return
    }
    let last = try point(sides[1], isEnd: true, surahOfStart: startIsAyah && !sides[1].contains(":") ? Quran.surah(ofAyah: first) : nil)
    guard first <= last else {
      throw fail("the range runs backwards: \(Quran.ref(last)) comes before \(Quran.ref(first))")
    }
    self.init(uncheckedFirst: first, last: last)
  }
}

extension AyahRange: CustomStringConvertible {
  /// The canonical form: `78:1-16`, `78:38-79:5`, `78`, `78-80`, `78:5`.
  public var description: String {
    let a = start, b = end
    let wholeFirst = a.ayah == 1, wholeLast = b.ayah == Surah(number: b.surah).ayahCount
    if wholeFirst && wholeLast { return a.surah == b.surah ? "\(a.surah)" : "\(a.surah)-\(b.surah)" }
    if first == last { return "\(a)" }
    if a.surah == b.surah { return "\(a.surah):\(a.ayah)-\(b.ayah)" }
    return "\(a)-\(b)"
  }

  /// The range with surah names: `An-Naba 1-16`, `An-Naba 38 – An-Naazi'aat 5`, `An-Naba`.
  public func named(_ style: SurahNameStyle = .transliterated) -> String {
    let a = start, b = end
    let na = Quran.surahName(a.surah, style: style), nb = Quran.surahName(b.surah, style: style)
    let wholeFirst = a.ayah == 1, wholeLast = b.ayah == Surah(number: b.surah).ayahCount
    if wholeFirst && wholeLast { return a.surah == b.surah ? na : "\(na) – \(nb)" }
    if first == last { return "\(na) \(a.ayah)" }
    if a.surah == b.surah { return "\(na) \(a.ayah)-\(b.ayah)" }
    return "\(na) \(a.ayah) – \(nb) \(b.ayah)"
  }
}

extension AyahRange: CanonicalTextCodable {
  public init(canonicalText text: String, keyPath: String) throws(PlanEngineError) { try self.init(parsing: text) }
}

extension AyahRef: CanonicalTextCodable {
  public init(canonicalText text: String, keyPath: String) throws(PlanEngineError) { try self.init(parsing: text) }
}
