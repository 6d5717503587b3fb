import Foundation
@testable import LearnerStore
@testable import MemoryModels
@testable import PlannerCore
import Testing
import TestSupport

/// The snapshot path (snapshot + newer events) and the replay path (all events) give the same
/// state, over seeded random streams recorded in batches, with late events and parameter
/// changes along the way.
@Suite struct LearnerFoldPropertyTests {
  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func snapshotPathEqualsReplayPath(seed: UInt64) throws {
    let tmp = TemporaryFolder()
    let dir = Fixed.learner(tmp)
    var rng = SplitMix64(seed: seed)
    let all = RandomLearner.events(count: 400, rng: &rng, startDay: 0)
    var cursor = 0
    var sawSnapshot = false, sawRebuild = false
    var batch = 0
    while cursor < all.count {
      let n = min(Int.random(in: 1...40, using: &rng), all.count - cursor)
      let chunk = Array(all[cursor..<cursor + n])
      cursor += n
      batch += 1
      let now = Date(timeIntervalSince1970: Double(chunk.map(\.time.epochMillis).max()!) / 1000)
      try Learner.record(dir, events: chunk, now: now)
      if batch % 5 == 0 {
        // A refit: new parameters make the snapshot stale.
        var w = FSRSParameters.defaults.weights
        for i in w.indices {
          let b = FSRSParameters.bounds[i]
          w[i] = min(max(w[i] * Double.random(in: 0.8...1.2, using: &rng), b.lowerBound), b.upperBound)
        }
        try Learner.configure(dir, key: "parameters", value: w.map { "\($0)" }.joined(separator: ","), now: now)
      }
      let loaded = try Learner.load(dir)
      if loaded.fromSnapshot { sawSnapshot = true } else { sawRebuild = true }
      let replayed = LearnerFold.replay(profile: loaded.profile, events: try Learner.history(dir).events)
      #expect(loaded.state == replayed, "seed \(seed) batch \(batch)")
      if loaded.state != replayed { return }
    }
    #expect(sawSnapshot && sawRebuild)
  }
}
