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
  public static let calibratedConstants = [0.1091, 0.134, -1.171, -0.8949, 1.574, 3.911, 0.6299, 0.03124]

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
  public static let calibratedConstants = [0.1139, 0.115, -1.171, -0.8959, 1.575, 0.4371, 0.3977, 0.08714, 1.248]

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
  public static let calibratedConstants = [0.1066, 0.1247, -1.171, -0.9021, 1.574, -0.00165, 0.02865, -1.242, 1.243, 0.6285]

  /// The decay of a first exposure's trace, fixed (not fitted): ACT-R's standard base-level
  /// decay d = 0.5. The real figures (every review a day or more after study, on reviewed
  /// cards) hardly constrain how an item studied once and never reviewed fades; left to the
  /// fit it falls to the 0.1 floor, and a line studied once then keeps a recall near 0.85 for
  /// months, so the cram null wins (docs/simulation.md).
  public static let calibratedFirstDecay = 0.5

  public static func calibrated(_ x: [Double], firstDecay: Double? = calibratedFirstDecay) -> ActivationTruth {
    var q = Parameters()
    q.decayBase = x[5]; q.decayScale = x[6]; q.threshold = x[7]; q.noise = x[8]; q.easeWeight = x[9]
    q.firstDecay = firstDecay
    q.firstFactors = calibratedFirstFactors
    return ActivationTruth(name: "actr", parameters: q,
                           observation: .calibrated(hardBase: x[0], easyScale: x[1], firstThresholds: [x[2], x[3], x[4]]))
  }

  public static let calibrated = calibrated(calibratedConstants)
}
