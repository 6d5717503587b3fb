import Hifz
import Localization
import PlannerCore

/// Every text of the day's plan, from the catalogs, in one place: the JSON's English `text`
/// fields and `planner today`'s text in any language are the same code and facts rendered by
/// the same function, so no language says something another does not. Reasons and notes come
/// from their typed codes (the Quran planner's own enums) and facts (days, lines, minutes,
/// dates); counted phrases take the language's plural rules.
struct PlanWording {
  let l: Localizer
  let budget: DailyPlanBudget
  /// Due items left out today (the `deferred` note's count).
  let deferredItems: Int

  init(_ locale: PlanLocale, budget: DailyPlanBudget, deferredItems: Int) {
    l = Localizer(locale: locale)
    self.budget = budget
    self.deferredItems = deferredItems
  }

  /// Whole minutes from a minute up, seconds below; `genitive` after a preposition that
  /// governs it (Ukrainian `з`, `до`).
  func duration(_ seconds: Int, genitive: Bool = false) -> String {
    if seconds < 60 { return l.plural(genitive ? .countSecondsGenitive : .countSeconds, count: seconds) }
    return l.plural(genitive ? .countMinutesGenitive : .countMinutes, count: (seconds + 30) / 60)
  }

  /// Minutes rounded up (a backlog, a proposal): never "0 minutes" for work that waits.
  func minutesUp(_ seconds: Int) -> String { l.plural(.countMinutes, count: max(1, (seconds + 59) / 60)) }

  static func date(_ d: EpochDay) -> MessageArgument {
    let c = d.civil
    return .date(year: c.year, month: c.month, day: c.day)
  }

  /// Counted mushaf lines: whole numbers plain, others with one decimal.
  func lines(_ x: Double) -> String {
    let shown = (x * 10).rounded() / 10
    return shown == shown.rounded() ? l.plural(.countLines, count: Int(shown)) : l.plural(.countLines, count: shown, fractionDigits: 1)
  }

  /// Why an item is in the plan.
  func reason(_ item: DailyPlanItem) -> String {
    let r = item.reason
    let rText = MessageArgument.decimal(r.retrievability ?? 0, fractionDigits: 2)
    let percent = MessageArgument.percent(Int(((r.retrievability ?? 0) * 100).rounded()))
    switch r.code {
    case .vocabulary(let v):
      let text: String
      switch v {
      case .due: text = l.string(.itemWordDue, ["percent": percent])
      case .dueAndNeeded: text = l.string(.itemWordNeeded, ["percent": percent])
      case .newNeeded: text = l.string(.itemNewWordNeeded)
      case .new: text = l.string(.itemNewWord)
      }
      // A leech: the treatment after the reason (relearn or suspend, ``Leech``).
      return r.leech == true ? text + "; " + l.string(.itemWordLeech) : text
    case .quran(let q):
      switch q {
      case .newLesson:
        let lines = item.lines ?? 0
        return lines == lines.rounded() ? l.plural(.itemNewLessonLines, count: Int(lines))
          : l.plural(.itemNewLessonLines, count: lines, fractionDigits: 1)
      case .recent: return l.string(.itemRecentLesson)
      case .unstable: return l.string(.itemUnstable)
      // R shown rounded down, so a unit due below 0.95 never reads "0.95".
      case .due: return l.string(.itemDue, ["r": .decimal(((r.retrievability ?? 0) * 100).rounded(.down) / 100, fractionDigits: 2)])
      case .atRisk: return l.string(.itemAtRisk, ["r": rText])
      case .coverage: return l.plural(.itemNotRevisedForDays, count: r.days ?? 0)
      case .neverRevised: return l.string(.itemNeverRevised)
      case .repeatLesson: return l.string(.itemRepeatLesson)
      case .portion: return l.string(.itemPortion)
      }
    }
  }

  /// "watch 78:5, 78:9" for an item with located mistakes; nil without.
  func watch(_ item: DailyPlanItem) -> String? {
    guard let refs = item.watch, !refs.isEmpty else { return nil }
    return l.string(.itemWatch, ["ayahs": .text(Digits.localize(refs.joined(separator: ", "), for: l.locale))])
  }

