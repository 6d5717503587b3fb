import Foundation
@testable import LearnerStore
@testable import PlannerCore

import TestSupport

enum Fixed {
  /// 2026-11-30T12:00:00Z.
  static let now = Date(timeIntervalSince1970: 1_796_040_000)
  static func time(_ text: String) -> EventTime { EventTime(text)! }

  static func event(_ id: String, _ at: String, _ payload: EventPayload) -> LearnerEvent {
    LearnerEvent(id: id, time: time(at), payload: payload)
  }

  /// A new learner folder in Europe/Kyiv with day start 4.
  static func learner(_ tmp: TemporaryFolder, name: String = "amina") -> String {
    var p = LearnerProfile(id: name)
    p.timezone = "Europe/Kyiv"
    let dir = tmp.file(name)
    try! Learner.create(dir, profile: p)
    return dir
  }
}
