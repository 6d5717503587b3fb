import Foundation
@testable import LearnerStore
@testable import PlannerCore

/// A fresh temporary folder per test, removed at the end.
final class TemporaryFolder {
  let path: String
  init() {
    path = NSTemporaryDirectory() + "planner-learner-\(UUID().uuidString)"
    try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }
  deinit { try? FileManager.default.removeItem(atPath: path) }

  func file(_ name: String) -> String { path + "/" + name }
  func read(_ name: String) -> String { (try? String(contentsOfFile: file(name), encoding: .utf8)) ?? "" }
  func write(_ name: String, _ text: String) { try! text.write(toFile: file(name), atomically: false, encoding: .utf8) }
  func append(_ name: String, _ text: String) {
    let h = FileHandle(forWritingAtPath: file(name))!
    h.seekToEndOfFile()
    h.write(Data(text.utf8))
    try! h.close()
  }
}

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
