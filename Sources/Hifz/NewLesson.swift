import MemoryModels
import PlannerCore

/// The new lesson (sabaq): the next portion of the goal, sized by this learner's pace and
/// results; a failed lesson is repeated until it passes.
enum NewLesson {
  struct Choice {
    var item: QuranPlanItem?
    var notes: [QuranPlanNote]
    var targetLines: Double
  }

  /// New-lesson recitations that failed (memory grade Again) and have not passed since: no later
  /// recitation of the same ayahs (a new lesson or recent revision) graded Hard or better. They
  /// are not memorised yet: the next day's lesson is the same passage again.
  static func pending(_ history: [QuranRecitation]) -> [QuranRecitation] {
    var out: [QuranRecitation] = []
    for k in history.indices where history[k].tier == .newLesson && history[k].memoryGrade == .again {
      let (day, range) = (history[k].day, history[k].range)
      // (By index: `contains` on a slice copied every later recitation, its mistake list retained.)
      var passed = false
      for j in (k + 1)..<history.count where history[j].day > day && history[j].tier != .oldRevision
        && history[j].range.first <= range.first && range.last <= history[j].range.last && history[j].memoryGrade >= .hard {
        passed = true
        break
      }
      if !passed && !out.contains(where: { $0.range == range }) { out.append(history[k]) }
    }
    return out
  }

  static func item(_ ranges: [AyahRange], secondsPerLine: Double, reason: QuranReason) -> QuranPlanItem {
    let lines = ranges.reduce(0) { $0 + Quran.lines($1) }
    return QuranPlanItem(tier: .newLesson, ranges: ranges, unit: nil, lines: rounded(lines, 2),
                         estimatedSeconds: max(1, Int((lines * secondsPerLine).rounded(.up))), reason: reason, overBudget: false)
  }

