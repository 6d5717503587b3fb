// swift-tools-version:6.0
import PackageDescription

// Module layering (lighter never imports heavier):
//   MemoryModels (pure math) <- PlanEngine (learners, planners, storage) <- PlannerCLI <- planner
let package = Package(
  name: "planner",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "planner", targets: ["planner"]),
    .library(name: "MemoryModels", targets: ["MemoryModels"]),
    .library(name: "PlanEngine", targets: ["PlanEngine"]),
    .library(name: "PlannerCLI", targets: ["PlannerCLI"]),
  ],
  targets: [
    .target(name: "MemoryModels"),
    // The catalogs JSON is embedded by Scripts/generate-catalogs.swift, not shipped as a resource.
    .target(name: "PlanEngine", dependencies: ["MemoryModels"], exclude: ["Localization/Catalogs"]),
    .target(name: "PlannerCLI", dependencies: ["PlanEngine", "MemoryModels"]),
    .executableTarget(name: "planner", dependencies: ["PlannerCLI"]),
    .executableTarget(
      name: "planner-bench",
      dependencies: ["PlannerCLI", "PlanEngine", "MemoryModels"],
      path: "Benchmarks/Sources/planner-bench"
    ),
    // Shared test helpers: temporary folders, the fixture locator, the in-process CLI runner,
    // the golden-vector review logs (docs/testing.md).
    .target(name: "TestSupport", dependencies: ["PlannerCLI"], path: "Tests/TestSupport"),
    .testTarget(
      name: "MemoryModelsTests",
      dependencies: ["MemoryModels"],
      resources: [.copy("Fixtures")]
    ),
    .testTarget(name: "PlanEngineTests", dependencies: ["PlanEngine", "MemoryModels", "TestSupport"]),
    .testTarget(name: "PlannerCLITests", dependencies: ["PlannerCLI", "PlanEngine", "MemoryModels", "TestSupport"]),
  ]
)
