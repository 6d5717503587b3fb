/// Every `planner` subcommand, in the order `planner --help` lists them.
extension PlannerCLI {
  package static let commands: [any PlannerCommand.Type] = [
    TodayCommand.self,
    WeekCommand.self,
    InitCommand.self,
    RecordCommand.self,
    ShowCommand.self,
    WordsCommand.self,
    StatsCommand.self,
    RemindCommand.self,
    ConfigCommand.self,
    RepairCommand.self,
    NightlyCommand.self,
    ReplayCommand.self,
    OptimizeCommand.self,
    EvaluateCommand.self,
    SynthCommand.self,
    SimulateCommand.self,
    ExportRevlogCommand.self,
  ]
}
