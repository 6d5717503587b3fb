import LearnerStore
import PlannerCore
/// How much of its recent plans the learner finished, and the factor it puts on today's budget.
///
/// Evidence: `plan.itemDone` and `plan.itemSkipped` events whose plan date falls in the
/// ``window`` days before the plan's date. With at least ``minimumItems`` of them, the share
/// done is the completion; a learner finishing less than ``fullShare`` of their plans gets a
/// budget scaled by that share (never below ``floor``), so the plan is one they finish, and the
/// plan says so. Yesterday's outcome enters the window the next day: plans follow the learner.
public struct PlanCompletion: Sendable, Hashable {
  public static let window = 14
  public static let minimumItems = 10
  public static let fullShare = 0.9
  public static let floor = 0.5

  public var done: Int
  public var skipped: Int

  public init(done: Int = 0, skipped: Int = 0) { self.done = done; self.skipped = skipped }

  /// The share done, nil without enough evidence.
  public var share: Double? {
    done + skipped >= Self.minimumItems ? Double(done) / Double(done + skipped) : nil
  }

  /// The budget factor: 1, or the share rounded down to a twentieth, at least ``floor``.
  public var factor: Double {
    guard let s = share, s < Self.fullShare else { return 1 }
    return max(Self.floor, (s * 20).rounded(.down) / 20)
  }

  /// Counts the evidence in events of the window before `date`.
  public static func from(_ events: [LearnerEvent], before date: EpochDay) -> PlanCompletion {
    var c = PlanCompletion()
    var cache: [String: EpochDay?] = [:]
    func day(_ text: String) -> EpochDay? {
      if let d = cache[text] { return d }
      let d = try? EpochDay(parsing: text)
      cache[text] = d
      return d
    }
    for e in events {
      switch e.payload {
      case .planItemDone(let d, _, _):
        if let p = day(d), p < date, date.value - p.value <= window { c.done += 1 }
      case .planItemSkipped(let d, _):
        if let p = day(d), p < date, date.value - p.value <= window { c.skipped += 1 }
      default: break
      }
    }
    return c
  }

  /// The same count from the fold's per-date outcomes (``PlanInputs/planOutcomes``).
  public static func from(_ inputs: PlanInputs, before date: EpochDay) -> PlanCompletion {
    var c = PlanCompletion()
    for p in max(date.value - window, Int.min)..<date.value {
      if let o = inputs.planOutcomes[p] { c.done += o.done; c.skipped += o.skipped }
    }
    return c
  }
}
