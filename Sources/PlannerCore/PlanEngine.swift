/// The engine as a whole: its name and version, shared by every module (the CLI prints it;
/// plan files and reports may carry it). The modules are listed in docs/architecture.md.
public enum PlanEngine {
  /// The engine's version, printed by `planner --version`.
  public static let version = "0.1.0"
}
