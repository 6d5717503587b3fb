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
/// 2. New words (no memory state) only when every due review fit: up to ``newWordLimit(daily:waitingByHand:)``
///    (the learner's daily number, up to twice it while words they added themselves wait),
///    while the total still fits, in the ranking's order (most popular, oldest added, deck order).
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
    /// Each word's learning day of its last review (``VocabularyRanking/lastReviewDays(_:clock:)``),
    /// when the caller already has them (nil: computed here).
    package var lastReviewDays: [Int?]?
    /// The words' recall and "due" on `day`, when the caller has them (nil: computed here).
    package var dayFacts: VocabularyDayFacts?

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

  public static func plan(_ input: Input) throws(PlanEngineError) -> VocabularyPlan { try planned(input).plan }

  /// The plan, with what the daily composition reads beside it (no second lookup per item).
  package struct Planned {
    package var plan: VocabularyPlan
    /// The index in `input.words` of each item of `plan.items + plan.deferred`, in that order.
    package var sources: [Int]
    /// Each input word's learning day of its last review (``VocabularyRanking/lastReviewDays(_:clock:)``).
    package var lastDays: [Int?]
    /// With `texts: false`: the reason of each due review, in the reviews' order (the
    /// reviews in `plan.items`, then `plan.deferred`), whose text was left empty.
    package var reviewReasons: [VocabularyReviewReason]
    /// How many of `plan.items` are reviews (they come first, then new words; every deferred
    /// item is a review): counted once, not per item asked for.
    let reviewsInItems: Int

    /// The reason of item `k` of `plan.items + plan.deferred` when its text was left out.
    package func reviewReason(ofItem k: Int) -> VocabularyReviewReason? {
      if k < reviewsInItems { return reviewReasons.isEmpty ? nil : reviewReasons[k] }
      if k < plan.items.count { return nil }
      let r = reviewsInItems + (k - plan.items.count)
      return r < reviewReasons.count ? reviewReasons[r] : nil
    }
  }

  /// ``plan(_:)`` and where each item came from. `texts: false` leaves the reasons' texts of
  /// due reviews empty (``Planned/reviewReasons`` writes them): a day plan shows a few of
  /// hundreds of due words, and each sentence costs more than ranking the word.
  package static func planned(_ input: Input, texts: Bool = true) throws(PlanEngineError) -> Planned {
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
    // Only those two groups are read, and at most `newWordLimit` new words: the due words
    // are sorted, the new words partially selected (``VocabularyRanking``: the same order).
    let words = input.words
    let lastDays = input.lastReviewDays ?? VocabularyRanking.lastReviewDays(words, clock: input.clock)
    let keys = VocabularyRanking.keys(words, lastDays: lastDays, on: input.day, model: input.model,
                                      desiredRetention: input.desiredRetention, facts: input.dayFacts)
    let due = VocabularyRanking.sorted(VocabularyRanking.keys(keys, in: .due), words: words)

    var items: [VocabularyPlanItem] = []
    var deferred: [VocabularyPlanItem] = []
    var itemSources: [Int] = [], deferredSources: [Int] = []
    var reviewReasons: [VocabularyReviewReason] = []
    var total = 0
    for s in due {
      let word = words[s.index]
      let recall = s.recall ?? 0
      let days = VocabularyRanking.elapsedDays(lastDay: lastDays[s.index], on: input.day) ?? 0
      let why = VocabularyReviewReason(recall: recall, days: days, popularity: word.popularity, leech: s.leech,
                                       lapses: word.lapses, reviewDays: word.reviewDays)
      var item = VocabularyPlanItem(
        kind: .review, english: word.english, translations: word.translations, priority: s.priority,
        recall: recall, popularity: word.popularity, estimatedSeconds: est.reviewSeconds,
        reason: VocabularyReason(code: why.code, text: texts ? why.text : ""))
      if s.leech { item.leech = true }
      if deferred.isEmpty, total + item.estimatedSeconds <= budget {
        items.append(item)
        itemSources.append(s.index)
        total += item.estimatedSeconds
      } else {
        deferred.append(item)
        deferredSources.append(s.index)
      }
      if !texts { reviewReasons.append(why) }
    }

    if deferred.isEmpty {
      let newKeys = VocabularyRanking.keys(keys, in: .new)
      let limit = newWordLimit(daily: input.newWordsPerDay, waitingByHand: newKeys.count(where: { $0.rank == nil }))
      let fresh = VocabularyRanking.first(limit, of: newKeys, words: words)
      var added = 0
      for s in fresh where added < limit {
        guard total + est.newWordSeconds <= budget else { break }
        let word = words[s.index]
        let needed = word.popularity > 0
        items.append(VocabularyPlanItem(
          kind: .new, english: word.english, translations: word.translations,
          priority: VocabularyPriority.weight(popularity: word.popularity), recall: nil,
          popularity: word.popularity, estimatedSeconds: est.newWordSeconds,
          reason: VocabularyReason(
            code: needed ? .newNeeded : .new,
            text: needed ? "new word you already reached for \(times(word.popularity))" : "new word from your dictionary")))
        itemSources.append(s.index)
        total += est.newWordSeconds
        added += 1
      }
    }
    return Planned(plan: VocabularyPlan(date: input.day, budgetSeconds: budget, items: items, deferred: deferred, estimates: est),
                   sources: itemSources + deferredSources, lastDays: lastDays, reviewReasons: reviewReasons,
                   reviewsInItems: items.prefix { $0.kind == .review }.count)
  }

  /// How many new words a day may bring: the learner's daily number `n`, and as many again while
  /// more than a day's number of the words they added themselves (looked up, met, typed in; not
  /// an imported deck's, which keeps the daily pace) wait unlearnt:
  ///
  ///     limit = n + min(n, max(0, waiting − n))
  ///
  /// Those words are a backlog of days missed and plans left unfinished (new words come last in
  /// the plan), which a fixed daily number never makes up. Measured on the policy benchmark
  /// (docs/plans.md, "New words made up"): words known at the end +21 to +36 % under every truth,
  /// at the same words known per minute; three times the number gained no more.
  public static func newWordLimit(daily n: Int, waitingByHand waiting: Int) -> Int {
    n + min(n, max(0, waiting - n))
  }

  /// "once", "twice", "3 times": how often the learner reached for a word.
  static func times(_ n: Int) -> String { n == 1 ? "once" : n == 2 ? "twice" : "\(n) times" }
}

