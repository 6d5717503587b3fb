import Foundation

/// Fitting HLR's θ to a learner's history: mean binary cross-entropy over the scored reviews
/// (after a card's first, on a later learning day), plus λ·‖θ − θ₀‖² toward the defaults,
/// minimised by full-batch Adam with the analytic gradient. Deterministic: examples are
/// collapsed into sorted groups, so neither input order nor threads change the result.
extension HalfLifeRegression {
  /// One group of identical training reviews: the counts before, the gap, the outcome.
  public struct TrainingExample: Sendable, Hashable, Comparable {
    public var right: Int
    public var wrong: Int
    public var elapsedDays: Int
    public var recalled: Bool
    /// How many reviews share these values.
    public var weight: Int

    public init(right: Int, wrong: Int, elapsedDays: Int, recalled: Bool, weight: Int = 1) {
      self.right = right
      self.wrong = wrong
      self.elapsedDays = elapsedDays
      self.recalled = recalled
      self.weight = weight
    }

    public static func < (a: Self, b: Self) -> Bool {
      (a.right, a.wrong, a.elapsedDays, a.recalled ? 1 : 0) < (b.right, b.wrong, b.elapsedDays, b.recalled ? 1 : 0)
    }
  }

  /// The result of ``fit(_:configuration:)``.
  public struct FitReport: Sendable, Hashable {
    public var theta: [Double]
    /// Scored reviews the fit learnt from (0: the start θ is returned unchanged).
    public var trainingExamples: Int
    /// Mean BCE over the training reviews (without the L2 term), before and after.
    public var logLossBefore: Double
    public var logLossAfter: Double
    public var steps: Int
  }

  public struct FitConfiguration: Sendable, Hashable {
    /// θ the fit starts from and the L2 term pulls toward.
    public var start: [Double]
    /// λ of λ·‖θ − start‖².
    public var l2: Double
    public var learningRate: Double
    public var steps: Int

    public init(start: [Double] = HalfLifeRegression.defaultTheta, l2: Double = 1e-4, learningRate: Double = 0.05, steps: Int = 600) {
      precondition(start.count == 3, "HLR takes three weights")
      self.start = start
      self.l2 = l2
      self.learningRate = learningRate
      self.steps = steps
    }
  }

  /// The scored reviews of `cards`, with right/wrong counted as ``next(_:elapsedDays:rating:)``
  /// counts them: every earlier review of the card, same-day ones included. Grouped and sorted.
  public static func trainingExamples(_ cards: [CardHistory]) -> [TrainingExample] {
    var groups = ExampleGroups()
    for card in cards { groups.add(count: card.count, rating: { card.ratings[$0] }, elapsedDays: { card.elapsedDays[$0] }) }
    return groups.sorted()
  }

  /// ``trainingExamples(_:)`` of the store's cards cut to their reviews strictly before
  /// `time`, without the cut histories.
  public static func trainingExamples(_ store: CardReviewStore, before time: Int64) -> [TrainingExample] {
    var groups = ExampleGroups()
    for c in 0..<store.cardCount {
      let s = store.starts[c]
      groups.add(count: store.countBefore(time, card: c), rating: { store.ratings[s + $0] }, elapsedDays: { store.elapsedDays[s + $0] })
    }
    return groups.sorted()
  }

  /// Training reviews counted by their values as cards are added: memory per distinct group,
  /// not per review. ``sorted()`` gives the groups in ``TrainingExample``'s order.
  struct ExampleGroups {
    private struct Key: Hashable {
      var right: Int, wrong: Int, elapsedDays: Int, recalled: Bool
    }
    private var weights: [Key: Int] = [:]

    /// One card's first `count` reviews.
    mutating func add(count: Int, rating: (Int) -> Rating, elapsedDays: (Int) -> Int32) {
      guard count > 1 else { return }
      var right = rating(0).isRecall ? 1 : 0
      var wrong = 1 - right
      for i in 1..<count {
        let t = Int(elapsedDays(i))
        let recalled = rating(i).isRecall
        if t > 0 { weights[Key(right: right, wrong: wrong, elapsedDays: t, recalled: recalled), default: 0] += 1 }
        if recalled { right += 1 } else { wrong += 1 }
      }
    }

    func sorted() -> [TrainingExample] {
      weights.map { TrainingExample(right: $0.key.right, wrong: $0.key.wrong, elapsedDays: $0.key.elapsedDays, recalled: $0.key.recalled, weight: $0.value) }
        .sorted()
    }
  }

