import MemoryModels

/// Sizes the new lesson (sabaq) in mushaf lines and chooses where it ends.
enum LessonSizer {
  /// A beginner's first lesson: 4 lines (the 3–5 lines teachers start with).
  static let beginnerLines = 4.0
  static let minimumLines = 2.0

  /// The lesson size this learner has earned: start at 4 lines; after each new lesson (in day
  /// order) grow by 20% (at least one line) when it came back fluent (grade Good or better and
  /// no mistakes), shrink by 10% after a slip (Hard) and by a third after a failure (Again);
  /// never below 2 lines nor above the settings' maximum. The grade used is the lower of the
  /// recorded one and the one the mistakes imply (`QuranGrading.grade`).
  static func targetLines(history: [QuranRecitation], maxLines: Double) -> Double {
    var lines = min(beginnerLines, maxLines)
    for r in history where r.tier == .newLesson {
      let implied = QuranGrading.grade(mistakes: Double(r.mistakes), hesitations: Double(r.hesitations), lines: Quran.lines(r.range))
      switch min(r.grade, implied) {
      case .good, .easy: lines = min(max(lines * 1.2, lines + 1), maxLines)
      case .hard: lines = max(lines * 0.9, minimumLines)
      case .again: lines = max(lines * 2 / 3, minimumLines)
      }
    }
    return min(lines, maxLines)
  }

  /// Where a lesson from `progress.sequence[start]` ends: always on an ayah boundary, within the
  /// run of consecutive ayahs, no longer than `capLines` (unless the first ayah alone is), and as
  /// close to `target` lines as natural stops allow. Score of an end = |lines − target| / target
  /// minus a bonus for stopping at the end of a surah (0.5), a page (0.3) or a rub' (0.2); ends
  /// shorter than half the target count only if they are the end of the run. Ties: the earlier.
  static func chooseEnd(_ progress: QuranProgress, start: Int, target: Double, capLines: Double) -> Int {
    let runEnd = progress.runEnd(from: start)
    let cap = min(capLines, target * 1.5)
    var best = start, bestScore = Double.infinity
    var share = 0
    var i = start
    while i <= runEnd {
      let id = progress.sequence[i]
      share += Quran.lineShare(ofAyah: id)
      let lines = Double(share) / 10_000
      if i > start && lines > cap + 1e-9 { break }
      var bonus = 0.0
      if id == Quran.surahRange(Quran.surah(ofAyah: id))!.last { bonus = 0.5 }
      else if id == Quran.page(Quran.page(ofAyah: id))!.last { bonus = 0.3 }
      else if id == Quran.rub(Quran.rub(ofAyah: id))!.last { bonus = 0.2 }
      let eligible = i == start || lines >= target / 2 || i == runEnd
      if eligible {
        let score = abs(lines - target) / target - bonus
        if score < bestScore - 1e-12 { best = i; bestScore = score }
      }
      i += 1
    }
    return best
  }
}
