import Foundation
import PlannerCore

extension LearningDayClock {
  /// The clock of a learner's profile (an unknown timezone falls back to UTC, as the fold does).
  public init(profile: LearnerProfile) {
    self.init(timeZone: TimeZone(identifier: profile.timezone) ?? TimeZone(identifier: "UTC")!, dayStartHour: profile.dayStartHour)
  }
}
