import PlannerCore
/// Goal tracking: the completion date at the current pace and whether the target is reachable.
enum GoalTracking {
  /// Pace = lines learned in new lessons over the last 28 days (or since the first lesson, once
  /// that is a week old) per calendar day; before that, today's lesson (or the earned size when
  /// today has none) per day. Completion = the day the remaining lines run out at that pace.
  static func project(progress: QuranProgress, history: [QuranRecitation], day: EpochDay, target: EpochDay?,
                      todayLines: Double, targetLines: Double, secondsPerLine: Double, budget: Int,
                      revisionSeconds: Int) -> QuranGoalProjection {
    let remaining = progress.remaining
    var share = 0
    for id in remaining { share += Quran.lineShare(ofAyah: id) }
    let remainingLines = Double(share) / 10_000
    let lessons = history.filter { $0.tier == .newLesson }
    var pace = todayLines > 0 ? todayLines : targetLines
    if let first = lessons.map(\.day).min(), first.distance(to: day) >= 7 {
      let window = min(28, first.distance(to: day))
      let since = day.advanced(by: -window)
      var learned = 0
      var seen = Set<Int>()
      for l in lessons where l.day >= since { for id in l.range.ids where seen.insert(id).inserted { learned += Quran.lineShare(ofAyah: id) } }
      pace = Double(learned) / 10_000 / Double(window)
    }
    var p = QuranGoalProjection(totalAyahs: progress.sequence.count, remainingAyahs: remaining.count,
                                remainingLines: rounded(remainingLines, 2), linesPerDay: rounded(pace, 2), targetDate: target)
    if remaining.isEmpty {
      p.projectedCompletion = lessons.map(\.day).max() ?? day
    } else if pace > 0 {
      p.projectedCompletion = day.advanced(by: max(0, Int((remainingLines / pace).rounded(.up)) - 1))
    }
    if let target {
      p.targetReachable = p.projectedCompletion.map { $0 <= target } ?? false
      let daysLeft = day.distance(to: target) + 1
      let required = daysLeft > 0 ? remainingLines / Double(daysLeft) : remainingLines
      p.requiredLinesPerDay = rounded(required, 2)
      p.requiredFitsBudget = daysLeft > 0 && required * secondsPerLine <= Double(budget - revisionSeconds)
      if remaining.isEmpty { p.targetReachable = true; p.requiredFitsBudget = true }
    }
    return p
  }
}
