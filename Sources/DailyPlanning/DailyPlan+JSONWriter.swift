import Hifz
import PlannerCore
import Vocabulary

// Each plan type writes its members in byte order of their keys, the optional ones only when
// present: the bytes `JSONEncoder` gives for the `Codable` conformances in DailyPlan.swift
// (`.sortedKeys, .prettyPrinted, .withoutEscapingSlashes`), checked by PlanJSONWriterTests.
// A key added to a type must be added here too, in its sorted place (the tests' plan with every
// optional set fails otherwise).

extension DailyPlan {
  func write(to w: inout PlanJSONWriter) {
    w.beginObject()
    if let audio { w.key("audio"); audio.write(to: &w) }
    w.key("budget"); budget.write(to: &w)
    w.member("date", date.description)
    w.key("forecast"); forecast.write(to: &w)
    w.member("learner", learner)
    w.member("locale", locale)
    w.key("notes"); w.beginArray()
    for n in notes { w.element(); n.write(to: &w) }
    w.endArray()
    w.key("parameters"); parameters.write(to: &w)
    w.key("reminders"); w.beginArray()
    for r in reminders { w.element(); r.write(to: &w) }
    w.endArray()
    w.key("sections"); w.beginArray()
    for s in sections { w.element(); s.write(to: &w) }
    w.endArray()
    w.member("summary", summary)
    w.key("totals"); totals.write(to: &w)
    w.member("version", version)
    w.endObject()
  }
}

extension DailyPlanBudget {
  func write(to w: inout PlanJSONWriter) {
    w.beginObject()
    w.member("completion", completion)
    w.member("factor", factor)
    w.member("minutes", minutes)
    w.member("profileMinutes", profileMinutes)
    w.member("seconds", seconds)
    w.member("weekday", weekday)
    w.endObject()
  }
}

extension DailyPlanSection {
  func write(to w: inout PlanJSONWriter) {
    w.beginObject()
    w.key("items"); w.beginArray()
    for item in items { w.element(); item.write(to: &w) }
    w.endArray()
    w.member("kind", kind.rawValue)
    w.member("seconds", seconds)
    w.endObject()
  }
}

extension DailyPlanItem {
  func write(to w: inout PlanJSONWriter) {
    w.beginObject()
    w.member("direction", direction?.rawValue)
    w.member("english", english)
    w.member("estimatedSeconds", estimatedSeconds)
    w.member("id", id)
    w.member("lines", lines)
    w.member("optional", optional)
    w.member("overBudget", overBudget)
    if let ranges { w.key("ranges"); w.ranges(ranges) }
    w.key("reason"); reason.write(to: &w)
    w.member("translations", translations)
    w.member("unit", unit)
    w.member("units", units)
    w.member("watch", watch)
    w.member("weakUnits", weakUnits)
    w.endObject()
  }
}

extension DailyPlanReason {
  func write(to w: inout PlanJSONWriter) {
    w.beginObject()
    w.member("code", code.rawValue)
    w.member("date", date?.description)
    w.member("days", days)
    w.member("lastGrade", lastGrade)
    w.member("leech", leech)
    w.member("mistakes", mistakes)
    w.member("popularity", popularity)
    w.member("retrievability", retrievability)
    w.member("text", text)
    w.endObject()
  }
}

extension DailyPlanTotals {
  func write(to w: inout PlanJSONWriter) {
    w.beginObject()
    w.member("deferredItems", deferredItems)
    w.member("deferredSeconds", deferredSeconds)
    w.member("items", items)
    w.member("seconds", seconds)
    w.endObject()
  }
}

extension DailyPlanReminder {
  func write(to w: inout PlanJSONWriter) {
    w.beginObject()
    w.member("actions", actions)
    w.member("at", at)
    w.member("english", english)
    w.member("localTime", localTime)
    w.member("mode", mode)
    w.member("text", text)
    w.endObject()
  }
}

extension QuranAudioManifest {
  func write(to w: inout PlanJSONWriter) {
    w.beginObject()
    w.key("files"); w.beginArray()
    for k in files.indices {  // (by index: `for f in` copied each file, its URL retained)
      w.element()
      w.beginObject()
      w.key("ayah"); w.joined(files[k].ayah.surah, ":", files[k].ayah.ayah)  // (its description, not made as a string)
      w.member("basmala", files[k].basmala)
      w.member("item", files[k].item)
      w.key("url"); files[k].withURL { w.string(utf8: $0) }  // (spelled into the plan, no string made)
      w.endObject()
    }
    w.endArray()
    w.member("reciter", reciter)
    w.member("template", template)
    w.endObject()
  }
}

extension DailyPlanForecast {
  func write(to w: inout PlanJSONWriter) {
    w.beginObject()
    w.member("backlogMinutes", backlogMinutes)
    w.member("catchUpDate", catchUpDate?.description)
    w.member("caughtUp", caughtUp)
    w.member("clears", clears)
    w.member("goalDate", goalDate?.description)
    w.member("linesPerDay", linesPerDay)
    w.member("pacePriorDays", pacePriorDays)
    w.member("paceWindowDays", paceWindowDays)
    w.member("proposedCycleDays", proposedCycleDays)
    w.member("proposedMinutes", proposedMinutes)
    w.member("requiredLinesPerDay", requiredLinesPerDay)
    w.member("targetDate", targetDate?.description)
    w.member("targetReachable", targetReachable)
    w.endObject()
  }
}

extension DailyPlanNote {
  func write(to w: inout PlanJSONWriter) {
    w.beginObject()
    w.member("code", code.rawValue)
    if let quran { w.key("quran"); quran.write(to: &w) }
    w.member("text", text)
    w.endObject()
  }
}

extension QuranPlanNote {
  func write(to w: inout PlanJSONWriter) {
    w.beginObject()
    w.member("code", code.rawValue)
    w.member("count", count)
    w.member("date", date?.description)
    w.member("days", days)
    w.member("earnedLines", earnedLines)
    w.member("limitSeconds", limitSeconds)
    w.member("lines", lines)
    w.member("proposedCycleDays", proposedCycleDays)
    w.member("proposedMinutes", proposedMinutes)
    if let ranges { w.key("ranges"); w.ranges(ranges) }
    w.member("rotation", rotation?.rawValue)
    w.member("seconds", seconds)
    w.member("targetDate", targetDate?.description)
    w.member("total", total)
    w.endObject()
  }
}

extension DailyPlanParameters {
  func write(to w: inout PlanJSONWriter) {
    w.beginObject()
    w.member("reviews", reviews)
    w.member("source", source)
    w.endObject()
  }
}

extension PlanJSONWriter {
  /// Ayah ranges in their canonical text (`78:1-16`), as their `Codable` conformance writes them.
  mutating func ranges(_ list: [AyahRange]) {
    beginArray()
    for r in list { element(); string(r.description) }
    endArray()
  }
}
