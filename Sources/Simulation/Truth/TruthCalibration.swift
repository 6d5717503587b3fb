import Foundation
import MemoryModels
import PlannerCore

/// What a truth produces on the calibration protocol, in the same form as
/// ``TruthCalibrationTargets``.
public struct TruthCalibrationFigures: Sendable, Equatable {
  public var firstRatingMix: [Double]
  public var reviewRatingMix: [Double]
  public var recallByBucket: [Double]
  public var reviewsByBucket: [Int]
  public var firstMedianSeconds: [Double]
  public var reviewMedianSeconds: [Double]
}

/// The calibration protocol: a population of cards drawn as the simulator draws words, learnt
/// in the first of two years and reviewed to the end on Anki's default SM-2 schedule (the
/// one most of the real learners used), outcomes drawn from the truth. Measured as in calibration.json: the first rating of
/// each card; the ratings and recall of later reviews with at least one elapsed day, by
/// elapsed-day bucket; median answer times by rating.
///
/// The schedule: first exposure Again/Hard/Good → 1 day, Easy → 4 days; a review rated Again
/// → 1 day and ease − 0.20, Hard → interval × 1.2 and ease − 0.15, Good → interval × ease,
/// Easy → interval × ease × 1.3 and ease + 0.15 (ease from 2.5, at least 1.3), each interval
/// × a uniform 0.95–1.05 fuzz, at least one day more than the last on Good/Easy. An Again
/// (first or later) is followed the same day by relearning steps until recalled (at most 3).
public enum TruthCalibration {
  public static func measure<T: MemoryTruth>(_ truth: T, learners: Int = 300, cardsPerLearner: Int = 20,
                                             days: Int = 730, seed: UInt64 = 1) -> TruthCalibrationFigures {
    var first = [0, 0, 0, 0], review = [0, 0, 0, 0]
    var recalled = Array(repeating: 0, count: TruthCalibrationTargets.buckets.count)
    var total = recalled
    var firstSeconds: [[Double]] = [[], [], [], []], reviewSeconds: [[Double]] = [[], [], [], []]
    for l in 0..<learners {
      var lr = SplitMix64(keys: seed, 0x4341_4C42, UInt64(l))
      let ability = 0.35 * TruthRandom.normal(&lr)
      for c in 0..<cardsPerLearner {
        let key = "w:c\(c)"
        var r = SplitMix64(keys: seed, 0x4341_4C49, UInt64(l), UInt64(c))
        let delta = 0.5 * TruthRandom.normal(&r)
        let item = TruthItem(difficulty: delta - ability, firstStrength: exp(-(delta - ability) + 0.6 * TruthRandom.normal(&r)))
        let startDay = Double(r.nextInt(in: 0...(days / 2)))
        var n = 0
        var rng = TruthRandom.generator(seed: seed, learner: l, item: key, review: n)
        let r0 = truth.firstRating(item, &rng)
        first[r0.rawValue - 1] += 1
        firstSeconds[r0.rawValue - 1].append(truth.answerSeconds(r0, first: true, &rng))
        var state = truth.learned(item, rating: r0, day: startDay)
        func relearn(_ day: Double) {
          for step in 1...3 {
            n += 1
            var g = TruthRandom.generator(seed: seed, learner: l, item: key, review: n)
            let at = day + Double(step) / 144
            let rt = truth.reviewRating(recall: truth.recall(state, item: item, day: at), item: item, &g)
            state = truth.reviewed(state, item: item, rating: rt, day: at)
            if rt.isRecall { return }
          }
        }
        if r0 == .again { relearn(startDay) }
        var interval = r0 == .easy ? 4.0 : 1.0
        var ease = 2.5
        var day = startDay + interval
        while day < Double(days) {
          n += 1
          var g = TruthRandom.generator(seed: seed, learner: l, item: key, review: n)
          let elapsed = Int((day - truth.lastDay(state)).rounded())
          let p = truth.recall(state, item: item, day: day)
          let rt = truth.reviewRating(recall: p, item: item, &g)
          review[rt.rawValue - 1] += 1
          reviewSeconds[rt.rawValue - 1].append(truth.answerSeconds(rt, first: false, &g))
          if let b = TruthCalibrationTargets.bucket(elapsedDays: elapsed) {
            total[b] += 1
            if rt.isRecall { recalled[b] += 1 }
          }
          state = truth.reviewed(state, item: item, rating: rt, day: day)
          let fuzz = 0.95 + 0.1 * g.nextDouble()
          switch rt {
          case .again: interval = 1; ease = Swift.max(1.3, ease - 0.2); relearn(day)
          case .hard: interval = Swift.max(1, interval * 1.2 * fuzz); ease = Swift.max(1.3, ease - 0.15)
          case .good: interval = Swift.max(interval + 1, interval * ease * fuzz)
          case .easy: interval = Swift.max(interval + 1, interval * ease * 1.3 * fuzz); ease += 0.15
          }
          interval = interval.rounded()
          day += interval
        }
      }
    }
    func mix(_ c: [Int]) -> [Double] { let n = Double(Swift.max(1, c.reduce(0, +))); return c.map { Double($0) / n } }
    func median(_ xs: [Double]) -> Double {
      let s = xs.sorted()
      guard !s.isEmpty else { return 0 }
      let m = Double(s.count - 1) / 2
      return (s[Int(m.rounded(.down))] + s[Int(m.rounded(.up))]) / 2
    }
    return TruthCalibrationFigures(
      firstRatingMix: mix(first), reviewRatingMix: mix(review),
      recallByBucket: zip(recalled, total).map { $1 > 0 ? Double($0) / Double($1) : 0 }, reviewsByBucket: total,
      firstMedianSeconds: firstSeconds.map(median), reviewMedianSeconds: reviewSeconds.map(median))
  }
}
