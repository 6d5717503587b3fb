import Foundation
import MemoryModels
import PlanEngine

/// `truth-calibration`: each calibrated word-level truth on the calibration protocol, target
/// against reproduced (pooled real figures), and the seconds it took.
@Sendable func truthCalibrationScenario() {
  let learners = benchQuick ? 5 : 60
  for (name, measure) in calibratedTruths(learners: learners) {
    var f: TruthCalibrationFigures!
    let s = seconds { f = measure() }
    report("truth-calibration", [("truth", .string(name)), ("seconds", rounded(s)), ("loss", rounded(calibrationLoss(f), 6)),
                                 ("first", .array(f.firstRatingMix.map { rounded($0, 3) })),
                                 ("review", .array(f.reviewRatingMix.map { rounded($0, 3) })),
                                 ("recall", .array(f.recallByBucket.map { rounded($0, 3) })),
                                 ("reviewsByBucket", .array(f.reviewsByBucket.map { .number(Double($0)) })),
                                 ("firstSeconds", .array(f.firstMedianSeconds.map { rounded($0, 3) })),
                                 ("reviewSeconds", .array(f.reviewMedianSeconds.map { rounded($0, 3) }))])
  }
}

func calibratedTruths(learners: Int) -> [(String, () -> TruthCalibrationFigures)] {
  [("power", { TruthCalibration.measure(PowerLawTruth.calibrated, learners: learners) }),
   ("actr", { TruthCalibration.measure(ActivationTruth.calibrated, learners: learners) }),
   ("exponential", { TruthCalibration.measure(HalfLifeTruth.calibrated, learners: learners) })]
}

/// Σ squared differences to the pooled targets (rating mixes and recall by bucket).
func calibrationLoss(_ f: TruthCalibrationFigures) -> Double {
  let t = TruthCalibrationTargets.pooled
  var loss = 0.0
  for (a, b) in zip(f.firstRatingMix, t.firstRatingMix) { loss += (a - b) * (a - b) }
  for (a, b) in zip(f.reviewRatingMix, t.reviewRatingMix) { loss += (a - b) * (a - b) }
  for (a, b) in zip(f.recallByBucket, t.recallByBucket) { loss += 2 * (a - b) * (a - b) }
  return loss
}

/// `truth-fit`: the search that gave the calibrated constants (CalibratedTruths.swift). Each
/// round (1) moves the observation constants by fixed-point steps: each first-rating threshold
/// by the logit gap of its cumulative share, hardBase by the gap in Hard's share of recalls,
/// easyScale by the ratio of Easy's; (2) tries each memory constant ± its step and keeps a move
/// that lowers the loss; the steps halve after a round without a move. Prints the constants of
/// each truth as a JSON line (progress on stderr).
@Sendable func truthFitScenario() {
  let learners = benchQuick ? 5 : 20
  let rounds = benchQuick ? 1 : 10
  let t = TruthCalibrationTargets.pooled
  func logit(_ p: Double) -> Double { let q = min(max(p, 1e-6), 1 - 1e-6); return log(q / (1 - q)) }
  func fit(_ name: String, _ start: [Double], _ steps: [Double], _ measure: ([Double]) -> TruthCalibrationFigures) {
    var x = start, step = steps
    for round in 0..<rounds {
      for _ in 0..<2 {
        let f = measure(x)
        var cumT = 0.0, cumM = 0.0
        for k in 0..<3 {
          cumT += t.firstRatingMix[k]; cumM += f.firstRatingMix[k]
          x[2 + k] += logit(cumT) - logit(cumM)
        }
        let recalled = max(0.5, 1 - f.reviewRatingMix[0])
        x[0] += (t.reviewRatingMix[1] / (1 - t.reviewRatingMix[0]) - f.reviewRatingMix[1] / recalled)
        if f.reviewRatingMix[3] > 0 { x[1] *= (t.reviewRatingMix[3] / (1 - t.reviewRatingMix[0])) / (f.reviewRatingMix[3] / recalled) }
      }
      var best = calibrationLoss(measure(x))
      var moved = false
      for i in 5..<x.count {
        for sign in [1.0, -1.0] {
          var y = x
          y[i] += sign * step[i - 5]
          let l = calibrationLoss(measure(y))
          if l < best { best = l; x = y; moved = true; break }
        }
      }
      if !moved { step = step.map { $0 / 2 } }
      FileHandle.standardError.write(Data("\(name) round \(round): loss \(best) \(x.map { ($0 * 10_000).rounded() / 10_000 })\n".utf8))
    }
    report("truth-fit", [("truth", .string(name)), ("loss", rounded(calibrationLoss(measure(x)), 6)),
                         ("constants", .array(x.map { rounded($0, 4) }))])
  }
  let only = ProcessInfo.processInfo.environment["PLANNER_TRUTH_FIT"]
  if only == nil || only == "power" {
    fit("power", PowerLawTruth.calibratedConstants, [0.5, 0.05, 0.05]) {
      TruthCalibration.measure(PowerLawTruth.calibrated($0), learners: learners)
    }
  }
  if only == nil || only == "exponential" {
    fit("exponential", HalfLifeTruth.calibratedConstants, [0.2, 0.2, 0.1]) {
      TruthCalibration.measure(HalfLifeTruth.calibrated($0), learners: learners)
    }
  }
  if only == nil || only == "actr" {
    fit("actr", ActivationTruth.calibratedConstants, [0.05, 0.05, 0.1, 0.05, 0.05]) {
      TruthCalibration.measure(ActivationTruth.calibrated($0), learners: learners)
    }
  }
}
