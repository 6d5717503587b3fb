import MemoryModels
import PlannerCore
/// Recent revision (sabqi): the last lessons, every day until they hold.
enum RecentRevision {
  /// Longest a lesson stays in recent revision when it keeps failing.
  static let maximumDays = 30

  /// Every new lesson learned within `window` days before `day`, and older ones (up to 30 days)
  /// whose last revision was below Good or that were never revised; most recent first. A lesson
  /// repeated on several days is listed once (its latest day).
  static func items(history: [QuranRecitation], day: EpochDay, window: Int, secondsPerLine: Double)
    -> (items: [QuranPlanItem], count: Int) {
    let lessons = history.filter { $0.tier == .newLesson }
      .sorted { ($1.day, $0.range) < ($0.day, $1.range) }
    var covered: [AyahRange] = []
    var out: [QuranPlanItem] = []
    for l in lessons {
      if covered.contains(where: { $0.first <= l.range.first && l.range.last <= $0.last }) { continue }
      let age = l.day.distance(to: day)
      var reason: QuranReason
      if age <= window {
        reason = QuranReason(code: .recent, text: age == 1 ? "yesterday's lesson" : "lesson from \(age) days ago",
                             retrievability: nil, days: age)
      } else if age <= maximumDays {
        let later = history.filter { $0.tier != .newLesson && $0.day > l.day && $0.range.overlaps(l.range) }
        if let last = later.last {
          guard last.grade < .good else { continue }
          reason = QuranReason(code: .unstable, text: "lesson from \(age) days ago, not yet stable (last revision: \(name(last.grade)))",
                               retrievability: nil, days: age)
        } else {
          reason = QuranReason(code: .unstable, text: "lesson from \(age) days ago, not revised since", retrievability: nil, days: age)
        }
      } else { continue }
      covered.append(l.range)
      let lines = Quran.lines(l.range)
      out.append(QuranPlanItem(tier: .recentRevision, ranges: [l.range], unit: nil, lines: rounded(lines, 2),
                               estimatedSeconds: max(1, Int((lines * secondsPerLine).rounded(.up))), reason: reason, overBudget: false))
    }
    return (out, out.count)
  }

  static func name(_ g: Rating) -> String {
    switch g { case .again: "again"; case .hard: "hard"; case .good: "good"; case .easy: "easy" }
  }
}

