import Hifz
import PlannerCore

/// The fixed policies' view of the Quran goal (PlanningSide+Baselines.swift): the goal's ayahs
/// in learning order, which are memorised (declared, or learnt in a new lesson), the first not
/// yet learnt, and each review unit's memorised runs. It is ``QuranProgress``'s rule (declared
/// ranges and new lessons before the plan's day), kept up to date as the side receives each
/// day's recitations (``add(_:)``) instead of recomputed from the whole history, and every unit
/// of the mushaf rescanned, on every planned day.
struct BaselineProgress: Sendable {
  /// Goal ayah ids in learning order.
  let sequence: [Int]
  /// Per ayah id: memorised.
  private(set) var learned: [Bool]
  /// Index in `sequence` of the first ayah not yet learnt (== sequence.count when done).
  private(set) var nextIndex: Int
  /// Per review unit (``ReviewUnits/all`` order): its memorised ayahs as maximal runs.
  private(set) var runs: [[AyahRange]]
  /// The entries of the fold's ``PlanInputs/quranHistory`` folded in, and the latest day of a
  /// new lesson among them (the view is ``QuranProgress``'s only for plans after that day).
  private(set) var counted = 0
  private(set) var lastLessonDay = Int.min
  /// Every new lesson of the history, in its order (the traditional routine's sabqi), and the
  /// latest day of a recent revision with whether one of that day's was graded Again (its
  /// sabaq is withheld then). Over the whole history given, whatever its days.
  private(set) var lessons: [(day: Int, range: AyahRange)] = []
  private(set) var lastRecentDay: Int?
  private(set) var lastRecentFailed = false

  /// The goal's view from its declared ranges and `recitations` before `day` (``QuranProgress``).
  init(goal: QuranGoal, recitations: [QuranRecitation] = [], before day: EpochDay = EpochDay(Int.min)) throws(PlanEngineError) {
    let p = try QuranProgress(goal: goal, recitations: recitations, before: day)
    sequence = p.sequence
    learned = p.learned
    nextIndex = p.nextIndex
    runs = Array(repeating: [], count: ReviewUnits.all.count)
    for order in runs.indices { runs[order] = Self.runs(order, learned) }
    for r in recitations { note(r) }
  }

  mutating func note(_ r: QuranRecitation) {
    switch r.tier {
    case .newLesson: lessons.append((r.day.value, r.range))
    case .recentRevision:
      if lastRecentDay.map({ r.day.value > $0 }) ?? true {
        lastRecentDay = r.day.value
        lastRecentFailed = r.grade == .again
      } else if r.day.value == lastRecentDay, r.grade == .again {
        lastRecentFailed = true
      }
    default: break
    }
  }

  /// Folds in the new lessons of `history` (the fold's, append-only) not yet counted.
  mutating func add(_ history: [QuranRecitation]) {
    guard history.count > counted else { return }
    var touched: [Int] = []
    for r in history[counted...] {
      note(r)
      guard r.tier == .newLesson else { continue }
      lastLessonDay = Swift.max(lastLessonDay, r.day.value)
      for id in r.range.ids where !learned[id] {
        learned[id] = true
        let u = Int(ReviewUnits.table.unitOfAyah[id])
        if touched.last != u && !touched.contains(u) { touched.append(u) }
      }
    }
    counted = history.count
    for u in touched { runs[u] = Self.runs(u, learned) }
    while nextIndex < sequence.count && learned[sequence[nextIndex]] { nextIndex += 1 }
  }

  /// Every review unit's key (``ReviewUnitID/description``), in ``ReviewUnits/all`` order.
  static let unitKeys = ReviewUnits.all.map(\.description)

  /// A unit's memorised ayahs as maximal runs within each of its mushaf runs.
  static func runs(_ order: Int, _ learned: [Bool]) -> [AyahRange] {
    var out: [AyahRange] = []
    for run in ReviewUnits.table.ranges[order] {
      var a = run.first
      while a <= run.last {
        guard learned[a] else { a += 1; continue }
        var b = a
        while b < run.last && learned[b + 1] { b += 1 }
        out.append(AyahRange(uncheckedFirst: a, last: b))
        a = b + 1
      }
    }
    return out
  }
}