  /// A note's text; "" for those the text output shows in another line (the deferred count,
  /// the Quran backlog: the forecast lines say them).
  func note(_ n: DailyPlanNote, forText: Bool = false) -> String {
    switch n.code {
    case .planShortened:
      return l.string(.planShortened, ["minutes": .text(duration(budget.seconds, genitive: true)),
                                       "percent": .percent(Int(((budget.completion ?? 1) * 100).rounded()))])
    case .overBudgetItem: return l.string(.noteOverBudgetItem)
    case .newMaterialPaused: return l.string(.noteNewMaterialPaused)
    case .deferred: return forText ? "" : l.plural(.planDeferred, count: deferredItems)
    case .noGoal:
      return l.string(.planNoGoal, ["goalCommand": .text("planner config DIR quran.scope juz30"),
                                    "addCommand": .text("planner record DIR word add EN UK")])
    case .quran(let code): return quranNote(code, n.quran ?? QuranPlanNote(code: code), forText: forText)
    }
  }

  func quranNote(_ code: QuranPlanNote.Code, _ f: QuranPlanNote, forText: Bool) -> String {
    switch code {
    case .newLessonPaused: return l.string(.noteQuranNewLessonPaused)
    case .newLessonShortened:
      return l.string(.noteQuranNewLessonShortened, ["lines": .text(lines(f.lines ?? 0)), "earned": .text(lines(f.earnedLines ?? 0))])
    case .recentFailing: return l.string(.noteQuranRecentFailing)
    case .lessonHalved: return l.string(.noteQuranLessonHalved, ["lines": .text(lines(f.lines ?? 0))])
    case .lessonWaits: return l.string(.noteQuranLessonWaits)
    case .recentDeferred: return l.string(.noteQuranRecentDeferred)
    case .cycleDoesNotFit: return l.string(.noteQuranCycleDoesNotFit)
    case .backlog:
      if forText { return "" }
      let m = MessageArgument.text(minutesUp(f.seconds ?? 0))
      return f.date.map { l.string(.noteQuranBacklog, ["minutes": m, "date": Self.date($0)]) } ?? l.string(.noteQuranBacklogNoDate, ["minutes": m])
    case .overBudgetItem: return l.string(.noteOverBudgetItem)
    case .goalComplete: return l.string(.noteQuranGoalComplete)
    case .targetUnreachable: return l.string(.noteQuranTargetUnreachable)
    case .lessonRepeated:
      // A plan written before the note had its facts: the date is not known, the text is general.
      return l.string(.noteQuranLessonRepeated, ["date": f.date.map(Self.date) ?? .text("—")])
    }
  }

  /// The forecast as lines of the notes: what waits and until when (or that it cannot clear,
  /// and what would fit), the pace and the lines a day the target needs, the goal's date.
  func forecast(_ f: DailyPlanForecast) -> [String] {
    var out: [String] = []
    if let m = f.backlogMinutes, m > 0 { out.append(l.string(.forecastBacklog, ["minutes": .text(l.plural(.countMinutes, count: m))])) }
    if f.clears == false {
      out.append(l.string(.forecastCannotClear))
      if let m = f.proposedMinutes { out.append(l.string(.forecastProposeMinutes, ["minutes": .text(l.plural(.countMinutes, count: m))])) }
      if let d = f.proposedCycleDays { out.append(l.string(.forecastProposeCycle, ["days": .text(l.plural(.countDays, count: d))])) }
    } else if let d = f.catchUpDate {
      out.append(l.string(.forecastCatchUp, ["date": Self.date(d)]))
    } else if !f.caughtUp {
      out.append(l.string(.forecastNoCatchUp))
    }
    if let pace = f.linesPerDay {
      if let prior = f.pacePriorDays, prior > 0 {
        out.append(l.string(.forecastPacePrior, ["lines": .text(lines(pace))]))
      } else if let w = f.paceWindowDays, w > 0 {
        out.append(l.string(.forecastPace, ["lines": .text(lines(pace)), "days": .text(l.plural(.countDays, count: w))]))
      }
    }
    if let need = f.requiredLinesPerDay, let t = f.targetDate, f.goalDate != nil || need > 0 {
      out.append(l.string(.forecastRequired, ["lines": .text(lines(need)), "date": Self.date(t)]))
    }
    if let d = f.goalDate { out.append(l.string(.forecastGoal, ["date": Self.date(d)])) }
    return out
  }
}
