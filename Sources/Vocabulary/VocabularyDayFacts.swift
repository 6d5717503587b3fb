import MemoryModels
import PlannerCore

/// Each word's recall and whether it is due on one learning day (``VocabularyRanking/recall(_:lastDay:on:model:)``
/// and ``VocabularyRanking/isDue(_:lastDay:on:model:desiredRetention:)``), worked out once for a
/// day's plan: its ranking and its reminders both read them (two powers and a logarithm a word,
/// for thousands of words). Made from the same words (by index), model and desired retention as
/// the inputs it is handed to; a reader ignores facts of another day.
package struct VocabularyDayFacts: Sendable {
  package var day: EpochDay
  /// Recall on `day` of the word at each index (nil: never reviewed).
  package var recall: [Double?]
  package var due: [Bool]

  package init(_ words: [VocabularyWord], lastDays: [Int?], on day: EpochDay, model: FSRS6, desiredRetention: Double) {
    self.day = day
    recall = []; due = []
    recall.reserveCapacity(words.count); due.reserveCapacity(words.count)
    let term = model.intervalTerm(desiredRetention: desiredRetention)
    for i in words.indices {  // (each word's memory read in place)
      let memory = words[i].memory
      recall.append(VocabularyRanking.recall(memory, lastDay: lastDays[i], on: day, model: model))
      due.append(VocabularyRanking.isDue(memory, lastDay: lastDays[i], on: day, model: model, intervalTerm: term))
    }
  }
}
