import Foundation
import MemoryModels
import PlannerCore

/// Reminders for a day, and the next reminder from now.
///
/// 1. **Slots.** From the wake-up time, one slot every `frequencyMinutes` of real time until
///    bedtime, keeping those outside quiet hours. Local times go through the learner's
///    timezone day by day, so a DST change shifts nothing but the UTC instants (and a day of
///    23 or 25 hours has the slots its real length holds).
/// 2. **Habits.** When there are more slots than the daily cap, the cap's worth are chosen by
///    systematic sampling over the habit weights (``ReminderHabits/weight(hour:)``): slot `j`
///    owns the stretch of cumulative weight before it, and the i-th reminder goes to the slot
///    owning `(i + ½) / k` of the total. Equal weights spread the reminders evenly over the
///    day; hours where the learner practises get more, hours they ignore get fewer.
/// 3. **Words, rotating.** Each slot shows the first eligible word of the one ranking
///    (``VocabularyPriority/ranked``): due words first (and words failed or looked up today),
///    then the other words, each group by priority at that moment (the day's popularity as it
///    changes); ties: lower recall, then alphabetical. Before the day's first event this is the
///    plan's order. Eligible: not suspended, a memory state or popularity above 0, not answered
///    right or marked known today, and not shown today, unless it was failed since (a wrong
///    answer, "I don't know", a look-up: it may come back at the next slot) or the reminder was
///    ignored (no button pressed, or dismissed: it may come back
///    `repeatGapHours` later). So a day's reminders cover as many distinct words as there are
///    slots. A slot with no eligible word shows nothing.
/// 4. **Mode.** `translation` or `hint` as set; `mixed` gives a hint for a word last recalled
///    (last rating Hard or better), the translation otherwise. A leech (``Leech``) always shows
///    its translation: it needs re-exposure, not another failed recall.
public enum ReminderScheduler {
  public struct Input: Sendable {
    public var clock: LearningDayClock
    public var policy: ReminderPolicy
    public var habits: ReminderHabits
    /// Word states at the start of the day (the nightly fold).
    public var words: [VocabularyWord]
    public var model: FSRS6
    /// The learner's desired retention of words (what "due" means).
    public var desiredRetention: Double
    /// Whether `words` are in key order with unique keys (``VocabularyKeyOrder``), when the
    /// caller already checked (nil: checked here).
    package var wordsInKeyOrder: Bool?
    /// Each word's learning day of its last review (``VocabularyRanking/lastReviewDays(_:clock:)``),
    /// when the caller already has them (nil: computed here).
    package var lastReviewDays: [Int?]?
    /// The words' recall and "due" on one day, when the caller has them (``VocabularyDayFacts``):
    /// the slots of that learning day read them instead of computing them again.
    package var dayFacts: VocabularyDayFacts?

    public init(clock: LearningDayClock, policy: ReminderPolicy, habits: ReminderHabits = .init(), words: [VocabularyWord],
                model: FSRS6 = FSRS6(), desiredRetention: Double = 0.9) {
      self.clock = clock
      self.policy = policy
      self.habits = habits
      self.words = words
      self.model = model
      self.desiredRetention = desiredRetention
    }
  }

  /// The candidate slot instants of `day`, in time order (before the cap and habits).
  public static func slots(_ input: Input, day: EpochDay) throws(PlanEngineError) -> [Date] {
    let mask = try input.policy.validatedAllowedMinutes()
    let wake = input.policy.wakeAt.minutes
    let length = ReminderPolicy.length(from: wake, to: input.policy.sleepAt.minutes)
    let start = input.clock.instant(of: day, minute: wake)
    let end = input.clock.instant(of: day, minute: wake + length)
    let step = Double(input.policy.frequencyMinutes) * 60
    var out: [Date] = []
    var t = start
    while t < end {
      let m = input.clock.localMinute(of: t, relativeTo: day)
      if m >= 0, m < mask.count, mask[m] { out.append(t) }
      t = t.addingTimeInterval(step)
    }
    return out
  }

