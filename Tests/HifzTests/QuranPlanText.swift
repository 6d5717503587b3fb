@testable import Hifz
@testable import PlannerCore

/// A compact, readable rendering of a plan for scenario expectations and the docs' worked week.
enum QuranPlanText {
  static func render(_ p: QuranPlan) -> String {
    var lines = ["\(p.date)  budget \(minutes(p.budgetSeconds)), planned \(minutes(p.plannedSeconds))"]
    for item in p.items {
      let tier = item.tier == .newLesson ? "new   " : item.tier == .recentRevision ? "recent" : "old   "
      let what = item.ranges.map(\.description).joined(separator: ",")
      lines.append("  \(tier) \(what.padding(toLength: 12, withPad: " ", startingAt: 0)) \(fmt(item.lines, 1).padding(toLength: 5, withPad: " ", startingAt: 0)) lines \(minutes(item.estimatedSeconds).padding(toLength: 7, withPad: " ", startingAt: 0)) \(Self.reason(item))\(item.overBudget ? " [over budget]" : "")\(item.watch.isEmpty ? "" : " watch \(item.watch.map(\.description).joined(separator: ", "))")")
    }
    for n in p.notes { lines.append("  note: \(Self.note(n))") }
    if !p.cycle.fits { lines.append("  cycle: \(p.cycle.cycleDays) days does not fit; proposed \(p.cycle.proposedCycleDays.map(String.init) ?? "none")") }
    if let b = p.backlog { lines.append("  backlog: \(b.deferredUnits) units, caught up \(b.catchUpDate.map { "\($0)" } ?? "not within 180 days")") }
    let g = p.goal
    lines.append("  goal: \(g.remainingAyahs)/\(g.totalAyahs) ayahs left, \(fmt(g.linesPerDay, 1)) lines/day, done \(g.projectedCompletion.map { "\($0)" } ?? "-")\(g.targetDate.map { ", target \($0) \(g.targetReachable == true ? "reachable" : "not reachable")" } ?? "")")
    return lines.joined(separator: "\n")
  }

  /// The reason's code and facts, compactly (the planner has no text: the catalogs word it).
  static func reason(_ item: QuranPlanItem) -> String {
    let r = item.reason
    var facts: [String] = []
    if let x = r.retrievability { facts.append("R \(fmt((x * 100).rounded(.down) / 100, 2))") }
    if let l = r.lines { facts.append("\(fmt(l, 1)) lines") }
    if let d = r.days { facts.append("\(d) d") }
    if let d = r.date { facts.append("of \(d)") }
    if let m = r.mistakes { facts.append("\(m) mistakes") }
    if let g = r.grade { facts.append("last \(g)") }
    return r.code.rawValue + (facts.isEmpty ? "" : " (" + facts.joined(separator: ", ") + ")")
  }

  static func note(_ n: QuranPlanNote) -> String {
    var facts: [String] = []
    if let c = n.count { facts.append("count \(c)") }
    if let x = n.lines { facts.append("\(fmt(x, 1)) lines") }
    if let x = n.earnedLines { facts.append("earned \(fmt(x, 1))") }
    if let d = n.date { facts.append("\(d)") }
    if let s = n.seconds { facts.append(minutes(s)) }
    return n.code.rawValue + (facts.isEmpty ? "" : " (" + facts.joined(separator: ", ") + ")")
  }
}
