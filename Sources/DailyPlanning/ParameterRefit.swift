import Foundation
import LearnerStore
import MemoryModels

/// When and how the daily plan refits the memory model to the learner's own history.
///
/// - A learner whose profile names parameters (fitted by `planner optimize` and set with
///   `planner config parameters`) keeps them: the profile is the source of truth.
/// - Otherwise, with the default parameters in the profile, the plan uses parameters fitted by
///   `FSRSOptimizer` (its default configuration: deterministic) on the learner's reviews (one
///   rating per item per learning day, from the fold), refitted at *checkpoints*: the first at
///   ``firstCheckpoint`` reviews, each next one when the reviews have grown by a quarter (at
///   least ``minimumNewReviews`` new ones): 400, 800, 1200, 1600, 2000, 2500, 3125, …
///   Between checkpoints the same fit serves, so plans do not wobble night to night, and a fit
///   uses exactly the first `checkpoint` reviews in time order: the same history gives the same
///   parameters in every process.
/// - The fit is cached in the learner folder as `parameters.fitted.json` (disposable, like the
///   snapshot: deleting it only costs a refit).
public enum ParameterRefit {
  public static let firstCheckpoint = 400
  public static let minimumNewReviews = 400
  public static let cacheFile = "parameters.fitted.json"

  /// The checkpoint a learner with `reviews` reviews is fitted at (nil: too few reviews).
  public static func checkpoint(reviews: Int) -> Int? {
    guard reviews >= firstCheckpoint else { return nil }
    var c = firstCheckpoint
    while true {
      let next = c + max(minimumNewReviews, c / 4)
      if next > reviews { return c }
      c = next
    }
  }

  /// Reviews that reached the memory model: one per item per learning day.
  public static func reviews(_ state: LearnerState) -> Int {
    state.items.sum { $0.pointee.reviewDays }
  }

  /// The parameters fitted on the first `checkpoint` reviews of the history (time order; ties
  /// by item key).
  public static func fit(profile: LearnerProfile, events: [LearnerEvent], checkpoint: Int) -> FSRSParameters {
    fit(histories: LearnerFold.reviewHistories(profile: profile, events: events), checkpoint: checkpoint)
  }

  /// The same, from the review histories (``LearnerFold/foldWithHistories(profile:events:)``).
  public static func fit(histories: [(key: String, history: CardHistory)], checkpoint: Int) -> FSRSParameters {
    // The time of the checkpoint-th review, and how many reviews at exactly that time to keep.
    var times: [(Int64, String)] = []
    for (key, h) in histories { for t in h.times { times.append((t, key)) } }
    times.sort { $0 < $1 }
    guard checkpoint <= times.count, checkpoint > 0 else { return .defaults }
    let cut = times[checkpoint - 1]
    var cards: [CardHistory] = []
    for (key, h) in histories {
      var c = CardHistory(cardID: h.cardID)
      for i in 0..<h.count where (h.times[i], key) <= cut {
        c.append(time: h.times[i], elapsedDays: h.elapsedDays[i], rating: h.ratings[i])
      }
      if c.count > 0 { cards.append(c) }
    }
    return FSRSOptimizer().fit(cards).parameters
  }

  /// A fit kept in `parameters.fitted.json`: `weights` are ``FSRSParameters/values`` (the 21
  /// weights, then the recall bias when the fit has one). Version 2 since the recall bias: a
  /// version-1 cache (fitted without it) is refitted once.
  public struct Cached: Sendable, Equatable, Codable {
    public static let currentVersion = 2
    public var version = Cached.currentVersion

    /// Whether this cache can serve checkpoint `c`: its version, its checkpoint, valid values.
    public func serves(checkpoint c: Int) -> Bool {
      version == Self.currentVersion && reviews == c && (try? FSRSParameters(validating: weights)) != nil
    }
    public var reviews: Int
    public var weights: [Double]
    public init(reviews: Int, weights: [Double]) { self.reviews = reviews; self.weights = weights }

    /// The file's bytes: sorted keys and a final newline, so the same fit is the same bytes in
    /// any process (an unsorted encoder's key order is not fixed).
    public func encoded() -> [UInt8] {
      let e = JSONEncoder()
      e.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
      return Array((try? e.encode(self)) ?? Data()) + [0x0A]
    }
  }

  /// Profile, state and parameter source for planning: the profile's own parameters, or the
  /// fit for the learner's checkpoint (from `cached` when it matches, else fitted now and
  /// returned in `fitted` for the caller to cache). `state` must be folded with
  /// `profile.parameters`; it is refolded when the parameters change.
  public static func apply(profile: LearnerProfile, state: LearnerState, events: [LearnerEvent], cached: Cached?)
    -> (profile: LearnerProfile, state: LearnerState, source: DailyPlanParameters, fitted: Cached?)
  {
    guard profile.parameters == FSRSParameters.defaults.weights,
      let c = checkpoint(reviews: reviews(state))
    else {
      let own = profile.parameters != FSRSParameters.defaults.weights
      return (profile, state, DailyPlanParameters(source: own ? "profile" : "defaults"), nil)
    }
    var fitted: Cached?
    let weights: [Double]
    if let cached, cached.serves(checkpoint: c) {
      weights = cached.weights
    } else {
      weights = fit(profile: profile, events: events, checkpoint: c).values
      fitted = Cached(reviews: c, weights: weights)
    }
    var p = profile
    p.parameters = weights
    let refolded = weights == profile.parameters ? state : LearnerFold.replay(profile: p, events: events)
    return (p, refolded, DailyPlanParameters(source: "fitted", reviews: c), fitted)
  }
}
