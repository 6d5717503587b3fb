/// The FSRS memory state of one item: stability S in days, difficulty D in [1, 10].
///
/// A new item has no state (`nil`), which is not the same as S = 0.
public struct MemoryState: Sendable, Hashable, Codable {
  /// Days for retrievability to fall from 1 to 0.9.
  public var stability: Double
  /// Difficulty, 1 (easiest) to 10 (hardest).
  public var difficulty: Double

  @inlinable
  public init(stability: Double, difficulty: Double) {
    self.stability = stability
    self.difficulty = difficulty
  }
}
