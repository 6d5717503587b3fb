import PlannerCore

/// The new lesson (sabaq): the next portion of the goal, sized by this learner's pace and
/// results, after revision has taken its share (retention first).
enum NewLesson {
  struct Choice {
    var item: QuranPlanItem?
    var notes: [QuranPlanNote]
    var targetLines: Double
  }

  static func choose(progress: QuranProgress, history: [QuranRecitation], settings: QuranSettings,
                     secondsPerLine: Double, left: Int, revisionBehind: Bool, planIsEmpty: Bool) -> Choice {
    guard progress.nextIndex < progress.sequence.count else {
      let notes = progress.sequence.isEmpty ? [] : [QuranPlanNote(code: .goalComplete, text: "every ayah of the goal is memorised: revision only")]
      return Choice(item: nil, notes: notes, targetLines: 0)
    }
    var target = LessonSizer.targetLines(history: history, maxLines: settings.maxLessonLines)
    var notes: [QuranPlanNote] = []
    // Retention first: recent lessons and their revision must hold before more is added.
    let lastThree = history.filter { $0.tier != .oldRevision }.suffix(3)
    let failures = lastThree.filter { $0.grade == .again }.count
    if failures >= 2 {
      notes.append(QuranPlanNote(code: .recentFailing,
        text: "\(failures) of the last \(lastThree.count) lessons and recent revisions failed: no new lesson until they hold"))
      return Choice(item: nil, notes: notes, targetLines: target)
    }
    if !lastThree.isEmpty && Double(lastThree.reduce(0) { $0 + $1.grade.rawValue }) / Double(lastThree.count) < 2.5 {
      target = max(target / 2, LessonSizer.minimumLines)
      notes.append(QuranPlanNote(code: .recentFailing,
        text: "recent lessons came back with mistakes: new lesson halved to about \(fmt(target)) lines"))
    }
    if revisionBehind {
      notes.append(QuranPlanNote(code: .newLessonPaused, text: "revision first: no new lesson until old revision is caught up"))
      return Choice(item: nil, notes: notes, targetLines: target)
    }
    let start = progress.nextIndex
    let capLines = Double(max(0, left)) / secondsPerLine
    let firstLines = Double(Quran.lineShare(ofAyah: progress.sequence[start])) / 10_000
    if capLines < firstLines && !planIsEmpty {
      notes.append(QuranPlanNote(code: .newLessonPaused, text: "revision takes today's time: no new lesson today"))
      return Choice(item: nil, notes: notes, targetLines: target)
    }
    let end = LessonSizer.chooseEnd(progress, start: start, target: target, capLines: capLines)
    let ranges = LessonSizer.ranges(progress, start: start, end: end)
    let lines = ranges.reduce(0) { $0 + Quran.lines($1) }
    let next = end + 1 < progress.sequence.count ? progress.sequence[end + 1] : nil
    let cutByBudget = next.map { !progress.learned[$0] && lines + Double(Quran.lineShare(ofAyah: $0)) / 10_000 > capLines } ?? false
    if cutByBudget && capLines < target && lines < target * 0.75 {
      notes.append(QuranPlanNote(code: .newLessonShortened,
        text: "new lesson shortened to \(fmt(lines)) lines (about \(fmt(target)) earned): revision takes the rest of the time"))
    }
    let item = QuranPlanItem(tier: .newLesson, ranges: ranges, unit: nil, lines: rounded(lines, 2),
                             estimatedSeconds: max(1, Int((lines * secondsPerLine).rounded(.up))),
                             reason: QuranReason(code: .newLesson, text: "new lesson, \(fmt(lines)) lines", retrievability: nil, days: nil),
                             overBudget: false)
    return Choice(item: item, notes: notes, targetLines: target)
  }
}
