import Foundation
import MemoryModels
import PlannerCore

/// The one ranking (``VocabularyPriority/ranked(_:on:clock:model:desiredRetention:)``) computed
/// the cheap way, for the planners that rank every word of a dictionary every day.
///
/// The same rule and the same order, only the work is arranged differently:
/// - each word's learning day of its last review is computed once per plan, through one
///   ``LearningDayClock/DayTable`` (a handful of timezone lookups, not one or two per word per
///   use: the ranking, the reasons, tomorrow's recall and every reminder slot ask for it);
/// - the sort compares small keys of plain values (``RankKey``: group, priority, recall,
///   popularity, added date, deck rank, the word's index), not ranked words (each comparison
///   copied two `VocabularyWord`s with their strings and arrays); the English key and text,
///   the last tie-breaks, are read only on a tie;
/// - the planner sorts the due words only (it never reads the words not yet due) and takes
///   the first `newWordsPerDay` new words by a partial selection that keeps the stable sort's
///   order and ties (``VocabularyRanking/first(_:of:by:)``).
package enum VocabularyRanking {
  /// A word's place in the ranking: what ``VocabularyPriority/precedes(_:_:)`` compares.
  package struct RankKey: Sendable {
    /// Index of the word in the ranked array.
    package var index: Int
    package var group: RankedWord.Group
    package var recall: Double?
    package var priority: Double
    package var popularity: Int
    package var addedAt: Date
    package var rank: Int?
    package var leech: Bool
  }

  /// The learning day of each word's last review (nil: never reviewed), exactly
  /// `clock.learningDay(of: lastReviewedAt)`.
  package static func lastReviewDays(_ words: [VocabularyWord], clock: LearningDayClock) -> [Int?] {
    // Each word's field read in place (`for w in words` copied every word).
    var first = Date.distantFuture, last = Date.distantPast
    for i in words.indices {
      guard let d = words[i].lastReviewedAt else { continue }
      if d < first { first = d }
      if d > last { last = d }
    }
    let table = clock.dayTable(from: first, through: last)
    return words.indices.map { i in words[i].lastReviewedAt.map { table.learningDay(of: $0).value } }
  }

  /// ``VocabularyPriority/elapsedDays(_:on:clock:)`` from the last review's learning day.
  @inline(__always)
  package static func elapsedDays(lastDay: Int?, on day: EpochDay) -> Int? {
    guard let lastDay else { return nil }
    return max(0, day.value - lastDay)
  }

  /// ``VocabularyPriority/recall(_:on:clock:model:)`` from the last review's learning day.
  /// Takes the word's `memory`, not the word: a word passed on is copied (its strings and lists
  /// retained and released), thousands of times a plan.
  @inline(__always)
  package static func recall(_ memory: MemoryState?, lastDay: Int?, on day: EpochDay, model: FSRS6) -> Double? {
    guard let state = memory, let t = elapsedDays(lastDay: lastDay, on: day) else { return nil }
    return model.retrievability(elapsedDays: Double(t), stability: state.stability)
  }

  /// ``VocabularyPriority/isDue(_:on:clock:model:desiredRetention:)`` from the last review's learning day
  /// (the word's `memory`, as ``recall(_:lastDay:on:model:)``).
  @inline(__always)
  package static func isDue(_ memory: MemoryState?, lastDay: Int?, on day: EpochDay, model: FSRS6, desiredRetention: Double) -> Bool {
    isDue(memory, lastDay: lastDay, on: day, model: model, intervalTerm: model.intervalTerm(desiredRetention: desiredRetention))
  }

  /// The same with the retention's ``FSRS6/intervalTerm(desiredRetention:)`` taken once for
  /// many words (a power each word otherwise, the same for all).
  @inline(__always)
  package static func isDue(_ memory: MemoryState?, lastDay: Int?, on day: EpochDay, model: FSRS6, intervalTerm: Double) -> Bool {
    guard let state = memory, let t = elapsedDays(lastDay: lastDay, on: day) else { return false }
    return t >= model.intervalDays(stability: state.stability, term: intervalTerm)
  }

  /// The unsorted keys of the words that are ranked (suspended words are left out).
  /// The keys of one group, in their order (one buffer: `filter` grew its result a doubling at a
  /// time over a learner's thousands of words).
  package static func keys(_ keys: [RankKey], in group: RankedWord.Group) -> [RankKey] {
    var out: [RankKey] = []
    out.reserveCapacity(keys.count)
    for k in keys where k.group == group { out.append(k) }
    return out
  }

  /// `facts`: the words' recall and "due" on `day` when the caller has them (``VocabularyDayFacts``).
  package static func keys(_ words: [VocabularyWord], lastDays: [Int?], on day: EpochDay, model: FSRS6,
                           desiredRetention: Double, facts: VocabularyDayFacts? = nil) -> [RankKey] {
    var out: [RankKey] = []
    out.reserveCapacity(words.count)
    let known = facts?.day == day ? facts : nil
    let knownRecall = known?.recall, knownDue = known?.due
    let term = model.intervalTerm(desiredRetention: desiredRetention)
    // Each word's fields read in place (`for (i, w) in words.enumerated()` copied every word).
    for i in words.indices where !words[i].suspended {
      let leech = Leech.isLeech(lapses: words[i].lapses, reviewDays: words[i].reviewDays)
      let memory = words[i].memory, popularity = words[i].popularity
      if let r = knownRecall.map({ $0[i] }) ?? recall(memory, lastDay: lastDays[i], on: day, model: model) {
        let due = knownDue?[i] ?? isDue(memory, lastDay: lastDays[i], on: day, model: model, intervalTerm: term)
        out.append(RankKey(index: i, group: due ? .due : .notDue, recall: r,
                           priority: VocabularyPriority.priority(recall: r, popularity: popularity),
                           popularity: popularity, addedAt: words[i].addedAt, rank: words[i].rank, leech: leech))
      } else {
        out.append(RankKey(index: i, group: .new, recall: nil, priority: VocabularyPriority.weight(popularity: popularity),
                           popularity: popularity, addedAt: words[i].addedAt, rank: words[i].rank, leech: leech))
      }
    }
    return out
  }

  /// ``VocabularyPriority/precedes(_:_:)`` on keys (the words are read only for the last tie-breaks).
  @inline(__always)
  package static func precedes(_ a: RankKey, _ b: RankKey, _ words: UnsafeBufferPointer<VocabularyWord>) -> Bool {
    if a.group != b.group { return a.group < b.group }
    if a.group == .new {
      if a.popularity != b.popularity { return a.popularity > b.popularity }
      if a.addedAt != b.addedAt { return a.addedAt < b.addedAt }
      if let first = VocabularyWord.deckOrder(a.rank, b.rank) { return first }
    } else {
      if a.priority != b.priority { return a.priority > b.priority }
      if a.recall != b.recall { return (a.recall ?? 0) < (b.recall ?? 0) }
    }
    return tieBreak(words[a.index], words[b.index])
  }

  static func tieBreak(_ a: VocabularyWord, _ b: VocabularyWord) -> Bool {
    let ka = a.key, kb = b.key
    if ka != kb { return ka < kb }
    return a.english < b.english
  }

  /// `keys` in ranking order (the same stable sort as ``VocabularyPriority/ranked``).
  package static func sorted(_ keys: [RankKey], words: [VocabularyWord]) -> [RankKey] {
    words.withUnsafeBufferPointer { w in keys.sorted { precedes($0, $1, w) } }
  }

  /// The first `k` of `keys` in ranking order.
  package static func first(_ k: Int, of keys: [RankKey], words: [VocabularyWord]) -> [RankKey] {
    words.withUnsafeBufferPointer { w in first(k, of: keys, by: { precedes($0, $1, w) }) }
  }

  /// The first `k` elements of `items.sorted(by: precedes)` (a stable sort), in that order,
  /// without sorting the rest: a sorted buffer of at most `k`, each element inserted after every
  /// element it does not precede (so equal elements keep their input order, as in the stable
  /// sort) and dropped once `k` elements precede or equal it. `precedes` must be a strict weak
  /// order. O(n · log k) comparisons for the usual input, O(n · k) moves at worst.
  package static func first<T>(_ k: Int, of items: [T], by precedes: (T, T) -> Bool) -> [T] {
    guard k > 0 else { return [] }
    guard k < items.count else { return items.sorted(by: precedes) }
    var buffer: [T] = []
    buffer.reserveCapacity(k + 1)
    for x in items {
      if buffer.count == k, !precedes(x, buffer[k - 1]) { continue }
      // The first position whose element x precedes (false … false, true … true in a sorted buffer).
      var lo = 0, hi = buffer.count
      while lo < hi {
        let mid = (lo + hi) >> 1
        if precedes(x, buffer[mid]) { hi = mid } else { lo = mid + 1 }
      }
      buffer.insert(x, at: lo)
      if buffer.count > k { buffer.removeLast() }
    }
    return buffer
  }
}

/// Whether a word list is already in key order with unique keys, as the learner's state gives
/// it: then "the word with this key" is the word at its own index, and sorting the keys is the
/// identity (both cost a dictionary of strings and a sort otherwise).
package enum VocabularyKeyOrder {
  package static func strictlyIncreasing(_ words: [VocabularyWord]) -> Bool {
    var previous: String?
    for i in words.indices {  // (the English read in place: `for w in words` copied every word)
      let key = VocabularyWord.key(words[i].english)
      if let previous, !(previous < key) { return false }
      previous = key
    }
    return true
  }
}
