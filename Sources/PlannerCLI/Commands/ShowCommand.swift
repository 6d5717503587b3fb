import Foundation
import DailyPlanning
import Hifz
import LearnerStore
import MemoryModels
import PlannerCore
import Vocabulary

/// `planner show DIR [--format text|json]`: the learner's derived state, summarised.
enum ShowCommand: PlannerCommand {
  static let spec = CommandSpec(
    name: "show",
    abstract: "Show a learner's derived state: memory per item, popularity, habits.",
    discussion: "Loads the learner (snapshot + newer events, or a full replay) and refreshes the snapshot.",
    arguments: [
      .positional(.DIR, help: "The learner folder.")
    ] + FormatOption.arguments)

  struct Row {
    var key: String
    var item: ItemState
    var elapsedDays: Int?
    var retrievability: Double?
  }

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
    let dir = context.path(try arguments.require(.DIR))
    let format = try FormatOption(arguments)
    // The state `today` plans on (parameters in force): words show the recall and due rule of
    // the plan (VocabularyPriority), as `words` and `stats` do.
    let loaded = try LearnerDailyPlanner.load(dir)
    let learner = loaded.learner
    if let torn = learner.torn {
      context.stderr.write(Warning.tornLine(line: torn.line, bytes: torn.bytes.count))
    }
    let p = learner.profile
    let s = learner.state
    let fsrs = FSRS6(parameters: FSRSParameters(uncheckedWeights: p.parameters))
    var clock = LearningDayClock(profile: p)
    let today = clock.day(atMillis: Int64((context.now.timeIntervalSince1970 * 1000).rounded(.down)))
    let vocabularyClock = try loaded.vocabularyClock()
    var wordByKey: [String: VocabularyWord] = [:]
    for w in loaded.vocabularyWords { wordByKey[ItemKey.word(w.english)] = w }
    let rows = s.sortedKeys.map { key -> Row in
      let item = s.items[key]!
      let t = item.lastDay.map { max(0, today - $0) }
      let r: Double?
      if let w = wordByKey[key] {
        r = VocabularyPriority.recall(w, on: EpochDay(today), clock: vocabularyClock, model: fsrs)
      } else {
        r = item.memory.flatMap { m in t.map { fsrs.retrievability(elapsedDays: Double($0), stability: m.stability) } }
      }
      return Row(key: key, item: item, elapsedDays: t, retrievability: r)
    }
    let pages = rows.filter { ReviewUnitID($0.key) != nil }
    let words = rows.filter { $0.item.word.map { !$0.deleted } ?? false }
    let deleted = rows.filter { $0.item.word?.deleted ?? false }.count
    // Due as the Quran planner counts it (what `today` revises or defers), not R alone.
    let pagesDue = try LearnerDailyPlanner(now: context.now).quranUnitsDue(loaded, date: EpochDay(today))
    let wordsDue = loaded.vocabularyWords.filter {
      !$0.suspended && VocabularyPriority.isDue($0, on: EpochDay(today), clock: vocabularyClock, model: fsrs, desiredRetention: p.retention.vocabulary)
    }.count
    let popular = words.filter { $0.item.popularity > 0 }
      .sorted { ($0.item.popularity, $1.key) > ($1.item.popularity, $0.key) }
    let latest = s.latestEventMillis.map { ms -> String in
      EventTime(epochMillis: ms, offsetSeconds: clock.offsetSeconds(atMillis: ms)).text
    }
    if format.isJSON {
      context.stdout.write(JSONOutput.document(json(learner, rows: rows, today: today, latest: latest, pagesDue: pagesDue, wordsDue: wordsDue)))
      return ExitCode.success
    }
    var out = "learner \(p.id)\(p.name.map { " (\($0))" } ?? ""): \(p.timezone), day starts at \(p.dayStartHour < 10 ? "0" : "")\(p.dayStartHour):00, locale \(p.locale.rawValue), \(p.dailyMinutes) min/day\n"
    out += "history: \(s.eventCount) event\(s.eventCount == 1 ? "" : "s")\(latest.map { ", latest \($0)" } ?? "")\n"
    let meanS = pages.compactMap(\.item.memory?.stability).reduce(0, +) / Double(max(1, pages.count))
    out += "quran: \(pages.count) review unit\(pages.count == 1 ? "" : "s"), \(pagesDue) due today\(p.quran.goal == nil ? " (no Quran goal set: today plans none)" : "")"
    out += pages.isEmpty ? "\n" : ", mean stability \(fixed(meanS, 1)) days\n"
    out += "vocabulary: \(words.count) word\(words.count == 1 ? "" : "s")\(deleted > 0 ? " (\(deleted) deleted)" : ""), \(wordsDue) due (R < \(p.retention.vocabulary))"
    if let top = popular.first { out += ", most popular: \(top.item.word!.english) (\(top.item.popularity))" }
    out += "\n"
    let h = s.habits
    var habits: [String] = []
    if let x = h.secondsPerLine { habits.append("\(fixed(x, 1)) s per mushaf line") }
    if let x = h.secondsPerVocabularyReview { habits.append("\(fixed(x, 1)) s per vocabulary review") }
    if let x = h.planCompletion { habits.append("plan completion \(Int((x * 100).rounded()))%") }
    if let peak = h.practiceHours.indices.max(by: { (h.practiceHours[$0], $1) < (h.practiceHours[$1], $0) }), h.practiceHours[peak] > 0 {
      habits.append("practises most at \(peak < 10 ? "0" : "")\(peak):00")
    }
    habits.append("\(h.activeDays) active day\(h.activeDays == 1 ? "" : "s")")
    out += "habits: " + habits.joined(separator: ", ") + "\n"
    let weakest = rows.filter { $0.retrievability != nil && ($0.item.word.map { !$0.deleted } ?? true) }
      .sorted { ($0.retrievability!, $0.key) < ($1.retrievability!, $1.key) }.prefix(5)
    if !weakest.isEmpty {
      out += "most at risk now:\n"
      for r in weakest {
        let name = r.item.word?.english ?? "\(r.key.hasPrefix("s") ? "surah" : "page") \(r.key.dropFirst())"
        out += "  \(name): R \(fixed(r.retrievability!, 3)), S \(fixed(r.item.memory!.stability, 1)) d, last \(r.elapsedDays!) day\(r.elapsedDays == 1 ? "" : "s") ago\n"
      }
    }
    context.stdout.write(out)
    return ExitCode.success
  }

  static func fixed(_ x: Double, _ digits: Int) -> String {
    let scale = pow(10, Double(digits))
    let v = (x * scale).rounded() / scale
    var s = String(v)
    if let dot = s.firstIndex(of: "."), s.distance(from: dot, to: s.endIndex) - 1 < digits {
      s += String(repeating: "0", count: digits - (s.distance(from: dot, to: s.endIndex) - 1))
    }
    return s
  }

  static func json(_ learner: Learner, rows: [Row], today: Int, latest: String?, pagesDue: Int, wordsDue: Int) -> JSONNode {
    let p = learner.profile
    let s = learner.state
    func num(_ x: Int) -> JSONNode { .number(Double(x)) }
    var o = JSONObject()
    o["version"] = num(1)
    o["learner"] = .object(JSONObject([
      "id": .string(p.id), "timezone": .string(p.timezone), "dayStartHour": num(p.dayStartHour),
      "locale": .string(p.locale.rawValue), "dailyMinutes": num(p.dailyMinutes),
      "learningDay": .string(EpochDay(today).description),
    ]))
    var byType = JSONObject()
    for k in s.eventsByType.keys.sorted() { byType[k] = num(s.eventsByType[k]!) }
    o["events"] = .object(JSONObject([
      "count": num(s.eventCount), "latest": latest.map(JSONNode.string) ?? .null, "byType": .object(byType),
      "tornLine": learner.torn.map { num($0.line) } ?? .null,
    ]))
    let h = s.habits
    o["habits"] = .object(JSONObject([
      "secondsPerLine": h.secondsPerLine.map(JSONNode.number) ?? .null,
      "secondsPerVocabularyReview": h.secondsPerVocabularyReview.map(JSONNode.number) ?? .null,
      "planCompletion": h.planCompletion.map(JSONNode.number) ?? .null,
      "practiceHours": .array(h.practiceHours.map(num)),
      "activeDays": num(h.activeDays),
      "plansOpened": num(h.plansOpened), "planItemsDone": num(h.planItemsDone), "planItemsSkipped": num(h.planItemsSkipped),
      "remindersShown": num(h.remindersShown), "remindersActed": num(h.remindersActed),
    ]))
    o["due"] = .object(JSONObject(["quranPages": num(pagesDue), "words": num(wordsDue)]))
    o["items"] = .array(rows.map { r in
      var i = JSONObject()
      i["key"] = .string(r.key)
      if let w = r.item.word {
        i["english"] = .string(w.english)
        i["ukrainian"] = .array(w.ukrainian.map(JSONNode.string))
        if w.deleted { i["deleted"] = .bool(true) }
      }
      i["stability"] = r.item.memory.map { .number($0.stability) } ?? .null
      i["difficulty"] = r.item.memory.map { .number($0.difficulty) } ?? .null
      i["retrievability"] = r.retrievability.map(JSONNode.number) ?? .null
      i["lastReview"] = r.item.lastReviewMillis.map { .string(EventTime(epochMillis: $0, offsetSeconds: 0).text) } ?? .null
      i["elapsedDays"] = r.elapsedDays.map(num) ?? .null
      i["reviews"] = num(r.item.reviews)
      i["reviewDays"] = num(r.item.reviewDays)
      i["lapses"] = num(r.item.lapses)
      if r.item.word != nil {
        i["popularity"] = num(r.item.popularity)
        i["lookups"] = num(r.item.lookups)
        i["quizzes"] = num(r.item.quizzes)
      } else {
        i["mistakes"] = num(r.item.mistakes)
      }
      return .object(i)
    })
    return .object(o)
  }
}
