import Hifz
import Localization
/// The plan as text for people, in the plan's language or another (`planner today`).
///
/// Everything comes from the catalogs (``PlanWording``, the same wording as the JSON's English):
/// headings, reasons and notes by their typed code and facts, the forecast (backlog and catch-up
/// date, or what would fit; the pace and the lines a day the target needs), counted phrases with
/// the language's plural rules, surah names in the language's form, Arabic-Indic digits and
/// bidi isolates in Arabic.
extension DailyPlan {
  public func text(locale: PlanLocale) -> String {
    let w = PlanWording(locale, budget: budget, deferredItems: totals.deferredItems)
    let l = w.l
    let dateArg = PlanWording.date(date)
    var out = l.string(.planTitle, ["date": dateArg]) + "\n"
    // "{planned} of {budget}": Ukrainian `з` governs the genitive (`з 2 хвилин`).
    out += l.string(.planBudget, ["planned": .text(w.duration(totals.seconds)), "budget": .text(w.duration(budget.seconds, genitive: true))]) + "\n"
    if sections.isEmpty { out += "\n" + l.string(.planEmpty) + "\n" }
    for section in sections {
      out += "\n" + heading(section.kind, l) + "\n"
      for item in section.items {
        out += "  • " + title(item, l) + " · " + w.duration(item.estimatedSeconds) + " · " + w.reason(item)
          + (w.watch(item).map { " · " + $0 } ?? "") + "\n"
      }
    }
    if !reminders.isEmpty {
      out += "\n" + l.string(.sectionReminders) + "\n"
      for r in reminders {
        let hm = r.localTime.split(separator: ":").compactMap { Int($0) }
        out += "  • " + l.string(.reminderAt, ["time": .time(hour: hm.first ?? 0, minute: hm.count > 1 ? hm[1] : 0), "word": .text(r.english)]) + "\n"
      }
    }
    var noteLines = notes.map { w.note($0, forText: true) }.filter { !$0.isEmpty }
    if totals.deferredItems > 0 { noteLines.append(l.plural(.planDeferred, count: totals.deferredItems)) }
    noteLines += w.forecast(forecast)
    if !noteLines.isEmpty {
      out += "\n" + l.string(.sectionNotes) + "\n"
      for n in noteLines { out += "  • " + n + "\n" }
    }
    out += "\n" + l.string(.planSummary, ["date": dateArg, "items": .text(l.plural(.countItems, count: totals.items)),
                                          "planned": .text(w.duration(totals.seconds)), "budget": .text(w.duration(budget.seconds))]) + "\n"
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
    func name(_ surah: Int) -> String {
      l.format(.surah(SurahName(surah: surah, transliteration: Quran.surahName(surah, style: .transliterated))))
    }
    for r in item.ranges ?? [] {
      let a = Quran.ref(r.first), b = Quran.ref(r.last)
      // Whole surahs by name, as a teacher writes them: "Al-Aadiyaat → An-Naas"; parts by ayahs.
      if r.first == Quran.surahRange(a.surah)!.first && r.last == Quran.surahRange(b.surah)!.last {
        parts.append(a.surah == b.surah ? name(a.surah) : name(a.surah) + " → " + name(b.surah))
        continue
      }
      let ayahs = a == b ? "\(a.surah):\(a.ayah)" : a.surah == b.surah ? "\(a.surah):\(a.ayah)-\(b.ayah)" : r.description
      let digits = Digits.localize(ayahs, for: l.locale)
      parts.append(name(a.surah) + " " + l.format(.text(digits)))
    }
    return parts.joined(separator: " ")
  }
}
