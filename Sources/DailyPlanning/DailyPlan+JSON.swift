import Foundation
import PlannerCore

extension DailyPlan {
  /// The plan as JSON: keys sorted, two-space indentation, a final newline; the same plan gives
  /// the same bytes in every process (`planner today --format json` and `plans/DATE.json`).
  public func jsonBytes() -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    // Every field is a plain value: encoding cannot fail.
    var bytes = [UInt8]((try? encoder.encode(self)) ?? Data("{}".utf8))
    bytes.append(0x0A)
    return bytes
  }

  /// Reads a plan written by ``jsonBytes()`` (or an older version: missing optional keys take
  /// their defaults).
  public static func decode(_ data: Data, file: String) throws(PlanEngineError) -> DailyPlan {
    do { return try JSONDecoder().decode(DailyPlan.self, from: data) } catch {
      throw .malformed(file: file, line: nil, keyPath: nil, expected: "a daily plan (docs/plans.md): \(error)")
    }
  }
}
