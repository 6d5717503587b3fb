import Foundation
import Hifz
import LearnerStore
import MemoryModels
import PlannerCore

/// The fair baselines and the null policies (docs/simulation.md, "Policies"). They read the
/// same fold as the planner and time their items with the same measured paces; only the
/// choice of items differs.
extension PlanningSide {
  /// Seconds of the Quran and the vocabulary budget a day.
  var quranBudget: Double { profile.quran.goal == nil ? 0 : profile.quran.settings.dailyMinutes * 60 }
  var vocabularyBudget: Double { profile.vocabulary.newWordsPerDay > 0 ? Swift.max(0, Double(profile.dailyMinutes) * 60 - quranBudget) : 0 }

  /// New lessons of `lines` lines in all, continuing the goal (whole ayahs; one item per surah).
  ///
  /// `progress` and `habits`: the day's (``progress(day:)``, ``habits``), computed once by the caller.
  func lessons(day: EpochDay, lines: Double, progress: BaselineProgress?, habits: QuranHabits) throws(PlanEngineError) -> [SimulatedPlanItem] {
    guard lines > 0, let progress, profile.quran.settings.dailyMinutes > 0 else { return [] }
    var items: [SimulatedPlanItem] = []
    var k = progress.nextIndex
    var total = 0.0
    while total < lines - 1e-9, k < progress.sequence.count {
      let first = progress.sequence[k]
      var last = first
      k += 1
      while total + Quran.lines(AyahRange(uncheckedFirst: first, last: last)) < lines - 1e-9, k < progress.sequence.count,
        progress.sequence[k] == last + 1, Quran.surah(ofAyah: last + 1) == Quran.surah(ofAyah: first) {
        last += 1
        k += 1
      }
      let range = AyahRange(uncheckedFirst: first, last: last)
      total += Quran.lines(range)
      items.append(SimulatedPlanItem(kind: .quran(tier: .newLesson, ranges: [range]),
                                     estimatedSeconds: Int((Quran.lines(range) * habits.secondsPerLineNew).rounded(.up))))
    }
    return items
  }

  /// The goal's progress before `day` (nil: no Quran goal): ``quranView`` when it holds only
  /// lessons before `day` (always, as the simulation plans a day before receiving it), else
  /// from the whole history.
  func progress(day: EpochDay) throws(PlanEngineError) -> BaselineProgress? {
    guard let goal = profile.quran.goal, profile.quran.settings.dailyMinutes > 0 else { return nil }
    if let view = quranView, view.lastLessonDay < day.value, view.counted == recitations.count { return view }
    return try BaselineProgress(goal: goal, recitations: recitations, before: day)
  }

  /// Memorised units (mushaf order): (unit, its memorised ranges, last revision day or nil).
  func memorisedUnits(_ progress: BaselineProgress?) -> [(unit: ReviewUnitID, ranges: [AyahRange], last: Int?)] {
    guard let progress, profile.quran.settings.dailyMinutes > 0 else { return [] }
    var out: [(ReviewUnitID, [AyahRange], Int?)] = []
    let all = ReviewUnits.all, keys = BaselineProgress.unitKeys, items = learner.state.items
    for (order, runs) in progress.runs.enumerated() where !runs.isEmpty {
      out.append((all[order], runs, items[keys[order]]?.lastDay))
    }
    return out
  }

  func revision(_ unit: (unit: ReviewUnitID, ranges: [AyahRange], last: Int?), tier: QuranTier, pace: Double) -> SimulatedPlanItem {
    let lines = unit.ranges.reduce(0) { $0 + Quran.lines($1) }
    return SimulatedPlanItem(kind: .quran(tier: tier, ranges: unit.ranges), estimatedSeconds: Swift.max(1, Int((lines * pace).rounded(.up))))
  }

  /// Words learned (quizzed at least once): (english, last day), by key.
  var learnedWords: [(english: String, last: Int, key: String)] {
    var out: [(String, Int, String)] = []
    for (key, item) in learner.state.items where ItemKey.isWord(key) {
      guard let w = item.word, !w.deleted, item.memory != nil, let last = item.lastDay else { continue }
      out.append((w.english, last, key))
    }
    return out.sorted { $0.2 < $1.2 }
  }

  /// Items in order while their estimates fit `budget` seconds.
  static func within(_ items: [SimulatedPlanItem], _ budget: Double) -> (items: [SimulatedPlanItem], used: Double) {
    var out: [SimulatedPlanItem] = []
    var used = 0.0
    for it in items {
      guard used + Double(it.estimatedSeconds) <= budget else { break }
      used += Double(it.estimatedSeconds)
      out.append(it)
    }
    return (out, used)
  }

