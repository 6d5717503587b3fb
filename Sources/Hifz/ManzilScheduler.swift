import MemoryModels
import PlannerCore

/// A review unit in old revision (manzil), with what the scheduler needs to rank it.
struct ManzilCandidate: Sendable {
  var unit: ReviewUnitID
  /// The units scheduled together (one, or those sharing a short surah).
  var units: [ReviewUnitID]
  /// Mushaf order, the last tie-break.
  var order: Int
  /// The memorised ayahs of the unit that are not in recent revision.
  var ranges: [AyahRange]
  var lineShare: Int
  var seconds: Int
  var state: MemoryState
  var lastReview: EpochDay?
  /// Never reviewed: the day its declared (or assumed) state counts from.
  var since: EpochDay
  var lapses: Int
  /// Coverage: the last day the unit may be revised (last review + cycle, or for memorised
  /// material never revised, the goal's start + cycle − 1).
  var deadline: EpochDay
}

/// Why the scheduler picked a unit.
enum ManzilPick: Sendable, Equatable {
  /// Needed today so that every unit meets its coverage deadline (earliest deadline first).
  case coverage
  /// Below the desired retention (or never revised), most at risk first.
  case due
  /// The cycle does not fit the budget: revising the most at-risk units.
  case atRisk
  /// Part of today's portion of a fixed rotation (`ManzilRotation`).
  case portion
}

/// Old revision: coverage first (no unit past its cycle), then the forgetting curve.
enum ManzilScheduler {
  struct Ranking: Sendable {
    /// Candidate indices in the order to take them, with why; the caller takes them while the
    /// budget lasts.
    var order: [(index: Int, pick: ManzilPick)]
    /// Whether the cycle fits the day's revision capacity (total and, earliest deadline first,
    /// every prefix), and the shortest cycle that would.
    var fits: Bool
    var proposedCycleDays: Int?
    var totalSeconds: Int
    /// Seconds of units that are due (or needed for coverage) today.
    var dueSeconds: Int
    /// More is past its coverage deadline than a day holds (after missed days).
    var behind: Bool = false
    /// How many leading entries of `order` are coverage (must be done today for the cycle).
    var coverageCount: Int = 0
  }

  /// Days a unit revised with memory `state` may wait before coverage makes it must-do: the
  /// cycle, or with `stableCycleDays` set, the days until its recall falls to
  /// `QuranSettings.stableRecall`, between the cycle and `stableCycleDays`:
  ///
  ///     coverage = clamp(I(S, 0.90), cycleDays, stableCycleDays),   I(S, r) = S/f · (r^(−1/w20) − 1)
  static func coverageDays(_ state: MemoryState, settings s: QuranSettings, model: FSRS6) -> Int {
    guard let longest = s.stableCycleDays, longest > s.cycleDays else { return s.cycleDays }
    let interval = model.intervalDays(stability: state.stability, desiredRetention: QuranSettings.stableRecall)
    return min(longest, max(s.cycleDays, interval))
  }

  /// The days over which a revision's value is counted (`revisionValue`).
  static let valueHorizonDays = 60.0

  /// What revising a unit today is worth per second: the recall over the next H days it adds,
  /// in lines, whether it is recalled (S grows) or forgotten (relearnt at the lapse's S):
  ///
  ///     v = lines · (R·R̄(0, H, S_good) + (1 − R)·R̄(0, H, S_again) − R̄(t, H, S)) / seconds,
  ///
  /// R = R(t, S) today, t days since its last review, R̄ the mean recall over H days
  /// (`FSRS6.meanRetrievability`), H = `valueHorizonDays`. A unit long unrevised gains most; of
  /// two units at the same R, the one that would forget faster without it (the lower S).
  static func revisionValue(_ c: ManzilCandidate, on day: EpochDay, model: FSRS6) -> Double {
    revisionValue(state: c.state, since: c.lastReview ?? c.since, lineShare: c.lineShare, seconds: c.seconds, on: day, model: model)
  }

