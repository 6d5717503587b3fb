import Hifz
import LearnerStore
import MemoryModels
import PlannerCore
import Vocabulary

/// Composes the Quran and vocabulary plans into the day's plan within the learner's minutes
/// (docs/plans.md explains every rule):
///
/// 1. Budget: the profile's minutes for the weekday × the completion factor (``PlanCompletion``).
/// 2. The Quran planner runs on the Quran's cap (its own retention-first rules: recent revision,
///    coverage, due revision, and a new lesson only from what is left).
/// 3. The Quran planner's must-do part of the day comes first, in its order of value: recent
///    revision (sabqi), today's old-revision portion (manzil), the new lesson (sabaq); it is
///    gated by the Quran's own backlog only, so a vocabulary backlog never stops the lesson.
/// 4. Then every due review of both kinds, by expected retention kept per minute:
///    `material · (R(today) − R(tomorrow)) / minutes`, the items losing the most by waiting a
///    day first (material: mushaf lines for the Quran; the popularity weight for a word).
///    The Quran's "if time allows" passages compete here too. Words keep the vocabulary ranking
///    among themselves (a word's value is capped by the values of the words ranked above it), so
///    the plan takes a prefix of `VocabularyPriority.ranked`.
/// 5. New words only when no due review was deferred.
/// 6. The plan never exceeds the budget, except for one item longer than the whole budget,
///    which is then the day's only item (and the plan says so).
public enum DailyPlanner {
  /// A Quran unit with no recorded review loses this much recall a day (an assumption: its
  /// memory comes from the learner's self-rating, so the curve is not known yet).
  public static let unrevisedDailyLoss = 0.02
  /// Horizon of the catch-up forecast.
  public static let horizonDays = 180

  /// The Quran part on its cap (step 2): the Quran planner's own plan, before the composition
  /// fits it into the day. `show` counts what is due from it, so it agrees with `today`.
  public static func quranPlan(_ input: DailyPlanInput) throws(PlanEngineError) -> QuranPlan? {
    guard var q = input.quran else { return nil }
    let factor = input.completion.factor
    q.settings.dailyMinutes = min(q.settings.dailyMinutes * factor, Double(input.profileMinutes) * factor)
    q.attendance = input.completion.attendance
    return try QuranPlanner.plan(q)
  }

