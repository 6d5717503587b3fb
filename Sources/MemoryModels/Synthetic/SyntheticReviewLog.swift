import Foundation
import PlannerCore

/// One row of a synthetic review log, in the review-log CSV's terms.
public struct SyntheticReview: Sendable, Hashable {
  public var cardID: Int64
  /// Milliseconds since the Unix epoch.
  public var time: Int64
  public var rating: Rating
  /// 0 new, 1 learning, 2 review, 3 relearning (the review-log CSV's review_state).
  public var state: UInt8
  /// −1 on a card's first review, 0 same day.
  public var elapsedDays: Int32
  /// The hidden probability of recall the outcome was drawn from (NaN on a first review).
  public var hiddenRecall: Double
}

/// A simulated learner's review log: `cards` cards introduced evenly over the first 3/4 of
/// `days` days, each reviewed by an SM-2-like scheduler (which never sees the hidden memory)
/// with ±5 % fuzz and occasional late reviews, outcomes drawn from ``PowerLawMemory``.
/// Same (cards, days, seed) → the same log, bit for bit: each card draws from its own
/// generator keyed by (seed, card index).
public struct SyntheticReviewLog: Sendable {
  /// Rows in time order (ties by card id).
  public private(set) var reviews: [SyntheticReview] = []

  /// Day 0 at 2023-11-14 12:00 UTC; reviews fall between 12:00 and 22:00 UTC.
  public static let epochMilliseconds: Int64 = 1_699_963_200_000

  public init(cards: Int, days: Int, seed: UInt64, memory: PowerLawMemory = PowerLawMemory()) {
    precondition(cards >= 0 && days >= 1)
    let introductionDays = Swift.max(1, days * 3 / 4)
    var rows: [SyntheticReview] = []
    rows.reserveCapacity(cards * 12)
    for index in 0..<cards {
      var rng = SplitMix64(keys: seed, UInt64(index))
      let id = Int64(index + 1)
      var day = index * introductionDays / Swift.max(cards, 1)
      let timeOfDay = Int64(rng.nextInt(in: 0...(10 * 3_600_000 - 1)))
      func time(_ d: Int, _ extraMinutes: Int64 = 0) -> Int64 {
        Self.epochMilliseconds + Int64(d) * 86_400_000 + timeOfDay + extraMinutes * 60_000
      }
      var card = memory.newCard(&rng)
      var rating = memory.firstRating(card)
      rows.append(SyntheticReview(cardID: id, time: time(day), rating: rating, state: 0, elapsedDays: -1, hiddenRecall: .nan))
      // Learning steps: after Again (or Hard on the first day), another look 10 minutes later.
      var minutes: Int64 = 0
      var sameDayState: UInt8 = 1
      var ease = 2.5
      var interval = 0.0
      while true {
        while rating == .again || (rating == .hard && minutes == 0 && sameDayState == 1) {
          minutes += 10
          let (c, r, p) = memory.review(card, elapsedDays: 0, &rng)
          card = c
          rating = r
          rows.append(SyntheticReview(cardID: id, time: time(day, minutes), rating: r, state: sameDayState, elapsedDays: 0, hiddenRecall: p))
          if minutes >= 60 { break }
        }
        // SM-2-like scheduling from the last long-term rating (graduating: 1 day, or 4 for Easy).
        switch rating {
        case .again: interval = 1
        case .hard: interval = Swift.max(1, interval * 1.2)
        case .good: interval = interval == 0 ? 1 : Swift.max(interval + 1, interval * ease)
        case .easy: interval = interval == 0 ? 4 : Swift.max(interval + 1, interval * ease * 1.3)
        }
        let fuzz = 0.95 + 0.1 * rng.nextDouble()
        var t = Swift.max(1, Int((interval * fuzz).rounded()))
        if rng.nextDouble() < 0.2 { t += rng.nextInt(in: 1...Swift.max(1, t / 4 + 1)) }  // late
        day += t
        guard day < days else { break }
        let (c, r, p) = memory.review(card, elapsedDays: t, &rng)
        card = c
        rows.append(SyntheticReview(cardID: id, time: time(day), rating: r, state: 2, elapsedDays: Int32(t), hiddenRecall: p))
        switch r {
        case .again: ease = Swift.max(1.3, ease - 0.2)
        case .hard: ease = Swift.max(1.3, ease - 0.15)
        case .good: break
        case .easy: ease += 0.15
        }
        if r == .again { interval = 0 }
        rating = r
        minutes = 0
        sameDayState = 3
      }
    }
    rows.sort { $0.time != $1.time ? $0.time < $1.time : $0.cardID < $1.cardID }
    reviews = rows
  }

  /// Per-card histories, cards in id order.
  public var cardHistories: [CardHistory] {
    var byCard: [Int64: CardHistory] = [:]
    for r in reviews {
      byCard[r.cardID, default: CardHistory(cardID: r.cardID)].append(time: r.time, elapsedDays: r.elapsedDays, rating: r.rating)
    }
    return byCard.keys.sorted().map { byCard[$0]! }
  }

  /// The reviews on an earlier day than the card's previous one (elapsed days ≥ 1).
  public var longTermReviewCount: Int { reviews.reduce(0) { $0 + ($1.elapsedDays >= 1 ? 1 : 0) } }

  /// The mean log loss of the hidden probabilities over the long-term reviews: the floor no
  /// model can beat on average.
  public var floorLogLoss: Double {
    var sum = 0.0
    var n = 0
    for r in reviews where r.elapsedDays >= 1 {
      sum += BinaryCrossEntropy.loss(r.hiddenRecall, recalled: r.rating != .again)
      n += 1
    }
    return n == 0 ? 0 : sum / Double(n)
  }
}
