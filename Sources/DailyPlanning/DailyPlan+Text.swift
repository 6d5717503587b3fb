import Hifz
import Localization
/// The plan as text for people, in the plan's language or another (`planner today`).
///
/// Everything comes from the catalogs: headings, reasons and notes by their typed code (a
/// reason code of the other kind of item shows its English text), counted phrases with the language's plural rules,
/// surah names in the language's form, Arabic-Indic digits and bidi isolates in Arabic.
extension DailyPlan {
  public func text(locale: PlanLocale) -> String {
    let l = Localizer(locale: locale)
    let c = date.civil
    let dateArg = MessageArgument.date(year: c.year, month: c.month, day: c.day)
    var out = l.string(.planTitle, ["date": dateArg]) + "\n"
    // "{planned} of {budget}": Ukrainian `з` governs the genitive (`з 2 хвилин`).
    out += l.string(.planBudget, ["planned": .text(duration(totals.seconds, l)), "budget": .text(duration(budget.seconds, l, genitive: true))]) + "\n"
    if sections.isEmpty { out += "\n" + l.string(.planEmpty) + "\n" }
    for section in sections {
      out += "\n" + heading(section.kind, l) + "\n"
      for item in section.items {
        out += "  • " + title(item, l) + " · " + duration(item.estimatedSeconds, l) + " · " + reason(item, l) + "\n"
      }
    }
    if !reminders.isEmpty {
      out += "\n" + l.string(.sectionReminders) + "\n"
      for r in reminders {
        let hm = r.localTime.split(separator: ":").compactMap { Int($0) }
        out += "  • " + l.string(.reminderAt, ["time": .time(hour: hm.first ?? 0, minute: hm.count > 1 ? hm[1] : 0), "word": .text(r.english)]) + "\n"
      }
    }
    var noteLines = notes.map { note($0, l) }.filter { !$0.isEmpty }
    if totals.deferredItems > 0 { noteLines.append(l.plural(.planDeferred, count: totals.deferredItems)) }
    if let d = forecast.catchUpDate { let cc = d.civil; noteLines.append(l.string(.forecastCatchUp, ["date": .date(year: cc.year, month: cc.month, day: cc.day)])) }
    if let d = forecast.goalDate { let cc = d.civil; noteLines.append(l.string(.forecastGoal, ["date": .date(year: cc.year, month: cc.month, day: cc.day)])) }
    if !noteLines.isEmpty {
      out += "\n" + l.string(.sectionNotes) + "\n"
      for n in noteLines { out += "  • " + n + "\n" }
    }
    out += "\n" + l.string(.planSummary, ["date": dateArg, "items": .text(l.plural(.countItems, count: totals.items)),
                                          "planned": .text(duration(totals.seconds, l)), "budget": .text(duration(budget.seconds, l))]) + "\n"
    return out
  }

  private func heading(_ kind: DailyPlanSection.Kind, _ l: Localizer) -> String {
    switch kind {
    case .quranNewLesson: return l.string(.sectionNewLesson)
    case .quranRecentRevision: return l.string(.sectionRecentRevision)
    case .quranOldRevision: return l.string(.sectionOldRevision)
    case .vocabularyReviews: return l.string(.sectionVocabularyReviews)
    case .vocabularyNewWords: return l.string(.sectionNewWords)
    }
  }

  /// Whole minutes from a minute up, seconds below; `genitive` after a preposition that
  /// governs it (Ukrainian `з`, `до`).
  private func duration(_ seconds: Int, _ l: Localizer, genitive: Bool = false) -> String {
    if seconds < 60 { return l.plural(genitive ? .countSecondsGenitive : .countSeconds, count: seconds) }
    return l.plural(genitive ? .countMinutesGenitive : .countMinutes, count: (seconds + 30) / 60)
  }