/// Why a due review is in the plan: the facts its reason states, and the sentence.
public struct VocabularyReviewReason: Sendable, Hashable {
  public var recall: Double
  /// Learning days since the last review.
  public var days: Int
  public var popularity: Int
  public var leech: Bool
  public var lapses: Int
  public var reviewDays: Int

  public init(recall: Double, days: Int, popularity: Int, leech: Bool, lapses: Int, reviewDays: Int) {
    self.recall = recall; self.days = days; self.popularity = popularity; self.leech = leech
    self.lapses = lapses; self.reviewDays = reviewDays
  }

  public var code: VocabularyReason.Code { popularity > 0 ? .dueAndNeeded : .due }

  /// "recall now 64% (last review 9 days ago)", what the learner reached for, and for a leech
  /// how to treat it.
  public var text: String {
    // Written as UTF-8 straight into the string's storage (a plan writes one per review it
    // takes; interpolated, 4.7 K instructions each, appended to an array of bytes 1.8 K): the
    // text of
    //   "recall now \(percent)% (last review \(ago))[; you reached for it \(times) since you last
    //   knew it][; a leech (failed on \(lapses) of \(reviewDays) review days): relearn it: …]".
    // Room: 216 bytes of words (197 now) and five numbers of at most 20 bytes each.
    String(unsafeUninitializedCapacity: 216 + 5 * 20) { buffer in
      let start = buffer.baseAddress!
      var p = start
      func put(_ s: StaticString) {
        p.update(from: s.utf8Start, count: s.utf8CodeUnitCount)
        p += s.utf8CodeUnitCount
      }
      func put(_ n: Int) { p += ByteNumberFormat.writeInt(Int64(n), at: p) }
      put("recall now "); put(Int((recall * 100).rounded())); put("% (last review ")
      if days == 1 { put("1 day ago)") } else { put(days); put(" days ago)") }
      if popularity > 0 {
        put("; you reached for it ")
        var times = VocabularyPlanner.times(popularity)
        times.withUTF8 { t in p.update(from: t.baseAddress!, count: t.count); p += t.count }
        put(" since you last knew it")
      }
      if leech {
        put("; a leech (failed on "); put(lapses); put(" of "); put(reviewDays)
        put(" review days): relearn it: read the card and make up a sentence with it, or suspend it")
      }
      return p - start
    }
  }
}
