import Foundation
import MemoryModels
import PlannerCore

/// Sizes the new lesson (sabaq) in mushaf lines and chooses where it ends.
enum LessonSizer {
  /// A beginner's first lesson: 4 lines (the 3–5 lines teachers start with).
  static let beginnerLines = 4.0
  /// A lesson at least this share of the earned size shows the learner can hold it (a lesson
  /// cut short by the budget or a surah's end says nothing about a larger one).
  static let fullLessonShare = 0.9
  /// After a slip (Hard by memory) the earned size shrinks by this factor, after a failure
  /// (Again) by this one: quickly, unlike growth.
  static let slipFactor = 0.8
  static let failFactor = 2.0 / 3.0

  /// The lesson size this learner has earned: start at 4 lines (within the settings' bounds);
  /// after each lesson day (in day order), by its memory grade (`QuranRecitation.memoryGrade`:
  /// tajweed slips never count):
  ///
  ///     fluent (Good, Easy) and ≥ 90% of the earned size:  lines ← lines · (1 + g)^(1/7)
  ///     slip (Hard):                                        lines ← lines · 0.8
  ///     failure (Again):                                    lines ← lines · 2/3
  ///
  /// with g = `lessonGrowthPerWeek` (0.15: seven fluent lessons add 15%, so 4 lines become 8 in
  /// about five weeks of daily fluent lessons), always within [minLessonLines, maxLessonLines].
  static func targetLines(history: [QuranRecitation], settings s: QuranSettings) -> Double {
    let lo = min(s.minLessonLines, s.maxLessonLines), hi = s.maxLessonLines
    var lines = min(max(beginnerLines, lo), hi)
    let step = Foundation.pow(1 + max(0, s.lessonGrowthPerWeek), 1.0 / 7)
    var byDay: [(day: EpochDay, lines: Double, grade: Rating)] = []
    for k in history.indices where history[k].tier == .newLesson {  // (read in place: no copy of each recitation)
      let g = history[k].memoryGrade, day = history[k].day, lines = Quran.lines(history[k].range)
      if let last = byDay.last, last.day == day {
        byDay[byDay.count - 1] = (day, last.lines + lines, min(last.grade, g))
      } else {
        byDay.append((day, lines, g))
      }
    }
    for l in byDay {
      switch l.grade {
      case .good, .easy: if l.lines >= lines * fullLessonShare { lines *= step }
      case .hard: lines *= slipFactor
      case .again: lines *= failFactor
      }
      lines = min(max(lines, lo), hi)
    }
    return lines
  }

  /// The last ayah of every ruku' (index by ayah id).
  static let rukuEnds: [Bool] = {
    var out = [Bool](repeating: false, count: Quran.ayahCount + 1)
    for n in 1...Quran.rukuCount { if let r = Quran.ruku(n) { out[r.last] = true } }
    return out
  }()

  /// A surah that fits within `maxLines` lines: never split across lessons.
  static func isShortSurah(_ s: Int, maxLines: Double) -> Bool {
    Quran.lines(Quran.surahRange(s)!) <= maxLines + 1e-9
  }

  /// Where a lesson from `progress.sequence[start]` ends (an index into the sequence), or nil
  /// when no lesson the rules allow fits `capLines` (the time left, in lines). The rules, in
  /// this precedence:
  ///
  /// 1. A single ayah longer than `maxLines` (2:282 fills a page) is a lesson on its own.
  /// 2. A lesson ends at the end of an ayah, never beyond `min(maxLines, capLines)`, except
  ///    at the end of a whole short surah, which may reach `min(shortLines, capLines)`.
  /// 3. A short surah (one that fits within `shortLines`, the settings' maximum) is never split:
  ///    inside it, only its last ayah is an end.
  /// 4. No end before `minLines`, except at the end of a surah (or of the goal).
  /// 5. Among the ends left, the one closest to aim = min(target, capLines), preferring natural
  ///    stops: score |lines − aim| / aim − bonus, the bonus 0.5 at a surah's end, 0.3 at a
  ///    ruku's end, 0.2 at a page's end, 0.1 at a rub's end. Ties: the earlier end.
  ///
  /// Where the learning order jumps at the end of a surah (from An-Nas backwards, a custom
  /// list), a lesson may go on into the next surah of the order.
  static func chooseEnd(_ progress: QuranProgress, start: Int, target: Double, capLines: Double,
                        minLines: Double, maxLines: Double, shortLines: Double) -> Int? {
    let seq = progress.sequence
    let firstLines = Double(Quran.lineShare(ofAyah: seq[start])) / 10_000
    if firstLines > maxLines { return firstLines <= capLines + 1e-9 ? start : nil }
    let limit = min(maxLines, capLines)
    // A whole short surah may go beyond the day's length cap, up to the settings' maximum.
    let shortLimit = min(shortLines, capLines)
    let aim = max(min(target, limit), 0.5)
    var best: Int? = nil, bestScore = Double.infinity
    var share = 0
    var i = start
    while i < seq.count && !progress.learned[seq[i]] {
      let id = seq[i]
      share += Quran.lineShare(ofAyah: id)
      let lines = Double(share) / 10_000
      if lines > max(limit, shortLimit) + 1e-9 { break }
      let surah = Quran.surah(ofAyah: id)
      let surahEnd = id == Quran.surahRange(surah)!.last
      let last = i + 1 == seq.count || progress.learned[seq[i + 1]]
      // Only a surah the lesson starts at its beginning is kept whole (one already split, in
      // an older plan or by the day's time, goes on at ordinary stops).
      let whole = progress.sequence[start] <= Quran.surahRange(surah)!.first || Quran.surah(ofAyah: seq[start]) != surah
      let insideShort = !surahEnd && whole && isShortSurah(surah, maxLines: shortLines)
      let withinLimit = lines <= limit + 1e-9 || (surahEnd && isShortSurah(surah, maxLines: shortLines) && lines <= shortLimit + 1e-9)
      if withinLimit && !insideShort && (lines >= minLines - 1e-9 || surahEnd || last) {
        var bonus = 0.0
        if surahEnd { bonus = 0.5 }
        else if rukuEnds[id] { bonus = 0.3 }
        else if id == Quran.page(Quran.page(ofAyah: id))!.last { bonus = 0.2 }
        else if id == Quran.rub(Quran.rub(ofAyah: id))!.last { bonus = 0.1 }
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
