import Foundation
import Hifz
import LearnerStore
import MemoryModels
import PlannerCore
import Vocabulary

/// The hidden parameters of one item for one simulated learner, drawn once from the seed and
/// written to the truth file (never into the learner folder).
public struct HiddenItem: Sendable, Equatable {
  /// Per-item difficulty δ (0 average; positive is harder), before the learner's ability.
  public var difficulty: Double
  /// Strength h (days until recall falls to 0.9) right after the first exposure.
  public var firstStrength: Double
  /// For material memorised before the simulation: its strength on the start day and the
  /// learning day it was last revised.
  public var startStrength: Double?
  public var startLastDay: Int?

  public init(difficulty: Double, firstStrength: Double, startStrength: Double? = nil, startLastDay: Int? = nil) {
    self.difficulty = difficulty; self.firstStrength = firstStrength
    self.startStrength = startStrength; self.startLastDay = startLastDay
  }
}

/// One item's hidden state: strength and the learning day of its last exposure.
public struct HiddenCard: Sendable, Equatable {
  public var strength: Double
  public var lastDay: Int
  public init(strength: Double, lastDay: Int) { self.strength = strength; self.lastDay = lastDay }
}

/// A simulated learner's "true" memory: the optimizer issue's ``PowerLawMemory`` (hyperbolic
/// forgetting, not FSRS), extended with a per-learner ability α and per-item difficulty δ:
/// the effective difficulty of an item is δ − α.
///
///     p(t)           = (1 + t / (9·h))^−1
///     first exposure:  h ← h₀ (the item's firstStrength; a lesson on a page already begun: min(h, h₀))
///     same day:        h ← h · (1.2 if recalled, else 0.8)
///     after recall:    h ← h · (1 + a · e^(−(δ−α)) · h^(−b) · √(1 − p))
///     after a lapse:   h ← max(0.05, c · h^0.7 · e^(−0.3·(δ−α)))
///
/// The update is a deterministic function of whether the item was recalled, which the events
/// record (grade > 1, or a quiz answered right or with a typo), so the hidden memory can be
/// replayed from the events and the truth file alone (see ``SimulationFigures``).
///
/// With a ``truth`` (`--truth-model`, other than the default) the items' states are that
/// truth's (``states``) and the update uses the rating the events record; ``cards`` then
/// stays empty and ``endCards`` summarises each state by its strength.
///
/// Under a truth model, Quran units are pages of lines (``QuranLineTruth``): each recitation
/// draws which of its lines are forgotten (``recite(_:piece:newLesson:day:)``), and the replay
/// redraws them from the same keyed randomness and the same state, so it needs no located
/// mistakes. Every draw is keyed by (seed, learner, item, review index): ``pairedRandom(_:)``.
public struct HiddenMemory: Sendable {
  public let model: PowerLawMemory
  public let ability: Double
  /// The seed and learner index the paired draws are keyed by.
  public let seed: UInt64
  public let learnerIndex: Int
  /// Exposures of each item so far (its review index for the paired draws).
  public internal(set) var exposures: [String: Int] = [:]
  /// The Quran's line-level truth over the word-level truth (nil without a truth model).
  public let lineTruth: QuranLineTruth<AnyMemoryTruth>?
  /// Line states of each Quran unit under ``lineTruth``.
  public internal(set) var pages: [String: QuranLineTruth<AnyMemoryTruth>.Page] = [:]
  /// Each page's line parameters (``QuranLineTruth/lineItems(_:count:salt:)``), computed once
  /// when the page is first held: a pure function of the page, so a cache, not state.
  var lineItemCache: [String: [TruthItem]] = [:]
  /// Lines learnt of each Quran unit (without ``lineTruth``).
  public internal(set) var learnedLines: [String: Double] = [:]
  /// The truth model (nil: the power law above, ``PowerLawTruth/simulator``).
  public let truth: AnyMemoryTruth?
  /// Parameters of every item the learner has met or holds, by item key (`p582`, `w:word`).
  public private(set) var items: [String: HiddenItem]
  public private(set) var cards: [String: HiddenCard] = [:]
  public private(set) var states: [String: AnyMemoryTruth.State] = [:]
  let parameters: PowerLawTruth.Parameters

