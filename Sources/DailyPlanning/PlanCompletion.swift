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
  /// How often the learner practises: the days with plan outcomes (``Attendance``, its window).
  public var attendance: Attendance

  public init(done: Int = 0, skipped: Int = 0, attendance: Attendance = Attendance()) {
    self.done = done; self.skipped = skipped; self.attendance = attendance
  }

  /// The share done, nil without enough evidence.
  public var share: Double? {
    done + skipped >= Self.minimumItems ? Double(done) / Double(done + skipped) : nil
  }

  /// The budget factor: 1, or the share rounded down to a twentieth, at least ``floor``.
  public var factor: Double {
    guard let s = share, s < Self.fullShare else { return 1 }
    return max(Self.floor, (s * 20).rounded(.down) / 20)
  }

  /// Counts the evidence of the window before `date` from the fold's per-date outcomes
  /// (``PlanInputs/planOutcomes``: plan items done and skipped, by the plan's date), and the
  /// attendance from the days that have any.
  public static func from(_ inputs: PlanInputs, before date: EpochDay) -> PlanCompletion {
    var c = PlanCompletion()
    for p in max(date.value - window, Int.min)..<date.value {
      if let o = inputs.planOutcomes[p] { c.done += o.done; c.skipped += o.skipped }
    }
    c.attendance = Attendance.measured(before: date) { inputs.planOutcomes[$0.value] != nil }
    return c
  }
}
