import MemoryModels
import PlannerCore

/// Old revision (manzil): which units are in it, how units that share a short surah are kept
/// together, and how the chosen ones become continuous passages in mushaf order.
enum OldRevision {
  /// Every review unit with memorised ayahs outside recent revision, in mushaf order. A unit
  /// never reviewed takes the declared prior (`DeclaredMemory`: the self-rating's stability,
  /// counted from the declared day or the goal's start); ayahs learned in lessons without a
  /// recorded review count as a hard prior from the goal's start. A one-page surah partly in
  /// recent revision waits whole (it is never split across items).
  static func candidates(input: QuranPlanInput, progress: QuranProgress, inRecent: [Bool], secondsPerLine: Double,
                         model: FSRS6) -> [ManzilCandidate] {
    // The shared table fetched once, not at each unit (each fetch retained its arrays).
    let table = ReviewUnits.table
    // Each unit's memory (the first listed) at the unit's place in the table, not in a
    // dictionary (which hashed every unit twice).
    var memory = [ReviewUnitMemory?](repeating: nil, count: table.ids.count)
    for m in input.units {
      if let i = ReviewUnits.index(of: m.unit), memory[i] == nil { memory[i] = m }
    }
    let declared = DeclaredMemory(goal: input.goal)
    let cycle = input.settings.cycleDays
    let day = input.date
    var out: [ManzilCandidate] = []
    // Each unit's memorised ayahs outside recent revision, counted in one pass over the ayahs:
    // a unit with none (most units, for most learners) is passed over without walking its ayahs.
    var eligible = [Int32](repeating: 0, count: table.ids.count)
    table.unitOfAyah.withUnsafeBufferPointer { unitOf in
      for a in 1...Quran.ayahCount where progress.learned[a] && !inRecent[a] { eligible[Int(unitOf[a])] += 1 }
    }
    for (order, unit) in table.ids.enumerated() where eligible[order] > 0 {
      if case .surah = unit, table.ranges[order].contains(where: { $0.ids.contains { inRecent[$0] } }) { continue }
      var runs: [AyahRange] = []
      var share = 0
      for run in table.ranges[order] {
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
      let m = memory[order]
      let prior = declared.prior(at: order)
      let state = m?.state ?? prior?.state ?? QuranMemory.priorState(selfRating: .hard)
      let deadline: EpochDay
      if let last = m?.lastReview { deadline = last.advanced(by: ManzilScheduler.coverageDays(state, settings: input.settings, model: model)) }
      else { deadline = max(day, input.goal.startDate.advanced(by: cycle - 1)) }
      let lines = Double(share) / 10_000
      out.append(ManzilCandidate(unit: unit, units: [unit], order: order, ranges: runs, lineShare: share,
                                 seconds: max(1, Int((lines * secondsPerLine).rounded(.up))), state: state,
                                 lastReview: m?.lastReview, since: prior?.since ?? input.goal.startDate,
                                 lapses: m?.lapses ?? 0, deadline: deadline))
    }
    return out
  }

  /// A surah of at most a page (15 lines) that runs over two units (Al-Aadiyaat on pages 599
  /// and 600) is recited whole: the units holding it are scheduled as one block, with the
  /// weakest member's memory, the earliest deadline and the most lapses. Blocks in mushaf order;
  /// `members[k]` lists the unit candidates of block k.
  static let shortSurahLines = 15.0

  static func blocks(_ cs: [ManzilCandidate], day: EpochDay, cycle: Int, model: FSRS6) -> (blocks: [ManzilCandidate], members: [[Int]]) {
    guard !cs.isEmpty else { return ([], []) }
    var joinNext = [Bool](repeating: false, count: cs.count)
    var index: [Int: Int] = [:]
    for (k, c) in cs.enumerated() { index[c.order] = k }
    for s in Quran.surahs where s.startPage != s.endPage && Quran.lines(s.range) <= shortSurahLines {
      let ks = ReviewUnits.units(overlapping: s.range).compactMap { ReviewUnits.index(of: $0).flatMap { index[$0] } }.sorted()
      // The whole span, with any one-page surah between the parts (99 between 98 and 100).
      if let first = ks.first, let last = ks.last { for k in first..<last { joinNext[k] = true } }
    }
    var blocks: [ManzilCandidate] = [], members: [[Int]] = []
    var k = 0
    while k < cs.count {
      var group = [k]
      while joinNext[group.last!] && group.last! + 1 < cs.count { group.append(group.last! + 1) }
      if group.count == 1 {
        // A unit alone (nearly all of them) is its own block: its memory, deadline and lapses.
        var b = cs[k]
        b.units = [b.unit]
        blocks.append(b); members.append(group)
        k += 1
        continue
      }
      let r = group.map { ManzilScheduler.retrievability(cs[$0], on: day, cycle: cycle, model: model) }
      let weakest = group[r.indices.min { (r[$0], $0) < (r[$1], $1) }!]
      var b = cs[weakest]
      b.unit = cs[group[0]].unit
      b.units = group.map { cs[$0].unit }
      b.order = cs[group[0]].order
      b.ranges = group.flatMap { cs[$0].ranges }
      b.lineShare = group.reduce(0) { $0 + cs[$1].lineShare }
      b.seconds = group.reduce(0) { $0 + cs[$1].seconds }
      b.deadline = group.map { cs[$0].deadline }.min()!
      b.lapses = group.map { cs[$0].lapses }.max()!
      blocks.append(b); members.append(group)
      k = group.last! + 1
    }
    return (blocks, members)
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

  static func reason(_ c: ManzilCandidate, pick: ManzilPick, day: EpochDay, cycle: Int, model: FSRS6) -> QuranReason {
    // R to three decimals, rounded down: a unit due below 0.95 never reads 0.95 in any language.
    let r = (ManzilScheduler.retrievability(c, on: day, cycle: cycle, model: model) * 1000).rounded(.down) / 1000
    let days = c.lastReview.map { $0.distance(to: day) }
    switch (pick, days) {
    case (.portion, _) where r >= 0.95:
      return QuranReason(code: .portion, retrievability: r, days: days)
    case (.atRisk, _):
      return QuranReason(code: .atRisk, retrievability: r, days: days)
    case (_, nil):
      return QuranReason(code: .neverRevised, retrievability: r, days: nil)
    case (.coverage, let d?):
      return QuranReason(code: .coverage, retrievability: r, days: d)
    case (.due, let d?), (.portion, let d?):
      return QuranReason(code: .due, retrievability: r, days: d)
    }
  }

  /// The chosen blocks as passages: their ayahs merged where they touch, in mushaf order (a
  /// passage runs on over as many units as are chosen next to each other). A passage's reason is
  /// that of its most urgent block (at risk, then coverage, then due, then the rest; the lowest
  /// R among equals); its weak units are those whose recall today is below `desiredRetention`.
  static func passages(_ picks: [(block: Int, pick: ManzilPick)], blocks: [ManzilCandidate], members: [[Int]],
                       units cs: [ManzilCandidate], day: EpochDay, cycle: Int, desiredRetention: Double, model: FSRS6,
                       secondsPerLine: Double, optional: Bool) -> [QuranPlanItem] {
    // Every chosen unit's ayah runs, in mushaf order, merged where they touch.
    var owned: [(range: AyahRange, unit: Int, pick: Int)] = []
    for (k, p) in picks.enumerated() { for u in members[p.block] { for r in cs[u].ranges { owned.append((r, u, k)) } } }
    owned.sort { $0.range < $1.range }
    var groups: [[(range: AyahRange, unit: Int, pick: Int)]] = []
    for o in owned {
      if let last = groups.last?.last, last.range.last + 1 == o.range.first { groups[groups.count - 1].append(o) } else { groups.append([o]) }
    }
    func urgency(_ p: ManzilPick) -> Int {
      switch p { case .atRisk: 0; case .coverage: 1; case .due: 2; case .portion: 3 }
    }
    return groups.map { g in
      let run = AyahRange(uncheckedFirst: g[0].range.first, last: g.last!.range.last)
      var unitIndices: [Int] = []
      for o in g where !unitIndices.contains(o.unit) { unitIndices.append(o.unit) }
      var pickIndices: [Int] = []
      for o in g where !pickIndices.contains(o.pick) { pickIndices.append(o.pick) }
      let rs = pickIndices.map { ManzilScheduler.retrievability(blocks[picks[$0].block], on: day, cycle: cycle, model: model) }
      let lead = pickIndices.indices.min {
        (urgency(picks[pickIndices[$0]].pick), rs[$0], $0) < (urgency(picks[pickIndices[$1]].pick), rs[$1], $1)
      }!
      let weak = unitIndices.filter { ManzilScheduler.retrievability(cs[$0], on: day, cycle: cycle, model: model) < desiredRetention }
      let lines = Quran.lines(run)
      let p = picks[pickIndices[lead]]
      return QuranPlanItem(tier: .oldRevision, ranges: [run], unit: unitIndices.count == 1 ? cs[unitIndices[0]].unit : nil,
                           units: unitIndices.map { cs[$0].unit }, weakUnits: weak.map { cs[$0].unit }, optional: optional,
                           lines: rounded(lines, 2), estimatedSeconds: max(1, Int((lines * secondsPerLine).rounded(.up))),
                           reason: reason(blocks[p.block], pick: p.pick, day: day, cycle: cycle, model: model),
                           overBudget: false)
    }
  }
}
