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
  /// Words never reviewed yet (not suspended).
  public var newWords: Int
  /// Words due for review on `date`.
  public var dueToday: Int
  /// Reviewed words whose recall on `date` is at least the desired retention.
  public var wellKnown: Int
  /// Mean FSRS-6 recall over reviewed words on `date`, suspended ones left out (nil when none).
  public var averageRecall: Double?
  /// The first five reviewed words of the one ranking (``VocabularyPriority/ranked``): due
  /// words by priority first, so this is the head of the plan's reviews.
  public var needMostPractice: [String]
  /// Leeches (``Leech``), most lapses first (ties: alphabetical), suspended ones included.
  public var leeches: [String]
  /// Suspended words (counted in `totalWords`, left out of every other figure).
  public var suspended: Int

  public static func compute(
    words: [VocabularyWord], day: EpochDay, clock: LearningDayClock, model: FSRS6 = FSRS6(), desiredRetention: Double = 0.9
  ) -> VocabularyStats {
    let sorted = WordSort.popularity.sorted(words)
    let top = sorted.first.flatMap { $0.popularity > 0 ? $0 : nil }
    let ranked = VocabularyPriority.ranked(words, on: day, clock: clock, model: model, desiredRetention: desiredRetention)
    let reviewed = ranked.filter { $0.group != .new }
    let recalls = reviewed.compactMap(\.recall)
    let leeches = words.filter(Leech.isLeech).sorted { a, b in
      a.lapses != b.lapses ? a.lapses > b.lapses : (a.key != b.key ? a.key < b.key : a.english < b.english)
    }
    return VocabularyStats(
      date: day, totalWords: words.count, mostPopular: top?.english, mostPopularCount: top?.popularity ?? 0,
      newWords: ranked.count - reviewed.count, dueToday: ranked.count(where: { $0.group == .due }),
      wellKnown: recalls.count(where: { $0 >= desiredRetention }),
      averageRecall: recalls.isEmpty ? nil : recalls.reduce(0, +) / Double(recalls.count),
      needMostPractice: reviewed.prefix(5).map(\.word.english),
      leeches: leeches.map(\.english), suspended: words.count(where: \.suspended))
  }
}
