import PlannerCore
/// The goal as an ordered list of ayahs, and how far the learner has come along it.
package struct QuranProgress: Sendable {
  /// Goal ayah ids in learning order.
  package let sequence: [Int]
  /// Per ayah id: memorised (declared, or learned in a new lesson before the plan's day).
  package let learned: [Bool]
  /// Index in `sequence` of the first ayah not yet learned (== sequence.count when done).
  package let nextIndex: Int

  /// The goal's ayahs in order: surahs 114, 113, … (each from its first ayah) from An-Nas;
  /// mushaf order from Al-Fatiha; the listed surahs in their order for a custom goal; all
  /// limited to the goal's scope.
  static func sequence(of goal: QuranGoal) throws(PlanEngineError) -> [Int] {
    // The whole Quran in either direction: made once, shared by every plan.
    if goal.scope == nil {
      switch goal.direction {
      case .fromAnNas: return wholeFromAnNas
      case .fromAlFatiha: return wholeFromAlFatiha
      case .custom: break
      }
    }
    return try made(goal)
  }

  private static let wholeFromAnNas = try! made(QuranGoal(direction: .fromAnNas, startDate: EpochDay(0)))
  private static let wholeFromAlFatiha = try! made(QuranGoal(direction: .fromAlFatiha, startDate: EpochDay(0)))

  private static func made(_ goal: QuranGoal) throws(PlanEngineError) -> [Int] {
    let surahs: [Int]
    switch goal.direction {
    case .fromAnNas: surahs = Array((1...Quran.surahCount).reversed())
    case .fromAlFatiha: surahs = Array(1...Quran.surahCount)
    case .custom:
      guard !goal.surahs.isEmpty else {
        throw .invalidValue(keyPath: "quran.goal.surahs", value: "[]", expected: "at least one surah for a custom goal")
      }
      var seen = Set<Int>()
      for s in goal.surahs {
        guard Quran.surah(s) != nil else {
          throw .unknownQuranReference("\(s)", reason: "there are \(Quran.surahCount) surahs")
        }
        guard seen.insert(s).inserted else {
          throw .invalidValue(keyPath: "quran.goal.surahs", value: "\(s)", expected: "each surah once")
        }
      }
      surahs = goal.surahs
    }
    var out: [Int] = []
    out.reserveCapacity(Quran.ayahCount)  // (grown one doubling at a time, up to 6,236 ids a plan)
    for s in surahs {
      for id in Quran.surahRange(s)!.ids where goal.scope?.contains(id) ?? true { out.append(id) }
    }
    return out
  }

  package init(goal: QuranGoal, recitations: [QuranRecitation], before day: EpochDay) throws(PlanEngineError) {
    sequence = try Self.sequence(of: goal)
    var learned = [Bool](repeating: false, count: Quran.ayahCount + 1)
    for m in goal.memorised { for id in m.range.ids { learned[id] = true } }
    for r in recitations where r.tier == .newLesson && r.day < day { for id in r.range.ids { learned[id] = true } }
    self.learned = learned
    nextIndex = sequence.firstIndex { !learned[$0] } ?? sequence.count
  }
}
