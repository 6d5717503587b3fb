import Foundation
import LearnerStore
import Testing
import TestSupport
@testable import PlannerCLI
import Testing

@Suite("planner export-revlog")
struct ExportRevlogCommandTests {
  /// A simulated learner's reviews go out as a review log and come back through replay,
  /// optimize and evaluate: the same reviews the fold saw.
  @Test("round trip: simulate → export-revlog → replay / optimize / evaluate")
  func roundTrip() throws {
    let tmp = simulateTemporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: tmp) }
    let sim = runPlanner(["simulate", "--learners", "2", "--days", "150", "--seed", "4", "--out", tmp + "/root"])
    #expect(sim.code == 0, "\(sim.err)")
    let dir = tmp + "/root/learner-0002"
    let (profile, _) = try Learner.loadProfile(dir)
    let csv = tmp + "/l2.csv"
    let e = runPlanner(["export-revlog", dir, "--out", csv])
    #expect(e.code == 0, "\(e.err)")
    #expect(e.out.contains("use --timezone \(profile.timezone) --day-starts-at 4"))
    let text = try String(contentsOfFile: csv, encoding: .utf8)
    let rows = text.split(separator: "\n")
    #expect(rows.first == "card_id,review_time,review_rating,review_state,review_duration")
    let reviews = LearnerFold.reviewHistories(profile: profile, events: try Learner.history(dir).events).reduce(0) { $0 + $1.history.count }
    #expect(rows.count - 1 == reviews)
    #expect(rows.dropFirst().allSatisfy { $0.split(separator: ",", omittingEmptySubsequences: false).count == 5 })

    let tz = ["--timezone", profile.timezone, "--day-starts-at", "4"]
    let replay = runPlanner(["replay", "--revlog", csv] + tz)
    #expect(replay.code == 0, "\(replay.err)")
    #expect(replay.out.split(separator: "\n").count == reviews + 1)
    let opt = runPlanner(["optimize", "--revlog", csv, "--out", tmp + "/params.json"] + tz)
    #expect(opt.code == 0, "\(opt.err)")
    let eval = runPlanner(["evaluate", "--revlog", csv, "--models", "fsrs6-default,average", "--folds", "2"] + tz)
    #expect(eval.code == 0, "\(eval.err)")
    #expect(eval.out.contains("fsrs6-default"))
    // To stdout, with the note on stderr.
    let s = runPlanner(["export-revlog", dir])
    #expect(s.code == 0 && s.out == text && s.err.contains("reviews of"))
  }

  @Test("a folder without a learner is a clear error")
  func missingLearner() {
    let r = runPlanner(["export-revlog", "/nonexistent/learner"])
    #expect(r.code == 1)
    #expect(r.err.contains("no learner here"))
  }
}