  /// The same from the candidate's fields. (Its callers in the ranking pass fields, not the
  /// candidate: a candidate passed across the model's `exp`/`log` calls was copied first, its
  /// two lists retained and released, for every unit every day a projection ranks.)
  @inline(__always)
  static func revisionValue(state: MemoryState, since: EpochDay, lineShare: Int, seconds: Int, on day: EpochDay,
                            model: FSRS6) -> Double {
    let t = max(0, since.distance(to: day))
    let r = model.retrievability(elapsedDays: Double(t), stability: state.stability)
    let good = model.nextState(state, elapsedDays: t, rating: .good).stability
    let again = model.nextState(state, elapsedDays: t, rating: .again).stability
    let h = valueHorizonDays
    let revised = r * model.meanRetrievability(from: 0, days: h, stability: good)
      + (1 - r) * model.meanRetrievability(from: 0, days: h, stability: again)
    let left = model.meanRetrievability(from: Double(t), days: h, stability: state.stability)
    return Double(lineShare) * (revised - left) / Double(max(1, seconds))
  }

  static func retrievability(_ c: ManzilCandidate, on day: EpochDay, cycle: Int, model: FSRS6) -> Double {
    retrievability(since: c.lastReview ?? c.since, stability: c.state.stability, on: day, model: model)
  }

  /// The same from the candidate's fields (see ``revisionValue(state:since:lineShare:seconds:on:model:)``).
  @inline(__always)
  static func retrievability(since: EpochDay, stability: Double, on day: EpochDay, model: FSRS6) -> Double {
    model.retrievability(elapsedDays: Double(max(0, since.distance(to: day))), stability: stability)
  }

  /// Ranks the candidates for `day` given `capacity` seconds a day for old revision.
  ///
  /// When the cycle fits: the units that earliest-deadline-first needs today (the smallest
  /// prefix, in deadline order, whose time covers max over k of [time of units due by day+k
  /// − k · pace], pace = max(total / cycle, 80% of capacity), at most the capacity), then every
  /// other unit below the desired retention or never revised, most valuable first
  /// (`revisionValue`). The cycle fits when whole units packed into days of `capacity` (first-fit
  /// decreasing) take at most `cycle` days. When it does not: all units, lowest R first, and the
  /// proposed cycle is that packed number of days. When it fits but today's coverage share is
  /// more than a day holds (after missed days): every due unit, most valuable first.
  static func rank(_ cs: [ManzilCandidate], day: EpochDay, capacity: Int, desiredRetention: Double,
                   cycle: Int, model: FSRS6) -> Ranking {
    rank(cs, day: day, capacity: capacity, desiredRetention: desiredRetention, cycle: cycle, model: model,
         packedDays: packedDays(cs.map(\.seconds), capacity: capacity))
  }