  // MARK: Anki

  /// Anki with FSRS as a careful user sets it up: the same memory model and refits as the
  /// planner; a card is due when its retrievability has fallen to the desired retention;
  /// reviews first, lowest retrievability first; the review limit is what the deck's share of
  /// the budget holds (a careful user sizes it so), and new cards count against it (Anki's v3
  /// scheduler), up to the daily new limit. Quran pages and words are two decks. Pages held
  /// before the start and never reviewed come due over the first 30 days.
  func ankiPlan(day: EpochDay) throws(PlanEngineError) -> [SimulatedPlanItem] {
    let model = FSRS6(parameters: FSRSParameters(uncheckedWeights: learner.planningProfile.parameters))
    let retention = policy.retention
    var reviews: [SimulatedPlanItem] = []
    var fresh: [SimulatedPlanItem] = []
    let habits = self.habits, wordEstimates = self.wordEstimates
    if quranBudget > 0 {
      let start = profile.quran.goal?.startDate.value ?? day.value
      let progress = try progress(day: day)
      var due: [(r: Double, order: Int, item: SimulatedPlanItem)] = []
      for (order, u) in memorisedUnits(progress).enumerated() {
        if let last = u.last, let m = learner.state.items[u.unit.description]?.memory {
          let r = model.retrievability(elapsedDays: Double(day.value - last), stability: m.stability)
          if r <= retention { due.append((r, order, revision(u, tier: .oldRevision, pace: habits.secondsPerLineRevision))) }
        } else if start + order % 30 <= day.value {
          due.append((0.5, order, revision(u, tier: .oldRevision, pace: habits.secondsPerLineRevision)))
        }
      }
      due.sort { ($0.r, $0.order) < ($1.r, $1.order) }
      let (taken, used) = Self.within(due.map(\.item), quranBudget)
      reviews += taken
      let room = (quranBudget - used) / Swift.max(1, habits.secondsPerLineNew)
      let lines = Swift.min(Double(SimulationPolicy.ankiNewLines[policy.level]), room.rounded(.down))
      fresh += try lessons(day: day, lines: lines, progress: progress, habits: habits)
    }
    if vocabularyBudget > 0 {
      var due: [(r: Double, key: String, item: SimulatedPlanItem)] = []
      for w in learnedWords {
        guard let m = learner.state.items[w.key]?.memory else { continue }
        let r = model.retrievability(elapsedDays: Double(day.value - w.last), stability: m.stability)
        if r <= retention { due.append((r, w.key, SimulatedPlanItem(kind: .word(english: w.english), estimatedSeconds: wordEstimates.reviewSeconds))) }
      }
      due.sort { ($0.r, $0.key) < ($1.r, $1.key) }
      let (taken, used) = Self.within(due.map(\.item), vocabularyBudget)
      reviews += taken
      let room = Int((vocabularyBudget - used) / Double(Swift.max(1, wordEstimates.newWordSeconds)))
      fresh += unlearnedWords(limit: Swift.min(SimulationPolicy.ankiNewWords[policy.level], room))
    }
    return reviews + fresh
  }

  // MARK: traditional

