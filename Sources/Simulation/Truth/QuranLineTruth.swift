import Foundation
import MemoryModels
import PlannerCore

/// The Quran's line-level truth: a page is its lines, each line an item of a word-level truth
/// (`Line`), and a mistake is a line forgotten. No real hifz logs exist, so its constants are
/// assumptions, gathered in ``Parameters`` for a sensitivity sweep.
///
///     line ℓ of a page:   δ_ℓ = δ + lineSpread · N(0,1),  h₀,ℓ = strengthScale · h₀ · e^(−(δ_ℓ − δ))   (keyed by page and line)
///     a new lesson of n lines: each line learnt with h₀,ℓ · (n / referenceLines)^(−sizeExponent),
///                             then graded by how it holds after `lessonCheckDays`
///     a recitation of n lines: line ℓ forgotten with probability 1 − p_ℓ (its own recall)
///     grade:  forgotten = 0 → Good (Easy when every p_ℓ ≥ easyRecall),
///             forgotten ≤ max(1, hardShare · n) → Hard, more → Again
///     update: each line by its own outcome (a forgotten line lapses; the rest are recalled)
///
/// So a longer lesson holds less well per line and fails more often: grades depend on lesson
/// size, which is what a lesson sizer must learn to react to.
public struct QuranLineTruth<Line: MemoryTruth>: Sendable {
  public struct Parameters: Sendable, Equatable {
    /// n_ref: the lesson size at which lines are learnt as strongly as a single item.
    public var referenceLines = 5.0
    /// γ: how fast per-line strength falls with lesson size.
    public var sizeExponent = 0.5
    /// Spread of a line's difficulty around its page's.
    public var lineSpread = 0.4
    /// Share of a recitation's lines that may be forgotten for a Hard (at least one line).
    public var hardShare = 0.1
    /// Every line's recall at least this → Easy.
    public var easyRecall = 0.97
    /// A new lesson is graded by its recall this many days later.
    public var lessonCheckDays = 1.0
    /// A factor on every line's first-exposure strength h₀,ℓ: below 1 lines are forgotten
    /// faster (the line forgetting rate of the sensitivity sweep), above 1 slower.
    public var strengthScale = 1.0
    public init() {}
  }

  /// One page's hidden memory: the state of each line learnt (nil: not yet).
  public struct Page: Sendable, Equatable {
    public var lines: [Line.State?]
    public init(lineCount: Int) { lines = Array(repeating: nil, count: lineCount) }
  }

  /// A recitation's outcome: its grade and the lines forgotten (indices in the page).
  public struct Outcome: Sendable, Equatable {
    public var rating: Rating
    public var forgotten: [Int]
  }

  public var line: Line
  public var parameters: Parameters

  public init(line: Line, parameters: Parameters = Parameters()) { self.line = line; self.parameters = parameters }

  /// Line ℓ's parameters from its page's, keyed by `salt` (seed, learner and page) and ℓ.
  public func lineItem(_ page: TruthItem, line index: Int, salt: UInt64) -> TruthItem {
    var rng = SplitMix64(keys: salt, 0x4C49_4E45, UInt64(index))
    let shift = parameters.lineSpread * TruthRandom.normal(&rng)
    return TruthItem(difficulty: page.difficulty + shift, firstStrength: page.firstStrength * exp(-shift) * parameters.strengthScale)
  }

  /// The grade of a recitation from the number of lines forgotten out of n.
  public func rating(forgotten: Int, of n: Int, allAbove easy: Bool) -> Rating {
    if forgotten == 0 { return easy ? .easy : .good }
    return Double(forgotten) <= Swift.max(1, parameters.hardShare * Double(n)) ? .hard : .again
  }

  /// Every line's parameters of a page of `count` lines (``lineItem(_:line:salt:)`` for each;
  /// a caller that keeps them computes them once per page).
  public func lineItems(_ page: TruthItem, count: Int, salt: UInt64) -> [TruthItem] {
    (0..<count).map { lineItem(page, line: $0, salt: salt) }
  }

