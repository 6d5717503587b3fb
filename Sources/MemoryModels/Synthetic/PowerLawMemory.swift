import Foundation
import PlannerCore

/// The hidden memory of a simulated learner: deliberately *not* FSRS, so that fitting FSRS to
/// its logs is an honest test. One number per card, the strength h (days until recall falls
/// to 0.9), with a per-card difficulty δ (easier cards, δ < 0, grow faster and lapse less).
///
///     p(t)          = (1 + t / (9·h))^−1                     hyperbolic forgetting
///     after recall:   h ← h · (1 + a · e^(−δ) · h^(−b) · √(1 − p))   (spacing effect)
///     after a lapse:  h ← max(0.05, c · h^0.7 · e^(−0.3·δ))
///     same day:       h ← h · (1.2 if recalled, else 0.8)
///
/// The rating a recalled card gets is an observation only: Hard is likelier when p was low,
/// Easy when p was high and the card easy. The simulation issue reuses this model.
public struct PowerLawMemory: Sendable, Hashable {
  /// Growth coefficient a.
  public var growth = 4.0
  /// Growth damping exponent b (stable memories grow relatively less).
  public var damping = 0.2
  /// Post-lapse coefficient c.
  public var lapseKeep = 0.3
  /// Spread (standard deviation) of the per-card difficulty δ.
  public var difficultySpread = 0.5

  public init() {}

  /// A card's hidden state.
  public struct Card: Sendable, Hashable {
    /// Days until recall falls to 0.9.
    public var strength: Double
    /// Per-card difficulty δ (0 average; positive is harder).
    public var difficulty: Double
  }

  /// p(t) = (1 + t / (9·h))^−1.
  @inlinable
  public static func recall(elapsedDays t: Double, strength h: Double) -> Double {
    1 / (1 + Swift.max(t, 0) / (9 * h))
  }

  /// A new card: δ ~ N(0, spread²); first-exposure strength log-normal around e^(−δ) days.
  public func newCard(_ rng: inout SplitMix64) -> Card {
    let delta = difficultySpread * Self.normal(&rng)
    let h = exp(-delta + 0.8 * Self.normal(&rng))
    return Card(strength: h, difficulty: delta)
  }

  /// The first rating follows the first-exposure strength (Again below half a day).
  public func firstRating(_ card: Card) -> Rating {
    card.strength < 0.5 ? .again : (card.strength < 1 ? .hard : (card.strength < 4 ? .good : .easy))
  }

  /// Review after `t` whole days (0: same day). Returns the new card, the rating and the
  /// hidden probability of recall it was drawn from.
  public func review(_ card: Card, elapsedDays t: Int, _ rng: inout SplitMix64) -> (Card, Rating, Double) {
    var c = card
    let p = Self.recall(elapsedDays: Double(t), strength: card.strength)
    let recalled = rng.nextDouble() < p
    if t <= 0 {
      c.strength *= recalled ? 1.2 : 0.8
      return (c, recalled ? .good : .again, p)
    }
    guard recalled else {
      c.strength = Swift.max(0.05, lapseKeep * pow(card.strength, 0.7) * exp(-0.3 * card.difficulty))
      return (c, .again, p)
    }
    c.strength = card.strength * (1 + growth * exp(-card.difficulty) * pow(card.strength, -damping) * (1 - p).squareRoot())
    let u = rng.nextDouble()
    let hard = 0.05 + 0.5 * (1 - p)
    let easy = 0.15 * p * p * exp(-card.difficulty)
    let rating: Rating = u < hard ? .hard : (u < hard + easy ? .easy : .good)
    return (c, rating, p)
  }

  /// A standard normal draw (Box–Muller, one of the pair).
  static func normal(_ rng: inout SplitMix64) -> Double {
    let u1 = Swift.max(rng.nextDouble(), 1e-300)
    let u2 = rng.nextDouble()
    return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
  }
}