  static func choose(progress: QuranProgress, history: [QuranRecitation], pending: [QuranRecitation], settings: QuranSettings,
                     secondsPerLine: Double, left: Int, budget: Int, revisionBehind: Bool, planIsEmpty: Bool, day: EpochDay) -> Choice {
    var target = LessonSizer.targetLines(history: history, settings: settings)
    var notes: [QuranPlanNote] = []
    // A failed lesson is the lesson again, until it passes (before anything new).
    if !pending.isEmpty {
      let ranges = pending.map(\.range).sorted { progressIndex(progress, $0) < progressIndex(progress, $1) }
      let last = pending.map(\.day).max()!
      let mistakes = pending.filter { $0.day == last }.reduce(0) { $0 + $1.mistakes + $1.prompts }
      let item = item(ranges, secondsPerLine: secondsPerLine,
                      reason: QuranReason(code: .repeatLesson, days: last.distance(to: day), date: last, mistakes: mistakes))
      notes.append(QuranPlanNote(code: .lessonRepeated, count: mistakes, date: last))
      if revisionBehind {
        notes.append(QuranPlanNote(code: .newLessonPaused))
        return Choice(item: nil, notes: notes, targetLines: target)
      }
      return Choice(item: item, notes: notes, targetLines: target)
    }
    guard progress.nextIndex < progress.sequence.count else {
      let notes = progress.sequence.isEmpty ? [] : [QuranPlanNote(code: .goalComplete)]
      return Choice(item: nil, notes: notes, targetLines: 0)
    }
    // Retention first: recent revision (sabqi) must hold before more is added.
    // The last three recent revisions' memory grades, oldest first (found from the end: a
    // filtered copy of every recent revision cost a year of copies).
    var lastThree: [Rating] = []
    for k in history.indices.reversed() where history[k].tier == .recentRevision {
      lastThree.insert(history[k].memoryGrade, at: 0)
      if lastThree.count == 3 { break }
    }
    let failures = lastThree.filter { $0 == .again }.count
    if failures >= 2 {
      notes.append(QuranPlanNote(code: .recentFailing, count: failures, total: lastThree.count))
      return Choice(item: nil, notes: notes, targetLines: target)
    }
    let earned = target
    if !lastThree.isEmpty && Double(lastThree.reduce(0) { $0 + $1.rawValue }) / Double(lastThree.count) < 2.5 {
      target = max(target / 2, settings.minLessonLines)
      // The lesson is still today's lesson, only smaller: its own code, not "recent-failing".
      notes.append(QuranPlanNote(code: .lessonHalved, lines: rounded(target, 1)))
    }
    if revisionBehind {
      notes.append(QuranPlanNote(code: .newLessonPaused))
      return Choice(item: nil, notes: notes, targetLines: target)
    }
    let start = progress.nextIndex
    // The lesson's length today: at most the settings' maximum, and at most half the day's
    // time (revision keeps the other half), never below the minimum. A short surah is one that
    // fits the settings' maximum: never split (a whole one may take more than half the day),
    // unless it cannot fit a whole day at all.
    let half = Double(max(0, budget)) / 2 / secondsPerLine
    let maxLines = min(settings.maxLessonLines, max(settings.minLessonLines, half))
    var capLines = Double(max(0, left)) / secondsPerLine
    if planIsEmpty { capLines = max(capLines, Double(Quran.lineShare(ofAyah: progress.sequence[start])) / 10_000) }
    func lessonEnd(cap: Double, short: Double, minimum: Double) -> Int? {
      LessonSizer.chooseEnd(progress, start: start, target: target, capLines: cap,
                            minLines: minimum, maxLines: maxLines, shortLines: short)
    }
    var end = lessonEnd(cap: capLines, short: settings.maxLessonLines, minimum: settings.minLessonLines)
    if end == nil && min(capLines, maxLines) >= settings.minLessonLines - 1e-9 {
      // The time allows the minimum, but no ayah ends between it and today's maximum (a
      // minimum close to the maximum, long ayahs): the minimum yields, short surahs stay whole.
      end = lessonEnd(cap: capLines, short: settings.maxLessonLines, minimum: 0)
    }
    if end == nil && lessonEnd(cap: Double(max(0, budget)) / secondsPerLine, short: settings.maxLessonLines, minimum: settings.minLessonLines) == nil {
      // Not even a whole day would hold the next short surah: it is split after all, at its
      // best stops. Otherwise wait for a day with more time (recent revision shrinks on days
      // without a new lesson).
      end = lessonEnd(cap: capLines, short: 0, minimum: min(settings.minLessonLines, capLines))
      // The surah split, but no ayah ends between the minimum and today's maximum (a small
      // budget: half a 10-minute day is about 2.5 lines): the minimum yields here too, as above.
      // Before, such a lesson waited for a day that never came (a 10-minute learner stopped at
      // Al-Inshiqaaq for months; docs/plans.md, "Evidence").
      if end == nil { end = lessonEnd(cap: capLines, short: 0, minimum: 0) }
    }
    guard let end else {
      notes.append(QuranPlanNote(code: .lessonWaits))
      return Choice(item: nil, notes: notes, targetLines: target)
    }
    let ranges = LessonSizer.ranges(progress, start: start, end: end)
    let lines = ranges.reduce(0) { $0 + Quran.lines($1) }
    let next = end + 1 < progress.sequence.count ? progress.sequence[end + 1] : nil
    // The day's time (the time left, or half the day kept for revision) cut the lesson, not the
    // earned size or the settings' maximum: the note says the budget did it.
    let timeCap = min(max(settings.minLessonLines, half), capLines)
    let cutByBudget = next.map { !progress.learned[$0] && lines + Double(Quran.lineShare(ofAyah: $0)) / 10_000 > timeCap } ?? false
    if cutByBudget && timeCap < target && lines < target * 0.75 {
      notes.append(QuranPlanNote(code: .newLessonShortened, lines: rounded(lines, 1), earnedLines: rounded(target, 1)))
    }
    // A halved lesson that is not lighter after all (a short surah kept whole is as long as the
    // earned size) is not called halved: the note would contradict the lesson beside it.
    if lines >= earned * 0.75 { notes.removeAll { $0.code == .lessonHalved } }
    let item = item(ranges, secondsPerLine: secondsPerLine,
                    reason: QuranReason(code: .newLesson, lines: rounded(lines, 2)))
    return Choice(item: item, notes: notes, targetLines: target)
  }

  static func progressIndex(_ p: QuranProgress, _ r: AyahRange) -> Int {
    p.sequence.firstIndex(of: r.first) ?? Int.max
  }
}
