import Hifz
import LearnerStore

/// Which scheduler the simulated learners follow, with its knob (docs/simulation.md,
/// "Policies"). Every policy meets the same learners and the same stop rule; only the plan
/// differs.
///
/// Names (`--policy`): `planner`, `planner-defaults`, `anki` (= `anki-90-n1`), `anki-RR-nK`
/// (desired retention 0.RR, new-limit level K), `traditional` (= `traditional-n1`),
/// `traditional-nK`, `learn-nothing`, `cram`.
public struct SimulationPolicy: Sendable, Hashable, CustomStringConvertible {
  public enum Kind: String, Sendable, CaseIterable {
    /// planner's daily plan exactly as `planner today` runs it, with parameter refits.
    case planner
    /// The same plan on the profile's default parameters, never refitted.
    case plannerDefaults = "planner-defaults"
    /// Anki with FSRS as a careful user sets it up (same memory model and refits).
    case anki
    /// A traditional hifz routine (sabaq, sabqi, manzil) and Leitner boxes for words.
    case traditional
    /// Null: never learns anything new, only reviews what is held.
    case learnNothing = "learn-nothing"
    /// Null: learns as much new material as the time allows, never reviews.
    case cram
  }

  public var kind: Kind
  /// Anki's desired retention (0.90 or 0.95); 0 for the other kinds.
  public var retention: Double
  /// The knob's level: Anki's daily new limit (``ankiNewLines``, ``ankiNewWords``), the
  /// traditional routine's sabaq share and new words (``traditionalSabaqShare``,
  /// ``traditionalNewWords``); 0 for the other kinds.
  public var level: Int

  public init(kind: Kind, retention: Double = 0, level: Int = 0) {
    self.kind = kind; self.retention = retention; self.level = level
  }

  /// Anki's daily new limits by level: Quran lines 1/2/3/5, words 3/5/10/10.
  public static let ankiNewLines = [1, 2, 3, 5]
  public static let ankiNewWords = [3, 5, 10, 10]
  /// The traditional routine's sabaq share of the Quran minutes by level, and new words a day.
  public static let traditionalSabaqShare = [1.0 / 6, 1.0 / 3, 1.0 / 2]
  public static let traditionalNewWords = [3, 5, 10]

  public static let planner = SimulationPolicy(kind: .planner)
  public static let plannerDefaults = SimulationPolicy(kind: .plannerDefaults)
  public static let anki = SimulationPolicy(kind: .anki, retention: 0.9, level: 1)
  public static let traditional = SimulationPolicy(kind: .traditional, level: 1)
  public static let learnNothing = SimulationPolicy(kind: .learnNothing)
  public static let cram = SimulationPolicy(kind: .cram)

  /// One setting of each kind (`--policy all`).
  public static let allCases: [SimulationPolicy] = [.planner, .plannerDefaults, .anki, .traditional, .learnNothing, .cram]

  /// Every setting of a kind's knob (the sweep behind the knowledge–minutes frontier).
  public static func sweep(_ kind: Kind) -> [SimulationPolicy] {
    switch kind {
    case .anki: [0.9, 0.95].flatMap { r in ankiNewLines.indices.map { SimulationPolicy(kind: .anki, retention: r, level: $0) } }
    case .traditional: traditionalSabaqShare.indices.map { SimulationPolicy(kind: .traditional, level: $0) }
    default: [SimulationPolicy(kind: kind)]
    }
  }

  public var rawValue: String {
    switch kind {
    case .anki: "anki-\(Int((retention * 100).rounded()))-n\(level)"
    case .traditional: "traditional-n\(level)"
    default: kind.rawValue
    }
  }

  public var description: String { rawValue }

  /// A policy from its name (`anki` and `traditional` are their default settings).
  public init?(rawValue: String) {
    if rawValue == "anki" { self = .anki; return }
    if rawValue == "traditional" { self = .traditional; return }
    if let k = Kind(rawValue: rawValue), k != .anki, k != .traditional { self.init(kind: k); return }
    let parts = rawValue.split(separator: "-").map(String.init)
    if parts.count == 3, parts[0] == "anki", let r = Int(parts[1]), [90, 95].contains(r), parts[2].hasPrefix("n"),
      let l = Int(parts[2].dropFirst()), Self.ankiNewLines.indices.contains(l) {
      self.init(kind: .anki, retention: Double(r) / 100, level: l)
      return
    }
    if parts.count == 2, parts[0] == "traditional", parts[1].hasPrefix("n"), let l = Int(parts[1].dropFirst()),
      Self.traditionalSabaqShare.indices.contains(l) {
      self.init(kind: .traditional, level: l)
      return
    }
    return nil
  }

  /// Whether the planning side refits the memory model's parameters from the history.
  var refits: Bool { kind == .planner || kind == .anki }
}

/// One item of a simulated day's plan, in the order the learner meets it.
public struct SimulatedPlanItem: Sendable, Equatable {
  public enum Kind: Sendable, Equatable {
    case quran(tier: QuranTier, ranges: [AyahRange])
    /// A word of the dictionary quizzed for the first time.
    case newWord(english: String)
    /// A review of a word.
    case word(english: String)
  }
  public var kind: Kind
  public var estimatedSeconds: Int

  /// The id recorded in `plan.itemDone` / `plan.itemSkipped`: `quran:new:78:1-5`, `word:bakade`.
  public var id: String {
    switch kind {
    case .quran(let tier, let ranges): return "quran:\(tier.rawValue):" + ranges.map(\.description).joined(separator: ",")
    case .newWord(let e), .word(let e): return "word:" + e
    }
  }
}