  /// The slots chosen for `day`: at most the daily cap, sampled by habit weight.
  public static func chosenSlots(_ input: Input, day: EpochDay) throws(PlanEngineError) -> [Date] {
    let all = try slots(input, day: day)
    let k = min(input.policy.dailyCap, all.count)
    guard k < all.count else { return all }
    guard k > 0 else { return [] }
    let weights = all.map { input.habits.weight(hour: input.clock.localHour(of: $0)) }
    let total = weights.reduce(0, +)
    var cumulative: [Double] = []
    var run = 0.0
    for w in weights {
      run += w
      cumulative.append(run)
    }
    var taken = [Bool](repeating: false, count: all.count)
    for i in 0..<k {
      let target = (Double(i) + 0.5) / Double(k) * total
      var j = cumulative.firstIndex(where: { $0 > target }) ?? (all.count - 1)
      if taken[j] {
        // Nearest free slot, later first.
        var d = 1
        while true {
          if j + d < all.count, !taken[j + d] { j += d; break }
          if j - d >= 0, !taken[j - d] { j -= d; break }
          d += 1
        }
      }
      taken[j] = true
    }
    return all.indices.filter { taken[$0] }.map { all[$0] }
  }

  /// The reminders of `day` as planned in the morning (no events of the day yet).
  public static func reminders(_ input: Input, day: EpochDay) throws(PlanEngineError) -> [Reminder] {
    try schedule(input, day: day, events: [], notBefore: nil)
  }

  /// The next reminder at or after `now`, taking today's events into account: words
  /// answered or marked known, failures, reminders already shown (they count toward the cap
  /// and keep the frequency: nothing sooner than `frequencyMinutes` after the last one). Looks
  /// through the waking days around `now` and the next day; nil if none has a word to show.
  public static func nextReminder(_ input: Input, after now: Date, todaysEvents: [ReminderDayEvent]) throws(PlanEngineError) -> Reminder? {
    let today = input.clock.calendarDay(of: now)
    for day in [today.advanced(by: -1), today, today.advanced(by: 1)] {
      if let first = try schedule(input, day: day, events: todaysEvents, notBefore: now).first { return first }
    }
    return nil
  }

  struct WordDayState {
    /// The word's index in `input.words` (read in place there: a copy would retain its strings).
    var word: Int
    var counter: PopularityCounter
    var lastShown: Date?
    var failedSinceShown = false
    /// A button pressed or the word practised since it was last shown (not ignored).
    var answeredSinceShown = false
    /// Last shown by this schedule's own projection (the learner's answer is not known yet:
    /// it is not repeated).
    var projected = false
    /// Failed today (wrong answer, "I don't know", a look-up): ranks with the due words.
    var failedToday = false
    var settled = false  // answered right, typo or known: not needed again today
    var lastRecalled: Bool
  }

