import Foundation
@testable import DailyPlanning
@testable import PlannerCore
import TestSupport

/// Temporary learner roots for the nightly tests.
enum NightlyFixture {
  /// 2026-11-30T22:30:00Z: late evening in the Americas, already 2026-12-01 in Asia.
  static let now = Date(timeIntervalSince1970: 1_796_077_800)

  /// A fresh, empty folder (removed by the caller's `defer`, and at process exit at the latest).
  static func makeRoot(_ label: String = "nightly") -> URL {
    URL(fileURLWithPath: TemporaryFolder.make(label), isDirectory: true)
  }

  static func remove(_ url: URL) { try? FileManager.default.removeItem(at: url) }

  /// A learner folder with this `profile.json` text.
  static func addLearner(_ root: URL, _ name: String, profile: String) {
    let folder = root.appendingPathComponent(name, isDirectory: true)
    try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try! Data(profile.utf8).write(to: folder.appendingPathComponent("profile.json"))
  }

  static func profile(timezone: String = "UTC", dayStartHour: Int = 4) -> String {
    "{\"version\":1,\"timezone\":\"\(timezone)\",\"dayStartHour\":\(dayStartHour)}\n"
  }

  /// `count` learners `learner-0001`… in timezones spread around the world.
  static func addLearners(_ root: URL, count: Int) {
    let zones = ["UTC", "Asia/Tokyo", "America/New_York", "Europe/Kyiv", "Asia/Riyadh", "Pacific/Auckland"]
    for i in 1...count {
      addLearner(root, name(i), profile: profile(timezone: zones[i % zones.count], dayStartHour: i % 5))
    }
  }

  static func name(_ i: Int) -> String {
    let digits = String(i)
    return "learner-" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  /// Every file under `root` (relative path → bytes), temporary plan files included.
  static func files(_ root: URL) -> [String: [UInt8]] {
    var result: [String: [UInt8]] = [:]
    let prefix = root.resolvingSymlinksInPath().path + "/"
    guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else { return [:] }
    for case let url as URL in walker {
      guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
      let path = url.resolvingSymlinksInPath().path
      result[String(path.dropFirst(prefix.count))] = Array(try! Data(contentsOf: url))
    }
    return result
  }

  /// The plan files only (`*/plans/*.json`, not hidden).
  static func plans(_ root: URL) -> [String: [UInt8]] {
    files(root).filter { key, _ in
      let parts = key.split(separator: "/")
      return parts.count == 3 && parts[1] == "plans" && !parts[2].hasPrefix(".")
    }
  }

  /// The file's inode number, or nil when it does not exist.
  static func inode(_ path: String) -> UInt64? {
    var info = stat()
    return stat(path, &info) == 0 ? UInt64(info.st_ino) : nil
  }

  /// The summary's JSON with the timings (the only varying part) blanked.
  static func withoutTimings(_ json: String) -> String {
    guard let start = json.range(of: "\"timings\":{"),
      let end = json[start.upperBound...].firstIndex(of: "}")
    else { return json }
    return json.replacingCharacters(in: start.lowerBound...end, with: "\"timings\":{}")
  }
}

/// A test producer: the echo planner, except that chosen learners fail.
struct FailingPlanner: LearnerPlanner {
  var inner: ProfileEchoPlanner
  var failing: Set<String>
  var stage: Stage = .plan

  enum Stage: Sendable { case load, plan }

  struct Refused: Error, CustomStringConvertible {
    var learner: String
    var description: String { "refused \(learner) on purpose" }
  }

  func load(learnerFolder: URL) throws -> ProfileEchoPlanner.Profile {
    if stage == .load, failing.contains(learnerFolder.lastPathComponent) {
      throw Refused(learner: learnerFolder.lastPathComponent)
    }
    return try inner.load(learnerFolder: learnerFolder)
  }

  func plan(_ learner: ProfileEchoPlanner.Profile, date: EpochDay?) throws -> PlannedLearner {
    if stage == .plan, failing.contains(learner.learner) { throw Refused(learner: learner.learner) }
    return try inner.plan(learner, date: date)
  }
}

/// A test producer that "dies" after planning `limit` learners: every later one fails, as if
/// the process had stopped there.
final class StoppingPlanner: LearnerPlanner, @unchecked Sendable {
  let inner: ProfileEchoPlanner
  let limit: Int
  private let lock = NSLock()
  private var planned = 0

  init(inner: ProfileEchoPlanner, limit: Int) {
    self.inner = inner
    self.limit = limit
  }

  struct Stopped: Error, CustomStringConvertible { var description: String { "stopped" } }

  func load(learnerFolder: URL) throws -> ProfileEchoPlanner.Profile {
    try inner.load(learnerFolder: learnerFolder)
  }

  func plan(_ learner: ProfileEchoPlanner.Profile, date: EpochDay?) throws -> PlannedLearner {
    lock.lock()
    defer { lock.unlock() }
    guard planned < limit else { throw Stopped() }
    planned += 1
    return try inner.plan(learner, date: date)
  }
}

/// A value shared between threads behind a lock.
final class NightlyLocked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value
  init(_ value: Value) { self.value = value }
  func withLock<T>(_ body: (inout Value) -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body(&value)
  }
}
