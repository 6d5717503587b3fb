@testable import Hifz
@testable import PlannerCore

/// A compact, readable rendering of a plan for scenario expectations and the docs' worked week.
enum QuranPlanText {
  static func render(_ p: QuranPlan) -> String {
    var lines = ["\(p.date)  budget \(minutes(p.budgetSeconds)), planned \(minutes(p.plannedSeconds))"]
    for item in p.items {
      let tier = item.tier == .newLesson ? "new   " : item.tier == .recentRevision ? "recent" : "old   "
      let what = item.ranges.map(\.description).joined(separator: ",")
      lines.append("  \(tier) \(what.padding(toLength: 12, withPad: " ", startingAt: 0)) \(fmt(item.lines, 1).padding(toLength: 5, withPad: " ", startingAt: 0)) lines \(minutes(item.estimatedSeconds).padding(toLength: 7, withPad: " ", startingAt: 0)) \(item.reason.text)\(item.overBudget ? " [over budget]" : "")")
    }
    for n in p.notes { lines.append("  note: \(n.text)") }
    if !p.cycle.fits { lines.append("  cycle: \(p.cycle.cycleDays) days does not fit; proposed \(p.cycle.proposedCycleDays.map(String.init) ?? "none")") }
    if let b = p.backlog { lines.append("  backlog: \(b.deferredUnits) units, caught up \(b.catchUpDate.map { "\($0)" } ?? "not within 180 days")") }
    let g = p.goal
    lines.append("  goal: \(g.remainingAyahs)/\(g.totalAyahs) ayahs left, \(fmt(g.linesPerDay, 1)) lines/day, done \(g.projectedCompletion.map { "\($0)" } ?? "-")\(g.targetDate.map { ", target \($0) \(g.targetReachable == true ? "reachable" : "not reachable")" } ?? "")")
    return lines.joined(separator: "\n")
  }
}
