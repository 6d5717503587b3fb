import Testing
@testable import MemoryModels

@Suite("MemoryModelsError")
struct MemoryModelsErrorTests {
  @Test("MemoryModelsError points at the parameter")
  func keyPaths() {
    #expect(MemoryModelsError.parameterOutOfBounds(index: 7, value: 1, lower: 0, upper: 0.75).keyPath == "parameters[7]")
    #expect(MemoryModelsError.parameterCount(3).keyPath == "parameters")
    #expect(MemoryModelsError.malformedParameterFile(keyPath: "version", expected: "1").keyPath == "version")
    #expect(MemoryModelsError.invalidRating(0).keyPath == nil)
  }
}
