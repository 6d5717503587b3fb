import MemoryModels
import PlannerCore

/// Sizes the new lesson (sabaq) in mushaf lines and chooses where it ends.
enum LessonSizer {
  /// A beginner's first lesson: 4 lines (the 3–5 lines teachers start with).
  static let beginnerLines = 4.0
  static let minimumLines = 2.0

  /// The lesson size this learner has earned: start at 4 lines; after each new lesson (in day
  /// order) grow by 20% (at least one line) when it came back fluent (grade Good or better and
  /// no mistakes) and was at least 90% of the size earned so far (a lesson cut short by the
  /// budget or a surah's end shows nothing about a larger one); shrink by 10% after a slip (Hard)
  /// and by a third after a failure (Again); never below 2 lines nor above the settings'
  /// maximum. The grade used is the lower of the recorded one and the one the mistakes imply
  /// (`QuranGrading.grade`). Lessons recorded in several ranges on one day count as one.
  static func targetLines(history: [QuranRecitation], maxLines: Double) -> Double {
    var lines = min(beginnerLines, maxLines)
    var byDay: [(day: EpochDay, lines: Double, mistakes: Int, hesitations: Int, grade: Rating)] = []
    for r in history where r.tier == .newLesson {
      if let last = byDay.last, last.day == r.day {
        byDay[byDay.count - 1] = (r.day, last.lines + Quran.lines(r.range), last.mistakes + r.mistakes,
                                  last.hesitations + r.hesitations, min(last.grade, r.grade))
      } else {
        byDay.append((r.day, Quran.lines(r.range), r.mistakes, r.hesitations, r.grade))
      }
    }
    for l in byDay {
      let implied = QuranGrading.grade(mistakes: Double(l.mistakes), hesitations: Double(l.hesitations), lines: l.lines)
      switch min(l.grade, implied) {
      case .good, .easy: if l.lines >= lines * 0.9 { lines = min(max(lines * 1.2, lines + 1), maxLines) }
      case .hard: lines = max(lines * 0.9, minimumLines)
      case .again: lines = max(lines * 2 / 3, minimumLines)
      }
    }
    return min(lines, maxLines)
  }

  /// Where a lesson from `progress.sequence[start]` ends (an index into the sequence): always on
  /// an ayah boundary, no longer than `capLines` (unless the first ayah alone is), and as close
  /// to `target` lines as natural stops allow. A lesson runs through consecutive ayahs; where
  /// the learning order jumps at the end of a surah (from An-Nas backwards, a custom list) it
  /// may go on into the next surah of the order, so a learner who has earned 12 lines is not
  /// held to a 3-line surah. With aim = min(target, capLines), the score of an end is
  /// |lines − aim| / aim minus a bonus for stopping at the end of a surah (0.5), a page (0.3) or
  /// a rub' (0.2); other ends shorter than half the aim do not count. Ties: the earlier end.
  static func chooseEnd(_ progress: QuranProgress, start: Int, target: Double, capLines: Double) -> Int {
    let cap = min(capLines, target * 1.5)
    // What can be reached today: the earned size, or less when the time left is shorter.
    let aim = max(min(target, capLines), 0.5)
    let seq = progress.sequence
    var best = start, bestScore = Double.infinity
    var share = 0
    var i = start
    while i < seq.count && !progress.learned[seq[i]] {
      let id = seq[i]
      share += Quran.lineShare(ofAyah: id)
      let lines = Double(share) / 10_000
      if i > start && lines > cap + 1e-9 { break }
      let surahEnd = id == Quran.surahRange(Quran.surah(ofAyah: id))!.last
      var bonus = 0.0
      if surahEnd { bonus = 0.5 }
      else if id == Quran.page(Quran.page(ofAyah: id))!.last { bonus = 0.3 }
      else if id == Quran.rub(Quran.rub(ofAyah: id))!.last { bonus = 0.2 }
      let last = i + 1 == seq.count || progress.learned[seq[i + 1]]
      if i == start || lines >= aim / 2 || surahEnd || last {
        let score = abs(lines - aim) / aim - bonus
        if score < bestScore - 1e-12 { best = i; bestScore = score }
      }
      // A jump in the learning order is crossed only at the end of a surah.
      if i + 1 < seq.count && seq[i + 1] != id + 1 && !surahEnd { break }
      i += 1
    }
    return best
  }

  /// The lesson's ayahs from sequence index `start` through `end`, as ranges in learning order.
  static func ranges(_ progress: QuranProgress, start: Int, end: Int) -> [AyahRange] {
    var out: [AyahRange] = []
    var a = start
    while a <= end {
      var b = a
      while b < end && progress.sequence[b + 1] == progress.sequence[b] + 1 { b += 1 }
      out.append(AyahRange(uncheckedFirst: progress.sequence[a], last: progress.sequence[b]))
      a = b + 1
    }
    return out
  }
}
