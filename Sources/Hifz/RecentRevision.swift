import MemoryModels
import PlannerCore
/// Recent revision (sabqi): the last lessons, on expanding days until they hold, recited in mushaf order
/// with adjacent lessons merged into one passage ("An-Naba 1-40, then Al-Mulk 1-5").
enum RecentRevision {
  /// Longest a lesson stays in recent revision when it keeps failing.
  static let maximumDays = 30

  /// The lessons in recent revision on `day`, by the settings' mode (`SabqiMode`):
  /// the lessons of the last `recentWindowDays` days of practice (days without any recitation,
  /// a break, do not count) on the practice days `SabqiSpacing` names, the last `sabqiLessons` lesson days, or
  /// every lesson of the current juz (the juz of the latest lesson); in every mode also older
  /// lessons (up to 30 days) whose last revision was below Good or that were never revised
  /// since. Failed lessons waiting to be repeated (`pending`) are today's lesson, not sabqi.
  /// The chosen ayahs are merged into continuous passages in mushaf order; each passage's
  /// reason is its most recent lesson.
  static func items(history: [QuranRecitation], pending: [QuranRecitation], day: EpochDay, settings s: QuranSettings,
                    secondsPerLine: Double) -> [QuranPlanItem] {
    // The lessons as positions in `history`, and every day list, read in place: `filter` and
    // `map(\.day)` copied each recitation (its mistake list retained and released).
    var pendingRanges: [AyahRange] = []
    pendingRanges.reserveCapacity(pending.count)
    for k in pending.indices { pendingRanges.append(pending[k].range) }
    var lessons: [Int] = []
    var lessonDays: [EpochDay] = [], active: [EpochDay] = []
    active.reserveCapacity(history.count)
    var latest: (day: EpochDay, range: AyahRange)?
    history.withUnsafeBufferPointer { h in
      for k in h.indices {
        active.append(h[k].day)
        guard h[k].tier == .newLesson, !pendingRanges.contains(h[k].range) else { continue }
        lessons.append(k)
        lessonDays.append(h[k].day)
        if latest.map({ $0 < (h[k].day, h[k].range) }) ?? true { latest = (h[k].day, h[k].range) }
      }
    }
    // History in day order (the planner's): a lesson's later revisions are a suffix, found by
    // scanning back from the end; in any other order, the whole history is scanned.
    let inDayOrder = history.indices.dropFirst().allSatisfy { history[$0 - 1].day <= history[$0].day }
    // Distinct days, ascending (the lessons' newest first): both lists follow the history, so
    // in day order they need no sort, and equal days are neighbours (no set hashed each day).
    active = Self.distinctAscending(active, sorted: inDayOrder)
    lessonDays = Self.distinctAscending(lessonDays, sorted: inDayOrder).reversed()
    let currentJuz = latest.map { Quran.juz(ofAyah: $0.range.first) }
    // Per ayah: the age of the latest lesson holding it and why it is here.
    var age = [Int?](repeating: nil, count: Quran.ayahCount + 1)
    var lowest = Quran.ayahCount + 1, highest = 0  // the ayahs given an age (the passages' scan stays within)
    // Why a lesson out of the mode's window is still here: the grade of its last revision
    // (below Good), or `.some(nil)` when it was not revised since.
    var unstable = [Rating??](repeating: nil, count: Quran.ayahCount + 1)
    for k in lessons {
      let l = (day: history[k].day, range: history[k].range)
      let a = l.day.distance(to: day)
      let inMode: Bool
      switch s.sabqi {
      // Days counted are days the learner recited (a break does not age a lesson out of
      // sabqi: lessons from just before it are re-checked as recent revision).
      case .lastDays:
        let n = active.count - Self.countNotAfter(l.day, in: active)  // the active days after the lesson's
        inMode = n < s.recentWindowDays && SabqiSpacing.recites(afterPracticeDays: n)
      case .lastLessons: inMode = lessonDays.prefix(s.sabqiLessons).contains(l.day)
      case .currentJuz: inMode = currentJuz.map { j in l.range.ids.contains { Quran.juz(ofAyah: $0) == j } } ?? false
      }
      var why: Rating?? = nil
      if !inMode {
        guard a <= maximumDays else { continue }
        if let last = Self.lastRevision(afterDay: l.day, overlapping: l.range, in: history, inDayOrder: inDayOrder) {
          guard last.memoryGrade < .good else { continue }
          why = .some(last.memoryGrade)
        } else {
          why = .some(nil)
        }
      }
      for id in l.range.ids {
        if s.sabqi == .currentJuz && inMode && Quran.juz(ofAyah: id) != currentJuz { continue }
        if age[id] == nil || a < age[id]! { age[id] = a; unstable[id] = why; lowest = min(lowest, id); highest = max(highest, id) }
        else if a == age[id]! && why == nil { unstable[id] = nil }
      }
    }
    var out: [QuranPlanItem] = []
    var id = lowest
    while id <= highest {
      guard age[id] != nil else { id += 1; continue }
      var last = id
      while last < Quran.ayahCount && age[last + 1] != nil { last += 1 }
      let run = AyahRange(uncheckedFirst: id, last: last)
      let youngest = run.ids.min { age[$0]! < age[$1]! }!
      let a = age[youngest]!
      let stillUnstable = run.ids.allSatisfy { unstable[$0] != nil }
      let reason: QuranReason
      if stillUnstable, let why = unstable[youngest] {
        reason = QuranReason(code: .unstable, days: a, grade: why)
      } else {
        reason = QuranReason(code: .recent, days: a)
      }
      let lines = Quran.lines(run)
      out.append(QuranPlanItem(tier: .recentRevision, ranges: [run], unit: nil, lines: rounded(lines, 2),
                               estimatedSeconds: max(1, Int((lines * secondsPerLine).rounded(.up))), reason: reason, overBudget: false))
      id = last + 1
    }
    return out
  }

  /// The distinct days of `days`, ascending; `sorted`: they already ascend (not sorted again).
  static func distinctAscending(_ days: [EpochDay], sorted: Bool) -> [EpochDay] {
    let days = sorted ? days : days.sorted()
    var out: [EpochDay] = []
    out.reserveCapacity(days.count)
    for d in days where out.last != d { out.append(d) }
    return out
  }

  /// How many of `days` (ascending, unique) are on or before `day`: a binary search.
  static func countNotAfter(_ day: EpochDay, in days: [EpochDay]) -> Int {
    var lo = 0, hi = days.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if days[mid] <= day { lo = mid + 1 } else { hi = mid }
    }
    return lo
  }

  /// The last revision (not a new lesson) in `history` after the lesson's day that overlaps it.
  static func lastRevision(afterDay lessonDay: EpochDay, overlapping range: AyahRange, in history: [QuranRecitation],
                           inDayOrder: Bool) -> QuranRecitation? {
    for k in history.indices.reversed() {  // (fields read in place: no copy of each recitation)
      if history[k].day <= lessonDay {
        if inDayOrder { return nil }  // every earlier one is on or before the lesson's day too
        continue
      }
      if history[k].tier != .newLesson && history[k].range.overlaps(range) { return history[k] }
    }
    return nil
  }
}