  public init(ability: Double, items: [String: HiddenItem], model: PowerLawMemory = PowerLawMemory(), truth: AnyMemoryTruth? = nil,
              seed: UInt64 = 0, learnerIndex: Int = 0, lines: QuranLineTruth<AnyMemoryTruth>.Parameters = .init()) {
    self.ability = ability
    self.items = items
    self.model = model
    self.truth = truth
    self.seed = seed
    self.learnerIndex = learnerIndex
    lineTruth = truth.map { QuranLineTruth(line: $0, parameters: lines) }
    parameters = Self.parameters(model)
    for (key, item) in items {
      guard let h = item.startStrength, let d = item.startLastDay else { continue }
      if let lineTruth, Self.isQuran(key) {
        var page = QuranLineTruth<AnyMemoryTruth>.Page(lineCount: Self.lineCount(key))
        let lineItems = lineTruth.lineItems(truthItem(key), count: page.lines.count, salt: salt(key))
        for l in page.lines.indices {
          page.lines[l] = lineTruth.line.seasoned(lineItems[l], strength: h, lastDay: Double(d))
        }
        pages[key] = page
        lineItemCache[key] = lineItems
      } else if let truth {
        states[key] = truth.seasoned(truthItem(key), strength: h, lastDay: Double(d))
      } else {
        cards[key] = HiddenCard(strength: h, lastDay: d)
        if Self.isQuran(key) { learnedLines[key] = Self.unitLines(key) }
      }
    }
  }

  /// An item as the truth sees it: effective difficulty δ − α and h₀.
  public func truthItem(_ key: String) -> TruthItem {
    TruthItem(difficulty: effectiveDifficulty(key), firstStrength: items[key]?.firstStrength ?? 1)
  }

  /// Keys of the items held (memorised before, or met).
  public var heldKeys: [String] { truth == nil ? Array(cards.keys) : Array(states.keys) + Array(pages.keys) }
  public var heldCount: Int { truth == nil ? cards.count : states.count + pages.count }
  public func holds(_ key: String) -> Bool { truth == nil ? cards[key] != nil : (states[key] != nil || pages[key] != nil) }

  /// How many held items have a recall below `threshold` on a learning day.
  public func countBelow(_ threshold: Double, on day: Int) -> Int {
    var n = 0
    if let truth {
      for (key, s) in states where truth.recall(s, item: truthItem(key), day: Double(day)) < threshold { n += 1 }
      for key in pages.keys where recall(key, on: day)! < threshold { n += 1 }
    } else {
      for c in cards.values where PowerLawMemory.recall(elapsedDays: Double(day - c.lastDay), strength: c.strength) < threshold { n += 1 }
    }
    return n
  }

  /// The hidden state at the end as the truth file records it: [key: (strength, last day)].
  public var endCards: [String: HiddenCard] {
    guard let truth else { return cards }
    var out: [String: HiddenCard] = [:]
    for (key, s) in states {
      out[key] = HiddenCard(strength: truth.strength(s, item: truthItem(key)), lastDay: Int(truth.lastDay(s).rounded(.down)))
    }
    for (key, page) in pages {
      // A page: its weakest learnt line's strength, and its latest exposure.
      var h = Double.infinity, last = 0.0
      for (l, s) in page.lines.enumerated() {
        guard let s else { continue }
        h = Swift.min(h, truth.strength(s, item: lineItems(key)[l]))
        last = Swift.max(last, truth.lastDay(s))
      }
      out[key] = HiddenCard(strength: h.isFinite ? h : 0, lastDay: Int(last.rounded(.down)))
    }
    return out
  }

  /// The recall a new lesson would have one day after it is learnt (its grade's recall).
  func newLessonRecall(_ key: String, on day: Int) -> Double {
    if let truth { return truth.recall(truth.learned(truthItem(key), rating: .good, day: Double(day)), item: truthItem(key), day: Double(day + 1)) }
    let h = Swift.min(cards[key]?.strength ?? .infinity, items[key]!.firstStrength)
    return PowerLawMemory.recall(elapsedDays: 1, strength: h)
  }

  /// Adds the parameters of an item met for the first time (the simulator draws them).
  mutating func define(_ key: String, _ item: @autoclosure () -> HiddenItem) { if items[key] == nil { items[key] = item() } }

  func effectiveDifficulty(_ key: String) -> Double { (items[key]?.difficulty ?? 0) - ability }

  /// Hidden recall probability of an item on a learning day (nil: never met).
  public func recall(_ key: String, on day: Int) -> Double? {
    if let page = pages[key], let lineTruth {
      var sum = 0.0, n = 0
      let items = lineItems(key)
      for (l, s) in page.lines.enumerated() {
        guard let s else { continue }
        sum += lineTruth.line.recall(s, item: items[l], day: Double(day))
        n += 1
      }
      return n == 0 ? 0 : sum / Double(n)
    }
    if let truth { return states[key].map { truth.recall($0, item: truthItem(key), day: Double(day)) } }
    guard let c = cards[key] else { return nil }
    return PowerLawMemory.recall(elapsedDays: Double(day - c.lastDay), strength: c.strength)
  }

  /// First exposure (a new lesson, a new word's first quiz).
  public mutating func learn(_ key: String, on day: Int, rating: Rating = .good) {
    if let truth {
      states[key] = truth.learned(truthItem(key), rating: rating, day: Double(day))
      return
    }
    let h0 = items[key]?.firstStrength ?? 1
    if var c = cards[key] {
      c.strength = Swift.min(c.strength, h0)
      c.lastDay = day
      cards[key] = c
    } else {
      cards[key] = HiddenCard(strength: h0, lastDay: day)
    }
  }

