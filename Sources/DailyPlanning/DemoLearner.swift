import Foundation
import LearnerStore
import PlannerCore

/// The demo learner shipped in `Plans/demo/learner/` and embedded in the binary
/// (DemoLearner.generated.swift, from Scripts/generate-demo-learner.swift): four weeks of
/// juz 30 and vocabulary, planned on its own date so `planner today --demo` never ages.
public enum DemoLearner {
  /// `profile.json` as shipped (the embedded literal lacks the file's final newline).
  public static var profileFile: String { profileJSON + "\n" }
  public static var eventsFile: String { eventsJSONL + "\n" }

  public static var day: EpochDay { try! EpochDay(parsing: date) }

  /// The demo learner, loaded from the embedded copy (no file system).
  public static func load() throws(PlanEngineError) -> LearnerDailyPlanner.Loaded {
    let profile = try LearnerProfile.decode(Data(profileFile.utf8), file: "demo/profile.json")
    let events = try EventLog.parse(Array(eventsFile.utf8), file: "demo/events.jsonl").events
    return LearnerDailyPlanner.Loaded.folding(profile: profile, events: events, cached: nil).0
  }
}
