import Foundation
@testable import DailyPlanning
import Hifz
import LearnerStore
import Localization
import PlannerCore
import Testing
import TestSupport
import Vocabulary

/// The plan's hand-written JSON (`PlanJSONWriter`, what `today --format json` and `nightly`
/// write) is byte for byte what `JSONEncoder` gives for the `Codable` conformance with sorted
/// keys, pretty printing and unescaped slashes (``DailyPlan/codableJSONBytes()``): key order,
/// indentation, empty lists, number formatting and string escaping.
@Suite("Daily plan: the hand-written JSON is JSONEncoder's bytes")
struct PlanJSONWriterTests {
  static func expectSameBytes(_ plan: DailyPlan, _ label: String) {
    // The writer itself, not `jsonBytes()`'s fallback to the encoder.
    var writer = PlanJSONWriter(capacity: 0)
    plan.write(to: &writer)
    #expect(!writer.failed, "\(label)")
    let written = writer.bytes + [0x0A], encoded = plan.codableJSONBytes()
    let same = written == encoded, shipped = plan.jsonBytes() == written  // Bools: a failure prints the place, not the bytes
    #expect(same, "\(label): \(firstDifference(written, encoded))")
    #expect(shipped, "\(label)")
  }

  /// Where two outputs first differ, with some context of each.
  static func firstDifference(_ a: [UInt8], _ b: [UInt8]) -> String {
    let i = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
    let from = max(0, i - 80)
    return "at byte \(i): written …\(String(decoding: a[from..<min(a.count, i + 40)], as: UTF8.self))… encoder …\(String(decoding: b[from..<min(b.count, i + 40)], as: UTF8.self))…"
  }

  @Test("the demo learner, on every day of six weeks around its date, forward and reverse cards")
  func demo() throws {
    let demo = try DemoLearner.load()
    var checked = 0
    for offset in -35...7 {
      let day = DemoLearner.day.advanced(by: offset)
      let plan = try DailyPlanner.plan(profile: demo.profile, state: demo.state, events: demo.events, date: day)
      Self.expectSameBytes(plan, "demo \(day)")
      Self.expectSameBytes(plan.withCardDirections(.both, on: day), "demo \(day), both card directions")
      #expect(try DailyPlan.decode(Data(plan.jsonBytes()), file: "plan.json") == plan)
      checked += 1
    }
    #expect(checked == 43)
  }

  @Test("seeded random histories (all tiers, plan outcomes, reminders), several dates and locales",
        arguments: [11, 12, 13, 14, 15, 16] as [UInt64])
  func randomHistories(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    let events = RandomLearner.events(count: 500, rng: &rng, startDay: 0)
    let profile = PlanFromStateTests.demoProfile
    let state = LearnerFold.replay(profile: profile, events: events)
    var items = 0
    for (k, date) in ["2026-01-01", "2026-09-21", "2026-09-22", "2026-10-10", "2026-12-01"].enumerated() {
      let day = try EpochDay(parsing: date)
      let locale: PlanLocale? = [nil, .arabic, .ukrainian][k % 3]
      let plan = try DailyPlanner.plan(profile: profile, state: state, events: events, date: day, locale: locale)
      items += plan.items.count
      Self.expectSameBytes(plan, "seed \(seed) \(date)")
    }
    #expect(items > 0)
  }

