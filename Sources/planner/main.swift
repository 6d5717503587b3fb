import PlannerCLI

PlannerCLI.main()
