/// The plan engine: learners, events, the Quran and vocabulary planners, scheduling,
/// simulation and storage. See `docs/`.
public enum PlanEngine {
  /// The engine's version, printed by `planner --version`.
  public static let version = "0.1.0"
}
