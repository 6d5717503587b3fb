import MemoryModels
import PlannerCore

/// The day's Quran plan as a pure function of plain inputs (see docs/quran-planner.md).
///
/// The model of the day: recent revision (sabqi) first, then today's portion of old revision
/// (manzil) as continuous passages in mushaf order, then the new lesson (sabaq), then "if time
/// allows" revision (weak units beyond the portion, `optional`). Items are listed in that order,
/// which is also the order of value: a learner who stops early drops the least valuable work,
/// and everything but the optional items is the day's must-do, within the budget. Only
/// recitations before `input.date` count, so a day's plan does not change while the day's work
/// is being recorded.
public enum QuranPlanner {
  /// Old revision closes gaps of at most this many seconds between two chosen units (a few
  /// lines), so the day reads as one passage ("Al-Humaza – Al-Kawthar"), not fragments.
  public static let gapSeconds = 120

  public static func plan(_ input: QuranPlanInput) throws(PlanEngineError) -> QuranPlan {
    let s = input.settings
    try s.validate()
    let audio = try AudioURLTemplate.resolved(s)
    let day = input.date
    let model = FSRS6(parameters: input.parameters)
    let budget = Int((s.dailyMinutes * 60).rounded())
    let spl = (new: max(1, input.habits.secondsPerLineNew), rev: max(1, input.habits.secondsPerLineRevision))
    // New lessons and recent revision drive the lesson, the recent list and the retention check;
    // old revision reaches the planner through the units' memory, so years of it are not sorted.
    // Each is copied once, into its place in history order (a copy retains its mistake list).
    let all = input.recitations
    var kept: [Int] = []
    kept.reserveCapacity(all.count)
    for k in all.indices where all[k].day < day && all[k].tier != .oldRevision { kept.append(k) }
    let history = historyOrder(all, kept)
    // A failed lesson is not memorised until it passes: it is the next lesson again.
    let pending = NewLesson.pending(history)
    // (Without a failed lesson, the same history: shared, not copied.)
    var learnedHistory = history
    if !pending.isEmpty {
      learnedHistory = []
      learnedHistory.reserveCapacity(history.count)
      for k in history.indices where !(history[k].tier == .newLesson && pending.contains { $0.range == history[k].range }) {
        learnedHistory.append(history[k])
      }
    }
    let progress = try QuranProgress(goal: input.goal, recitations: learnedHistory, before: day)

    var plan = QuranPlan(date: day, budgetSeconds: budget, plannedSeconds: 0, items: [], notes: [],
                         cycle: QuranCycleStatus(cycleDays: s.cycleDays, units: 0, totalSeconds: 0,
                                                 availableSecondsPerDay: 0, fits: true, proposedCycleDays: nil),
                         backlog: nil, goal: QuranGoalProjection(totalAyahs: 0, remainingAyahs: 0, remainingLines: 0, linesPerDay: 0),
                         audio: QuranAudioManifest(reciter: audio?.reciter ?? s.reciter, template: audio?.template.text, files: []))
    var used = 0
    var overBudgetUsed = false
    /// Admits an item's time if it fits; the first item of the day may exceed the budget alone.
    func admit(_ item: inout QuranPlanItem) -> Bool {
      if used + item.estimatedSeconds <= budget { used += item.estimatedSeconds; return true }
      // A zero budget means no Quran today: the exception is for one long item, not for none.
      if used == 0 && !overBudgetUsed && budget > 0 {
        item.overBudget = true
        overBudgetUsed = true
        used += item.estimatedSeconds
        plan.notes.append(QuranPlanNote(code: .overBudgetItem, seconds: item.estimatedSeconds, limitSeconds: budget, ranges: item.ranges))
        return true
      }
      return false
    }

    // 1. Recent revision (sabqi): admitted youngest first, recited in mushaf order.
    let recentAll = RecentRevision.items(history: history, pending: pending, day: day, settings: s, secondsPerLine: spl.rev)
    var inRecent = [Bool](repeating: false, count: Quran.ayahCount + 1)
    for item in recentAll { for r in item.ranges { for id in r.ids { inRecent[id] = true } } }
    for p in pending { for id in p.range.ids { inRecent[id] = true } }
    var recentChosen: [Int: QuranPlanItem] = [:]
    var recentSeconds = 0, recentDropped = 0
    for k in recentAll.indices.sorted(by: { (recentAll[$0].reason.days ?? 0, $0) < (recentAll[$1].reason.days ?? 0, $1) }) {
      var item = recentAll[k]
      if admit(&item) { recentChosen[k] = item; recentSeconds += item.estimatedSeconds } else { recentDropped += 1 }
    }
    if recentDropped > 0 {
      plan.notes.append(QuranPlanNote(code: .recentDeferred, count: recentDropped))
    }

    // 2. Old revision (manzil): which units by memory (or the rotation), shown as passages.
    let units = OldRevision.candidates(input: input, progress: progress, inRecent: inRecent, secondsPerLine: spl.rev, model: model)
    let (blocks, members) = OldRevision.blocks(units, day: day, cycle: s.cycleDays, model: model)
    let capacity = max(0, budget - recentSeconds)
    let ranking = ManzilScheduler.rank(blocks, day: day, capacity: capacity, desiredRetention: s.desiredRetention,
                                       cycle: s.cycleDays, model: model)
    let portion = ManzilPortion.blocks(blocks, rotation: s.manzilRotation, day: day, start: input.goal.startDate, cycleDays: s.cycleDays)
    let r = blocks.indices.map { ManzilScheduler.retrievability(blocks[$0], on: day, cycle: s.cycleDays, model: model) }
    var fits = ranking.fits
    if let portion { fits = portion.reduce(0) { $0 + blocks[$1].seconds } <= capacity }
    plan.cycle = QuranCycleStatus(cycleDays: s.cycleDays, units: units.count, totalSeconds: ranking.totalSeconds,
                                  availableSecondsPerDay: capacity, fits: fits, proposedCycleDays: fits ? nil : ranking.proposedCycleDays)
    // The Quran minutes a day that would fit the cycle (recent revision as today), when it does not.
    let proposedMinutes = fits ? nil : ManzilScheduler.minutesFitting(blocks.map(\.seconds), cycle: s.cycleDays, besides: recentSeconds)
    if !fits {
      if portion == nil {
        plan.notes.append(QuranPlanNote(code: .cycleDoesNotFit, count: units.count, seconds: ranking.totalSeconds, limitSeconds: capacity,
                                        days: s.cycleDays, proposedCycleDays: ranking.proposedCycleDays, proposedMinutes: proposedMinutes))
      } else {
        plan.notes.append(QuranPlanNote(code: .cycleDoesNotFit, limitSeconds: capacity, days: s.cycleDays,
                                        proposedMinutes: proposedMinutes, rotation: s.manzilRotation))
      }
    }
    var portionPicks: [(block: Int, pick: ManzilPick)] = [], extraPicks: [(block: Int, pick: ManzilPick)] = []
    var taken = [Bool](repeating: false, count: blocks.count)
    var deferred = 0, deferredSeconds = 0
    func admitBlock(_ i: Int, reserve: Int = 0) -> Bool {
      var probe = QuranPlanItem(tier: .oldRevision, ranges: blocks[i].ranges, unit: nil, lines: 0,
                                estimatedSeconds: blocks[i].seconds + reserve,
                                reason: QuranReason(code: .due), overBudget: false)
      guard admit(&probe) else { return false }
      used -= reserve
      taken[i] = true
      return true
    }
    let revisionBehind: Bool
    var lesson: NewLesson.Choice
    func chooseLesson(behind: Bool) -> NewLesson.Choice {
      NewLesson.choose(progress: progress, history: learnedHistory, pending: pending, settings: s, secondsPerLine: spl.new,
                       left: budget - used, budget: budget, revisionBehind: behind, planIsEmpty: used == 0, day: day)
    }
    if let portion {
      // A fixed rotation: the day's portion in mushaf order, as far as it fits.
      var cut = false
      for i in portion {
        if !cut && admitBlock(i) { portionPicks.append((i, .portion)) } else { cut = true; deferred += 1; deferredSeconds += blocks[i].seconds }
      }
      revisionBehind = cut
      lesson = chooseLesson(behind: revisionBehind)
    } else {
      // By memory: coverage (what the cycle needs today) is must-do; then the new lesson is
      // reserved its time; then the due units by risk fill the must-do portion.
      for (i, _) in ranking.order.prefix(ranking.coverageCount) where admitBlock(i) {
        portionPicks.append((i, ranking.order.first { $0.index == i }!.pick))
      }
      revisionBehind = ranking.behind || !ranking.fits
      lesson = chooseLesson(behind: revisionBehind)
      let reserve = lesson.item?.estimatedSeconds ?? 0
      for (i, pick) in ranking.order.dropFirst(ranking.coverageCount) where admitBlock(i, reserve: reserve) {
        portionPicks.append((i, pick))
      }
    }
    plan.cycle.behind = revisionBehind && fits
    // One passage rather than fragments: a short gap (at most `gapSeconds`) of memorised units
    // between two chosen ones is recited too, when it fits beside the reserved lesson.
    let reserve = lesson.item?.estimatedSeconds ?? 0
    let chosen = blocks.indices.filter { taken[$0] }
    for (i, j) in zip(chosen, chosen.dropFirst()) where j > i + 1 {
      let gap = (i + 1)..<j
      var touching = true
      for k in i..<j where blocks[k].ranges.last!.last + 1 != blocks[k + 1].ranges[0].first { touching = false }
      let seconds = gap.reduce(0) { $0 + blocks[$1].seconds }
      guard touching && seconds <= QuranPlanner.gapSeconds else { continue }
      if used + seconds + reserve <= budget { for k in gap where admitBlock(k) { portionPicks.append((k, .portion)) } }
    }
    var lessonItem: QuranPlanItem?
    if var item = lesson.item, admit(&item) { lessonItem = item }
    plan.notes += lesson.notes
    // "If time allows": weak units not in today's must-do, lowest R first.
    for (i, pick) in ranking.order where !taken[i] && r[i] < s.desiredRetention && admitBlock(i) {
      extraPicks.append((i, pick == .portion ? .due : pick))
    }
    if portion == nil {
      for (i, pick) in ranking.order where !taken[i] && (pick != .atRisk || r[i] < s.desiredRetention) {
        deferred += 1; deferredSeconds += blocks[i].seconds
      }
    }
    if deferred > 0 || !fits {
      // A cycle that does not fit is never caught up: no forecast (it would run the full horizon),
      // the backlog says it cannot clear and what would fit instead.
      let takenToday = blocks.indices.filter { taken[$0] }
      // The forecast's daily capacity: what old revision had today (the new lesson keeps its share).
      let forecastCapacity = max(1, capacity - (lessonItem?.estimatedSeconds ?? 0))
      // Practice days from the scheduler, calendar days at the learner's attendance.
      let catchUp = !fits || deferred == 0 ? nil
        : ManzilScheduler.catchUpDay(blocks, takenToday: takenToday, day: day, capacity: forecastCapacity,
                                     settings: s, model: model)
          .map { day.advanced(by: input.attendance.calendarDays(day.distance(to: $0))) }
      plan.backlog = QuranBacklog(deferredUnits: deferred, deferredSeconds: deferredSeconds, catchUpDate: catchUp, clears: fits,
                                  proposedMinutes: proposedMinutes, proposedCycleDays: fits ? nil : ranking.proposedCycleDays)
      // When the cycle does not fit, the cycle note says it all; a catch-up date only after missed days.
      if fits { plan.notes.append(QuranPlanNote(code: .backlog, count: deferred, seconds: deferredSeconds, date: catchUp)) }
    }

    // 3. The day in order of value: sabqi, manzil portion, sabaq, "if time allows".
    let passage = { (picks: [(block: Int, pick: ManzilPick)], optional: Bool) in
      OldRevision.passages(picks, blocks: blocks, members: members, units: units, day: day, cycle: s.cycleDays,
                           desiredRetention: s.desiredRetention, model: model, secondsPerLine: spl.rev, optional: optional)
    }
    plan.items = recentChosen.keys.sorted().map { recentChosen[$0]! }
    plan.items += passage(portionPicks, false)
    if let lessonItem { plan.items.append(lessonItem) }
    plan.items += passage(extraPicks, true)
    plan.plannedSeconds = plan.items.reduce(0) { $0 + $1.estimatedSeconds }
    let manzilSeconds = plan.items.filter { $0.tier == .oldRevision }.reduce(0) { $0 + $1.estimatedSeconds }

    // 4. Goal projection and audio.
    plan.goal = GoalTracking.project(progress: progress, history: learnedHistory, day: day, target: input.goal.targetDate,
                                     targetLines: lesson.targetLines,
                                     secondsPerLine: spl.new, budget: budget, revisionSeconds: recentSeconds + manzilSeconds)
    if plan.goal.targetReachable == false {
      plan.notes.append(QuranPlanNote(code: .targetUnreachable, lines: plan.goal.requiredLinesPerDay, date: plan.goal.projectedCompletion,
                                      targetDate: input.goal.targetDate))
    }
    // Mistakes shown where they happened: each item lists its ayahs whose latest recitation had
    // a located mistake there (any tier: a repeated lesson, recent or old revision).
    let watched = MistakeWatch.ayahs(input.recitations, units: input.units, before: day)
    if !watched.isEmpty {
      for k in plan.items.indices {
        plan.items[k].watch = watched.filter { id in plan.items[k].ranges.contains { $0.contains(id) } }.map(Quran.ref)
      }
    }
    if let audio {
      let spelling = AudioURLSpelling(template: audio.template, reciter: audio.reciter)
      for (k, item) in plan.items.enumerated() { plan.audio.files += spelling.files(item: k, ranges: item.ranges) }
    }
    return plan
  }

