import PlannerCore

/// The unit of old revision (manzil) and of the Quran memory model: a whole short surah, or a page.
///
/// A surah that lies on one page (30 of them, Al-Faatiha and most of juz 30) is its own unit,
/// since it is recited and remembered as a whole. Every other ayah belongs to the unit of its
/// page: the page minus its short surahs (one run of ayahs, except page 599, where surah 99
/// sits between the end of surah 98 and the start of surah 100). So every ayah is in exactly one
/// unit, and a mistake on an ayah weakens only that ayah's unit. In JSON a unit is `"p582"` or
/// `"s114"`.
public enum ReviewUnitID: Sendable, Hashable, Comparable, CustomStringConvertible {
  case page(Int)
  case surah(Int)

  public var description: String {
    switch self {
    case .page(let p): return "p\(p)"
    case .surah(let s): return "s\(s)"
    }
  }

  /// Parses `p582` or `s114`; nil when no such unit exists. The rule: `p` or `s`, then an
  /// integer as `Int` reads the rest (a sign allowed, leading zeros too), read from the bytes
  /// (a plan parses every unit key of the learner's table) with the one ASCII integer reader.
  public init?(_ text: String) {
    var text = text
    guard let id = text.withUTF8(Self.parsed) else { return nil }
    self = id
  }

  private static func parsed(_ b: UnsafeBufferPointer<UInt8>) -> ReviewUnitID? {
    guard let kind = b.first, kind == UInt8(ascii: "p") || kind == UInt8(ascii: "s"), let base = b.baseAddress,
      let n = ASCIIInteger.parse(base, 1, b.count).flatMap({ Int(exactly: $0) })
    else { return nil }
    let id: ReviewUnitID = kind == UInt8(ascii: "p") ? .page(n) : .surah(n)
    return ReviewUnits.index(of: id) != nil ? id : nil
  }

  /// Mushaf order: by first ayah.
  public static func < (a: ReviewUnitID, b: ReviewUnitID) -> Bool {
    ReviewUnits.firstAyah(a) < ReviewUnits.firstAyah(b)
  }
}

extension ReviewUnitID: Codable {
  public init(from decoder: any Decoder) throws {
    let text = try decoder.singleValueContainer().decode(String.self)
    guard let id = ReviewUnitID(text) else {
      throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
        debugDescription: "'\(text)' is not a review unit: expected p1…p604 (a page) or s1…s114 (a one-page surah)"))
    }
    self = id
  }
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.singleValueContainer()
    try c.encode(description)
  }
}

/// The table of review units, built once from the embedded structure.
public enum ReviewUnits {
  package struct Table: Sendable {
    package var ids: [ReviewUnitID] = []
    package var ranges: [[AyahRange]] = []
    /// Unit index of every ayah id (index 0 unused).
    package var unitOfAyah: [Int32] = []
  }

  package static let table: Table = {
    var t = Table()
    t.unitOfAyah = [Int32](repeating: -1, count: Quran.ayahCount + 1)
    var short = [Bool](repeating: false, count: Quran.surahCount + 1)
    for s in Quran.surahs where s.startPage == s.endPage { short[s.number] = true }
    var page = 1
    var id = 1
    // Walk in mushaf order; units appear in the order of their first ayah.
    while id <= Quran.ayahCount {
      let s = Quran.surah(ofAyah: id)
      if short[s] {
        let r = Quran.surahRange(s)!
        t.ids.append(.surah(s)); t.ranges.append([r])
        for a in r.ids { t.unitOfAyah[a] = Int32(t.ids.count - 1) }
        id = r.last + 1
        while id <= Quran.ayahCount && t.unitOfAyah[id] >= 0 { id += 1 }
        continue
      }
      page = Quran.page(ofAyah: id)
      let pr = Quran.page(page)!
      var runs: [AyahRange] = []
      var a = id
      while a <= pr.last {
        if short[Quran.surah(ofAyah: a)] { a += 1; continue }
        var b = a
        while b < pr.last && !short[Quran.surah(ofAyah: b + 1)] { b += 1 }
        runs.append(AyahRange(uncheckedFirst: a, last: b))
        a = b + 1
      }
      t.ids.append(.page(page)); t.ranges.append(runs)
      for r in runs { for x in r.ids { t.unitOfAyah[x] = Int32(t.ids.count - 1) } }
      // Continue with whatever on this page is not yet assigned (a short surah), then the next page.
      id += 1
      while id <= Quran.ayahCount && t.unitOfAyah[id] >= 0 { id += 1 }
    }
    return t
  }()

  /// Every unit in mushaf order.
  public static var all: [ReviewUnitID] { table.ids }
  public static func unit(ofAyah id: Int) -> ReviewUnitID { table.ids[Int(table.unitOfAyah[id])] }
  static func unitIndex(ofAyah id: Int) -> Int { Int(table.unitOfAyah[id]) }
  public static func index(of unit: ReviewUnitID) -> Int? {
    switch unit {
    case .surah(let s):
      guard let r = Quran.surahRange(s) else { return nil }
      let i = unitIndex(ofAyah: r.first)
      return table.ids[i] == unit ? i : nil
    case .page(let p):
      guard let r = Quran.page(p) else { return nil }
      for a in r.ids { let i = unitIndex(ofAyah: a); if table.ids[i] == unit { return i } }
      return nil
    }
  }
  /// The ayahs of a unit (one run, two for page 599).
  public static func ranges(_ unit: ReviewUnitID) -> [AyahRange] { index(of: unit).map { table.ranges[$0] } ?? [] }
  package static func firstAyah(_ unit: ReviewUnitID) -> Int {
    switch unit {
    case .surah(let s): return Quran.surahRange(s)?.first ?? Int.max
    case .page(let p): return index(of: unit).map { table.ranges[$0][0].first } ?? (Quran.page(p)?.first ?? Int.max)
    }
  }
  /// The units a range touches, in mushaf order.
  public static func units(overlapping range: AyahRange) -> [ReviewUnitID] {
    var out: [Int] = []
    for a in range.ids { let i = unitIndex(ofAyah: a); if !out.contains(i) { out.append(i) } }
    return out.sorted().map { table.ids[$0] }
  }
}
