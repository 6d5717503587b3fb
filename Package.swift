// swift-tools-version:6.0
import PackageDescription

// The modules and their arrows, lightest first; a module imports only what it lists below, and
// lighter never imports heavier (docs/architecture.md draws them; Scripts/check-imports.swift,
// run by .ci/run, checks every `import` and that the doc's table agrees with this file):
//
//   PlannerCore                                   days, clocks, JSON, durable files, hashing
//   MemoryModels ← PlannerCore                    FSRS-6, baselines, optimizer (pure math)
//   ReviewLogs, Hifz, Vocabulary ← MemoryModels   the domains, side by side
//   Localization ← PlannerCore
//   LearnerStore ← Hifz, Vocabulary               the learner folder and its fold
//   DailyPlanning ← LearnerStore, Localization    the day's plan (what an app links)
//   Nightly, Simulation ← DailyPlanning
//   PlannerCLI ← every module; planner ← PlannerCLI
let package = Package(
  name: "planner",
  platforms: [.macOS(.v13), .iOS(.v16)],
  products: [
    .executable(name: "planner", targets: ["planner"]),
    // What an app links: the learner store, today's plan and its rendering (docs/library.md).
    .library(name: "Planner", targets: ["DailyPlanning"]),
    .library(name: "PlannerCore", targets: ["PlannerCore"]),
    .library(name: "MemoryModels", targets: ["MemoryModels"]),
    .library(name: "ReviewLogs", targets: ["ReviewLogs"]),
    .library(name: "Hifz", targets: ["Hifz"]),
    .library(name: "Vocabulary", targets: ["Vocabulary"]),
    .library(name: "Localization", targets: ["Localization"]),
    .library(name: "LearnerStore", targets: ["LearnerStore"]),
    .library(name: "DailyPlanning", targets: ["DailyPlanning"]),
    .library(name: "Nightly", targets: ["Nightly"]),
    .library(name: "Simulation", targets: ["Simulation"]),
    .library(name: "PlannerCLI", targets: ["PlannerCLI"]),
  ],
  targets: [
    // Days, clocks, event time, hashing, the JSON tree/parser/writer, durable files, parallel loops.
    .target(name: "PlannerCore"),
    // Pure memory-model math: FSRS-6, baselines, the optimizer, evaluation, synthetic logs.
    .target(name: "MemoryModels", dependencies: ["PlannerCore"]),
    .target(name: "ReviewLogs", dependencies: ["PlannerCore", "MemoryModels"]),
    // The Quran (hifz) domain: mushaf structure, units, grading, the Quran planner.
    .target(name: "Hifz", dependencies: ["PlannerCore", "MemoryModels"]),
    .target(name: "Vocabulary", dependencies: ["PlannerCore", "MemoryModels"]),
    // The catalogs JSON is embedded by Scripts/generate-catalogs.swift, not shipped as a resource.
    .target(name: "Localization", dependencies: ["PlannerCore"], exclude: ["Catalogs"]),
    .target(name: "LearnerStore", dependencies: ["PlannerCore", "MemoryModels", "Hifz", "Vocabulary", "Localization"]),
    .target(
      name: "DailyPlanning",
      dependencies: ["PlannerCore", "MemoryModels", "Hifz", "Vocabulary", "Localization", "LearnerStore"]
    ),
    .target(name: "Nightly", dependencies: ["PlannerCore", "MemoryModels", "LearnerStore", "DailyPlanning"]),
    .target(
      name: "Simulation",
      dependencies: ["PlannerCore", "MemoryModels", "Hifz", "Vocabulary", "LearnerStore", "DailyPlanning"]
    ),
    .target(
      name: "PlannerCLI",
      dependencies: [
        "PlannerCore", "MemoryModels", "ReviewLogs", "Hifz", "Vocabulary", "Localization", "LearnerStore",
        "DailyPlanning", "Nightly", "Simulation",
      ]
    ),
    .executableTarget(name: "planner", dependencies: ["PlannerCLI"]),
    .executableTarget(
      name: "planner-bench",
      dependencies: [
        "PlannerCLI", "PlannerCore", "MemoryModels", "ReviewLogs", "Hifz", "Vocabulary", "LearnerStore",
        "DailyPlanning", "Nightly", "Simulation",
      ],
      path: "Benchmarks/Sources/planner-bench"
    ),
    // Shared test helpers: temporary folders, the fixture locator, the in-process CLI runner,
    // the golden-vector review logs, seeded random learners (docs/testing.md). Tests only.
    .target(name: "TestSupport", dependencies: ["PlannerCLI", "LearnerStore", "Hifz", "Vocabulary", "PlannerCore"], path: "Tests/TestSupport"),
    .testTarget(name: "PlannerCoreTests", dependencies: ["PlannerCore", "TestSupport"]),
    .testTarget(
      name: "MemoryModelsTests",
      dependencies: ["MemoryModels", "PlannerCore", "TestSupport"],
      resources: [.copy("Fixtures")]
    ),
    .testTarget(name: "ReviewLogsTests", dependencies: ["ReviewLogs", "PlannerCore", "MemoryModels", "TestSupport"]),
    .testTarget(name: "HifzTests", dependencies: ["Hifz", "PlannerCore", "MemoryModels", "TestSupport"]),
    .testTarget(name: "VocabularyTests", dependencies: ["Vocabulary", "PlannerCore", "MemoryModels", "TestSupport"]),
    .testTarget(name: "LocalizationTests", dependencies: ["Localization", "PlannerCore", "TestSupport"]),
    .testTarget(
      name: "LearnerStoreTests",
      dependencies: ["LearnerStore", "Hifz", "Vocabulary", "PlannerCore", "MemoryModels", "TestSupport"]
    ),
    .testTarget(
      name: "DailyPlanningTests",
      dependencies: [
        "DailyPlanning", "LearnerStore", "Localization", "Hifz", "Vocabulary", "PlannerCore", "MemoryModels", "TestSupport",
      ]
    ),
    .testTarget(
      name: "NightlyTests",
      dependencies: ["Nightly", "DailyPlanning", "LearnerStore", "Hifz", "PlannerCore", "MemoryModels", "TestSupport"]
    ),
    .testTarget(
      name: "SimulationTests",
      dependencies: [
        "Simulation", "DailyPlanning", "LearnerStore", "ReviewLogs", "Hifz", "Vocabulary", "PlannerCore", "MemoryModels", "TestSupport",
      ]
    ),
    .testTarget(
      name: "PlannerCLITests",
      dependencies: [
        "PlannerCLI", "PlannerCore", "MemoryModels", "ReviewLogs", "Hifz", "Vocabulary", "Localization",
        "LearnerStore", "DailyPlanning", "Nightly", "Simulation", "TestSupport",
      ]
    ),
  ]
)