  /// The recitations sorted by (day, tier's raw value, range), stably: the order the planner
  /// reads its history in. Sorted as small keys (a recitation is large to move, and a raw value
  /// is a string), and not at all when they already are (the fold keeps them in time order).
  static func historyOrder(_ recitations: [QuranRecitation]) -> [QuranRecitation] {
    historyOrder(recitations, Array(recitations.indices))
  }

  /// The same for the recitations at `positions` (ascending), each copied once, into its place.
  static func historyOrder(_ recitations: [QuranRecitation], _ positions: [Int]) -> [QuranRecitation] {
    let tiers = tiersByRawValue  // (the shared array fetched once, not per recitation)
    // Fields read through the buffer: a subscript in a closure copied each recitation.
    return recitations.withUnsafeBufferPointer { b in
      let keys = positions.map { k in (b[k].day, tiers.firstIndex(of: b[k].tier)!, b[k].range.first, b[k].range.last) }
      if positions.count == b.count, keys.indices.dropFirst().allSatisfy({ !(keys[$0] < keys[$0 - 1]) }) { return recitations }
      var out: [QuranRecitation] = []
      out.reserveCapacity(positions.count)
      for j in sortedIndices(keys) { out.append(b[positions[j]]) }
      return out
    }
  }

  /// The indices of `keys` in a stable ascending order. Keys whose days already ascend (the
  /// fold's time order) only need each day's few sorted, in place: the same order as the stable
  /// sort of all of them, without its merges over a year of recitations.
  static func sortedIndices(_ keys: [(EpochDay, Int, Int, Int)]) -> [Int] {
    func less(_ i: Int, _ j: Int) -> Bool { keys[i] < keys[j] }
    guard keys.indices.dropFirst().allSatisfy({ keys[$0 - 1].0 <= keys[$0].0 }) else { return keys.indices.sorted(by: less) }
    var order = Array(keys.indices)
    var start = 0
    while start < order.count {
      var end = start + 1
      while end < order.count && keys[end].0 == keys[start].0 { end += 1 }
      if end - start > 16 {
        order.replaceSubrange(start..<end, with: order[start..<end].sorted(by: less))
      } else if end - start > 1 {
        // Insertion sort, moving only past strictly greater keys: stable.
        for i in (start + 1)..<end {
          let x = order[i]
          var j = i
          while j > start && less(x, order[j - 1]) { order[j] = order[j - 1]; j -= 1 }
          order[j] = x
        }
      }
      start = end
    }
    return order
  }

  /// The tiers in the string order of their raw values (a tier's index is its place).
  private static let tiersByRawValue = QuranTier.allCases.sorted { $0.rawValue < $1.rawValue }
}
