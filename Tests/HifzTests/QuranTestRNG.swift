import PlannerCore

/// The Quran tests draw from the project's seeded generator (MemoryModels.SplitMix64, deterministic across processes).
typealias QuranTestRNG = SplitMix64

extension SplitMix64 {
  mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }
}
