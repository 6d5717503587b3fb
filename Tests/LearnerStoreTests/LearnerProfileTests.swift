import Foundation
@testable import Hifz
@testable import LearnerStore
@testable import MemoryModels
@testable import PlannerCore
import Testing

@Suite struct LearnerProfileTests {
  /// The first profile format (version 1) with only the required keys: everything else
  /// takes its default. Kept as a fixture of the old version.
  static let minimalV1 = #"{"version": 1, "id": "amina"}"#

  /// Found by the profile fuzz target (Fuzz/Corpus/profile/crash-076d1175…): Foundation's JSON
  /// scanner trapped (SIGILL) on arrays nested past its limit with `\r` line breaks, instead of
  /// throwing; our parser reads the bytes first and names the place.
  @Test func deepNestingIsAnErrorNotACrash() throws {
    let deep = "\t" + String(repeating: "[", count: 300) + "\r\r" + String(repeating: "[", count: 213) + "\r"
    #expect(throws: PlanEngineError.malformed(file: "profile.json", line: 1, keyPath: nil,
                                              expected: "valid JSON (column 516: nesting deeper than 512)")) {
      try LearnerProfile.decode(Data(deep.utf8), file: "profile.json")
    }
    // As deep as our parser goes, and valid: Foundation's decoder sees it and refuses the type.
    let limit = String(repeating: "[", count: 512) + "\r" + String(repeating: "]", count: 512)
    #expect(throws: PlanEngineError.self) { try LearnerProfile.decode(Data(limit.utf8), file: "profile.json") }
  }

  @Test func missingKeysTakeDefaults() throws {
    let p = try LearnerProfile.decode(Data(Self.minimalV1.utf8), file: "profile.json")
    #expect(p.timezone == "UTC")
    #expect(p.dayStartHour == 4)
    #expect(p.locale == .english)
    #expect(p.dailyMinutes == 30)
    // The defaults chosen on the policy benchmark (docs/plans.md, "Desired retention"): 0.85 for both kinds.
    #expect(p.quran.settings.desiredRetention == 0.85)
    #expect(p.retention.vocabulary == 0.85)
    #expect(p.quran.settings.cycleDays == 30)
    #expect(p.quran.settings.dailyMinutes == 30)
    #expect(p.quran.goal == nil)
    #expect(p.quran.mushafLayout == "madani-15")
    #expect(p.vocabulary.mode == .translation)
    #expect(p.parameters == FSRSParameters.defaults.weights)
    let partial = #"{"id":"b","dailyMinutes":40,"quran":{"settings":{"dailyMinutes":20,"cycleDays":20}},"vocabulary":{"mode":"hint"},"retention":{"vocabulary":0.8}}"#
    let q = try LearnerProfile.decode(Data(partial.utf8), file: "profile.json")
    #expect(q.quran.settings.cycleDays == 20 && q.quran.settings.recentWindowDays == 7 && q.quran.settings.dailyMinutes == 20)
    #expect(q.vocabulary.mode == .hint && q.vocabulary.newWordsPerDay == 5)
    #expect(q.retention.vocabulary == 0.8 && q.quran.settings.desiredRetention == 0.85)
    let noSettings = try LearnerProfile.decode(Data(#"{"id":"c","dailyMinutes":40,"quran":{}}"#.utf8), file: "profile.json")
    #expect(noSettings.quran.settings.dailyMinutes == 40)
  }

  @Test func roundTripsThroughItsFile() throws {
    var p = LearnerProfile(id: "x")
    p.timezone = "Europe/Kyiv"
    p.weekdayMinutes = [.fri: 10, .sat: 45]
    p.quran.goal = QuranGoal(direction: .fromAnNas, scope: try AyahRange(parsing: "juz30"),
                             memorised: [MemorisedRange(try AyahRange(parsing: "78"), selfRating: .good)],
                             targetDate: try EpochDay(parsing: "2027-06-01"), startDate: try EpochDay(parsing: "2026-11-01"))
    let data = p.encoded()
    #expect(try LearnerProfile.decode(data, file: "profile.json") == p)
    #expect(p.encoded() == data)  // same bytes every time: the snapshot key hashes them
  }

  @Test(arguments: [
    (#"{"id":"a","timezone":"Mars/Olympus"}"#, "timezone"),
    (#"{"id":"a","dayStartHour":24}"#, "dayStartHour"),
    (#"{"id":"a","locale":"fr"}"#, "locale"),
    (#"{"id":"a","retention":{"vocabulary":1.5}}"#, "retention.vocabulary"),
    (#"{"id":"a","quran":{"settings":{"dailyMinutes":20,"desiredRetention":1.5}}}"#, "quran.settings.desiredRetention"),
    (#"{"id":"a","quran":{"settings":{"dailyMinutes":20,"cycleDays":0}}}"#, "quran.settings.cycleDays"),
    (#"{"id":"a","quran":{"goal":{"direction":"from-an-nas","startDate":"2026-11-01","memorised":[{"range":"2:300"}]}}}"#, "quran.goal.memorised[0].range"),
    (#"{"id":"a","quran":{"goal":{"direction":"custom","startDate":"2026-11-01","surahs":[1,1]}}}"#, "quran.goal.surahs[1]"),
    (#"{"id":"a","vocabulary":{"reminderEveryMinutes":0}}"#, "vocabulary.reminderEveryMinutes"),
    (#"{"id":"a","vocabulary":{"quietHours":["00:00-12:00","12:00-00:00"]}}"#, "vocabulary.quietHours"),
    (#"{"id":"a","parameters":[1,2,3]}"#, "parameters"),
    (#"{"timezone":"UTC"}"#, "id"),
    (#"{"id":"a","dailyMinutes":"lots"}"#, "dailyMinutes"),
    (#"{"id":"a","weekdayMinutes":{"funday":3}}"#, "weekdayMinutes"),
  ])
  func badProfilesNameTheKey(_ json: String, _ key: String) {
    do {
      _ = try LearnerProfile.decode(Data(json.utf8), file: "amina/profile.json")
      Issue.record("accepted \(json)")
    } catch {
      guard case .malformed(let file, _, let keyPath, _) = error else { Issue.record("\(error)"); return }
      #expect(file == "amina/profile.json")
      #expect(keyPath == key, "\(error)")
    }
  }

  @Test func settingsByDottedKey() throws {
    var p = LearnerProfile(id: "a")
    try p.set("timezone", to: "Asia/Riyadh")
    try p.set("retention.quran", to: "0.97")
    try p.set("weekdayMinutes.fri", to: "10")
    try p.set("quran.memorised", to: "78:1-78:40@4, 114", today: try EpochDay(parsing: "2026-11-30"))
    try p.set("quran.targetDate", to: "2027-06-01")
    try p.set("vocabulary.quietHours", to: "13:00-15:00")
    #expect(p.timezone == "Asia/Riyadh")
    #expect(p.quran.settings.desiredRetention == 0.97)
    #expect(p.minutes(on: .fri) == 10 && p.minutes(on: .mon) == 30)
    #expect(p.quran.goal?.memorised == [MemorisedRange(try AyahRange(parsing: "78"), selfRating: .easy),
                                        MemorisedRange(try AyahRange(parsing: "114"))])
    #expect(try p.setting("quran.targetDate") == "2027-06-01")
    #expect(try p.setting("quran.startDate") == "2026-11-30")
    #expect(try p.setting("quran.direction") == "from-an-nas")
    #expect(try p.setting("quran.memorised") == "78@4,114")
    let before = p
    #expect(throws: PlanEngineError.invalidValue(keyPath: "timezone", value: "Nowhere/City",
                                                  expected: "an IANA timezone name such as Europe/Kyiv, not 'Nowhere/City'")) {
      try p.set("timezone", to: "Nowhere/City")
    }
    #expect(throws: PlanEngineError.self) { try p.set("dailyMinutes", to: "ten") }
    #expect(throws: PlanEngineError.self) { try p.set("quran.cycleDays", to: "0") }
    #expect(throws: PlanEngineError.self) { try p.set("quran.memorised", to: "2:300") }
    do {
      try p.set("dailyMinute", to: "5")
      Issue.record("accepted a misspelt key")
    } catch {
      #expect("\(error)".contains("did you mean 'dailyMinutes'"))
    }
    #expect(p == before)
  }
}
