/// The Quran's structure decoded once, at first use, from the compact literals in
/// `QuranData.generated.swift` (about a hundred microseconds; no JSON, no resource bundle).
struct QuranTables: Sendable {
  /// Index 0 is unused so that ayah ids (1…6236) index directly.
  let surahOfAyah: [UInt8]
  let ayahInSurah: [UInt16]
  let page: [UInt16]
  let juz: [UInt8]
  let rub: [UInt8]
  let lineStart: [UInt8]
  let lineEnd: [UInt8]
  let words: [UInt16]
  let letters: [UInt16]
  /// Lines the ayah fills, in ten-thousandths of a line.
  let lineShare: [Int32]
  /// Prefix sums of `lineShare`: `lineSharePrefix[id]` = sum over ayahs 1…id.
  let lineSharePrefix: [Int64]
  /// Surah tables, index 0 unused.
  let surahAyahCount: [Int]
  let surahFirstAyah: [Int]
  let surahRevelationOrder: [Int]
  let surahMeccan: [Bool]
  /// Division starts as ayah ids, index 0 unused.
  let juzStart: [Int]
  let hizbStart: [Int]
  let rubStart: [Int]
  let manzilStart: [Int]
  let rukuStart: [Int]
  let pageStart: [Int]
  let sajdaAyahs: [Int]
  let sajdaObligatory: [Bool]

  static let shared = QuranTables()

  init() {
    let n = QuranData.ayahCount
    let per = Self.decode(QuranData.perAyah, widths: [1, 1, 2, 2, 3])
    precondition(per.count == n * 5, "QuranData.perAyah is corrupt")
    var lineStart = [UInt8](repeating: 0, count: n + 1), lineEnd = lineStart
    var words = [UInt16](repeating: 0, count: n + 1), letters = words
    var share = [Int32](repeating: 0, count: n + 1)
    var prefix = [Int64](repeating: 0, count: n + 1)
    for id in 1...n {
      let b = (id - 1) * 5
      lineStart[id] = UInt8(per[b]); lineEnd[id] = UInt8(per[b + 1])
      words[id] = UInt16(per[b + 2]); letters[id] = UInt16(per[b + 3])
      share[id] = Int32(per[b + 4])
      prefix[id] = prefix[id - 1] + Int64(per[b + 4])
    }
    self.lineStart = lineStart; self.lineEnd = lineEnd; self.words = words; self.letters = letters
    self.lineShare = share; self.lineSharePrefix = prefix

    let counts = [0] + Self.decode(QuranData.surahAyahCounts, widths: [2])
    var first = [Int](repeating: 0, count: counts.count)
    var surahOf = [UInt8](repeating: 0, count: n + 1), ayahIn = [UInt16](repeating: 0, count: n + 1)
    var next = 1
    for s in 1..<counts.count {
      first[s] = next
      for a in 1...counts[s] { surahOf[next] = UInt8(s); ayahIn[next] = UInt16(a); next += 1 }
    }
    precondition(next == n + 1, "surah ayah counts do not add up to \(n)")
    surahAyahCount = counts; surahFirstAyah = first; surahOfAyah = surahOf; ayahInSurah = ayahIn
    surahRevelationOrder = [0] + Self.decode(QuranData.surahRevelationOrder, widths: [2])
    surahMeccan = [false] + QuranData.surahRevelationPlace.map { $0 == "M" }

    juzStart = [0] + Self.decode(QuranData.juzStarts, widths: [3])
    hizbStart = [0] + Self.decode(QuranData.hizbStarts, widths: [3])
    rubStart = [0] + Self.decode(QuranData.rubStarts, widths: [3])
    manzilStart = [0] + Self.decode(QuranData.manzilStarts, widths: [3])
    rukuStart = [0] + Self.decode(QuranData.rukuStarts, widths: [3])
    pageStart = [0] + Self.decode(QuranData.pageStarts, widths: [3])
    sajdaAyahs = Self.decode(QuranData.sajdaAyahs, widths: [3])
    sajdaObligatory = QuranData.sajdaTypes.map { $0 == "O" }
    page = Self.fill(pageStart, count: n, as: UInt16.self)
    juz = Self.fill(juzStart, count: n, as: UInt8.self)
    rub = Self.fill(rubStart, count: n, as: UInt8.self)
  }

  /// Division number of every ayah from the division starts.
  static func fill<T: FixedWidthInteger>(_ starts: [Int], count n: Int, as: T.Type) -> [T] {
    var out = [T](repeating: 0, count: n + 1)
    var division = 0
    for id in 1...n {
      while division + 1 < starts.count && starts[division + 1] <= id { division += 1 }
      out[id] = T(division)
    }
    return out
  }

  /// Decodes fixed-width base-64 numbers, cycling through `widths`; newlines are skipped.
  /// Over the literal's UTF-8 in place, the field wrapped without a division: run once a
  /// process, it took 4.5 M instructions (1.7 M now) of the ~34 M a `planner` process spent
  /// before its first plan (the string's iterator and a remainder per number).
  static func decode(_ text: String, widths: [Int]) -> [Int] {
    precondition(!widths.isEmpty && widths.allSatisfy { $0 > 0 })
    var text = text
    return text.withUTF8 { bytes in
      var out: [Int] = []
      out.reserveCapacity(bytes.count * widths.count / widths.reduce(0, +) + 1)
      var value = 0, digits = 0, field = 0, width = widths[0]
      for byte in bytes {
        let d: Int
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): d = Int(byte) - 48
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): d = Int(byte) - 65 + 10
        case UInt8(ascii: "a")...UInt8(ascii: "z"): d = Int(byte) - 97 + 36
        case UInt8(ascii: "+"): d = 62
        case UInt8(ascii: "/"): d = 63
        default: continue
        }
        value = value << 6 | d
        digits += 1
        if digits == width {
          out.append(value)
          value = 0; digits = 0
          field += 1
          if field == widths.count { field = 0 }
          width = widths[field]
        }
      }
      return out
    }
  }
}
