import PlannerCore

/// The Quran tests draw from the shared seeded generator (deterministic across processes).
typealias QuranTestRNG = SplitMix64

extension SplitMix64 {
  mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }
}
