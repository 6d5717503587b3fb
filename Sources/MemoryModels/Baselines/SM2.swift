import Foundation

/// Anki's SM-2 scheduler (the "SM-2" of Anki 2.1's v3 scheduler, `rslib/src/scheduler/states/
/// review.rs`), with Anki's default deck options, as a baseline behind ``MemoryModel``.
///
/// SM-2 schedules but does not predict; to evaluate it like the other models we read its
/// interval as the time at which recall has fallen to 90 %: R(t) = 0.9^(t / interval), as the
/// open srs-benchmark does for its Anki baseline. See `docs/fsrs.md` for every rule.
public struct SM2: MemoryModel, Hashable {
  /// Anki's deck options (defaults of Anki 2.1.x / 23.x / 24.x, "New cards", "Lapses" and
  /// "Advanced" sections).
  public struct Settings: Sendable, Hashable, Codable {
    /// Starting ease, 250 %.
    public var startingEase = 2.5
    /// Easy bonus, 130 %.
    public var easyBonus = 1.3
    /// Hard interval, 120 %.
    public var hardInterval = 1.2
    /// Interval modifier, 100 %.
    public var intervalModifier = 1.0
    /// New interval after a lapse, 0 % (the lapsed card restarts at the minimum interval).
    public var newIntervalAfterLapse = 0.0
    /// Minimum interval after a lapse, 1 day.
    public var minimumLapseInterval = 1
    /// Graduating interval, 1 day.
    public var graduatingInterval = 1
    /// Easy interval, 4 days.
    public var easyInterval = 4
    /// Maximum interval, 36500 days.
    public var maximumInterval = 36500
    /// Ease floor, 130 % (fixed in Anki).
    public var minimumEase = 1.3
    /// Ease changes per answer, fixed in Anki: Again −0.20, Hard −0.15, Easy +0.15.
    public var lapseEasePenalty = 0.2
    public var hardEasePenalty = 0.15
    public var easyEaseBonus = 0.15

    public init() {}
  }

  /// A card in review: its current scheduled interval and ease factor.
  public struct State: Sendable, Hashable, Codable {
    public var intervalDays: Int
    public var ease: Double
    public init(intervalDays: Int, ease: Double) {
      self.intervalDays = intervalDays
      self.ease = ease
    }
  }

  public var settings: Settings
  public var name: String { "sm2" }

  /// Recall at the end of an SM-2 interval, by the reading above.
  public static let recallAtInterval = 0.9

  public init(settings: Settings = Settings()) { self.settings = settings }

  /// - First review: the learning steps (minutes long, below the planner's one-day resolution)
  ///   are taken as done that day: Easy graduates with the easy interval, anything else with the
  ///   graduating interval; ease = starting ease.
  /// - Same day (t = 0) later on: learning/relearning steps, which leave interval and ease alone.
  /// - Otherwise Anki's review rules: Again → interval × new-interval (at least the minimum),
  ///   ease − 0.20; Hard/Good/Easy → ``passingInterval(_:elapsedDays:rating:)``, ease − 0.15 /
  ///   ± 0 / + 0.15; ease never below 1.3.
  public func next(_ state: State?, elapsedDays t: Int, rating: Rating) -> State {
    guard let state else {
      let ivl = rating == .easy ? settings.easyInterval : settings.graduatingInterval
      return State(intervalDays: clampInterval(ivl, minimum: 1), ease: settings.startingEase)
    }
    if t <= 0 { return state }
    switch rating {
    case .again:
      let ivl = Swift.max(Int(Double(state.intervalDays) * settings.newIntervalAfterLapse), settings.minimumLapseInterval)
      return State(
        intervalDays: clampInterval(ivl, minimum: 1),
        ease: Swift.max(state.ease - settings.lapseEasePenalty, settings.minimumEase))
    case .hard, .good, .easy:
      let ease: Double
      switch rating {
      case .hard: ease = Swift.max(state.ease - settings.hardEasePenalty, settings.minimumEase)
      case .easy: ease = state.ease + settings.easyEaseBonus
      default: ease = state.ease
      }
      return State(intervalDays: passingInterval(state, elapsedDays: t, rating: rating), ease: ease)
    }
  }

