import MemoryModels
import PlannerCore

/// From a recitation's mistakes to FSRS grades: the one place where this mapping lives, so it
/// can later be fitted per learner.
public enum QuranGrading {
  /// Weight of a hesitation against a mistake.
  public static let hesitationWeight = 0.5
  /// A range shorter than this many lines is judged as if it had this many (one slip in a
  /// two-line surah is not a collapse).
  public static let minimumLines = 4.0
  /// Up to this many weighted errors per line is a slip (Hard); above it the unit counts as
  /// forgotten (Again). 0.25 = about 4 on a 15-line page.
  public static let slipRate = 0.25
  /// Hesitations alone below this rate per line still count as fluent (Good); above it they
  /// make a recitation Hard, never Again (the learner did recall).
  public static let fluentHesitationRate = 0.2

  /// The grade of reciting `lines` mushaf lines with `mistakes` and `hesitations`.
  ///
  ///     e = (mistakes + 0.5 · hesitations) / max(lines, 4)
  ///     Good   when mistakes = 0 and e < 0.2   (fluent; Easy is never inferred, only self-rated)
  ///     Hard   when mistakes = 0 (hesitations only), or e ≤ 0.25 (a slip: sooner, not forgotten)
  ///     Again  otherwise
  public static func grade(mistakes: Double, hesitations: Double, lines: Double) -> Rating {
    let e = (max(0, mistakes) + hesitationWeight * max(0, hesitations)) / max(lines, minimumLines)
    if mistakes <= 0 { return e < fluentHesitationRate ? .good : .hard }
    if e <= slipRate { return .hard }
    return .again
  }

  /// The rating of every review unit a recitation touched, in mushaf order.
  ///
  /// Mistakes located on ayahs (`mistakesAt`) count only in those ayahs' units; unlocated
  /// mistakes and all hesitations are spread over the units by their share of the lines. When
  /// nothing is located, every unit gets the recitation's own grade (the app's judgement).
  /// `units`: the units overlapping `r.range`, when the caller has them already (the learner
  /// fold keeps them per range: the same pages recur for years).
  public static func unitRatings(of r: QuranRecitation, units: [ReviewUnitID]? = nil) -> [(unit: ReviewUnitID, rating: Rating)] {
    let units = units ?? ReviewUnits.units(overlapping: r.range)
    // A grade lowered for tajweed alone is not a lapse of memory: the units keep their memory grade.
    let tajweedOnly = r.tajweedMistakes > 0 && r.mistakes + r.prompts == 0
    guard !r.mistakesAt.isEmpty else { return units.map { ($0, tajweedOnly ? r.memoryGrade : r.grade) } }
    let located = r.mistakesAt.filter { r.range.contains($0) }
    let unlocated = Double(max(0, r.mistakes - located.count) + r.prompts)
    let totalLines = max(Quran.lines(r.range), 0.0001)
    return units.map { u in
      var lines = 0.0
      for run in ReviewUnits.ranges(u) where run.overlaps(r.range) {
        lines += Double(Quran.lineShare(from: max(run.first, r.range.first), through: min(run.last, r.range.last))) / 10_000
      }
      let share = lines / totalLines
      let here = Double(located.filter { ReviewUnits.unit(ofAyah: $0) == u }.count) + unlocated * share
      return (u, grade(mistakes: here, hesitations: Double(r.hesitations) * share, lines: lines))
    }
  }
}

/// The memory model applied to review units.
public enum QuranMemory {
  /// Stability assumed for memorised material without any recorded review, by the learner's
  /// self-rating (nil = good): shaky 2 days, weak 8, good 30, solid 90. Difficulty 5.
  public static func priorState(selfRating: Rating?) -> MemoryState {
    switch selfRating ?? .good {
    case .again: return MemoryState(stability: 2, difficulty: 7)
    case .hard: return MemoryState(stability: 8, difficulty: 6)
    case .good: return MemoryState(stability: 30, difficulty: 5)
    case .easy: return MemoryState(stability: 90, difficulty: 4)
    }
  }

  /// The unit after one review on `day` (the fold calls this once per unit per day).
  public static func reviewed(_ m: ReviewUnitMemory, on day: EpochDay, rating: Rating, prior: MemoryState? = nil,
                              model: FSRS6 = FSRS6()) -> ReviewUnitMemory {
    var out = m
    let elapsed = m.lastReview.map { max(0, $0.distance(to: day)) } ?? 0
    out.state = model.nextState(m.state ?? prior, elapsedDays: m.state == nil && prior == nil ? 0 : elapsed, rating: rating)
    out.lastReview = day
    out.reviews += 1
    if rating == .again && (m.state != nil || prior != nil) { out.lapses += 1 }
    return out
  }
}
