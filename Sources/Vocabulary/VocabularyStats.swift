import Foundation
import MemoryModels
import PlannerCore

/// What `planner stats` shows: the seed app's total and most popular word, and what the
/// memory model adds.
public struct VocabularyStats: Sendable, Hashable, Codable {
  public var date: EpochDay
  /// Words in the dictionary.
  public var totalWords: Int
  /// The most popular word (ties: alphabetical); nil when every word is at 0.
  public var mostPopular: String?
  public var mostPopularCount: Int
  /// Words never reviewed yet.
  public var newWords: Int
  /// Words due for review on `date`.
  public var dueToday: Int
  /// Reviewed words whose recall on `date` is at least the desired retention.
  public var wellKnown: Int
  /// Mean FSRS-6 recall over reviewed words on `date` (nil when none).
  public var averageRecall: Double?
  /// Up to five words with the highest priority on `date`.
  public var needMostPractice: [String]

  public static func compute(
    words: [VocabularyWord], day: EpochDay, clock: LearningDayClock, model: FSRS6 = FSRS6(), desiredRetention: Double = 0.9
  ) -> VocabularyStats {
    let sorted = WordSort.popularity.sorted(words)
    let top = sorted.first.flatMap { $0.popularity > 0 ? $0 : nil }
    var due = 0, known = 0, fresh = 0
    var recalls: [Double] = []
    var ranked: [(Double, String, String)] = []
    for w in words {
      guard let r = VocabularyPriority.recall(w, on: day, clock: clock, model: model) else {
        fresh += 1
        continue
      }
      recalls.append(r)
      if r >= desiredRetention { known += 1 }
      if VocabularyPriority.isDue(w, on: day, clock: clock, model: model, desiredRetention: desiredRetention) { due += 1 }
      ranked.append((VocabularyPriority.priority(recall: r, popularity: w.popularity), w.key, w.english))
    }
    ranked.sort { $0.0 != $1.0 ? $0.0 > $1.0 : ($0.1 != $1.1 ? $0.1 < $1.1 : $0.2 < $1.2) }
    return VocabularyStats(
      date: day, totalWords: words.count, mostPopular: top?.english, mostPopularCount: top?.popularity ?? 0,
      newWords: fresh, dueToday: due, wellKnown: known,
      averageRecall: recalls.isEmpty ? nil : recalls.reduce(0, +) / Double(recalls.count),
      needMostPractice: ranked.prefix(5).map(\.2))
  }
}