  /// Anki's interval after a successful review, from the *old* ease. With `ivl` the scheduled
  /// interval, `late = t − ivl`:
  ///
  /// - On time or late (late ≥ 0): hard = ivl·1.2 (≥ ivl + 1); good = (ivl + late/2)·ease
  ///   (≥ hard + 1); easy = (ivl + late)·ease·1.3 (≥ good + 1).
  /// - Early (late < 0, elapsed t): hard = max(t·1.2, ivl·1.2/2); good = max(t·ease, ivl);
  ///   easy = max(t·ease, ivl)·(1.3 − 0.3/2); no minimums.
  ///
  /// Each is multiplied by the interval modifier, rounded half away from zero (Rust's
  /// `f32::round`), and clamped to [max(minimum, 1), maximum interval].
  public func passingInterval(_ state: State, elapsedDays t: Int, rating: Rating) -> Int {
    let ivl = Double(state.intervalDays)
    let late = Double(t - state.intervalDays)
    let hardFactor = settings.hardInterval
    if late < 0 {
      let elapsed = Double(t)
      switch rating {
      case .hard:
        return constrain(Swift.max(elapsed * hardFactor, ivl * hardFactor / 2), minimum: 0)
      case .good:
        return constrain(Swift.max(elapsed * state.ease, ivl), minimum: 0)
      default:
        let reducedBonus = settings.easyBonus - (settings.easyBonus - 1) / 2
        return constrain(Swift.max(elapsed * state.ease, ivl) * reducedBonus, minimum: 0)
      }
    }
    let hardMinimum = hardFactor <= 1 ? 0 : state.intervalDays + 1
    let hard = constrain(ivl * hardFactor, minimum: hardMinimum)
    if rating == .hard { return hard }
    let goodMinimum = hardFactor <= 1 ? state.intervalDays + 1 : hard + 1
    let good = constrain((ivl + late / 2) * state.ease, minimum: goodMinimum)
    if rating == .good { return good }
    return constrain((ivl + late) * state.ease * settings.easyBonus, minimum: good + 1)
  }

  func constrain(_ interval: Double, minimum: Int) -> Int {
    let x = (interval * settings.intervalModifier).rounded(.toNearestOrAwayFromZero)
    return clampInterval(Int(Swift.min(x, 1e9)), minimum: minimum)
  }

  func clampInterval(_ ivl: Int, minimum: Int) -> Int {
    let lo = Swift.min(Swift.max(minimum, 1), settings.maximumInterval)
    return Swift.min(Swift.max(ivl, lo), settings.maximumInterval)
  }

  /// R(t) = 0.9^(t / interval).
  public func predictedRecall(_ state: State, elapsedDays t: Double) -> Double {
    Foundation.pow(Self.recallAtInterval, Swift.max(t, 0) / Double(state.intervalDays))
  }

  /// SM-2's own interval at 90 %; for another desired retention DR the same curve gives
  /// interval · ln(DR)/ln(0.9) (Anki's advice for the interval modifier), rounded half-to-even
  /// and clamped to [1, maximum interval].
  public func intervalDays(_ state: State, desiredRetention: Double) -> Int {
    if desiredRetention == Self.recallAtInterval { return state.intervalDays }
    let raw = Double(state.intervalDays) * Foundation.log(desiredRetention) / Foundation.log(Self.recallAtInterval)
    guard raw.isFinite else { return settings.maximumInterval }
    return Swift.min(Swift.max(Int(Swift.min(raw.rounded(.toNearestOrEven), 1e9)), 1), settings.maximumInterval)
  }

  public func stabilityDays(_ state: State) -> Double { Double(state.intervalDays) }
  public func difficulty(_ state: State) -> Double? { nil }
}
