/// The word-level truths calibrated to ``TruthCalibrationTargets/pooled`` on the
/// ``TruthCalibration`` protocol. The constants come from a coordinate search
/// (`swift run -c release planner-bench truth-fit`, Benchmarks/Sources/planner-bench/
/// TruthCalibrationScenario.swift); answer-time medians are the real medians. Refit after any
/// change to a truth's formulas, the observation model or the protocol.
extension RatingObservation {
  /// An observation model with the fitted rating constants and the real answer times.
  public static func calibrated(hardBase: Double, easyScale: Double, firstThresholds: [Double]) -> RatingObservation {
    RatingObservation(hardBase: hardBase, hardSlope: 0.5, easyScale: easyScale, firstThresholds: firstThresholds, firstSlope: 1,
                      reviewSeconds: realTimes.review, firstSeconds: realTimes.first, secondsSpread: realTimes.spread)
  }
}

/// f(rating) on the first exposure shared by the calibrated truths: an item first rated Again
/// was shown and relearnt, Easy was already known.
let calibratedFirstFactors = [0.4, 0.7, 1.0, 2.5]

extension PowerLawTruth {
  /// Fitted: [hardBase, easyScale, θ₁, θ₂, θ₃, a, c, b].
  public static let calibratedConstants = [0.1124, 0.1252, -1.191, -0.8979, 1.735, 4.07, 0.5704, 0.06718]

  public static func calibrated(_ x: [Double]) -> PowerLawTruth {
    var q = Parameters()
    q.growth = x[5]; q.lapseKeep = x[6]; q.damping = x[7]; q.firstFactors = calibratedFirstFactors
    return PowerLawTruth(name: "power", parameters: q,
                         observation: .calibrated(hardBase: x[0], easyScale: x[1], firstThresholds: [x[2], x[3], x[4]]))
  }

  public static let calibrated = calibrated(calibratedConstants)
}

extension HalfLifeTruth {
  /// Fitted: [hardBase, easyScale, θ₁, θ₂, θ₃, θ_r, θ_w, θ_d, κ].
  public static let calibratedConstants = [0.1169, 0.1058, -1.191, -0.8989, 1.733, 0.7334, 0.7544, 0.2594, 1.03]

  public static func calibrated(_ x: [Double]) -> HalfLifeTruth {
    var q = Parameters()
    q.rightWeight = x[5]; q.wrongWeight = x[6]; q.difficultyWeight = x[7]; q.countExponent = x[8]; q.firstFactors = calibratedFirstFactors
    return HalfLifeTruth(name: "exponential", parameters: q,
                         observation: .calibrated(hardBase: x[0], easyScale: x[1], firstThresholds: [x[2], x[3], x[4]]))
  }

  public static let calibrated = calibrated(calibratedConstants)
}

extension ActivationTruth {
  /// Fitted: [hardBase, easyScale, θ₁, θ₂, θ₃, a, c, τ, s, βₕ].
  public static let calibratedConstants = [0.107, 0.1152, -1.191, -0.8961, 1.7354, -0.4319, 0.1665, -0.47, 0.9072, 0.6208]

  public static func calibrated(_ x: [Double]) -> ActivationTruth {
    var q = Parameters()
    q.decayBase = x[5]; q.decayScale = x[6]; q.threshold = x[7]; q.noise = x[8]; q.easeWeight = x[9]
    q.firstFactors = calibratedFirstFactors
    return ActivationTruth(name: "actr", parameters: q,
                           observation: .calibrated(hardBase: x[0], easyScale: x[1], firstThresholds: [x[2], x[3], x[4]]))
  }

  public static let calibrated = calibrated(calibratedConstants)
}