  /// Mean BCE of θ over `examples` plus λ·‖θ − prior‖², and its gradient.
  ///
  ///     ∂p/∂θ_j = p · Δ · (ln 2)² / h · x_j
  ///
  /// (p = 2^(−Δ/h), h = 2^(θ·x)); zero where the clip of h or of p binds, as the model clips.
  public static func loss(theta: [Double], examples: [TrainingExample], l2: Double = 0, prior: [Double] = defaultTheta)
    -> (loss: Double, gradient: [Double])
  {
    let ln2sq = M_LN2 * M_LN2
    var total = 0.0
    var g = [0.0, 0.0, 0.0]
    var n = 0
    for e in examples {
      let w = Double(e.weight)
      n += e.weight
      let x0 = (1 + Double(e.right)).squareRoot()
      let x1 = (1 + Double(e.wrong)).squareRoot()
      let raw = Foundation.exp2(theta[0] * x0 + theta[1] * x1 + theta[2])
      let h = Swift.min(Swift.max(raw, minimumHalfLife), maximumHalfLife)
      let delta = Double(e.elapsedDays)
      let pRaw = Foundation.exp2(-delta / h)
      let p = Swift.min(Swift.max(pRaw, minimumRecall), maximumRecall)
      total -= w * (e.recalled ? Foundation.log(p) : Foundation.log(1 - p))
      guard raw > minimumHalfLife && raw < maximumHalfLife && pRaw > minimumRecall && pRaw < maximumRecall else { continue }
      let dLossDp = e.recalled ? -1 / p : 1 / (1 - p)
      let dpDz = p * delta * ln2sq / h
      let c = w * dLossDp * dpDz
      g[0] += c * x0
      g[1] += c * x1
      g[2] += c
    }
    guard n > 0 else { return (0, [0, 0, 0]) }
    var loss = total / Double(n)
    for j in 0..<3 {
      g[j] /= Double(n)
      let d = theta[j] - prior[j]
      loss += l2 * d * d
      g[j] += 2 * l2 * d
    }
    return (loss, g)
  }

  /// θ minimising ``loss(theta:examples:l2:prior:)`` from `configuration.start` (Adam, β =
  /// 0.9/0.999, full batch, learning rate cosine-decayed to a tenth). No examples: the start.
  public static func fit(_ examples: [TrainingExample], configuration: FitConfiguration = FitConfiguration()) -> FitReport {
    let n = examples.reduce(0) { $0 + $1.weight }
    let start = configuration.start
    let before = loss(theta: start, examples: examples).loss
    guard n > 0, configuration.steps > 0 else {
      return FitReport(theta: start, trainingExamples: n, logLossBefore: before, logLossAfter: before, steps: 0)
    }
    var theta = start
    var m = [0.0, 0.0, 0.0], v = [0.0, 0.0, 0.0]
    let (b1, b2, eps) = (0.9, 0.999, 1e-8)
    var best = (loss: Double.infinity, theta: start)
    for step in 1...configuration.steps {
      let (l, g) = loss(theta: theta, examples: examples, l2: configuration.l2, prior: start)
      if l < best.loss { best = (l, theta) }
      let progress = Double(step - 1) / Double(configuration.steps)
      let lr = configuration.learningRate * (0.55 + 0.45 * Foundation.cos(Double.pi * progress))
      for j in 0..<3 {
        m[j] = b1 * m[j] + (1 - b1) * g[j]
        v[j] = b2 * v[j] + (1 - b2) * g[j] * g[j]
        let mh = m[j] / (1 - Foundation.pow(b1, Double(step)))
        let vh = v[j] / (1 - Foundation.pow(b2, Double(step)))
        theta[j] -= lr * mh / (vh.squareRoot() + eps)
      }
    }
    let last = loss(theta: theta, examples: examples, l2: configuration.l2, prior: start).loss
    if last < best.loss { best = (last, theta) }
    let after = loss(theta: best.theta, examples: examples).loss
    return FitReport(theta: best.theta, trainingExamples: n, logLossBefore: before, logLossAfter: after, steps: configuration.steps)
  }

  /// ``fit(_:configuration:)`` on the scored reviews of `cards`.
  public static func fit(_ cards: [CardHistory], configuration: FitConfiguration = FitConfiguration()) -> FitReport {
    fit(trainingExamples(cards), configuration: configuration)
  }
}
