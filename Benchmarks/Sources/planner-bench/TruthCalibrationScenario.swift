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

/// `truth-fit`: the coordinate search that gave the calibrated constants (CalibratedTruths.swift):
/// from the current constants, each constant in turn moves by ± its step while the loss falls;
/// the steps halve when no move helps. Prints each truth's fitted constants as a JSON line.
@Sendable func truthFitScenario() {
  let learners = benchQuick ? 5 : 30
  func fit(_ name: String, _ start: [Double], _ steps: [Double], _ measure: ([Double]) -> TruthCalibrationFigures) {
    var x = start, step = steps
    var best = calibrationLoss(measure(x))
    for _ in 0..<(benchQuick ? 1 : 6) {
      var moved = true
      while moved {
        moved = false
        for i in x.indices {
          for sign in [1.0, -1.0] {
            var y = x
            y[i] += sign * step[i]
            let l = calibrationLoss(measure(y))
            if l < best { best = l; x = y; moved = true; break }
          }
        }
      }
      step = step.map { $0 / 2 }
    }
    report("truth-fit", [("truth", .string(name)), ("loss", rounded(best, 6)), ("constants", .array(x.map { rounded($0, 4) }))])
  }
  let obs = [0.02, 0.02, 0.2, 0.2, 0.2]
  fit("power", PowerLawTruth.calibratedConstants, obs + [0.5, 0.05, 0.05]) {
    TruthCalibration.measure(PowerLawTruth.calibrated($0), learners: learners)
  }
  fit("exponential", HalfLifeTruth.calibratedConstants, obs + [0.2, 0.2, 0.1]) {
    TruthCalibration.measure(HalfLifeTruth.calibrated($0), learners: learners)
  }
  fit("actr", ActivationTruth.calibratedConstants, obs + [0.05, 0.05, 0.1, 0.05, 0.05]) {
    TruthCalibration.measure(ActivationTruth.calibrated($0), learners: learners)
  }
}
