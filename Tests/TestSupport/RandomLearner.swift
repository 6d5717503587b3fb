import Hifz
import LearnerStore
import PlannerCore
import Vocabulary

/// Random but valid event streams: words added before use, recitations in juz 30, quizzes,
/// look-ups, plan events; times spread over days, some of them late (earlier than the last).
package enum RandomLearner {
  package static let words = ["run", "walk", "house", "tree", "river", "light", "book", "bread", "window", "friend"]

  package static func events(count: Int, rng: inout SplitMix64, startDay: Int, idPrefix: String = "e") -> [LearnerEvent] {
    var out: [LearnerEvent] = []
    let base: Int64 = 1_790_000_000_000 + Int64(startDay) * 86_400_000
    var t = base
    var added: [String] = []
    for i in 0..<count {
      t += Int64.random(in: 60_000...30_000_000, using: &rng)
      var at = t
      if Int.random(in: 0..<10, using: &rng) == 0 { at -= Int64.random(in: 0...3 * 86_400_000, using: &rng) }  // late
      let time = EventTime(epochMillis: at, offsetSeconds: 7200)
      let payload: EventPayload
      if added.count < words.count && (added.isEmpty || Int.random(in: 0..<6, using: &rng) == 0) {
        let w = words[added.count]
        added.append(w)
        payload = .wordAdded(english: w, ukrainian: ["слово\(added.count)"])
      } else {
        let w = added.randomElement(using: &rng)!
        switch Int.random(in: 0..<12, using: &rng) {
        case 0, 1:
          let surah = Int.random(in: 78...114, using: &rng)
          // All tiers, some untimed, some with located mistakes (what the plan's inputs keep).
          let tier = [QuranTier.oldRevision, .recentRevision, .newLesson].randomElement(using: &rng)!
          let timed = Int.random(in: 0..<4, using: &rng) > 0
          let slips = Int.random(in: 0..<3, using: &rng) == 0 ? ["\(surah):1"] : []
          payload = .recitation(Recitation(range: "\(surah)", tier: tier, grade: Int.random(in: 1...4, using: &rng),
                                           mistakes: slips.count, mistakesAt: slips,
                                           seconds: timed ? Double(Int.random(in: 30...600, using: &rng)) : nil))
        case 2: payload = .wordLookedUp(english: w)
        case 3: payload = .wordQuizzed(english: w, answer: "a", verdict: AnswerVerdict.allCases.randomElement(using: &rng)!,
                                       seconds: Double(Int.random(in: 2...20, using: &rng)))
        case 4: payload = .wordOpened(english: w)
        case 5: payload = [.wordKnown(english: w), .wordUnknown(english: w), .wordReset(english: w)].randomElement(using: &rng)!
        case 6: payload = .planItemDone(date: ["2026-01-01", "2026-09-20", "2026-09-21"].randomElement(using: &rng)!, item: "x", seconds: 40)
        case 7: payload = .planItemSkipped(date: ["2026-01-01", "2026-09-20", "2026-09-22"].randomElement(using: &rng)!, item: "y")
        case 9: payload = .reminderActed(english: w, action: [.quiz, .dismissed, .opened].randomElement(using: &rng)!)
        case 10:
          // Shown, then acted on within the window (or not), close together.
          payload = .reminderShown(english: w, mode: .translation)
          out.append(LearnerEvent(id: "\(idPrefix)\(i)", time: time, payload: payload))
          let acted = EventTime(epochMillis: at + Int64.random(in: 0...3 * 3_600_000, using: &rng), offsetSeconds: 7200)
          out.append(LearnerEvent(id: "\(idPrefix)\(i)a", time: acted, payload: .reminderActed(english: w, action: .quiz)))
          continue
        default: payload = .reminderShown(english: w, mode: .hint)
        }
      }
      out.append(LearnerEvent(id: "\(idPrefix)\(i)", time: time, payload: payload))
    }
    return out
  }
}
