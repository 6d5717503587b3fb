import Foundation
@testable import LearnerStore
@testable import MemoryModels
@testable import PlannerCore
@testable import Simulation
import Testing
import TestSupport

/// Each calibrated word-level truth reproduces the pooled real figures (committed in
/// TruthCalibrationTargets.swift from ../shared/data/reviews/calibration.json) on the
/// calibration protocol: rating mixes within ±0.03, recall per interval bucket within ±0.03,
/// median answer times within ±20 %.
@Suite("Truth calibration")
struct TruthCalibrationTests {
  static let truths: [AnyMemoryTruth] = [.power(.calibrated), .actr(.calibrated), .exponential(.calibrated)]
  static let target = TruthCalibrationTargets.pooled

  @Test("the pooled targets are the committed real figures (shares sum to 1, one recall per bucket)")
  func targetsAreWellFormed() {
    #expect(abs(Self.target.firstRatingMix.reduce(0, +) - 1) < 0.001)
    #expect(abs(Self.target.reviewRatingMix.reduce(0, +) - 1) < 0.001)
    #expect(Self.target.recallByBucket.count == TruthCalibrationTargets.buckets.count)
    #expect(Self.target.reviewsByBucket.reduce(0, +) == 79_861)
    #expect(TruthCalibrationTargets.bucket(elapsedDays: 1) == 0 && TruthCalibrationTargets.bucket(elapsedDays: 3) == 1)
    #expect(TruthCalibrationTargets.bucket(elapsedDays: 64) == 6 && TruthCalibrationTargets.bucket(elapsedDays: 0) == nil)
  }

  @Test("each word-level truth reproduces the pooled rating mixes, recall by interval and answer times", arguments: truths)
  func reproducesPooledFigures(truth: AnyMemoryTruth) {
    let f = TruthCalibration.measure(truth, seed: 7)
    for k in 0..<4 {
      #expect(abs(f.firstRatingMix[k] - Self.target.firstRatingMix[k]) <= 0.03, "\(truth.name) first rating \(k + 1): \(f.firstRatingMix)")
      #expect(abs(f.reviewRatingMix[k] - Self.target.reviewRatingMix[k]) <= 0.03, "\(truth.name) review rating \(k + 1): \(f.reviewRatingMix)")
      #expect(abs(f.firstMedianSeconds[k] / Self.target.firstMedianSeconds[k] - 1) <= 0.2, "\(truth.name) first seconds \(k + 1)")
      #expect(abs(f.reviewMedianSeconds[k] / Self.target.reviewMedianSeconds[k] - 1) <= 0.2, "\(truth.name) review seconds \(k + 1)")
    }
    for (b, bucket) in TruthCalibrationTargets.buckets.enumerated() {
      #expect(f.reviewsByBucket[b] >= 200, "\(truth.name) bucket \(bucket.label) has too few reviews to judge")
      #expect(abs(f.recallByBucket[b] - Self.target.recallByBucket[b]) <= 0.03,
              "\(truth.name) recall at \(bucket.label) days: \(f.recallByBucket[b]) against \(Self.target.recallByBucket[b])")
    }
  }

  @Test("the uncalibrated default power law does not reproduce them (the calibration is what makes the difference)")
  func defaultIsNotCalibrated() {
    let f = TruthCalibration.measure(PowerLawTruth.simulator, seed: 7)
    #expect(f.firstRatingMix[0] == 0)  // first exposures always Good, as the simulator has always had them
    #expect(abs(f.firstRatingMix[2] - Self.target.firstRatingMix[2]) > 0.03)
  }

  @Test("same seed, same figures; another seed, other draws")
  func deterministic() {
    let a = TruthCalibration.measure(ActivationTruth.calibrated, learners: 5, seed: 3)
    #expect(a == TruthCalibration.measure(ActivationTruth.calibrated, learners: 5, seed: 3))
    #expect(a != TruthCalibration.measure(ActivationTruth.calibrated, learners: 5, seed: 4))
  }
}
