import PlannerCore

/// Today's portion of old revision under a fixed rotation (`ManzilRotation`).
enum ManzilPortion {
  /// Monday = 0 … Sunday = 6 (1970-01-01 was a Thursday).
  static func weekdayIndex(_ day: EpochDay) -> Int { ((day.value % 7) + 7 + 3) % 7 }

  /// The traditional manzil of a weekday: Friday 1 (Al-Faatiha) … Thursday 7 (Qaaf–An-Naas).
  static func manzil(on day: EpochDay) -> Int { (weekdayIndex(day) - 4 + 7) % 7 + 1 }

  static func mod(_ a: Int, _ n: Int) -> Int { ((a % n) + n) % n }

  /// Indices of the blocks (in mushaf order) that make today's portion; a block belongs to the
  /// division of its first ayah. `.memory` has no fixed portion (nil).
  static func blocks(_ bs: [ManzilCandidate], rotation: ManzilRotation, day: EpochDay, start: EpochDay, cycleDays: Int) -> [Int]? {
    let first = bs.map { $0.ranges[0].first }
    switch rotation {
    case .memory: return nil
    case .sevenManzils:
      let m = manzil(on: day)
      return bs.indices.filter { Quran.manzil(ofAyah: first[$0]) == m }
    case .juzADay:
      let juz = Array(Set(first.map(Quran.juz(ofAyah:)))).sorted()
      guard !juz.isEmpty else { return [] }
      let j = juz[mod(start.distance(to: day), juz.count)]
      return bs.indices.filter { Quran.juz(ofAyah: first[$0]) == j }
    case .cycle:
      let n = max(1, cycleDays)
      let total = bs.reduce(0) { $0 + $1.seconds }
      guard total > 0 else { return [] }
      let k = mod(start.distance(to: day), n)
      var cumulative = 0
      var out: [Int] = []
      for (i, b) in bs.enumerated() {
        let mid = 2 * cumulative + b.seconds  // twice the block's midpoint
        if min(n - 1, mid * n / (2 * total)) == k { out.append(i) }
        cumulative += b.seconds
      }
      return out
    }
  }
}
