import Foundation
import Hifz
import LearnerStore
import MemoryModels
import PlannerCore

/// The Quran units as pages of lines, and the paired draws (docs/simulation.md).
extension HiddenMemory {
  /// The stream of an item's next draw: keyed by (seed, learner, item, review index), so every
  /// policy that meets the same item for the n-th time meets the same luck. `stream` tells
  /// apart the draws of one exposure (0: the outcome, 1: the time taken).
  public func pairedRandom(_ key: String, stream: UInt64 = 0) -> SplitMix64 {
    var rng = TruthRandom.generator(seed: seed, learner: learnerIndex, item: key, review: exposures[key] ?? 0)
    if stream > 0 { rng = SplitMix64(keys: rng.next(), stream) }
    return rng
  }

  static func isQuran(_ key: String) -> Bool { !ItemKey.isWord(key) }

  /// A page's line parameters: from the cache once the page is held, else computed.
  func lineItems(_ key: String) -> [TruthItem] {
    if let items = lineItemCache[key] { return items }
    return lineTruth!.lineItems(truthItem(key), count: pages[key]?.lines.count ?? Self.lineCount(key), salt: salt(key))
  }

  /// The salt of a page's lines: keyed by seed, learner and page.
  func salt(_ key: String) -> UInt64 {
    var rng = SplitMix64(keys: seed, 0x5341_4C54, UInt64(learnerIndex), FNV1a64.hash(key))
    return rng.next()
  }

  /// Mushaf lines of a unit (its ayahs' share of lines), and its whole lines (at least 1).
  static func unitLines(_ key: String) -> Double {
    guard let unit = ReviewUnitID(key) else { return 1 }
    return ReviewUnits.ranges(unit).reduce(0) { $0 + Quran.lines($1) }
  }

  static func lineCount(_ key: String) -> Int { Swift.max(1, Int((unitLines(key) - 0.01).rounded(.up))) }

  /// The parts of `range` inside `unit`.
  static func pieces(_ unit: ReviewUnitID, of range: AyahRange) -> [AyahRange] {
    ReviewUnits.ranges(unit).compactMap { run -> AyahRange? in
      let a = Swift.max(run.first, range.first), b = Swift.min(run.last, range.last)
      return a <= b ? AyahRange(uncheckedFirst: a, last: b) : nil
    }
  }

  /// The line indices of a unit that a piece of it covers (by the ayahs' line shares before it).
  static func lineIndices(_ key: String, _ piece: AyahRange) -> [Int] {
    guard let unit = ReviewUnitID(key) else { return [0] }
    var before = 0.0
    for run in ReviewUnits.ranges(unit) {
      if run.last < piece.first { before += Quran.lines(run) } else if run.first < piece.first {
        before += Quran.lines(AyahRange(uncheckedFirst: run.first, last: piece.first - 1))
      }
    }
    let count = lineCount(key)
    let a = Swift.min(count - 1, Int((before + 1e-6).rounded(.down)))
    let b = Swift.max(a + 1, Swift.min(count, Int((before + Quran.lines(piece) - 1e-6).rounded(.up))))
    return Array(a..<b)
  }

  /// A recitation of `piece` of a Quran unit under the line-level truth: draws the lines
  /// forgotten (keyed by the unit's review index), grades, updates each line, and counts the
  /// exposure. The simulator and the replay both call it: same state, same draw.
  @discardableResult
  public mutating func recite(_ key: String, piece: AyahRange, newLesson: Bool, day: Int) -> QuranLineTruth<AnyMemoryTruth>.Outcome {
    let lineTruth = lineTruth!
    var rng = pairedRandom(key)
    exposures[key, default: 0] += 1
    var page = pages[key] ?? QuranLineTruth<AnyMemoryTruth>.Page(lineCount: Self.lineCount(key))
    if lineItemCache[key] == nil { lineItemCache[key] = lineTruth.lineItems(truthItem(key), count: page.lines.count, salt: salt(key)) }
    let items = lineItemCache[key]!
    let lines = Self.lineIndices(key, piece)
    let outcome = newLesson
      ? lineTruth.learnLesson(&page, items: items, lines: lines, day: Double(day), &rng)
      : lineTruth.recite(&page, items: items, lines: lines, day: Double(day), &rng)
    pages[key] = page
    return outcome
  }

