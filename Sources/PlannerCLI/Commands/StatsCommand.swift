import Foundation
import DailyPlanning
import LearnerStore
import PlannerCore
import Vocabulary

/// `planner stats DIR [--date D] [--format text|json]`: the number of words, the most popular
/// one, and what the memory model adds (due today, well known, average recall, the words that
/// need practice most).
enum StatsCommand: PlannerCommand {
  static let spec = CommandSpec(
    name: "stats",
    abstract: "Show vocabulary statistics: word count, most popular word, due and well-known words.",
    arguments: [
      .positional(.DIR, help: "The learner's folder.")
    ] + DateOption.arguments + FormatOption.arguments)

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
    let dir = context.path(try arguments.require(.DIR))
    let format = try FormatOption(arguments)
    let date = try DateOption(arguments).date
    // The state `today` plans on (parameters in force), so the due count agrees with the plan.
    let learner = try LearnerDailyPlanner.load(dir)
    let clock = try learner.vocabularyClock()
    let day = date ?? clock.learningDay(of: context.now)
    let stats = VocabularyStats.compute(
      words: learner.vocabularyWords, day: day, clock: clock, model: learner.memoryModel,
      desiredRetention: learner.vocabularyRetention)
    if format.isJSON {
      context.stdout.write(JSONOutput.document(Output(version: 1, stats: stats)))
      return 0
    }
    var text = "Vocabulary on \(day)\n"
    text += "  words: \(stats.totalWords) (\(stats.newWords) not yet reviewed)\n"
    if let top = stats.mostPopular {
      text += "  most popular: \(top) (popularity \(stats.mostPopularCount))\n"
    } else {
      text += "  most popular: none (every word is at popularity 0)\n"
    }
    text += "  due today: \(stats.dueToday)\n"
    text += "  well known (recall ≥ \(Int((learner.profile.retention.vocabulary * 100).rounded()))%): \(stats.wellKnown)\n"
    if let r = stats.averageRecall { text += "  average recall: \(Int((r * 100).rounded()))%\n" }
    if !stats.needMostPractice.isEmpty { text += "  need practice most: \(stats.needMostPractice.joined(separator: ", "))\n" }
    if !stats.leeches.isEmpty {
      text += "  leeches (failed again and again; relearn or suspend): \(stats.leeches.joined(separator: ", "))\n"
    }
    if stats.suspended > 0 { text += "  suspended: \(stats.suspended)\n" }
    context.stdout.write(text)
    return 0
  }

  struct Output: Encodable {
    var version: Int
    var stats: VocabularyStats
  }
}
