import Foundation
@testable import LearnerStore
@testable import MemoryModels
@testable import PlannerCore
@testable import Simulation
import Testing
import TestSupport

@Suite("Truth models")
struct MemoryTruthTests {
  static let item = TruthItem(difficulty: 0.1, firstStrength: 1.2)
  static let truths: [AnyMemoryTruth] = [.power(.simulator), .power(.calibrated), .actr(.calibrated), .exponential(.calibrated)]

  @Test("recall lies in [0, 1], is 1-ish right after study and falls with time", arguments: truths)
  func recallFalls(truth: AnyMemoryTruth) {
    let s = truth.learned(Self.item, rating: .good, day: 10)
    var last = 1.0
    for t in [0.0, 0.5, 1, 2, 5, 10, 30, 100, 1000] {
      let p = truth.recall(s, item: Self.item, day: 10 + t)
      #expect(p >= 0 && p <= 1 && p <= last + 1e-12, "\(truth.name) at \(t)")
      last = p
    }
    #expect(truth.recall(s, item: Self.item, day: 10) > truth.recall(s, item: Self.item, day: 40) + 0.05)
  }

  @Test("a recall strengthens, a lapse weakens; a harder item is forgotten sooner", arguments: truths)
  func updates(truth: AnyMemoryTruth) {
    let s = truth.learned(Self.item, rating: .good, day: 0)
    let good = truth.reviewed(s, item: Self.item, rating: .good, day: 3)
    let again = truth.reviewed(s, item: Self.item, rating: .again, day: 3)
    #expect(truth.recall(good, item: Self.item, day: 13) > truth.recall(again, item: Self.item, day: 13), "\(truth.name)")
    #expect(truth.recall(good, item: Self.item, day: 13) > truth.recall(s, item: Self.item, day: 13), "\(truth.name)")
    let hard = TruthItem(difficulty: 1, firstStrength: 0.4)
    let sh = truth.learned(hard, rating: .good, day: 0)
    #expect(truth.recall(sh, item: hard, day: 5) < truth.recall(s, item: Self.item, day: 5), "\(truth.name)")
  }

  @Test("a seasoned item recalls at 0.9 after its strength", arguments: truths)
  func seasoned(truth: AnyMemoryTruth) {
    for h in [3.0, 25, 120] {
      let s = truth.seasoned(Self.item, strength: h, lastDay: 100)
      #expect(abs(truth.recall(s, item: Self.item, day: 100 + h) - 0.9) < 0.01, "\(truth.name) h \(h)")
      #expect(abs(truth.strength(s, item: Self.item) - h) / h < 0.02, "\(truth.name) h \(h)")
    }
  }

  @Test("the calibrated first exposures: an item first rated Again starts weaker than one rated Easy")
  func firstRatingMatters() {
    for truth in Self.truths.dropFirst() {
      let a = truth.learned(Self.item, rating: .again, day: 0), e = truth.learned(Self.item, rating: .easy, day: 0)
      #expect(truth.recall(a, item: Self.item, day: 3) < truth.recall(e, item: Self.item, day: 3), "\(truth.name)")
    }
  }

  @Test("ACT-R: spaced practice outlasts massed practice (spacing-dependent decay)")
  func actrSpacing() {
    let t = ActivationTruth.calibrated
    var massed = t.learned(Self.item, rating: .good, day: 0)
    var spaced = massed
    for k in 1...3 {
      massed = t.reviewed(massed, item: Self.item, rating: .good, day: Double(k) * 0.05)
      spaced = t.reviewed(spaced, item: Self.item, rating: .good, day: Double(k * k) * 2)
    }
    // Judged at the same (long) age after the last study: the spaced traces decay more slowly.
    #expect(t.recall(spaced, item: Self.item, day: 18 + 365) > t.recall(massed, item: Self.item, day: 0.15 + 365))
    #expect(spaced.traces.map(\.decay).last! < massed.traces.map(\.decay).last!)
  }

  @Test("ACT-R: an item studied once fades at the first exposure's decay (0.5); reviewed, its traces decay more slowly")
  func actrFirstExposure() {
    let t = ActivationTruth.calibrated
    let once = t.learned(Self.item, rating: .good, day: 0)
    #expect(once.traces.map(\.decay) == [ActivationTruth.calibratedFirstDecay])
    // m(t) = β + ln t^(−0.5): each doubling of the age takes 0.5 · ln 2 off the activation.
    let m = { (d: Double) in t.activation(once, item: Self.item, day: d) }
    #expect(abs((m(10) - m(20)) - 0.5 * log(2)) < 1e-12)
    // Studied once, recall falls well below 0.8 within a month; reviewed on days 1, 3 and 8,
    // the same item holds far better a month after its last review.
    #expect(t.recall(once, item: Self.item, day: 30) < 0.6)
    var reviewed = once
    for d in [1.0, 3, 8] { reviewed = t.reviewed(reviewed, item: Self.item, rating: .good, day: d) }
    #expect(t.recall(reviewed, item: Self.item, day: 38) > t.recall(once, item: Self.item, day: 30) + 0.15)
    #expect(reviewed.traces.dropFirst().allSatisfy { $0.decay < ActivationTruth.calibratedFirstDecay })
    // Without a first-exposure decay (nil), the first trace decays as P&A's a (at the 0.1 floor here).
    var q = t.parameters
    q.firstDecay = nil
    let pa = ActivationTruth(parameters: q, observation: t.observation).learned(Self.item, rating: .good, day: 0)
    #expect(pa.traces[0].decay == max(q.decayBase, q.minimumDecay))
  }

