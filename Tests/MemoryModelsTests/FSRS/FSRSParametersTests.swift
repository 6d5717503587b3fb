import Foundation
import Testing
@testable import MemoryModels

@Suite("FSRS parameters: validation and migration")
struct FSRSParametersTests {
  static let defaults = FSRSParameters.defaults.weights
  /// FSRS-4.5's default vector (the last one shipped with 17 weights).
  static let fsrs45: [Double] = [
    0.4872, 1.4003, 3.7145, 13.8206, 5.1618, 1.2298, 0.8975, 0.031, 1.6474, 0.1367, 1.0461,
    2.1072, 0.0793, 0.3246, 1.587, 0.2272, 2.8755,
  ]

  @Test("the defaults are inside their own bounds")
  func defaultsValidate() throws {
    #expect(try FSRSParameters(validating: Self.defaults) == .defaults)
    #expect(FSRSParameters.bounds.count == 21)
  }

  @Test("19 values (FSRS-5): w19 = 0 and w20 = 0.5 appended, nothing else changes")
  func migrate19() throws {
    let (p, m) = try FSRSParameters.migrating(Array(Self.defaults.prefix(19)))
    #expect(p.weights == Array(Self.defaults.prefix(19)) + [0, 0.5])
    #expect(m.originalCount == 19)
    #expect(m.clippedIndices.isEmpty)
    #expect(!m.isNoOp)
    #expect(m.note == "migrated 19 FSRS-5 parameters to FSRS-6 (w19 = 0, w20 = 0.5)")
  }

  @Test("17 values (FSRS-4.5): w4 + 2·w5, ln(1 + 3·w5)/3, w6 + 0.5, then 0, 0, 0, 0.5")
  func migrate17() throws {
    let (p, m) = try FSRSParameters.migrating(Self.fsrs45)
    let w = p.weights
    #expect(w.count == 21)
    // Expected values computed independently (Python, float64).
    #expect(Swift.abs(w[4] - 7.6214) < 1e-12)
    #expect(Swift.abs(w[5] - 0.5151015475014994) < 1e-15)
    #expect(Swift.abs(w[6] - 1.3975) < 1e-12)
    #expect(Array(w[17...]) == [0, 0, 0, 0.5])
    for i in [0, 1, 2, 3, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16] { #expect(w[i] == Self.fsrs45[i], "w\(i)") }
    #expect(m.originalCount == 17 && m.clippedIndices.isEmpty)
  }

  @Test("migration clips into the bounds, as fsrs-rs does, and says which")
  func migrationClips() throws {
    var v = Self.fsrs45
    v[4] = 9  // 9 + 2·1.2298 > 10
    v[0] = 250  // above 100
    let (p, m) = try FSRSParameters.migrating(v)
    #expect(p.weights[4] == 10)
    #expect(p.weights[0] == 100)
    #expect(m.clippedIndices == [0, 4])
    #expect(m.note?.hasSuffix("clipped w0, w4 into their bounds") == true)
  }

  @Test("21 values are validated, not clipped: every index is named when out of bounds", arguments: 0..<21)
  func outOfBoundsNamesIndex(index: Int) {
    let b = FSRSParameters.bounds[index]
    for bad in [b.upperBound + 0.5, b.lowerBound - 0.5] {
      var v = Self.defaults
      v[index] = bad
      #expect(throws: MemoryModelsError.parameterOutOfBounds(index: index, value: bad, lower: b.lowerBound, upper: b.upperBound)) {
        try FSRSParameters(validating: v)
      }
      #expect(throws: MemoryModelsError.parameterOutOfBounds(index: index, value: bad, lower: b.lowerBound, upper: b.upperBound)) {
        try FSRSParameters.migrating(v)
      }
    }
  }

  @Test("the bounds themselves are accepted")
  func boundsInclusive() throws {
    _ = try FSRSParameters(validating: FSRSParameters.bounds.map(\.lowerBound))
    _ = try FSRSParameters(validating: FSRSParameters.bounds.map(\.upperBound))
  }

  @Test("any length but 17, 19, 21 or 22 (the weights and the recall bias) is an error", arguments: [0, 1, 16, 18, 20, 23, 40])
  func wrongLength(count: Int) {
    let v = Array(repeating: 1.0, count: count)
    #expect(throws: MemoryModelsError.parameterCount(count)) { try FSRSParameters.migrating(v) }
    #expect(throws: MemoryModelsError.parameterCount(count)) { try FSRSParameters(validating: v) }
  }

  @Test("NaN and infinities are rejected at their index, in every length", arguments: [Double.nan, .infinity, -.infinity])
  func notFinite(value: Double) {
    for (count, index) in [(21, 9), (19, 3), (17, 16)] {
      var v = Array(Self.defaults.prefix(count))
      if count == 17 { v = Self.fsrs45 }
      v[index] = value
      #expect(throws: MemoryModelsError.parameterNotFinite(index: index)) { try FSRSParameters.migrating(v) }
    }
    #expect(MemoryModelsError.parameterNotFinite(index: 9).description.contains("w9"))
  }

  @Test("the error text names the parameter, its value and its bounds")
  func errorText() {
    let e = MemoryModelsError.parameterOutOfBounds(index: 7, value: 0.8, lower: 0.001, upper: 0.75)
    #expect(e.description == "parameter w7 = 0.8 is outside its bounds [0.001, 0.75]")
  }

  @Test("Codable as a bare array of 21; decoding validates")
  func codable() throws {
    let data = try JSONEncoder().encode(FSRSParameters.defaults)
    #expect(try JSONDecoder().decode(FSRSParameters.self, from: data) == .defaults)
    var v = Self.defaults
    v[7] = 0.8
    let bad = try JSONEncoder().encode(v)
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(FSRSParameters.self, from: bad) }
    do {
      _ = try JSONDecoder().decode(FSRSParameters.self, from: bad)
    } catch let DecodingError.dataCorrupted(context) {
      #expect(context.debugDescription.contains("w7"))
    }
  }

  @Test("clipped() projects any vector into the bounds (NaN to the lower bound)")
  func clipped() {
    var v = Self.defaults
    v[0] = -1
    v[16] = 7
    v[20] = .nan
    let p = FSRSParameters.clipped(v)
    #expect(p.weights[0] == 0.001 && p.weights[16] == 6 && p.weights[20] == 0.1)
    #expect(p.weights[1] == v[1])
  }
}
