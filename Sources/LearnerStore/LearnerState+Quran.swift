import Hifz
import MemoryModels
import PlannerCore

/// Hand-offs from the learner fold to the Quran planner (`QuranPlanInput`).
extension LearnerState {
  /// The memory of every Quran review unit the learner has recited, in mushaf order.
  public var quranUnitMemories: [ReviewUnitMemory] {
    // The unit keys in `sortedKeys` order (mushaf order; units starting on the same ayah in key
    // order, the table's) without parsing or sorting the words' keys: a unit key starts with `p`
    // or `s`, so the units lie between the keys "p" and "t" of the table's key order (two binary
    // searches, not a walk over a dictionary's words). Only the units' items are read (a word's
    // item copied would retain its strings), and the stable sort by first ayah moves small
    // records, not items.
    var units: [(ayah: Int, memory: ReviewUnitMemory)] = []
    for rank in items.ranks(from: "p", below: "t") {
      let key = items.key(at: rank)
      guard let first = key.utf8.first, first == UInt8(ascii: "p") || first == UInt8(ascii: "s"),
        let unit = ReviewUnitID(key) else { continue }
      let item = items[rank: rank]
      units.append((ReviewUnits.firstAyah(unit),
                    ReviewUnitMemory(unit: unit, state: item.memory, lastReview: item.lastDay.map(EpochDay.init),
                                     lapses: item.lapses, reviews: item.reviewDays)))
    }
    return units.sorted { $0.ayah < $1.ayah }.map(\.memory)
  }
}

extension Recitation {
  /// The one conversion of a recorded recitation into what the Quran planner and grading take:
  /// the fold, the daily planner and every command go through it. `range` is this event's range,
  /// already parsed (callers cache it: years of history revise the same few hundred units).
  /// `nil` when the grade is outside 1...4 (the codec refuses those).
  public func quranRecitation(day: EpochDay, range: AyahRange) -> QuranRecitation? {
    guard let grade = Rating(rawValue: grade) else { return nil }
    return QuranRecitation(
      day: day, range: range, tier: tier, grade: grade, mistakes: mistakes,
      mistakesAt: mistakesAt.compactMap { try? LearnerQuran.ayahID($0) }, hesitations: hesitations, seconds: seconds,
      prompts: prompts, tajweedMistakes: tajweed)
  }
}

extension LearnerEvent {
  /// A recitation event as the Quran planner takes it, dated by the learner's learning day.
  public func quranRecitation(clock: inout LearningDayClock) -> QuranRecitation? {
    guard case .recitation(let r) = payload, let range = try? AyahRange(parsing: r.range) else { return nil }
    return r.quranRecitation(day: EpochDay(clock.day(atMillis: time.epochMillis)), range: range)
  }
}