  public static func plan(_ input: DailyPlanInput) throws(PlanEngineError) -> DailyPlan {
    let day = input.date
    let weekday = Weekday.of(day)
    let factor = input.completion.factor
    let budgetMinutes = Double(input.profileMinutes) * factor
    let budget = Int((budgetMinutes * 60).rounded())
    var notes: [DailyPlanNote] = []
    // Texts are rendered at the end, from the codes and facts (``PlanWording``).
    if factor < 1, input.completion.share != nil { notes.append(DailyPlanNote(code: .planShortened, text: "")) }

    let quranPlan = try quranPlan(input)
    let model = FSRS6(parameters: input.quran?.parameters ?? .defaults)
    var memories: [ReviewUnitID: ReviewUnitMemory] = [:]
    for m in input.quran?.units ?? [] { memories[m.unit] = m }

    // Candidates in three pools.
    struct Candidate {
      var item: DailyPlanItem
      var section: DailyPlanSection.Kind
      var value: Double
      var quranIndex: Int?
      /// A word whose reason's text is written once chosen (``VocabularyCandidate/reviewReason``).
      var pendingReason: VocabularyReviewReason?
    }
    var mandatory: [Candidate] = [], due: [Candidate] = [], fresh: [Candidate] = []
    // (Reserved: grown a doubling at a time, each growth moved every candidate.)
    let candidateCount = (quranPlan?.items.count ?? 0) + input.vocabulary.count
    mandatory.reserveCapacity(candidateCount); due.reserveCapacity(candidateCount); fresh.reserveCapacity(candidateCount)
    if let qp = quranPlan {
      for (k, it) in qp.items.enumerated() {
        let ranges = it.ranges.map(\.description)  // for the items' ids
        let reason = DailyPlanReason(code: .quran(it.reason.code), text: "", retrievability: it.reason.retrievability,
                                     days: it.reason.days, popularity: nil, date: it.reason.date, mistakes: it.reason.mistakes,
                                     lastGrade: it.reason.grade?.rawValue)
        let watch = it.watch.isEmpty ? nil : it.watch.map(\.description)
        switch it.tier {
        case .newLesson:
          // The Quran planner already gated the lesson by its own backlog (retention first):
          // a vocabulary backlog does not stop it.
          var item = DailyPlanItem(id: "quran:new:" + ranges.joined(separator: ","), ranges: it.ranges, unit: nil, lines: it.lines,
                                   english: nil, translations: nil, estimatedSeconds: it.estimatedSeconds, reason: reason, overBudget: false)
          item.watch = watch
          mandatory.append(Candidate(item: item, section: .quranNewLesson, value: 0, quranIndex: k))
        case .recentRevision:
          var item = DailyPlanItem(id: "quran:recent:" + ranges.joined(separator: ","), ranges: it.ranges, unit: nil, lines: it.lines,
                                   english: nil, translations: nil, estimatedSeconds: it.estimatedSeconds, reason: reason, overBudget: false)
          item.watch = watch
          mandatory.append(Candidate(item: item, section: .quranRecentRevision, value: .infinity, quranIndex: k))
        case .oldRevision:
          let unit = it.unit?.description
          var item = DailyPlanItem(id: "quran:old:" + (unit ?? ranges.joined(separator: ",")), ranges: it.ranges, unit: unit, lines: it.lines,
                                   english: nil, translations: nil, estimatedSeconds: it.estimatedSeconds, reason: reason, overBudget: false)
          if it.units.count > 1 { item.units = it.units.map(\.description) }
          if !it.weakUnits.isEmpty { item.weakUnits = it.weakUnits.map(\.description) }
          if it.optional { item.optional = true }
          item.watch = watch
          // Recall lost by waiting a day, over the passage's units.
          var loss = 0.0
          for u in it.units {
            if let m = memories[u], let s = m.state, let last = m.lastReview {
              let t = Double(day.value - last.value)
              loss += model.retrievability(elapsedDays: t, stability: s.stability) - model.retrievability(elapsedDays: t + 1, stability: s.stability)
            } else { loss += unrevisedDailyLoss }
          }
          loss /= Double(max(1, it.units.count))
          let value = it.lines * max(0, loss) / max(1.0 / 60, Double(it.estimatedSeconds) / 60)
          let c = Candidate(item: item, section: .quranOldRevision, value: value, quranIndex: k)
          // The Quran planner's must-do (today's portion) comes first; "if time allows" competes.
          if !it.optional { mandatory.append(c) } else { due.append(c) }
        }
      }
    }
    // Words keep the vocabulary ranking (VocabularyPriority.ranked, the one rule): the value per
    // minute decides how the day is shared with the Quran, but a word never goes before one
    // ranked above it (each word's value is capped by the value of the words before it).
    var wordValueCap = Double.infinity
    for v in input.vocabulary {
      let reason = DailyPlanReason(code: .vocabulary(v.reasonCode), text: v.reasonText, retrievability: v.recall.map { rounded($0, 3) },
                                   days: v.days, popularity: v.popularity, leech: v.leech ? true : nil)
      let key = wordKey(v.english)
      switch v.kind {
      case .review:
        let item = DailyPlanItem(id: "word:" + key, ranges: nil, unit: nil, lines: nil, english: v.english, translations: v.translations,
                                 estimatedSeconds: v.estimatedSeconds, reason: reason, overBudget: false)
        let loss = max(0, (v.recall ?? 0) - (v.recallTomorrow ?? 0))
        let value = min(wordValueCap, v.weight * loss / max(1.0 / 60, Double(v.estimatedSeconds) / 60))
        wordValueCap = value
        due.append(Candidate(item: item, section: .vocabularyReviews, value: value, quranIndex: nil,
                             pendingReason: v.reasonText.isEmpty ? v.reviewReason : nil))
      case .new:
        let item = DailyPlanItem(id: "new-word:" + key, ranges: nil, unit: nil, lines: nil, english: v.english, translations: v.translations,
                                 estimatedSeconds: v.estimatedSeconds, reason: reason, overBudget: false)
        fresh.append(Candidate(item: item, section: .vocabularyNewWords, value: 0, quranIndex: nil))
      }
    }
    // Highest value first; ties: words in the vocabulary ranking's order (their input order),
    // then by id (never by dictionary order).
    // (A word's order is the first position of its id; sorted as small keys, not candidates.)
    var firstPosition: [String: Int] = [:]
    firstPosition.reserveCapacity(due.count)
    struct DueKey { var value: Double; var isWord: Bool; var order: Int; var index: Int }
    let dueKeys = due.indices.map { i in
      let id = due[i].item.id
      let order = firstPosition[id] ?? i
      if order == i { firstPosition[id] = i }
      return DueKey(value: due[i].value, isWord: due[i].section == .vocabularyReviews, order: order, index: i)
    }
    // The candidates stay where they are: the fill reads them in this order (no copies).
    let dueOrder = due.withUnsafeBufferPointer { c in
      dueKeys.sorted { a, b in
        if a.value != b.value { return a.value > b.value }
        if a.isWord, b.isWord { return a.order < b.order }
        return c[a.index].item.id < c[b.index].item.id
      }.map(\.index)
    }

    // Greedy fill.
    var chosen: [Candidate] = []
    chosen.reserveCapacity(candidateCount)
    var used = 0
    var deferredItems = 0, deferredSeconds = 0
    var overBudget = false
    // Takes `pool[i]` if it fits: the candidate is copied only when taken (a learner behind on
    // reviews has hundreds that do not fit, each copy retaining its item's strings).
    func take(_ pool: [Candidate], _ i: Int) -> Bool {
      let seconds = pool[i].item.estimatedSeconds
      if used + seconds <= budget { chosen.append(pool[i]); used += seconds; return true }
      if chosen.isEmpty && !overBudget && budget > 0 {
        var c = pool[i]
        c.item.overBudget = true
        overBudget = true
        chosen.append(c); used += seconds
        notes.append(DailyPlanNote(code: .overBudgetItem, text: ""))
        return true
      }
      return false
    }
    for i in mandatory.indices where !take(mandatory, i) {
      deferredItems += 1; deferredSeconds += mandatory[i].item.estimatedSeconds
    }
    for i in dueOrder where !take(due, i) {
      deferredItems += 1; deferredSeconds += due[i].item.estimatedSeconds
    }
    if deferredItems == 0 {
      for i in fresh.indices { _ = take(fresh, i) }
    } else if !fresh.isEmpty {
      notes.append(DailyPlanNote(code: .newMaterialPaused, text: ""))
    }
    for k in chosen.indices { if let why = chosen[k].pendingReason { chosen[k].item.reason.text = why.text } }
    // Deferred vocabulary the vocabulary planner itself left out counts too.
    if deferredItems > 0 { notes.append(DailyPlanNote(code: .deferred, text: "")) }

    // Sections in the fixed order; items in chosen order within each.
    var sections: [DailyPlanSection] = []
    for kind in DailyPlanSection.Kind.allCases {
      // Quran items keep the Quran planner's order (mushaf order within must-do and within
      // "if time allows"); words keep the order they were chosen in. (Positions, read through
      // the buffer: a `filter` of the candidates copied every one of them for every section,
      // retaining and releasing its strings, to keep a few.)
      let items: [DailyPlanItem] = chosen.withUnsafeBufferPointer { c in
        var inSection = c.indices.filter { c[$0].section == kind }
        if inSection.allSatisfy({ c[$0].quranIndex != nil }) { inSection.sort { c[$0].quranIndex! < c[$1].quranIndex! } }
        return inSection.map { c[$0].item }
      }
      if !items.isEmpty { sections.append(DailyPlanSection(kind: kind, items: items, seconds: items.reduce(0) { $0 + $1.estimatedSeconds })) }
    }
    // A learner with nothing to plan and no Quran goal is told what to set (a new learner).
    if sections.isEmpty && input.quran == nil {
      notes.append(DailyPlanNote(code: .noGoal, text: ""))
    }

    // Quran notes that still hold (the composition makes its own budget and backlog notes).
    var goalDate: EpochDay?, targetDate: EpochDay?, targetReachable: Bool?
    var quranCatchUp: EpochDay?
    var quranWaits = false
    if let qp = quranPlan {
      // Every Quran note but the over-budget one (the composition decides that over the whole day).
      for n in qp.notes where n.code != .overBudgetItem { notes.append(DailyPlanNote(code: .quran(n.code), text: "", quran: n)) }
      goalDate = qp.goal.projectedCompletion; targetDate = qp.goal.targetDate; targetReachable = qp.goal.targetReachable
      quranCatchUp = qp.backlog?.catchUpDate
      // The Quran waits when it has a revision backlog, or its new lesson is paused or waits,
      // or recent lessons wait: then the day is not "caught up" (the lesson resumes the next
      // day at the earliest).
      let pausedNotes: Set<QuranPlanNote.Code> = [.newLessonPaused, .recentFailing, .lessonWaits, .recentDeferred]
      quranWaits = qp.backlog != nil || qp.notes.contains { pausedNotes.contains($0.code) }
      if quranWaits && qp.backlog == nil { quranCatchUp = day.advanced(by: input.completion.attendance.calendarDays(1)) }
    }

    // Audio for the chosen Quran items, in plan order.
    var audio: QuranAudioManifest?
    if let q = input.quran {
      let resolved = (try? AudioURLTemplate.resolved(q.settings)) ?? nil
      var manifest = QuranAudioManifest(reciter: resolved?.reciter ?? q.settings.reciter, template: resolved?.template.text, files: [])
      if let resolved {
        let spelling = AudioURLSpelling(template: resolved.template, reciter: resolved.reciter)
        for (k, item) in sections.flatMap(\.items).enumerated() {
          manifest.files += spelling.files(item: k, ranges: item.ranges ?? [])
        }
      }
      audio = manifest
    }

    // Forecast: the Quran's must-do comes first every day (as today); half of what it leaves goes
    // to the backlog, the other half to reviews falling due meanwhile. The Quran planner's own
    // forecast when it is later.
    var catchUp: EpochDay?
    if deferredItems > 0 {
      let quranMustDo = mandatory.reduce(0) { $0 + $1.item.estimatedSeconds }
      let perDay = max(60, (budget - min(budget, quranMustDo)) / 2)
      let days = input.completion.attendance.calendarDays((deferredSeconds + perDay - 1) / perDay)
      if days <= horizonDays { catchUp = day.advanced(by: days) }
    }
    // The later of the two: the composition's own and the Quran planner's (its revision backlog's
    // forecast, or the next day for a paused lesson). A Quran backlog that cannot clear at all,
    // or whose forecast runs past the horizon, leaves no date: the plan says so instead.
    let quranBacklog = quranPlan?.backlog
    if quranWaits {
      if let qc = quranCatchUp {
        catchUp = deferredItems > 0 && catchUp == nil ? nil : max(catchUp ?? qc, qc)
      } else {
        catchUp = nil  // the Quran backlog cannot clear (`clears` false), or not within the horizon
      }
    }
    let caughtUp = deferredItems == 0 && !quranWaits
    let backlogSeconds = deferredSeconds + (quranBacklog?.deferredSeconds ?? 0)

    var forecast = DailyPlanForecast(catchUpDate: catchUp, caughtUp: caughtUp, goalDate: goalDate,
                                     targetDate: targetDate, targetReachable: targetReachable)
    if !caughtUp {
      forecast.backlogMinutes = (backlogSeconds + 59) / 60
      forecast.clears = quranBacklog?.clears ?? true
      forecast.proposedMinutes = quranBacklog?.proposedMinutes
      forecast.proposedCycleDays = quranBacklog?.proposedCycleDays
    }
    if let g = quranPlan?.goal, g.totalAyahs > 0, g.remainingAyahs > 0 {
      forecast.linesPerDay = g.linesPerDay
      forecast.paceWindowDays = g.paceWindowDays
      forecast.pacePriorDays = g.pacePriorDays
      forecast.requiredLinesPerDay = g.requiredLinesPerDay
    }
    let itemCount = chosen.count
    let summary = "\(day) (\(weekday.rawValue)): \(itemCount) item\(itemCount == 1 ? "" : "s"), \(minutes(used)) of \(minutes(budget))"
      + (deferredItems > 0 ? "; \(deferredItems) deferred" + (catchUp.map { ", caught up by \($0)" } ?? "") : "")
    var plan = DailyPlan(
      learner: input.learner, date: day, locale: input.locale.rawValue,
      budget: DailyPlanBudget(weekday: weekday.rawValue, profileMinutes: input.profileMinutes, minutes: rounded(budgetMinutes, 2),
                              seconds: budget, completion: input.completion.share.map { rounded($0, 3) }, factor: factor),
      sections: sections,
      totals: DailyPlanTotals(items: itemCount, seconds: used, deferredItems: deferredItems, deferredSeconds: deferredSeconds),
      reminders: input.reminders, audio: audio,
      forecast: forecast,
      notes: notes, parameters: input.parameters, summary: summary)
    // The JSON's English texts, from the codes and facts (the text output renders the same in
    // the plan's language). Words keep the vocabulary planner's own text.
    let english = PlanWording(.english, budget: plan.budget, deferredItems: deferredItems)
    for si in plan.sections.indices {
      for ii in plan.sections[si].items.indices where plan.sections[si].items[ii].english == nil {
        plan.sections[si].items[ii].reason.text = english.reason(plan.sections[si].items[ii])
      }
    }
    for k in plan.notes.indices { plan.notes[k].text = english.note(plan.notes[k]) }
    return plan
  }
}

extension Weekday {
  /// The weekday of a day (1970-01-01 was a Thursday).
  public static func of(_ day: EpochDay) -> Weekday {
    allCases[((day.value % 7) + 7 + 3) % 7]
  }
}
