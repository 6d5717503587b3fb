import PlannerCore

/// Where the learner made mistakes: the ayahs to watch in the next recitation of them.
enum MistakeWatch {
  /// The ayah ids (ascending) whose latest recitation before `day` had a located mistake there
  /// (`mistakesAt`): a later recitation covering the ayah without a mistake on it clears it,
  /// and so does a later review of its unit (old revision reaches the planner through the
  /// units' memory, `units`, and only with located mistakes as a recitation). Recitations of
  /// one day are taken in (tier, range) order, so the result is the same for any input order.
  /// Only ayahs that ever had a located mistake are followed, so years of clean revision cost
  /// one pass.
  static func ayahs(_ recitations: [QuranRecitation], units: [ReviewUnitMemory], before day: EpochDay) -> [Int] {
    var candidates = Set<Int>()
    for r in recitations where r.day < day { candidates.formUnion(r.mistakesAt) }
    guard !candidates.isEmpty else { return [] }
    let ids = candidates.sorted()
    let relevant = recitations.filter { r in r.day < day && ids.contains { r.range.contains($0) } }
      .sorted { ($0.day, $0.tier.rawValue, $0.range) < ($1.day, $1.tier.rawValue, $1.range) }
    var flaggedOn: [Int: EpochDay] = [:]
    for r in relevant {
      for id in ids where r.range.contains(id) { flaggedOn[id] = r.mistakesAt.contains(id) ? r.day : nil }
    }
    var lastReview: [ReviewUnitID: EpochDay] = [:]
    for m in units { if let d = m.lastReview, d < day { lastReview[m.unit] = d } }
    return ids.filter { id in
      guard let d = flaggedOn[id] else { return false }
      return (lastReview[ReviewUnits.unit(ofAyah: id)].map { $0 <= d }) ?? true
    }
  }
}
