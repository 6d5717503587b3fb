/// The result of ``FSRSOptimizer/fit(_:)-(_)``: the parameters and what the fit did.
public struct FSRSFitReport: Sendable, Hashable {
  /// The parameters to use: fitted, partly fitted, or the defaults (see ``scope``).
  public var parameters: FSRSParameters
  /// What was fitted.
  public var scope: FSRSOptimizer.Scope
  /// One sentence for people: what was fitted and why.
  public var reason: String
  /// Reviews in the input.
  public var reviews: Int
  /// Cards in the input.
  public var cards: Int
  /// Reviews used as training examples (a previous review on an earlier day).
  public var trainingExamples: Int
  /// Plain mean BCE over the training examples with the default parameters.
  public var logLossBefore: Double
  /// Plain mean BCE over the training examples with ``parameters``.
  public var logLossAfter: Double
  /// The pre-trained initial stabilities, when first-rating groups had data.
  public var initialStabilities: InitialStabilityPretrainer.Result?
  /// Adam steps taken and epochs (0 when not trained).
  public var steps = 0
  public var epochs = 0
  /// The regulariser strength γ the fit used (chosen by the inner split when candidates are given).
  public var regularization: Double?
  /// The fit's work in gradient passes over the training data: the reviews all its passes
  /// walked (inner fits, loss-only passes at a third) divided by the training data's reviews.
  public var passes = 0.0

  public init(
    parameters: FSRSParameters, scope: FSRSOptimizer.Scope, reason: String, reviews: Int, cards: Int,
    trainingExamples: Int, logLossBefore: Double, logLossAfter: Double
  ) {
    self.parameters = parameters
    self.scope = scope
    self.reason = reason
    self.reviews = reviews
    self.cards = cards
    self.trainingExamples = trainingExamples
    self.logLossBefore = logLossBefore
    self.logLossAfter = logLossAfter
  }
}
