import Foundation
import PlannerCore

/// What the nightly job runs for each learner: load the learner folder, then compute its plan.
///
/// The two steps are separate so the job can report how its time splits between reading and
/// planning; a producer that cannot separate them may load nothing (`LoadedLearner = URL`) and
/// do all its work in ``plan(_:date:)``, which is then counted as planning.
///
/// Implementations must be pure functions of the folder's contents, the date and their own
/// configuration (e.g. a fixed clock): the job runs them from several threads at once, and the
/// same inputs must give the same bytes in every run, so that reruns are idempotent.
public protocol LearnerPlanner: Sendable {
  associatedtype LoadedLearner

  /// Reads what the plan needs from the learner's folder.
  func load(learnerFolder: URL) throws -> LoadedLearner

  /// The same, the folder given as a path (the nightly job's: a `URL` built and read back per
  /// learner was about 1 % of a night). By default, through ``load(learnerFolder:)``.
  func load(learnerPath: String) throws -> LoadedLearner

  /// The learner's plan for `date`, or for the learner's own current learning day when nil.
  func plan(_ learner: LoadedLearner, date: EpochDay?) throws -> PlannedLearner
}

extension LearnerPlanner {
  public func load(learnerPath: String) throws -> LoadedLearner {
    try load(learnerFolder: URL(fileURLWithPath: learnerPath, isDirectory: true))
  }

  /// Loads and plans in one call.
  public func plan(learnerFolder: URL, date: EpochDay?) throws -> PlannedLearner {
    try plan(load(learnerFolder: learnerFolder), date: date)
  }
}

/// One learner's plan, as the nightly job writes it to `plans/<date>.json`.
public struct PlannedLearner: Sendable, Equatable {
  /// The learner's date the plan is for (their own learning day unless `--date` was given).
  public var date: EpochDay
  /// The plan document, JSON, written byte for byte.
  public var plan: [UInt8]

  public init(date: EpochDay, plan: [UInt8]) {
    self.date = date
    self.plan = plan
  }
}
