import Testing
@testable import PlannerCLI

/// The nightly job's malloc settings (keep freed pages for the next learner).
@Suite("Freed memory: kept for reuse unless the operator set glibc's malloc")
struct FreedMemoryTests {
  @Test func anOperatorsTunablesRule() {
    #expect(!FreedMemory.keepForReuse(environment: ["GLIBC_TUNABLES": "glibc.malloc.trim_threshold=131072"]))
    #if canImport(Glibc)
    // glibc accepts both settings (a failed mallopt would leave the job faulting its pages in).
    #expect(FreedMemory.keepForReuse(environment: ["GLIBC_TUNABLES": "glibc.pthread.rseq=0"]))
    #expect(FreedMemory.keepForReuse(environment: [:]))
    #else
    // Apple platforms' malloc has no such settings: nothing is made.
    #expect(!FreedMemory.keepForReuse(environment: [:]))
    #endif
  }
}
