import MemoryModels
import PlannerCore

/// Memorisation the learner declared (the goal's `memorised` ranges): the one rule that turns a
/// declaration into a review unit's memory state, used by the learner fold (so that the first
/// revision builds on it) and by the planner (for units not yet revised).
public struct DeclaredMemory: Sendable {
  /// The unit's declared state and the day it counts from.
  public struct Prior: Sendable, Hashable {
    public var state: MemoryState
    /// The declared day of memorisation, or the goal's start.
    public var since: EpochDay
  }

  let priors: [Prior?]

  /// Every unit touched by a declared range: the lowest self-rating among the ranges that touch
  /// it (`QuranMemory.priorState`) and the latest declared date among them (missing: the goal's
  /// start date).
  public init(goal: QuranGoal?) {
    var p = [Prior?](repeating: nil, count: ReviewUnits.all.count)
    var rating = [Rating?](repeating: nil, count: p.count)
    // The ayah → unit table read once (each `unitIndex(ofAyah:)` fetched the shared table and
    // retained its arrays: a declared juz is thousands of ayahs).
    let unitOfAyah = ReviewUnits.table.unitOfAyah
    for m in goal?.memorised ?? [] {
      let since = m.memorisedOn ?? goal!.startDate
      var last = -1
      for id in m.range.ids {
        let i = Int(unitOfAyah[id])
        if i == last { continue }
        last = i
        let g = min(rating[i] ?? m.selfRating ?? .good, m.selfRating ?? .good)
        rating[i] = g
        let day = max(p[i]?.since ?? since, since)
        p[i] = Prior(state: QuranMemory.priorState(selfRating: g), since: day)
      }
    }
    priors = p
  }

  /// The declared prior of a unit; nil when no declared range touches it.
  public func prior(_ unit: ReviewUnitID) -> Prior? {
    ReviewUnits.index(of: unit).flatMap { priors[$0] }
  }

  /// The declared prior of the unit at `index` in ``ReviewUnits/all`` (no lookup of the unit).
  func prior(at index: Int) -> Prior? { priors[index] }

  /// The state a unit's first recorded review on `day` starts from, as a `DailyMemory` seeded
  /// with the declared state on the declared day (at the latest the day before `day`, so the
  /// review is a new day): FSRS then grows it, and a clean revision never lowers stability
  /// below the declared prior (recall never shrinks stability in FSRS-6).
  public func seed(_ unit: ReviewUnitID, firstReviewOn day: Int) -> DailyMemory? {
    guard let p = prior(unit) else { return nil }
    return DailyMemory(memory: p.state, lastDay: min(p.since.value, day - 1))
  }
}
