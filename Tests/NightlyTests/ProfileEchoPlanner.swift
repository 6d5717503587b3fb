import Foundation
@testable import DailyPlanning
@testable import Nightly
@testable import PlannerCore

/// A minimal producer for the runner's tests (it was the nightly job's placeholder until the
/// daily plan landed): reads the profile's timezone and day-start hour, fails on a corrupt
/// profile, and writes a small document with the learner's date:
///
///     {"date":"2026-11-30","learner":"amina","status":"pending-plan-engine","version":1}
struct ProfileEchoPlanner: LearnerPlanner {
  /// The status the placeholder plans carry.
  public static let status = "pending-plan-engine"

  /// The moment the job runs; each learner's date is the learning day containing it.
  public var now: Date

  public init(now: Date) { self.now = now }

  public struct Profile: Sendable, Equatable {
    /// The learner's folder name.
    public var learner: String
    public var timeZone: TimeZone
    public var dayStartHour: Int
  }

  /// Reads `profile.json`: `timezone` (IANA name, default `UTC`) and `dayStartHour` (0–23,
  /// default 4), the defaults of the learner store (docs/learner.md). Other keys are ignored.
  public func load(learnerFolder: URL) throws -> Profile {
    let file = learnerFolder.appendingPathComponent("profile.json")
    let data: Data
    do {
      data = try Data(contentsOf: file)
    } catch {
      throw PlanEngineError.io(path: file.path, reason: "cannot read the learner's profile")
    }
    let fields: Fields
    do {
      fields = try JSONDecoder().decode(Fields.self, from: data)
    } catch let DecodingError.typeMismatch(_, context), let DecodingError.dataCorrupted(context),
      let DecodingError.valueNotFound(_, context)
    {
      guard let key = context.codingPath.first?.stringValue else {
        throw PlanEngineError.malformed(file: file.path, line: nil, keyPath: nil,
                                        expected: "a JSON object with the learner's settings")
      }
      throw PlanEngineError.malformed(file: file.path, line: nil, keyPath: key, expected: Fields.expected(key))
    } catch {
      throw PlanEngineError.malformed(file: file.path, line: nil, keyPath: nil,
                                      expected: "a JSON object with the learner's settings")
    }
    let zoneName = fields.timezone ?? "UTC"
    guard let zone = TimeZone(identifier: zoneName) else {
      throw PlanEngineError.malformed(file: file.path, line: nil, keyPath: "timezone", expected: Fields.expected("timezone")
        + ", not '\(zoneName)'")
    }
    let hour = fields.dayStartHour ?? 4
    guard (0...23).contains(hour), hour.rounded() == hour else {
      let shown = hour.rounded() == hour && abs(hour) < 1e15 ? String(Int(hour)) : String(hour)
      throw PlanEngineError.malformed(file: file.path, line: nil, keyPath: "dayStartHour",
                                      expected: Fields.expected("dayStartHour") + ", not \(shown)")
    }
    return Profile(learner: learnerFolder.lastPathComponent, timeZone: zone, dayStartHour: Int(hour))
  }

  public func plan(_ profile: Profile, date: EpochDay?) throws -> PlannedLearner {
    let day = date ?? LearningDayClock(timeZone: profile.timeZone, dayStartHour: profile.dayStartHour).learningDay(of: now)
    let q = NightlyJSON.quote
    let document = "{\"date\":\(q(day.description)),\"learner\":\(q(profile.learner)),"
      + "\"status\":\(q(Self.status)),\"version\":1}\n"
    return PlannedLearner(date: day, plan: Array(document.utf8))
  }

  private struct Fields: Decodable {
    var timezone: String?
    // A Double, so that 4.5 is refused by our check, naming the key (Foundation's decoder on
    // Linux reports a fraction for an Int as invalid JSON, without the key).
    var dayStartHour: Double?

    static func expected(_ key: String) -> String {
      switch key {
      case "timezone": return "an IANA timezone name such as \"Europe/Kyiv\""
      case "dayStartHour": return "the hour the learning day starts, a whole number from 0 to 23"
      default: return "a valid value"
      }
    }
  }
}
