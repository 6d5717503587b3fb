import Foundation
import PlannerCore

/// Helpers shared by the vocabulary commands (words, stats, remind).
enum VocabularyCLI {
  static func date(_ t: EventTime) -> Date { Date(timeIntervalSince1970: Double(t.epochMillis) / 1000) }
}