  /// Draws which of `lines` are forgotten on `day` (one draw per line, in order).
  func draw(_ page: Page, items: [TruthItem], lines: [Int], day: Double, _ rng: inout SplitMix64) -> Outcome {
    var forgotten: [Int] = []
    var easy = true
    for l in lines {
      let p = page.lines[l].map { line.recall($0, item: items[l], day: day) } ?? 0
      if p < parameters.easyRecall { easy = false }
      if rng.nextDouble() >= p { forgotten.append(l) }
    }
    return Outcome(rating: rating(forgotten: forgotten.count, of: lines.count, allAbove: easy), forgotten: forgotten)
  }

  /// A new lesson of `lines` (indices in the page) on `day`: learns each line, sized by the
  /// lesson, and grades the lesson by how it holds `lessonCheckDays` later.
  public func learnLesson(_ page: inout Page, page pageItem: TruthItem, lines: [Int], salt: UInt64, day: Double,
                          _ rng: inout SplitMix64) -> Outcome {
    learnLesson(&page, items: lineItems(pageItem, count: page.lines.count, salt: salt), lines: lines, day: day, &rng)
  }

  /// ``learnLesson(_:page:lines:salt:day:_:)`` with the page's line parameters given.
  public func learnLesson(_ page: inout Page, items: [TruthItem], lines: [Int], day: Double, _ rng: inout SplitMix64) -> Outcome {
    let size = pow(Double(Swift.max(1, lines.count)) / parameters.referenceLines, -parameters.sizeExponent)
    for l in lines {
      var item = items[l]
      item.firstStrength *= size
      page.lines[l] = line.learned(item, rating: .good, day: day)
    }
    return draw(page, items: items, lines: lines, day: day + parameters.lessonCheckDays, &rng)
  }

  /// A revision of `lines` on `day`: draws the lines forgotten, grades, and updates each line
  /// by its own outcome. Lines never learnt count as forgotten and are learnt now.
  public func recite(_ page: inout Page, page pageItem: TruthItem, lines: [Int], salt: UInt64, day: Double,
                     _ rng: inout SplitMix64) -> Outcome {
    recite(&page, items: lineItems(pageItem, count: page.lines.count, salt: salt), lines: lines, day: day, &rng)
  }

  /// ``recite(_:page:lines:salt:day:_:)`` with the page's line parameters given.
  public func recite(_ page: inout Page, items: [TruthItem], lines: [Int], day: Double, _ rng: inout SplitMix64) -> Outcome {
    let outcome = draw(page, items: items, lines: lines, day: day, &rng)
    apply(outcome, to: &page, items: items, lines: lines, day: day)
    return outcome
  }

  /// The update of a recitation whose forgotten lines are known (also for a replay).
  public func apply(_ outcome: Outcome, to page: inout Page, page pageItem: TruthItem, lines: [Int], salt: UInt64, day: Double) {
    apply(outcome, to: &page, items: lineItems(pageItem, count: page.lines.count, salt: salt), lines: lines, day: day)
  }

  public func apply(_ outcome: Outcome, to page: inout Page, items: [TruthItem], lines: [Int], day: Double) {
    for l in lines {
      let item = items[l]
      let r: Rating = outcome.forgotten.contains(l) ? .again : .good
      page.lines[l] = page.lines[l].map { line.reviewed($0, item: item, rating: r, day: day) } ?? line.learned(item, rating: r, day: day)
    }
  }

  /// Expected lines held on `day`: Σ over learnt lines of their recall.
  public func expectedLinesHeld(_ page: Page, page pageItem: TruthItem, salt: UInt64, day: Double) -> Double {
    expectedLinesHeld(page, items: lineItems(pageItem, count: page.lines.count, salt: salt), day: day)
  }

  public func expectedLinesHeld(_ page: Page, items: [TruthItem], day: Double) -> Double {
    var sum = 0.0
    for (l, s) in page.lines.enumerated() {
      if let s { sum += line.recall(s, item: items[l], day: day) }
    }
    return sum
  }
}