  private func title(_ item: DailyPlanItem, _ l: Localizer) -> String {
    if let english = item.english {
      let uk = (item.translations ?? []).joined(separator: ", ")
      if item.direction == .reverse { return l.format(.text(uk)) + " → " + l.format(.text(english)) }
      return l.format(.text(english)) + " → " + l.format(.text(uk))
    }
    var parts: [String] = []
    if let unit = item.unit, unit.hasPrefix("p"), let page = Int(unit.dropFirst()) {
      parts.append(l.string(.quranPage, ["page": .integer(page)]) + ":")
    }
    for r in item.ranges ?? [] {
      let a = Quran.ref(r.first), b = Quran.ref(r.last)
      let name = SurahName(surah: a.surah, transliteration: Quran.surahName(a.surah, style: .transliterated))
      let digits = Digits.localize(a.surah == b.surah ? "\(a.surah):\(a.ayah)-\(b.ayah)" : r.description, for: l.locale)
      parts.append(l.format(.surah(name)) + " " + l.format(.text(digits)))
    }
    return parts.joined(separator: " ")
  }

  private func reason(_ item: DailyPlanItem, _ l: Localizer) -> String {
    let r = item.reason
    let rText = MessageArgument.decimal(r.retrievability ?? 0, fractionDigits: 2)
    let percent = MessageArgument.percent(Int(((r.retrievability ?? 0) * 100).rounded()))
    switch (item.english != nil, r.code) {
    case (true, .due): return l.string(.itemWordDue, ["percent": percent])
    case (true, .dueAndNeeded): return l.string(.itemWordNeeded, ["percent": percent])
    case (true, .newNeeded): return l.string(.itemNewWordNeeded)
    case (true, .new): return l.string(.itemNewWord)
    case (false, .newLesson):
      let lines = item.lines ?? 0
      return lines == lines.rounded() ? l.plural(.itemNewLessonLines, count: Int(lines))
        : l.plural(.itemNewLessonLines, count: lines, fractionDigits: 1)
    case (false, .recent): return l.string(.itemRecentLesson)
    case (false, .unstable): return l.string(.itemUnstable)
    case (false, .due): return l.string(.itemDue, ["r": rText])
    case (false, .atRisk): return l.string(.itemAtRisk, ["r": rText])
    case (false, .coverage): return l.plural(.itemNotRevisedForDays, count: r.days ?? 0)
    case (false, .neverRevised): return l.string(.itemNeverRevised)
    case (false, .repeatLesson): return l.string(.itemRepeatLesson)
    case (false, .portion): return l.string(.itemPortion)
    // A code of the other kind of item (a plan file edited by hand): its English text.
    case (true, .newLesson), (true, .recent), (true, .unstable), (true, .atRisk), (true, .coverage), (true, .neverRevised),
      (true, .repeatLesson), (true, .portion),
      (false, .dueAndNeeded), (false, .newNeeded), (false, .new):
      return r.text
    }
  }

  private func note(_ n: DailyPlanNote, _ l: Localizer) -> String {
    switch n.code {
    case .planShortened:
      return l.string(.planShortened, ["minutes": .text(duration(budget.seconds, l, genitive: true)),
                                       "percent": .percent(Int(((budget.completion ?? 1) * 100).rounded()))])
    case .overBudgetItem: return l.string(.noteOverBudgetItem)
    case .newMaterialPaused: return l.string(.noteNewMaterialPaused)
    case .deferred: return ""  // the count of deferred items has its own line
    case .quranNewLessonPaused: return l.string(.noteQuranNewLessonPaused)
    case .quranNewLessonShortened: return l.string(.noteQuranNewLessonShortened)
    case .quranRecentFailing: return l.string(.noteQuranRecentFailing)
    case .quranRecentDeferred: return l.string(.noteQuranRecentDeferred)
    case .quranCycleDoesNotFit: return l.string(.noteQuranCycleDoesNotFit)
    case .quranGoalComplete: return l.string(.noteQuranGoalComplete)
    case .quranTargetUnreachable: return l.string(.noteQuranTargetUnreachable)
    case .quranLessonRepeated: return l.string(.noteQuranLessonRepeated)
    case .noGoal:
      return l.string(.planNoGoal, ["goalCommand": .text("planner config DIR quran.scope juz30"),
                                    "addCommand": .text("planner record DIR word add EN UK")])
    }
  }
}