  /// `scanEverySlot`: every open word compared at every slot (the rule as written; tests check
  /// the one-pass selection against it).
  static func schedule(_ input: Input, day: EpochDay, events: [ReminderDayEvent], notBefore: Date?,
                       scanEverySlot: Bool = false) throws(PlanEngineError) -> [Reminder] {
    let slots = try chosenSlots(input, day: day)
    guard !slots.isEmpty else { return [] }
    let wake = input.policy.wakeAt.minutes
    let dayStart = input.clock.instant(of: day, minute: wake)
    let dayEnd = input.clock.instant(of: day, minute: wake + ReminderPolicy.length(from: wake, to: input.policy.sleepAt.minutes))

    // Word states in sorted-key order, one per key (the first word with it); events find
    // theirs by key. The state's words already come in key order with unique keys: then the
    // states are the words in input order, and no dictionary is needed unless there are events.
    let words = input.words
    var states: [WordDayState] = []
    var position: [String: Int] = [:]
    var source: [Int]
    let inKeyOrder = input.wordsInKeyOrder ?? VocabularyKeyOrder.strictlyIncreasing(words)
    if inKeyOrder {
      // Without events only a word not suspended, with a memory state or a popularity, can be
      // open (`open` below: nothing settled or shown); the others (a deck's unstudied words,
      // most of a dictionary) are left out before any per-word work, the states in key order.
      source = events.isEmpty ? words.indices.filter { Self.openWithoutEvents(words[$0]) } : Array(words.indices)
      if !events.isEmpty { for (i, w) in words.enumerated() { position[w.key] = i } }
    } else {
      var first: [String: Int] = [:]
      for (i, w) in words.enumerated() where first[w.key] == nil { first[w.key] = i }
      let keys = first.keys.sorted()
      source = keys.map { first[$0]! }
      for (p, key) in keys.enumerated() { position[key] = p }
      if events.isEmpty { source = source.filter { Self.openWithoutEvents(words[$0]) } }
    }
    states.reserveCapacity(source.count)
    for i in source {
      states.append(WordDayState(word: i, counter: PopularityCounter(popularity: words[i].popularity),
                                 lastRecalled: words[i].lastRating?.isRecall ?? false))
    }
    // Each word's last-review learning day, once (not per word per slot).
    let wordDays = input.lastReviewDays ?? VocabularyRanking.lastReviewDays(words, clock: input.clock)
    let lastDays = inKeyOrder && source.count == words.count ? wordDays : source.map { wordDays[$0] }

    // Today's events in time order (stable).
    let ordered = events.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
    var shownInDay = 0
    var lastShownAny: Date?
    for event in ordered {
      if let limit = notBefore, event.at > limit { break }
      switch event {
      case .shown(let en, let at):
        if at >= dayStart && at < dayEnd { shownInDay += 1 }
        lastShownAny = max(lastShownAny ?? at, at)
        if let p = position[VocabularyWord.key(en)] {
          states[p].lastShown = at
          states[p].failedSinceShown = false
          states[p].answeredSinceShown = false
        }
      case .acted(let en, _):
        if let p = position[VocabularyWord.key(en)] { states[p].answeredSinceShown = true }
      case .activity(let en, let e):
        guard let p = position[VocabularyWord.key(en)] else { continue }
        var s = states[p]
        s.counter = s.counter.applying(e)
        if s.lastShown != nil { s.answeredSinceShown = true }
        switch e.activity {
        case .quiz(.wrong), .unknown, .lookup:
          s.failedSinceShown = true
          s.failedToday = true
          s.settled = false
          s.lastRecalled = false
        case .quiz(.right), .quiz(.typo), .known:
          s.settled = true
          s.lastRecalled = true
        case .reset:
          s.settled = true
        default: break
        }
        states[p] = s
      }
    }

    var remaining = input.policy.dailyCap - shownInDay
    let gap = input.policy.repeatGapHours * 3600
    let spacing = Double(input.policy.frequencyMinutes) * 60
    var out: [Reminder] = []
    struct DayFacts {
      var day: EpochDay
      var recall: [Double]
      /// The priority at the word's popularity when the facts were computed ("due" lives in `group`).
      var priority: [Double]
    }
    // Which words a slot may take, apart from the day's facts and the repeat gap: nothing in the
    // slots below changes a state but the chosen word's, which is then never taken again
    // (shown by this projection), so this is worked out once, as flat arrays.
    var open = states.map { s in
      !s.settled && !words[s.word].suspended && (words[s.word].memory != nil || s.counter.popularity > 0)
        && !(s.lastShown != nil && !s.failedSinceShown && (s.projected || s.answeredSinceShown))
    }
    // Shown today and ignored: again only once the repeat gap has passed.
    let shownIgnored: [Date?] = states.map { s in s.failedSinceShown ? nil : s.lastShown }
    var group: [Int] = []
    var facts: DayFacts?
    // The slot's word is the least open one by (group, -priority, recall, position) among those
    // the repeat gap lets through. Words never shown-and-ignored today are always let through, so
    // the slots of a learning day take them in that order: the first `slots.count` of them, kept
    // once per day in one pass (`leaders`), are all the slots can reach. The few words waiting
    // out the gap (`gated`) are checked at each slot.
    var leaders: [Int] = []
    var gated: [Int] = []
    var totalOrder = true  // no NaN among the day's keys: the order is total (else: a scan per slot)
    for slot in slots where remaining > 0 {
      if let limit = notBefore, slot < limit { continue }
      if let last = lastShownAny, slot.timeIntervalSince(last) < spacing { continue }
      let slotDay = input.clock.learningDay(of: slot)
      // Recall and "due" of every word on the slot's learning day: once per day, not per slot.
      if facts?.day != slotDay {
        // One loop over the words (not one closure per array), each read in place (an array's
        // element passed on was copied: its strings retained and released).
        // (Written in place: an append per word and list checked each list's uniqueness and room.)
        var recall = [Double](repeating: 0, count: states.count), priority = [Double](repeating: 0, count: states.count)
        group = [Int](repeating: 0, count: states.count)
        let known = input.dayFacts?.day == slotDay ? input.dayFacts : nil
        let knownRecall = known?.recall, knownDue = known?.due
        let term = input.model.intervalTerm(desiredRetention: input.desiredRetention)
        words.withUnsafeBufferPointer { words in
          recall.withUnsafeMutableBufferPointer { recall in
            priority.withUnsafeMutableBufferPointer { priority in
              group.withUnsafeMutableBufferPointer { group in
                for p in states.indices {
                  let i = states[p].word
                  let r = (knownRecall.map { $0[i] }
                    ?? VocabularyRanking.recall(words[i].memory, lastDay: lastDays[p], on: slotDay, model: input.model)) ?? 0
                  let isDue = knownDue?[i]
                    ?? VocabularyRanking.isDue(words[i].memory, lastDay: lastDays[p], on: slotDay, model: input.model, intervalTerm: term)
                  recall[p] = r
                  priority[p] = VocabularyPriority.priority(recall: r, popularity: states[p].counter.popularity)
                  group[p] = states[p].failedToday || isDue ? 0 : 1
                }
              }
            }
          }
        }
        facts = DayFacts(day: slotDay, recall: recall, priority: priority)
        let f = facts!
        totalOrder = !scanEverySlot && !f.recall.contains { $0.isNaN } && !f.priority.contains { $0.isNaN }
        leaders = []
        gated = []
        if totalOrder {
          leaders.reserveCapacity(slots.count + 1)
          for p in states.indices where open[p] {
            if shownIgnored[p] != nil { gated.append(p); continue }
            if leaders.count == slots.count, let last = leaders.last,
              !slotPrecedes(p, last, group: group, priority: f.priority, recall: f.recall) { continue }
            var at = leaders.count
            while at > 0, slotPrecedes(p, leaders[at - 1], group: group, priority: f.priority, recall: f.recall) { at -= 1 }
            leaders.insert(p, at: at)
            if leaders.count > slots.count { leaders.removeLast() }
          }
        }
      }
      let f = facts!
      var best: (group: Int, priority: Double, recall: Double, position: Int)?
      if totalOrder {
        var pick: Int?
        for p in leaders where open[p] { pick = p; break }
        for p in gated where open[p] {
          if let shown = shownIgnored[p], slot.timeIntervalSince(shown) < gap { continue }
          if let q = pick, !slotPrecedes(p, q, group: group, priority: f.priority, recall: f.recall) { continue }
          pick = p
        }
        if let p = pick { best = (group[p], f.priority[p], f.recall[p], p) }
      } else {
        for p in states.indices where open[p] {
          if let shown = shownIgnored[p], slot.timeIntervalSince(shown) < gap { continue }
          let r = f.recall[p]
          // (The popularity does not change within the slots: the facts' priority is the word's.)
          let priority = f.priority[p]
          let group = group[p]
          // The ranking's order (VocabularyPriority.precedes): group, priority, lower recall, key
          // (the states are in key order: the first of equals stays).
          if let b = best, (b.group, -b.priority, b.recall) <= (group, -priority, r) { continue }
          best = (group, priority, r, p)
        }
      }
      guard let chosen = best else { continue }
      var s = states[chosen.position]
      let word = words[s.word]
      let mode: ReminderPolicy.Mode =
        switch input.policy.mode {
        case .translation: .translation
        case .hint: .hint
        case .mixed: s.lastRecalled ? .hint : .translation
        }
      let shownMode: ReminderPolicy.Mode = Leech.isLeech(word) ? .translation : mode
      let shown = shownMode == .hint ? Hint.make(for: word.translations.first ?? "") : word.translations.joined(separator: ", ")
      out.append(Reminder(
        at: slot, localTime: input.clock.localISO8601(slot), english: word.english, mode: shownMode,
        text: "\(word.english) — \(shown)", actions: Reminder.Action.allCases, priority: chosen.priority))
      s.lastShown = slot
      s.failedSinceShown = false
      s.answeredSinceShown = false
      s.projected = true
      states[chosen.position] = s
      open[chosen.position] = false  // shown by this projection: not again today
      lastShownAny = slot
      remaining -= 1
    }
    return out
  }

  /// Whether a word can be shown on a day without events: what `open` asks of a word whose state
  /// no event changed (the same popularity counter, nothing settled, nothing shown).
  @inline(__always)
  static func openWithoutEvents(_ w: VocabularyWord) -> Bool {
    !w.suspended && (w.memory != nil || PopularityCounter(popularity: w.popularity).popularity > 0)
  }

  /// Whether word state `a` comes before `b` in a slot's order: group, then higher priority, then
  /// lower recall (the ranking's, ``VocabularyPriority``), then key order (the states' positions).
  @inline(__always)
  static func slotPrecedes(_ a: Int, _ b: Int, group: [Int], priority: [Double], recall: [Double]) -> Bool {
    (group[a], -priority[a], recall[a], a) < (group[b], -priority[b], recall[b], b)
  }
}