  /// Every optional member present (so every key is written in its sorted place), strings with
  /// every character class JSON treats apart, numbers of every form `Double.description` has.
  static func everyField() throws -> DailyPlan {
    let demo = try DemoLearner.load()
    var plan = try DailyPlanner.plan(profile: demo.profile, state: demo.state, events: demo.events, date: DemoLearner.day)
    var controls = ""
    for v in 0..<0x20 { controls.unicodeScalars.append(UnicodeScalar(UInt8(v))) }
    let tricky = "quote \" backslash \\ slash / tab\t" + controls + " \u{7F} é Ї ٣ \u{2028}\u{2029} \u{FEFF} 😀 end"
    let range = try AyahRange(parsing: "78:1-16")
    plan.learner = tricky
    plan.summary = tricky
    plan.budget.completion = 0.30000000000000004
    plan.budget.minutes = 1e-7
    plan.budget.factor = -0.0
    plan.audio = QuranAudioManifest(reciter: "Alafasy/128", template: "https://x.test/{surah}/{ayah}.mp3", files: [
      QuranAudioFile(item: 0, ayah: try AyahRef(parsing: "1:1"), url: "https://x.test/001001.mp3", basmala: true),
      QuranAudioFile(item: 1, ayah: try AyahRef(parsing: "78:2"), url: "https://x.test/078002.mp3"),
    ] + AudioURLSpelling(template: try AudioURLTemplate(parsing: "https://x.test/\"\\\t/{reciter}/{surah:03}{ayah:03}.mp3"),
                         reciter: "Alafasy/128").files(item: 2, ranges: [try AyahRange(parsing: "78:40-79:1")]))
    plan.forecast = DailyPlanForecast(
      catchUpDate: EpochDay(20_000), caughtUp: false, goalDate: EpochDay(21_000), targetDate: EpochDay(22_000),
      targetReachable: false, backlogMinutes: 12, clears: false, proposedMinutes: 45, proposedCycleDays: 9,
      linesPerDay: 2.5, paceWindowDays: 14, pacePriorDays: 3, requiredLinesPerDay: 1e16)
    plan.parameters = DailyPlanParameters(source: "fitted", reviews: 1200)
    plan.notes = [
      DailyPlanNote(code: .planShortened, text: tricky),
      DailyPlanNote(code: .quran(.cycleDoesNotFit), text: "n", quran: QuranPlanNote(
        code: .cycleDoesNotFit, count: 3, total: 4, seconds: 600, limitSeconds: 300, lines: 15.0, earnedLines: 7.5, days: 2,
        date: EpochDay(19_000), targetDate: EpochDay(19_500), proposedCycleDays: 10, proposedMinutes: 30,
        rotation: .sevenManzils, ranges: [range])),
    ]
    plan.reminders = [DailyPlanReminder(at: "2026-11-30T09:00:00+02:00", localTime: "09:00", english: tricky, mode: "hint",
                                        text: "t", actions: ["done", "snooze"])]
    let reason = DailyPlanReason(
      code: .vocabulary(.due), text: tricky, retrievability: 0.123456789, days: 3, popularity: 42,
      date: EpochDay(19_999), mistakes: 2, lastGrade: 3, leech: true)
    let full = DailyPlanItem(
      id: "word:\(tricky)", ranges: [range, try AyahRange(parsing: "78:38-79:5")], unit: "p582", lines: 123456.789,
      english: tricky, translations: [tricky, "слово"], direction: .reverse, estimatedSeconds: -5, reason: reason,
      overBudget: true, units: ["p582", "p583"], weakUnits: ["p583"], optional: false, watch: ["78:5", "78:9"])
    let bare = DailyPlanItem(
      id: "quran:old:p1", ranges: nil, unit: nil, lines: nil, english: nil, translations: [], direction: nil,
      estimatedSeconds: 0, reason: DailyPlanReason(code: .quran(.due), text: ""), overBudget: false)
    plan.sections = [DailyPlanSection(kind: .vocabularyReviews, items: [full, bare], seconds: Int.max),
                     DailyPlanSection(kind: .quranOldRevision, items: [], seconds: Int.min)]
    return plan
  }

  @Test("every optional key, tricky strings and numbers, empty lists")
  func everyOptionalKey() throws {
    let plan = try Self.everyField()
    Self.expectSameBytes(plan, "every field")
    let text = String(decoding: plan.jsonBytes(), as: UTF8.self)
    // The plan really has what this test claims to cover.
    for key in ["\"audio\"", "\"basmala\"", "\"template\"", "\"completion\"", "\"backlogMinutes\"", "\"pacePriorDays\"",
                "\"quran\"", "\"rotation\"", "\"earnedLines\"", "\"direction\"", "\"weakUnits\"", "\"watch\"",
                "\"leech\"", "\"lastGrade\"", "\"reviews\"", "\\u001f", "\\b", "\\\\", "\\\"", "1e-07", "1e+16", "-0,"] {
      #expect(text.contains(key), "\(key)")
    }
    #expect(text.contains("[\n\n"), "an empty list")
    #expect(try DailyPlan.decode(Data(plan.jsonBytes()), file: "plan.json") == plan)
  }

  @Test("doubles of every shape give JSONEncoder's digits", arguments: [
    0.0, 1.0, -1.0, 0.1, 0.5, 2.5e-5, 1e-4, 0.001, 1.5, 100.0, 999_999_999_999_999.0, 1e15, 1e16, 3e16,
    123_456_789_012_345_680_000.0, 1.7976931348623157e308, Double.leastNonzeroMagnitude, 2.2250738585072014e-308, -123.456, 36500.0,
  ] as [Double])
  func doubles(value: Double) throws {
    var plan = try Self.everyField()
    plan.budget.minutes = value
    plan.sections[0].items[0].lines = -value
    plan.sections[0].items[0].reason.retrievability = value / 3
    Self.expectSameBytes(plan, "\(value)")
  }

  @Test("a number that is not finite: the same fallback as JSONEncoder (which cannot encode it)")
  func nonFinite() throws {
    var plan = try Self.everyField()
    plan.budget.minutes = .nan
    #expect(plan.jsonBytes() == Array("{}\n".utf8))
    plan.budget.minutes = .infinity
    #expect(plan.jsonBytes() == plan.codableJSONBytes())
  }

  @Test("seeded random strings of code points: the same escaping")
  func randomStrings() throws {
    var rng = SplitMix64(seed: 99)
    var plan = try Self.everyField()
    let pool: [ClosedRange<UInt32>] = [0...0x7F, 0x80...0x7FF, 0x800...0xD7FF, 0xE000...0xFFFF, 0x10000...0x10FFFF]
    for round in 0..<200 {
      var s = ""
      for _ in 0..<Int.random(in: 0...24, using: &rng) {
        let r = pool[Int.random(in: 0..<pool.count, using: &rng)]
        s.unicodeScalars.append(UnicodeScalar(UInt32.random(in: r, using: &rng))!)
      }
      plan.summary = s
      plan.sections[0].items[0].translations = [s, String(s.reversed())]
      Self.expectSameBytes(plan, "round \(round)")
    }
  }
}
