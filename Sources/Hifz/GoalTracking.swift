import PlannerCore
/// Goal tracking: the completion date at the current pace and whether the target is reachable.
enum GoalTracking {
  /// The pace window: lines learned over at most the last 56 real days (8 weeks).
  static let windowDays = 56
  /// Until the first lesson is 14 days old, the earned lesson size a day stands in for the days
  /// without data (a prior worth 14 − elapsed days), so the first lessons do not swing it.
  static let priorDays = 14

  /// The pace, in lines a day, over a stated window of real days:
  ///
  ///     n = days from the first lesson to `day` (the day itself not counted)
  ///     w = min(n, 56)            the window: the last w calendar days before `day`
  ///     p = max(0, 14 − n)        days of prior, at the earned lesson size s₀
  ///     pace = (lines learned in the window + p · s₀) / (w + p)
  ///
  /// Calendar days, so breaks slow it; the window is long and the prior is the earned size
  /// (not today's lesson, which the day's time may cut), so one day moves it little. Completion
  /// = the day the remaining lines run out at that pace.
  static func project(progress: QuranProgress, history: [QuranRecitation], day: EpochDay, target: EpochDay?,
                      targetLines: Double, secondsPerLine: Double, budget: Int,
                      revisionSeconds: Int) -> QuranGoalProjection {
    // The goal's ayahs not yet learned, counted and their lines summed in one walk (not a list
    // of up to 6,236 ids made for it), through the buffers with the table fetched once (per
    // ayah, the shared table's accessor and the bounds checks cost more than the sum).
    var share = 0, remainingCount = 0
    let shares = Quran.t.lineShare
    progress.sequence.withUnsafeBufferPointer { sequence in
      progress.learned.withUnsafeBufferPointer { learned in
        shares.withUnsafeBufferPointer { shares in
          for id in sequence where !learned[id] {
            share += Int(shares[id])
            remainingCount += 1
          }
        }
      }
    }
    let remainingLines = Double(share) / 10_000
    // The lessons before `day`, read in place (a filtered copy retained each one's lists).
    var firstLesson: EpochDay?, lastLesson: EpochDay?
    for k in history.indices where history[k].tier == .newLesson && history[k].day < day {
      firstLesson = min(firstLesson ?? history[k].day, history[k].day)
      lastLesson = max(lastLesson ?? history[k].day, history[k].day)
    }
    let elapsed = firstLesson.map { max(0, $0.distance(to: day)) } ?? 0
    let window = min(windowDays, elapsed)
    let prior = max(0, priorDays - elapsed)
    let since = day.advanced(by: -window)
    var learned = 0
    var seen = [Bool](repeating: false, count: Quran.ayahCount + 1)  // (an ayah counts once; no hashing)
    for k in history.indices where history[k].tier == .newLesson && history[k].day < day && history[k].day >= since {
      for id in history[k].range.ids where !seen[id] {
        seen[id] = true
        learned += Quran.lineShare(ofAyah: id)
      }
    }
    let pace = (Double(learned) / 10_000 + Double(prior) * targetLines) / Double(max(1, window + prior))
    var p = QuranGoalProjection(totalAyahs: progress.sequence.count, remainingAyahs: remainingCount,
                                remainingLines: rounded(remainingLines, 2), linesPerDay: rounded(pace, 2), targetDate: target)
    p.paceWindowDays = window
    p.pacePriorDays = prior
    if remainingCount == 0 {
      p.projectedCompletion = lastLesson ?? day
    } else if pace > 0 {
      p.projectedCompletion = day.advanced(by: max(0, Int((remainingLines / pace).rounded(.up)) - 1))
    }
    if let target {
      p.targetReachable = p.projectedCompletion.map { $0 <= target } ?? false
      let daysLeft = day.distance(to: target) + 1
      let required = daysLeft > 0 ? remainingLines / Double(daysLeft) : remainingLines
      p.requiredLinesPerDay = rounded(required, 2)
      p.requiredFitsBudget = daysLeft > 0 && required * secondsPerLine <= Double(budget - revisionSeconds)
      if remainingCount == 0 { p.targetReachable = true; p.requiredFitsBudget = true }
    }
    return p
  }
}
