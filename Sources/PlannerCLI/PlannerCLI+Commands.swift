/// Every `planner` subcommand, in the order `planner --help` lists them.
extension PlannerCLI {
  static let commands: [any PlannerCommand.Type] = [
  ]
}