  /// Expected lines held of a Quran unit on a day: Σ line recalls (line-level truth), else its
  /// learnt lines × its recall.
  public func linesHeld(_ key: String, on day: Int) -> Double {
    if let page = pages[key], let lineTruth { return lineTruth.expectedLinesHeld(page, items: lineItems(key), day: Double(day)) }
    return (recall(key, on: day) ?? 0) * (learnedLines[key] ?? 0)
  }

  /// Lines of a Quran unit whose recall is at least `threshold` on a day (line-level truth:
  /// line by line; else the unit's learnt lines when its recall is).
  public func linesHeld(_ key: String, on day: Int, atLeast threshold: Double) -> Double {
    if let page = pages[key], let lineTruth {
      var n = 0.0
      let items = lineItems(key)
      for (l, s) in page.lines.enumerated() {
        guard let s else { continue }
        if lineTruth.line.recall(s, item: items[l], day: Double(day)) >= threshold { n += 1 }
      }
      return n
    }
    return (recall(key, on: day) ?? 0) >= threshold ? (learnedLines[key] ?? 0) : 0
  }

  /// A Quran unit's learnt lines' recalls on a day, in line order (nil: not a page of the line
  /// truth). One pass for every line measure of the day (``TruthMeter``).
  func lineRecalls(_ key: String, on day: Int) -> [Double]? {
    guard let page = pages[key], let lineTruth else { return nil }
    let items = lineItems(key)
    var out: [Double] = []
    out.reserveCapacity(page.lines.count)
    for (l, s) in page.lines.enumerated() { if let s { out.append(lineTruth.line.recall(s, item: items[l], day: Double(day))) } }
    return out
  }

  /// Lines passing from a page's line recalls (``linesPassing(_:on:)``).
  func linesPassing(recalls: [Double]) -> Double {
    guard !recalls.isEmpty, let lineTruth else { return 0 }
    let k = Int(Swift.max(1, lineTruth.parameters.hardShare * Double(recalls.count)).rounded(.down))
    return Double(recalls.count) * Self.atMost(k, failures: recalls)
  }

  /// Expected lines of a Quran unit that would pass a recitation on a day: its learnt lines ×
  /// the probability that reciting them then is graded better than Again (the line truth's own
  /// grading: at most max(1, hardShare · n) of the n lines forgotten).
  ///
  ///     passing = n · P(Σ forgotten ≤ k),  k = ⌊max(1, hardShare · n)⌋,  lines forgotten independently with 1 − p_ℓ
  ///
  /// A page whose lines each sit at recall 0.66 passes rarely (15 lines: 2 %) where one at 0.9
  /// passes about half the time: the hifz sense of a page held. Without the line truth: the
  /// unit's learnt lines × its recall.
  public func linesPassing(_ key: String, on day: Int) -> Double {
    guard let recalls = lineRecalls(key, on: day) else { return linesHeld(key, on: day) }
    return linesPassing(recalls: recalls)
  }

  /// P(at most k of independent events fail), event i failing with probability 1 − p_i
  /// (Poisson-binomial, by dynamic programming over the count of failures, capped at k + 1).
  static func atMost(_ k: Int, failures recalls: [Double]) -> Double {
    var dist = [Double](repeating: 0, count: k + 2)
    dist[0] = 1
    for p in recalls {
      let q = 1 - Swift.min(1, Swift.max(0, p))
      for j in stride(from: k + 1, through: 1, by: -1) { dist[j] = dist[j] * (1 - q) + dist[j - 1] * q }
      dist[0] *= 1 - q
    }
    return dist[0...k].reduce(0, +)
  }
}
