import MemoryModels
import PlannerCore

/// The day's Quran plan as a pure function of plain inputs (see docs/quran-planner.md).
///
/// Budget order (retention first): recent revision, then old revision needed for the cycle's
/// coverage, then old revision due by the forgetting curve, and the new lesson from what is
/// left. The items are listed new lesson, recent, old. Only recitations before `input.date`
/// count, so a day's plan does not change while the day's work is being recorded.
public enum QuranPlanner {
  public static func plan(_ input: QuranPlanInput) throws(PlanEngineError) -> QuranPlan {
    let s = input.settings
    try s.validate()
    let template = try s.audioURLTemplate.map { t throws(PlanEngineError) in try AudioURLTemplate(parsing: t) }
    let day = input.date
    let model = FSRS6(parameters: input.parameters)
    let budget = Int((s.dailyMinutes * 60).rounded())
    let spl = (new: max(1, input.habits.secondsPerLineNew), rev: max(1, input.habits.secondsPerLineRevision))
    // New lessons and recent revision drive the lesson, the recent list and the retention check;
    // old revision reaches the planner through the units' memory, so years of it are not sorted.
    let history = input.recitations.filter { $0.day < day && $0.tier != .oldRevision }
      .sorted { ($0.day, $0.tier.rawValue, $0.range) < ($1.day, $1.tier.rawValue, $1.range) }
    let progress = try QuranProgress(goal: input.goal, recitations: history, before: day)

    var plan = QuranPlan(date: day, budgetSeconds: budget, plannedSeconds: 0, items: [], notes: [],
                         cycle: QuranCycleStatus(cycleDays: s.cycleDays, units: 0, totalSeconds: 0,
                                                 availableSecondsPerDay: 0, fits: true, proposedCycleDays: nil),
                         backlog: nil, goal: QuranGoalProjection(totalAyahs: 0, remainingAyahs: 0, remainingLines: 0, linesPerDay: 0),
                         audio: QuranAudioManifest(reciter: s.reciter, template: s.audioURLTemplate, files: []))
    var used = 0
    var overBudgetUsed = false
    /// Adds an item if it fits; the first item of the day may exceed the budget alone.
    func add(_ item: QuranPlanItem) -> Bool {
      if used + item.estimatedSeconds <= budget {
        plan.items.append(item); used += item.estimatedSeconds; return true
      }
      // A zero budget means no Quran today: the exception is for one long item, not for none.
      if plan.items.isEmpty && !overBudgetUsed && budget > 0 {
        var it = item
        it.overBudget = true
        overBudgetUsed = true
        plan.items.append(it); used += it.estimatedSeconds
        plan.notes.append(QuranPlanNote(code: .overBudgetItem,
          text: "\(it.ranges.map(\.description).joined(separator: ", ")) takes \(minutes(it.estimatedSeconds)) alone, more than today's \(minutes(budget)): it is today's only item"))
        return true
      }
      return false
    }

    // 1. Recent revision (sabqi): every lesson of the recent window, and older ones until stable.
    let recent = RecentRevision.items(history: history, day: day, window: s.recentWindowDays, secondsPerLine: spl.rev)
    var inRecent = [Bool](repeating: false, count: Quran.ayahCount + 1)
    for item in recent.items { for r in item.ranges { for id in r.ids { inRecent[id] = true } } }
    var recentSeconds = 0
    var recentDropped = 0
    for item in recent.items {
      if add(item) { recentSeconds += item.estimatedSeconds } else { recentDropped += 1 }
    }
    if recentDropped > 0 {
      plan.notes.append(QuranPlanNote(code: .recentDeferred, text: "\(recentDropped) older recent lesson(s) do not fit today's budget"))
    }

    // 2. Old revision (manzil).
    let candidates = OldRevision.candidates(input: input, progress: progress, inRecent: inRecent, secondsPerLine: spl.rev)
    let capacity = max(0, budget - recentSeconds)
    let ranking = ManzilScheduler.rank(candidates, day: day, capacity: capacity, desiredRetention: s.desiredRetention,
                                       cycle: s.cycleDays, model: model)
    plan.cycle = QuranCycleStatus(cycleDays: s.cycleDays, units: candidates.count, totalSeconds: ranking.totalSeconds,
                                  availableSecondsPerDay: capacity, fits: ranking.fits, proposedCycleDays: ranking.proposedCycleDays)
    if !ranking.fits {
      let proposal = ranking.proposedCycleDays.map { "the shortest cycle that fits is \($0) days" } ?? "no cycle fits: nothing is left after recent revision"
      plan.notes.append(QuranPlanNote(code: .cycleDoesNotFit,
        text: "revising all \(candidates.count) memorised units (\(minutes(ranking.totalSeconds))) every \(s.cycleDays) days needs more than \(minutes(capacity)) a day; \(proposal); meanwhile the most at-risk units come first"))
    }
    var takenToday: [Int] = []
    var deferred = 0, deferredSeconds = 0
    var manzilSeconds = 0
    for (i, pick) in ranking.order {
      let c = candidates[i]
      let item = OldRevision.item(c, pick: pick, day: day, cycle: s.cycleDays, model: model)
      if add(item) { takenToday.append(i); manzilSeconds += item.estimatedSeconds }
      else if pick != .atRisk || ManzilScheduler.retrievability(c, on: day, cycle: s.cycleDays, model: model) < s.desiredRetention {
        deferred += 1; deferredSeconds += c.seconds
      }
    }
    if deferred > 0 {
      // A cycle that does not fit is never caught up: no forecast (it would run the full horizon).
      let catchUp = !ranking.fits ? nil : ManzilScheduler.catchUpDay(candidates, takenToday: takenToday, day: day, capacity: capacity,
                                               desiredRetention: s.desiredRetention, cycle: s.cycleDays, model: model)
      plan.backlog = QuranBacklog(deferredUnits: deferred, deferredSeconds: deferredSeconds, catchUpDate: catchUp)
      // When the cycle does not fit, the cycle note says it all; a catch-up date only after missed days.
      if ranking.fits { plan.notes.append(QuranPlanNote(code: .backlog,
        text: "\(deferred) due unit(s) (\(minutes(deferredSeconds))) wait for the coming days, most at risk first; caught up \(catchUp.map { "by \($0)" } ?? "not within 180 days at this budget")")) }
    }

    // 3. The new lesson (sabaq) from what is left.
    let lesson = NewLesson.choose(progress: progress, history: history, settings: s, secondsPerLine: spl.new,
                                  left: budget - used, revisionBehind: deferred > 0 || !ranking.fits,
                                  planIsEmpty: plan.items.isEmpty)
    plan.notes += lesson.notes
    if let item = lesson.item {
      if add(item) { plan.items.insert(plan.items.removeLast(), at: 0) }
    }
    plan.plannedSeconds = used

    // 4. Goal projection and audio.
    plan.goal = GoalTracking.project(progress: progress, history: history, day: day, target: input.goal.targetDate,
                                     todayLines: lesson.item?.lines ?? 0, targetLines: lesson.targetLines,
                                     secondsPerLine: spl.new, budget: budget, revisionSeconds: recentSeconds + manzilSeconds)
    if plan.goal.targetReachable == false {
      plan.notes.append(QuranPlanNote(code: .targetUnreachable,
        text: "at \(fmt(plan.goal.linesPerDay)) lines a day the goal is done \(plan.goal.projectedCompletion.map { "on \($0)" } ?? "never"), after the target \(input.goal.targetDate!)"))
    }
    if let template {
      for (k, item) in plan.items.enumerated() {
        for r in item.ranges {
          for id in r.ids { plan.audio.files.append(QuranAudioFile(item: k, ayah: Quran.ref(id), url: template.url(ayahID: id, reciter: s.reciter))) }
        }
      }
    }
    return plan
  }
}