  /// The same with `packedDays(cs.map(\.seconds), capacity:)` given (a projection ranks the same
  /// units, of the same seconds, day after day).
  private static func rank(_ cs: [ManzilCandidate], day: EpochDay, capacity: Int, desiredRetention: Double,
                           cycle: Int, model: FSRS6, packedDays days: Int?) -> Ranking {
    // Each candidate's fields read in place, through the buffer: `map` and `reduce`, and a
    // candidate passed on whole, copied every candidate (its two lists retained and released)
    // for every day a projection ranks.
    // The sort keys as flat arrays, compared through their buffers: a projection sorts every
    // unit by deadline every day it ranks, and comparisons that read each candidate's fields
    // through the array (bounds-checked, three times a side) were a fifth of its ranking.
    var r = [Double](repeating: 0, count: cs.count)
    var deadlines = [Int](repeating: 0, count: cs.count), orders = [Int](repeating: 0, count: cs.count)
    var total = 0
    cs.withUnsafeBufferPointer { b in
      for i in b.indices {
        r[i] = retrievability(since: b[i].lastReview ?? b[i].since, stability: b[i].state.stability, on: day, model: model)
        deadlines[i] = b[i].deadline.value
        orders[i] = b[i].order
        total += b[i].seconds
      }
    }
    let byDeadline = deadlines.withUnsafeBufferPointer { dl in
      r.withUnsafeBufferPointer { r in
        orders.withUnsafeBufferPointer { o in
          cs.indices.sorted { (dl[$0], r[$0], o[$0]) < (dl[$1], r[$1], o[$1]) }
        }
      }
    }
    // Earliest deadline first: what must be done today, planned at a pace with a 20% reserve
    // (or the cycle's bare pace when tighter) so that units revised together do not all fall
    // due together again beyond what a day holds.
    let pace = min(capacity, max((total + cycle - 1) / max(cycle, 1), capacity * 4 / 5))
    var required = 0, cumulative = 0
    for i in byDeadline {
      cumulative += cs[i].seconds
      let k = max(0, day.distance(to: cs[i].deadline))
      required = max(required, cumulative - k * pace)
    }
    var mandatory: [Int] = []
    var mandatorySeconds = 0
    for i in byDeadline where mandatorySeconds < required { mandatory.append(i); mandatorySeconds += cs[i].seconds }
    let fits = days.map { $0 <= cycle } ?? false
    let proposed: Int? = fits ? nil : days.map { max(cycle + 1, $0) }
    // A unit never revised is due by its declared memory (R from the declared day) or its
    // deadline, not merely for being unrevised: declared juz are spread over the first cycle.
    let isDue = cs.indices.map { r[$0] < desiredRetention || cs[$0].deadline <= day }
    var dueSeconds = 0
    for i in cs.indices where isDue[i] { dueSeconds += cs[i].seconds }
    dueSeconds = max(dueSeconds, mandatorySeconds)
    guard fits else {
      // No cycle to keep: every unit, most at risk first (the reason the plan shows).
      let byRisk = cs.indices.sorted {
        (r[$0], cs[$0].deadline, -cs[$0].lapses, cs[$0].order) < (r[$1], cs[$1].deadline, -cs[$1].lapses, cs[$1].order)
      }
      return Ranking(order: byRisk.map { ($0, .atRisk) }, fits: false, proposedCycleDays: proposed,
                     totalSeconds: total, dueSeconds: dueSeconds, behind: true, coverageCount: cs.count)
    }
    // Due units by what a revision today is worth (only they are valued: a plan's cost).
    var value = [Double](repeating: 0, count: cs.count)
    cs.withUnsafeBufferPointer { b in
      for i in b.indices where isDue[i] {
        value[i] = revisionValue(state: b[i].state, since: b[i].lastReview ?? b[i].since, lineShare: b[i].lineShare,
                                 seconds: b[i].seconds, on: day, model: model)
      }
    }
    let byValue = value.withUnsafeBufferPointer { v in
      orders.withUnsafeBufferPointer { o in cs.indices.filter { isDue[$0] }.sorted { (-v[$0], o[$0]) < (-v[$1], o[$1]) } }
    }
    var order: [(index: Int, pick: ManzilPick)] = []  // (labelled as `Ranking.order`: no array cast)
    if mandatorySeconds > capacity {
      // Behind (missed days): more is overdue than a day holds. Everything due, most valuable
      // first, spread over the coming days.
      for i in byValue { order.append((i, cs[i].deadline <= day ? .coverage : .due)) }
      return Ranking(order: order, fits: true, proposedCycleDays: nil, totalSeconds: total, dueSeconds: dueSeconds,
                     behind: true, coverageCount: order.count)
    }
    var taken = [Bool](repeating: false, count: cs.count)
    for i in mandatory { order.append((i, .coverage)); taken[i] = true }
    for i in byValue where !taken[i] { order.append((i, .due)) }
    return Ranking(order: order, fits: true, proposedCycleDays: nil, totalSeconds: total, dueSeconds: dueSeconds,
                   coverageCount: mandatory.count)
  }

  /// Days needed to revise every unit once at `capacity` seconds a day, units being whole
  /// (first-fit decreasing); nil when a unit is longer than a day's capacity.
  static func packedDays(_ seconds: [Int], capacity: Int) -> Int? {
    packedDays(decreasing: decreasing(seconds), capacity: capacity)
  }

