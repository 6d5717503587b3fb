import Foundation
import Testing
@testable import MemoryModels
@testable import PlannerCore

/// The optimised hot path (stored weights, exp(y·ln x) instead of pow) against a plain
/// transcription of FSRS6.md with `pow`, on seeded random histories and parameter vectors.
@Suite("FSRS-6 fast path agrees with a plain transcription of the spec")
struct FSRS6ReferenceAgreementTests {
  /// The spec, §2–§4, written as plainly as possible.
  struct Plain {
    let w: [Double]
    var decay: Double { -w[20] }
    var factor: Double { pow(0.9, 1 / decay) - 1 }
    func r(_ t: Double, _ s: Double) -> Double { pow(1 + factor * t / s, decay) }
    func d0(_ g: Int) -> Double { w[4] - exp(w[5] * Double(g - 1)) + 1 }
    func next(_ state: (s: Double, d: Double)?, t: Int, g: Int) -> (s: Double, d: Double) {
      guard let (s0, d0v) = state else { return (min(max(w[g - 1], 0.001), 36500), min(max(d0(g), 1), 10)) }
      let s = min(max(s0, 0.001), 36500), d = min(max(d0v, 1), 10)
      let dp = d - w[6] * Double(g - 3) * (10 - d) / 9
      let dNew = min(max(w[7] * d0(4) + (1 - w[7]) * dp, 1), 10)
      var sNew: Double
      if t == 0 {
        var inc = exp(w[17] * (Double(g) - 3 + w[18])) * pow(s, -w[19])
        if g >= 2 { inc = max(inc, 1) }
        sNew = s * inc
      } else {
        let rr = r(Double(t), s)
        if g == 1 {
          let sf = w[11] * pow(d, -w[12]) * (pow(s + 1, w[13]) - 1) * exp(w[14] * (1 - rr))
          sNew = min(sf, s / exp(w[17] * w[18]))
        } else {
          let hard = g == 2 ? w[15] : 1, easy = g == 4 ? w[16] : 1
          sNew = s * (1 + exp(w[8]) * (11 - d) * pow(s, -w[9]) * (exp(w[10] * (1 - rr)) - 1) * hard * easy)
        }
      }
      return (min(max(sNew, 0.001), 36500), dNew)
    }
  }

  static func close(_ a: Double, _ b: Double, _ rel: Double) -> Bool { Swift.abs(a - b) <= rel * Swift.max(Swift.abs(b), 1e-300) }

  @Test("S, D and R within 1e-12 relative over 40,000 seeded reviews and 20 parameter vectors")
  func agreement() throws {
    var rng = SplitMix64(seed: 20261130)
    var vectors = [FSRSParameters.defaults.weights]
    for _ in 0..<19 {
      vectors.append(FSRSParameters.bounds.map { b in b.lowerBound + rng.nextDouble() * (b.upperBound - b.lowerBound) })
    }
    var worst = 0.0
    for v in vectors {
      let fast = FSRS6(parameters: try FSRSParameters(validating: v))
      let plain = Plain(w: v)
      for _ in 0..<100 {
        var a: MemoryState? = nil
        var b: (s: Double, d: Double)? = nil
        for _ in 0..<20 {
          let g = rng.nextInt(in: 1...4)
          let t = rng.nextDouble() < 0.15 ? 0 : rng.nextInt(in: 1...400)
          if let sa = a, let sb = b {
            let x = Double(t) + rng.nextDouble()
            let ra = fast.retrievability(elapsedDays: x, stability: sa.stability), rb = plain.r(x, sb.s)
            #expect(Self.close(ra, rb, 1e-12), "R \(ra) vs \(rb)")
          }
          a = fast.nextState(a, elapsedDays: t, rating: Rating(rawValue: g)!)
          b = plain.next(b, t: t, g: g)
          #expect(Self.close(a!.stability, b!.s, 1e-12), "S \(a!.stability) vs \(b!.s)")
          #expect(Self.close(a!.difficulty, b!.d, 1e-12), "D \(a!.difficulty) vs \(b!.d)")
          worst = Swift.max(worst, Swift.abs(a!.stability - b!.s) / b!.s)
        }
      }
    }
    #expect(worst < 1e-12)
  }
}
