import Hifz
import LearnerStore
import PlannerCore
import Vocabulary

/// A learner's reviews as a review-log CSV (`card_id,review_time,review_rating,review_state,
/// review_duration`, docs/file-formats.md), so `replay`, `optimize` and `evaluate` (and other
/// tools) run on exactly what the memory model saw: one review per item per learning day
/// (the fold's daily rule: the day's lowest rating, timed at the day's first scheduling event).
///
/// - `card_id`: ``LearnerFold/cardID(_:)`` of the item key (FNV-1a 64 of `p582`, `w:word`).
/// - `review_state`: 0 on an item's first review, 3 (relearning) after a day rated Again, else 2.
/// - `review_duration`: milliseconds of the day's recitations of the unit (a recitation over
///   several units shares its seconds by mushaf lines) or quizzes of the word; empty if none
///   recorded seconds.
/// Rows in time order (ties by card id). Use the learner's timezone and day start with
/// `--timezone` and `--day-starts-at` so the learning days agree.
public enum ReviewLogExport {
  public struct Summary: Sendable, Equatable {
    public var reviews: Int
    public var items: Int
  }

  public static func csv(profile: LearnerProfile, events: [LearnerEvent]) -> (bytes: [UInt8], summary: Summary) {
    let histories = LearnerFold.reviewHistories(profile: profile, events: events)
    // Seconds per (item, learning day).
    var clock = LearningDayClock(profile: profile)
    var seconds: [String: [Int: Double]] = [:]
    for e in events {
      switch e.payload {
      case .recitation(let r):
        guard let s = r.seconds, let range = try? AyahRange(parsing: r.range) else { continue }
        let day = clock.day(atMillis: e.time.epochMillis)
        let total = max(Quran.lines(range), 1e-9)
        for unit in ReviewUnits.units(overlapping: range) {
          var share = 0.0
          for run in ReviewUnits.ranges(unit) {
            let a = max(run.first, range.first), b = min(run.last, range.last)
            if a <= b { share += Quran.lines(AyahRange(uncheckedFirst: a, last: b)) }
          }
          seconds[unit.description, default: [:]][day, default: 0] += s * share / total
        }
      case .wordQuizzed(let en, _, _, let s?):
        seconds[ItemKey.word(en), default: [:]][clock.day(atMillis: e.time.epochMillis), default: 0] += s
      default: continue
      }
    }
    var rows: [(time: Int64, card: Int64, rating: Int, state: Int, duration: Int?)] = []
    for (key, h) in histories {
      for i in 0..<h.count {
        let day = clock.day(atMillis: h.times[i])
        let state = i == 0 ? 0 : (h.ratings[i - 1] == .again ? 3 : 2)
        let ms = seconds[key]?[day].map { Int(($0 * 1000).rounded()) }
        rows.append((h.times[i], h.cardID, Int(h.ratings[i].rawValue), state, ms))
      }
    }
    rows.sort { ($0.time, $0.card) < ($1.time, $1.card) }
    var out = Array("card_id,review_time,review_rating,review_state,review_duration\n".utf8)
    out.reserveCapacity(rows.count * 48 + out.count)
    for r in rows {
      out += Array("\(r.card),\(r.time),\(r.rating),\(r.state),\(r.duration.map(String.init) ?? "")\n".utf8)
    }
    return (out, Summary(reviews: rows.count, items: histories.count))
  }
}