  /// Longest first (ascending, reversed: equal seconds are interchangeable, and a sort with a
  /// closure cost ten times more).
  private static func decreasing(_ seconds: [Int]) -> [Int] { seconds.sorted().reversed() }

  /// The same with the seconds already sorted longest first (sorted once for many capacities).
  private static func packedDays(decreasing seconds: [Int], capacity: Int) -> Int? {
    guard let longest = seconds.first else { return 0 }
    guard capacity > 0, longest <= capacity else { return nil }
    var bins: [Int] = []
    for s in seconds {
      if let i = bins.firstIndex(where: { $0 + s <= capacity }) { bins[i] += s } else { bins.append(s) }
    }
    return bins.count
  }

  /// The fewest whole minutes a day (at most a day's 1440) whose capacity, after `besides`
  /// seconds of other work (recent revision), revises every unit within `cycle` days
  /// (`packedDays` ≤ cycle); nil when not even a whole day does. Binary search: more minutes
  /// never need more days.
  static func minutesFitting(_ seconds: [Int], cycle: Int, besides: Int) -> Int? {
    let longestFirst = decreasing(seconds)
    func fits(_ m: Int) -> Bool { packedDays(decreasing: longestFirst, capacity: m * 60 - besides).map { $0 <= cycle } ?? false }
    guard fits(24 * 60) else { return nil }
    var lo = 1, hi = 24 * 60
    while lo < hi { let mid = (lo + hi) / 2; if fits(mid) { hi = mid } else { lo = mid + 1 } }
    return lo
  }

  /// Takes ranked units while they fit `seconds`; returns the taken indices and the seconds used.
  static func take(_ ranking: Ranking, _ cs: [ManzilCandidate], seconds: Int) -> (taken: [(Int, ManzilPick)], used: Int) {
    var used = 0
    var out: [(Int, ManzilPick)] = []
    for (i, pick) in ranking.order where used + cs[i].seconds <= seconds {
      out.append((i, pick)); used += cs[i].seconds
    }
    return (out, used)
  }

  /// The first day on which everything due fits the capacity, assuming the learner does each
  /// day's revision (graded Good) from `day` on and nothing else changes; nil if not within
  /// `horizon` days. Today's picks are `takenToday`. The days are practice days (the caller turns
  /// them into calendar days at the learner's attendance).
  static func catchUpDay(_ cs: [ManzilCandidate], takenToday: [Int], day: EpochDay, capacity: Int,
                         settings: QuranSettings, model: FSRS6, horizon: Int = 180) -> EpochDay? {
    var cs = cs
    let cycle = settings.cycleDays, desiredRetention = settings.desiredRetention
    func review(_ i: Int, on d: EpochDay) {
      let elapsed = max(0, (cs[i].lastReview ?? cs[i].since).distance(to: d))
      cs[i].state = model.nextState(cs[i].state, elapsedDays: elapsed, rating: .good)
      cs[i].lastReview = d
      cs[i].deadline = d.advanced(by: coverageDays(cs[i].state, settings: settings, model: model))
    }
    let days = packedDays(cs.map(\.seconds), capacity: capacity)  // (reviews change no unit's seconds)
    // Whether the cycle fits depends on the units' seconds and the capacity only: when it does
    // not, no day of the horizon can return, and the answer is nil without ranking 180 days.
    guard let packed = days, packed <= cycle else { return nil }
    for i in takenToday { review(i, on: day) }
    for k in 1...horizon {
      let d = day.advanced(by: k)
      let ranking = rank(cs, day: d, capacity: capacity, desiredRetention: desiredRetention, cycle: cycle, model: model,
                         packedDays: days)
      if ranking.fits && ranking.dueSeconds <= capacity { return d }
      for (i, _) in take(ranking, cs, seconds: capacity).taken { review(i, on: d) }
    }
    return nil
  }
}