  /// The power law's constants from ``model`` (the one rule: ``PowerLawTruth``'s formulas).
  static func parameters(_ model: PowerLawMemory) -> PowerLawTruth.Parameters {
    var q = PowerLawTruth.Parameters()
    q.growth = model.growth; q.damping = model.damping; q.lapseKeep = model.lapseKeep
    return q
  }

  /// A review whose rating is known (a truth model's update; the default power law uses
  /// only whether it was recalled).
  public mutating func review(_ key: String, on day: Int, rating: Rating) {
    guard let truth else { review(key, on: day, recalled: rating.isRecall); return }
    guard let s = states[key] else { learn(key, on: day, rating: rating); return }
    states[key] = truth.reviewed(s, item: truthItem(key), rating: rating, day: Double(day))
  }

  /// A review whose outcome (recalled or not) is known.
  public mutating func review(_ key: String, on day: Int, recalled: Bool) {
    if truth != nil { review(key, on: day, rating: recalled ? .good : .again); return }
    guard var c = cards[key] else { learn(key, on: day); return }
    let t = day - c.lastDay
    let delta = effectiveDifficulty(key)
    if t <= 0 {
      c.strength *= recalled ? 1.2 : 0.8
    } else if recalled {
      let p = PowerLawMemory.recall(elapsedDays: Double(t), strength: c.strength)
      c.strength = PowerLawTruth.grown(c.strength, recall: p, difficulty: delta, parameters)
    } else {
      c.strength = PowerLawTruth.lapsed(c.strength, difficulty: delta, parameters)
    }
    c.lastDay = day
    cards[key] = c
  }

  /// Applies one event to the hidden memory: the one rule shared by the simulator and the
  /// replay from files. Recitations are recorded one review unit each (``ReviewUnits``).
  public mutating func apply(_ event: LearnerEvent, day: Int) {
    switch event.payload {
    case .recitation(let r):
      guard let range = try? AyahRange(parsing: r.range) else { return }
      for unit in ReviewUnits.units(overlapping: range) {
        let key = unit.description
        if lineTruth != nil {
          for piece in Self.pieces(unit, of: range) { _ = recite(key, piece: piece, newLesson: r.tier == .newLesson, day: day) }
          continue
        }
        exposures[key, default: 0] += 1
        if r.tier == .newLesson, !ItemKey.isWord(key) {
          learnedLines[key] = Swift.min(Self.unitLines(key), learnedLines[key, default: 0] + Self.pieces(unit, of: range).reduce(0) { $0 + Quran.lines($1) })
        }
        let rating = Rating(rawValue: Swift.min(4, Swift.max(1, r.grade))) ?? .good
        if r.tier == .newLesson { learn(key, on: day, rating: truth == nil ? .good : rating) } else { review(key, on: day, rating: rating) }
      }
    case .wordQuizzed(let e, _, let verdict, _):
      let key = ItemKey.word(e)
      exposures[key, default: 0] += 1
      // A quiz records right, a typo or wrong: Good, Hard or Again (Easy cannot be told apart).
      let rating: Rating = verdict == .wrong ? .again : (verdict == .typo ? .hard : .good)
      if !holds(key) { learn(key, on: day, rating: truth == nil ? .good : rating) } else { review(key, on: day, rating: rating) }
    default: break
    }
  }

  /// Draws the hidden parameters of an item: δ ~ N(0, spread²); h₀ log-normal around
  /// e^(−(δ−α)) days (Quran lessons, worked on until recited, start 1.5× stronger).
  static func drawItem(_ key: String, ability: Double, seed: UInt64, learner: Int, model: PowerLawMemory) -> HiddenItem {
    var rng = SplitMix64(keys: seed, 0x4849_4444, UInt64(learner), FNV1a64.hash(key))
    let delta = model.difficultySpread * SimulationRandom.normal(&rng)
    let boost = ItemKey.isWord(key) ? 1.0 : 1.5
    let h0 = boost * exp(-(delta - ability) + 0.6 * SimulationRandom.normal(&rng))
    return HiddenItem(difficulty: delta, firstStrength: h0)
  }
}

/// Seeded draws the simulation uses (our own, so they never change with the standard library).
enum SimulationRandom {
  /// A standard normal draw (Box–Muller), as ``PowerLawMemory`` draws its own.
  static func normal(_ rng: inout SplitMix64) -> Double {
    let u1 = Swift.max(rng.nextDouble(), 1e-300)
    let u2 = rng.nextDouble()
    return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
  }

  static func uniform(_ rng: inout SplitMix64, _ a: Double, _ b: Double) -> Double { a + (b - a) * rng.nextDouble() }

  static func pick<T>(_ rng: inout SplitMix64, _ choices: [T]) -> T { choices[rng.nextInt(in: 0...(choices.count - 1))] }
}