  @Test("HLR: the half-life depends on the counts of recalls and lapses, not on their spacing")
  func halfLifeCounts() {
    let t = HalfLifeTruth.calibrated
    var a = t.learned(Self.item, rating: .good, day: 0), b = a
    a = t.reviewed(a, item: Self.item, rating: .good, day: 1); a = t.reviewed(a, item: Self.item, rating: .good, day: 2)
    b = t.reviewed(b, item: Self.item, rating: .good, day: 5); b = t.reviewed(b, item: Self.item, rating: .good, day: 40)
    #expect(t.log2HalfLife(a, item: Self.item) == t.log2HalfLife(b, item: Self.item))
    let c = t.reviewed(a, item: Self.item, rating: .again, day: 3)
    #expect(t.log2HalfLife(c, item: Self.item) < t.log2HalfLife(a, item: Self.item))
    // p(t) = 2^(−t/H): recall ½ after one half-life.
    let h = exp2(t.log2HalfLife(a, item: Self.item))
    #expect(abs(t.recall(a, item: Self.item, day: 2 + h) - 0.5) < 1e-12)
  }

  @Test("the default power law is the simulator's hidden memory, formula for formula")
  func powerIsHiddenMemory() {
    let item = HiddenItem(difficulty: 0.3, firstStrength: 1.7)
    var hidden = HiddenMemory(ability: 0.1, items: ["w:x": item])
    #expect(hidden.truthItem("w:x") == TruthItem(difficulty: 0.3 - 0.1, firstStrength: 1.7))
    let truth = PowerLawTruth.simulator
    let ti = hidden.truthItem("w:x")
    hidden.learn("w:x", on: 0)
    var s = truth.learned(ti, rating: .good, day: 0)
    for (day, recalled) in [(0, true), (2, true), (9, false), (10, true), (30, true), (31, false)] {
      hidden.review("w:x", on: day, recalled: recalled)
      s = truth.reviewed(s, item: ti, rating: recalled ? .good : .again, day: Double(day))
      #expect(hidden.cards["w:x"]!.strength == s.strength)
      #expect(hidden.recall("w:x", on: day + 7)! == truth.recall(s, item: ti, day: Double(day + 7)))
    }
  }

  @Test("randomness is keyed by seed, learner, item and review index")
  func keyedRandomness() {
    var a = TruthRandom.generator(seed: 1, learner: 2, item: "w:x", review: 3)
    var b = TruthRandom.generator(seed: 1, learner: 2, item: "w:x", review: 3)
    #expect(a.next() == b.next())
    for other in [TruthRandom.generator(seed: 2, learner: 2, item: "w:x", review: 3),
                  TruthRandom.generator(seed: 1, learner: 3, item: "w:x", review: 3),
                  TruthRandom.generator(seed: 1, learner: 2, item: "w:y", review: 3),
                  TruthRandom.generator(seed: 1, learner: 2, item: "w:x", review: 4)] {
      var o = other
      var c = TruthRandom.generator(seed: 1, learner: 2, item: "w:x", review: 3)
      #expect(o.next() != c.next())
    }
  }

  @Test("the observation model: Again as often as the recall says; first ratings by the ordered logit")
  func observation() {
    let obs = PowerLawTruth.calibrated.observation
    var rng = SplitMix64(seed: 5)
    var counts = [0, 0, 0, 0]
    for _ in 0..<20_000 { counts[obs.reviewRating(recall: 0.8, difficulty: 0, &rng).rawValue - 1] += 1 }
    #expect(abs(Double(counts[0]) / 20_000 - 0.2) < 0.01)
    // Hard among recalls: hardBase + 0.5 · (1 − p).
    #expect(abs(Double(counts[1]) / Double(20_000 - counts[0]) - (obs.hardBase + 0.5 * 0.2)) < 0.015)
    var easier = 0, harder = 0
    for _ in 0..<5_000 {
      if obs.firstRating(difficulty: -1, &rng) == .again { easier += 1 }
      if obs.firstRating(difficulty: 1, &rng) == .again { harder += 1 }
    }
    #expect(harder > easier)
  }
}
