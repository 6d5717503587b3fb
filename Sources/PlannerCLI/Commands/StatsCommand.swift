import Foundation
import DailyPlanning
import LearnerStore
import Localization
import PlannerCore
import Vocabulary

/// `planner stats DIR [--date D] [--format text|json] [--locale L]`: the number of words, the most popular
/// one, and what the memory model adds (due today, well known, average recall, the words that
/// need practice most).
enum StatsCommand: PlannerCommand {
  static let spec = CommandSpec(
    name: "stats",
    abstract: "Show vocabulary statistics: word count, most popular word, due and well-known words.",
    arguments: [
      .positional(.DIR, help: "The learner's folder.")
    ] + DateOption.arguments + FormatOption.arguments + LocaleOption.arguments)

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
    let dir = context.path(try arguments.require(.DIR))
    let format = try FormatOption(arguments)
    let date = try DateOption(arguments).date
    let locale = try LocaleOption(arguments).locale
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
    let l = Localizer(locale: locale ?? learner.profile.locale)
    let c = day.civil
    var lines = [l.string(.statsTitle, ["date": .date(year: c.year, month: c.month, day: c.day)])]
    lines.append(l.string(.statsWords, ["total": .integer(stats.totalWords), "new": .integer(stats.newWords)]))
    if let top = stats.mostPopular {
      lines.append(l.string(.statsMostPopular, ["word": .text(top), "value": .integer(stats.mostPopularCount)]))
    } else {
      lines.append(l.string(.statsMostPopularNone, ["value": .integer(0)]))
    }
    lines.append(l.string(.statsDueToday, ["value": .integer(stats.dueToday)]))
    lines.append(l.string(.statsWellKnown, [
      "percent": .percent(Int((learner.profile.retention.vocabulary * 100).rounded())), "value": .integer(stats.wellKnown),
    ]))
    if let r = stats.averageRecall { lines.append(l.string(.statsAverageRecall, ["percent": .percent(Int((r * 100).rounded()))])) }
    if !stats.needMostPractice.isEmpty {
      lines.append(l.string(.statsNeedPractice, ["words": .text(stats.needMostPractice.joined(separator: ", "))]))
    }
    if !stats.leeches.isEmpty { lines.append(l.string(.statsLeeches, ["words": .text(stats.leeches.joined(separator: ", "))])) }
    if stats.suspended > 0 { lines.append(l.string(.statsSuspended, ["value": .integer(stats.suspended)])) }
    let text = lines.first! + "\n" + lines.dropFirst().map { "  " + $0 + "\n" }.joined()
    context.stdout.write(text)
    return 0
  }

  struct Output: Encodable {
    var version: Int
    var stats: VocabularyStats
  }
}
