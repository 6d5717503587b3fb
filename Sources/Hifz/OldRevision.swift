import MemoryModels
import PlannerCore

/// Old revision (manzil): which units are in it and how each is presented.
enum OldRevision {
  /// Every review unit with memorised ayahs outside recent revision, in mushaf order. Units
  /// without a recorded review take their prior from the goal's self-rating (the lowest
  /// self-rating among the memorised ranges that touch the unit; learned in lessons but
  /// unrecorded counts as hard).
  static func candidates(input: QuranPlanInput, progress: QuranProgress, inRecent: [Bool], secondsPerLine: Double) -> [ManzilCandidate] {
    var memory: [ReviewUnitID: ReviewUnitMemory] = [:]
    for m in input.units where memory[m.unit] == nil { memory[m.unit] = m }
    let cycle = input.settings.cycleDays
    let day = input.date
    var out: [ManzilCandidate] = []
    for (order, unit) in ReviewUnits.all.enumerated() {
      var runs: [AyahRange] = []
      var share = 0
      for run in ReviewUnits.table.ranges[order] {
        var a = run.first
        while a <= run.last {
          guard progress.learned[a] && !inRecent[a] else { a += 1; continue }
          var b = a
          while b < run.last && progress.learned[b + 1] && !inRecent[b + 1] { b += 1 }
          runs.append(AyahRange(uncheckedFirst: a, last: b))
          share += Quran.lineShare(from: a, through: b)
          a = b + 1
        }
      }
      guard !runs.isEmpty else { continue }
      let m = memory[unit]
      let state = m?.state ?? QuranMemory.priorState(selfRating: selfRating(of: runs, goal: input.goal))
      let deadline: EpochDay
      if let last = m?.lastReview { deadline = last.advanced(by: cycle) }
      else { deadline = max(day, input.goal.startDate.advanced(by: cycle - 1)) }
      let lines = Double(share) / 10_000
      out.append(ManzilCandidate(unit: unit, order: order, ranges: runs, lineShare: share,
                                 seconds: max(1, Int((lines * secondsPerLine).rounded(.up))), state: state,
                                 lastReview: m?.lastReview, lapses: m?.lapses ?? 0, deadline: deadline))
    }
    return out
  }

  static func selfRating(of runs: [AyahRange], goal: QuranGoal) -> Rating? {
    var lowest: Rating? = nil
    var declared = false
    for m in goal.memorised where runs.contains(where: { $0.overlaps(m.range) }) {
      declared = true
      let g = m.selfRating ?? .good
      lowest = min(lowest ?? g, g)
    }
    return declared ? lowest : .hard
  }

  /// R for people: two decimals, rounded down, so a unit due below 0.95 never reads "0.95".
  static func shownR(_ r: Double) -> String {
    let v = (r * 100).rounded(.down) / 100
    return String(format2: v)
  }

  static func item(_ c: ManzilCandidate, pick: ManzilPick, day: EpochDay, cycle: Int, model: FSRS6) -> QuranPlanItem {
    let r = ManzilScheduler.retrievability(c, on: day, cycle: cycle, model: model)
    let days = c.lastReview.map { $0.distance(to: day) }
    let reason: QuranReason
    switch (pick, days) {
    case (.atRisk, _):
      reason = QuranReason(code: .atRisk, text: "most at risk: R = \(shownR(r))", retrievability: rounded(r, 3), days: days)
    case (_, nil):
      reason = QuranReason(code: .neverRevised, text: "memorised, not yet revised in this plan", retrievability: rounded(r, 3), days: nil)
    case (.coverage, let d?):
      reason = QuranReason(code: .coverage, text: "not revised for \(d) days", retrievability: rounded(r, 3), days: d)
    case (.due, let d?):
      reason = QuranReason(code: .due, text: "due: R = \(shownR(r))", retrievability: rounded(r, 3), days: d)
    }
    let lines = Double(c.lineShare) / 10_000
    return QuranPlanItem(tier: .oldRevision, ranges: c.ranges, unit: c.unit, lines: rounded(lines, 2),
                         estimatedSeconds: c.seconds, reason: reason, overBudget: false)
  }
}