  /// A traditional hifz routine: sabaq (the new lesson, sized to a share of the Quran minutes,
  /// withheld while yesterday's sabqi failed), sabqi (the lessons of the last 7–20 days: as many
  /// days back as fit a third of the Quran minutes, at least 7), and manzil (a rotation pointer
  /// over every other memorised page, continuing where it stopped, also after a break; the
  /// shortest cycle of 7, 14 or 30 days whose daily share fits what is left). Words in Leitner
  /// boxes (box k every 2^(k−1) days; right → next box, wrong → box 1).
  func traditionalPlan(day: EpochDay) throws(PlanEngineError) -> [SimulatedPlanItem] {
    var items: [SimulatedPlanItem] = []
    let habits = self.habits, wordEstimates = self.wordEstimates
    if quranBudget > 0 {
      let pace = habits.secondsPerLineRevision
      let progress = try progress(day: day)
      // Sabqi: the lessons of the last 7–20 days, newest first, as many as fit a third.
      var lessonsByDay: [(day: Int, range: AyahRange)] = []
      for r in progress?.lessons ?? [] where r.day >= day.value - 20 && r.day < day.value {
        if !lessonsByDay.contains(where: { $0.range == r.range }) { lessonsByDay.append(r) }
      }
      lessonsByDay.sort { ($0.day, $0.range.first) > ($1.day, $1.range.first) }
      var sabqi: [SimulatedPlanItem] = []
      var sabqiSeconds = 0.0
      var inSabqi = [Bool](repeating: false, count: Quran.ayahCount + 1)
      var anySabqi = false
      for l in lessonsByDay {
        let s = Swift.max(1, Int((Quran.lines(l.range) * pace).rounded(.up)))
        if l.day < day.value - 7 && sabqiSeconds + Double(s) > quranBudget / 3 { break }
        sabqiSeconds += Double(s)
        for id in l.range.ids { inSabqi[id] = true }
        anySabqi = true
        sabqi.append(SimulatedPlanItem(kind: .quran(tier: .recentRevision, ranges: [l.range]), estimatedSeconds: s))
      }
      sabqi.reverse()
      // Sabaq, withheld while the latest sabqi failed (any recitation graded Again).
      let failing = progress?.lastRecentFailed ?? false
      let share = SimulationPolicy.traditionalSabaqShare[policy.level]
      let sabaq = failing ? [] : try lessons(day: day, lines: Swift.max(1, (quranBudget * share / Swift.max(1, habits.secondsPerLineNew)).rounded(.down)),
                                             progress: progress, habits: habits)
      let sabaqSeconds = Double(sabaq.reduce(0) { $0 + $1.estimatedSeconds })
      // Manzil: a rotation pointer over the other memorised units.
      let units = memorisedUnits(progress).filter { u in !anySabqi || !u.ranges.contains { r in r.ids.contains { inSabqi[$0] } } }
      var manzil: [SimulatedPlanItem] = []
      if !units.isEmpty {
        let left = Swift.max(0, quranBudget - sabaqSeconds - sabqiSeconds)
        let perUnit = Double(units.reduce(0) { $0 + revision($1, tier: .oldRevision, pace: pace).estimatedSeconds }) / Double(units.count)
        let cycle = [7, 14, 30].first { Double((units.count + $0 - 1) / $0) * perUnit <= left } ?? 30
        let quota = (units.count + cycle - 1) / cycle
        let orders = units.map { ReviewUnits.index(of: $0.unit) ?? 0 }
        let startAt = manzilPointer.map { p in orders.firstIndex { $0 > p } ?? 0 } ?? 0
        for j in 0..<Swift.min(quota, units.count) {
          manzil.append(revision(units[(startAt + j) % units.count], tier: .oldRevision, pace: pace))
        }
      }
      items += sabaq + sabqi + manzil
    }
    if vocabularyBudget > 0 {
      for w in learnedWords {
        let box = leitner[w.english] ?? 1
        if day.value - w.last >= 1 << (box - 1) {
          items.append(SimulatedPlanItem(kind: .word(english: w.english), estimatedSeconds: wordEstimates.reviewSeconds))
        }
      }
      items += unlearnedWords(limit: SimulationPolicy.traditionalNewWords[policy.level])
    }
    return items
  }

  // MARK: nulls

  /// Learn nothing: only reviews, the longest unrevised first, as many as the budget holds.
  func learnNothingPlan(day: EpochDay) throws(PlanEngineError) -> [SimulatedPlanItem] {
    var items: [SimulatedPlanItem] = []
    let wordEstimates = self.wordEstimates
    if quranBudget > 0 {
      let pace = habits.secondsPerLineRevision
      let units = memorisedUnits(try progress(day: day)).enumerated().sorted { ($0.element.last ?? Int.min, $0.offset) < ($1.element.last ?? Int.min, $1.offset) }
      items += Self.within(units.map { revision($0.element, tier: .oldRevision, pace: pace) }, quranBudget).items
    }
    if vocabularyBudget > 0 {
      let words = learnedWords.sorted { ($0.last, $0.key) < ($1.last, $1.key) }
      items += Self.within(words.map { SimulatedPlanItem(kind: .word(english: $0.english), estimatedSeconds: wordEstimates.reviewSeconds) },
                           vocabularyBudget).items
    }
    return items
  }

  /// Cram: as much new material as the budget holds, never a review.
  func cramPlan(day: EpochDay) throws(PlanEngineError) -> [SimulatedPlanItem] {
    var items: [SimulatedPlanItem] = []
    if quranBudget > 0 {
      let habits = self.habits
      items += try lessons(day: day, lines: (quranBudget / Swift.max(1, habits.secondsPerLineNew)).rounded(.down), progress: try progress(day: day), habits: habits)
    }
    if vocabularyBudget > 0 { items += unlearnedWords(limit: Int(vocabularyBudget / Double(Swift.max(1, wordEstimates.newWordSeconds)))) }
    return items
  }
}
