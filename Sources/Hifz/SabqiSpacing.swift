/// When a lesson in the `last-days` sabqi window is recited: on the 1st, 2nd, 4th and 7th day of
/// practice after it (gaps 1, 1, 2, 3), not every day. Between those days a lesson comes back
/// only while it does not hold (its last revision below Good, or not revised since: the
/// ``RecentRevision`` rule for lessons out of the window).
///
/// Why (#19, docs/plans.md "Sabqi on expanding days"): every-day sabqi cost about 7 × the
/// revision pace per new line (7 × 15 s against 120 s to learn it, in the benchmark's learners),
/// and a recitation a day after a clean one adds little recall under every truth of the
/// benchmark; the minutes go to new lessons instead. Lines held at matched minutes rose against
/// Anki+FSRS in every truth × scenario group (Benchmarks/planner-wins/).
enum SabqiSpacing {
  /// Practice days after the lesson (0: the first day of practice after it) with a recitation.
  static let practiceDays: [Int] = [0, 1, 3, 6]

  static func recites(afterPracticeDays n: Int) -> Bool { practiceDays.contains(n) }
}
