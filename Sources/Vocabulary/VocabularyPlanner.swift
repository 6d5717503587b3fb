import Foundation
import MemoryModels
import PlannerCore

/// What the learner's times say: the fold's running mean of seconds per vocabulary review.
public struct VocabularyTimings: Sendable, Hashable, Codable {
  public var meanReviewSeconds: Double?
  public var reviewCount: Int

  public init(meanReviewSeconds: Double? = nil, reviewCount: Int = 0) {
    self.meanReviewSeconds = meanReviewSeconds
    self.reviewCount = reviewCount
  }
}

/// The daily vocabulary plan.
///
/// 1. Due reviews in the one ranking's order (``VocabularyPriority/ranked``: priority, highest
///    first), taken while the running total fits the budget; the rest are deferred, in the
///    same order. Suspended words are never planned.
/// 2. New words (no memory state) only when every due review fit: up to the learner's daily
///    number, while the total still fits, in the ranking's order (most popular, oldest added,
///    deck order).
/// 3. Estimates: a prior of 12 s per review and 30 s per new word (presentation plus a first
///    quiz), shrunk toward the learner's own mean review time as data come in:
///    `review = (12 · 10 + mean · n) / (10 + n)`, and new words scaled by the same factor.
public enum VocabularyPlanner {
  public static let priorReviewSeconds = 12.0
  public static let priorNewWordSeconds = 30.0
  /// The prior counts as this many observed reviews.
  public static let priorWeight = 10.0

  public struct Input: Sendable {
    public var day: EpochDay
    public var clock: LearningDayClock
    public var words: [VocabularyWord]
    public var newWordsPerDay: Int
    public var budgetMinutes: Double
    public var desiredRetention: Double
    public var model: FSRS6
    public var timings: VocabularyTimings

    public init(
      day: EpochDay, clock: LearningDayClock, words: [VocabularyWord], newWordsPerDay: Int,
      budgetMinutes: Double, desiredRetention: Double = 0.9, model: FSRS6 = FSRS6(), timings: VocabularyTimings = .init()
    ) {
      self.day = day
      self.clock = clock
      self.words = words
      self.newWordsPerDay = newWordsPerDay
      self.budgetMinutes = budgetMinutes
      self.desiredRetention = desiredRetention
      self.model = model
      self.timings = timings
    }
  }

  public static func estimates(_ timings: VocabularyTimings) -> VocabularyTimeEstimates {
    let n = Double(max(0, timings.reviewCount))
    var review = priorReviewSeconds
    if let mean = timings.meanReviewSeconds, mean.isFinite, mean > 0, n > 0 {
      review = (priorReviewSeconds * priorWeight + mean * n) / (priorWeight + n)
    }
    let scale = review / priorReviewSeconds
    return VocabularyTimeEstimates(
      reviewSeconds: max(1, Int(review.rounded())),
      newWordSeconds: max(1, Int((priorNewWordSeconds * scale).rounded())),
      observedReviews: n > 0 && timings.meanReviewSeconds != nil ? Int(n) : 0)
  }

  public static func plan(_ input: Input) throws(PlanEngineError) -> VocabularyPlan {
    guard input.budgetMinutes.isFinite, input.budgetMinutes >= 0 else {
      throw .invalidValue(keyPath: "budgetMinutes", value: "\(input.budgetMinutes)", expected: "minutes ≥ 0")
    }
    guard input.newWordsPerDay >= 0 else {
      throw .invalidValue(keyPath: "vocabulary.newWordsPerDay", value: "\(input.newWordsPerDay)", expected: "a count ≥ 0")
    }
    guard input.desiredRetention > 0, input.desiredRetention < 1 else {
      throw .invalidValue(keyPath: "vocabulary.desiredRetention", value: "\(input.desiredRetention)", expected: "a probability in (0, 1)")
    }
    let est = estimates(input.timings)
    let budget = Int((input.budgetMinutes * 60).rounded(.down))

    // The one ranking (``VocabularyPriority/ranked``): due reviews, then new words, in order.
    let ranked = VocabularyPriority.ranked(input.words, on: input.day, clock: input.clock, model: input.model,
                                           desiredRetention: input.desiredRetention)
    let due = ranked.filter { $0.group == .due }
    let fresh = ranked.filter { $0.group == .new }.map(\.word)

    var items: [VocabularyPlanItem] = []
    var deferred: [VocabularyPlanItem] = []
    var total = 0
    for s in due {
      let recall = s.recall ?? 0
      var item = VocabularyPlanItem(
        kind: .review, english: s.word.english, translations: s.word.translations, priority: s.priority,
        recall: recall, popularity: s.word.popularity, estimatedSeconds: est.reviewSeconds,
        reason: reviewReason(s.word, recall: recall, day: input.day, clock: input.clock))
      if s.leech {
        item.leech = true
        item.reason.text += "; a leech (failed on \(s.word.lapses) of \(s.word.reviewDays) review days): relearn it: read the card and make up a sentence with it, or suspend it"
      }
      if deferred.isEmpty, total + item.estimatedSeconds <= budget {
        items.append(item)
        total += item.estimatedSeconds
      } else {
        deferred.append(item)
      }
    }

    if deferred.isEmpty {
      var added = 0
      for word in fresh where added < input.newWordsPerDay {
        guard total + est.newWordSeconds <= budget else { break }
        let needed = word.popularity > 0
        items.append(VocabularyPlanItem(
          kind: .new, english: word.english, translations: word.translations,
          priority: VocabularyPriority.weight(popularity: word.popularity), recall: nil,
          popularity: word.popularity, estimatedSeconds: est.newWordSeconds,
          reason: VocabularyReason(
            code: needed ? .newNeeded : .new,
            text: needed ? "new word you already reached for \(times(word.popularity))" : "new word from your dictionary")))
        total += est.newWordSeconds
        added += 1
      }
    }
    return VocabularyPlan(date: input.day, budgetSeconds: budget, items: items, deferred: deferred, estimates: est)
  }

  /// "once", "twice", "3 times": how often the learner reached for a word.
  static func times(_ n: Int) -> String { n == 1 ? "once" : n == 2 ? "twice" : "\(n) times" }

  static func reviewReason(_ word: VocabularyWord, recall: Double, day: EpochDay, clock: LearningDayClock) -> VocabularyReason {
    let days = VocabularyPriority.elapsedDays(word, on: day, clock: clock) ?? 0
    let percent = Int((recall * 100).rounded())
    let ago = days == 1 ? "1 day ago" : "\(days) days ago"
    if word.popularity > 0 {
      return VocabularyReason(
        code: .dueAndNeeded,
        text: "recall now \(percent)% (last review \(ago)); you reached for it \(times(word.popularity)) since you last knew it")
    }
    return VocabularyReason(code: .due, text: "recall now \(percent)% (last review \(ago))")
  }
}
