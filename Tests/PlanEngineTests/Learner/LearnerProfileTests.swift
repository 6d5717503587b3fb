import Foundation
import MemoryModels
import Testing
@testable import PlanEngine

@Suite struct LearnerProfileTests {
  /// The first profile format (version 1) with only the required keys: everything else
  /// takes its default. Kept as a fixture of the old version.
  static let minimalV1 = #"{"version": 1, "id": "amina"}"#

  @Test func missingKeysTakeDefaults() throws {
    let p = try LearnerProfile.decode(Data(Self.minimalV1.utf8), file: "profile.json")
    #expect(p.timezone == "UTC")
    #expect(p.dayStartHour == 4)
    #expect(p.locale == .en)
    #expect(p.dailyMinutes == 30)
    #expect(p.retention.quran == 0.95)
    #expect(p.retention.vocabulary == 0.9)
    #expect(p.quran.cycleDays == 30)
    #expect(p.quran.mushafLayout == "madani-15")
    #expect(p.vocabulary.mode == .translation)
    #expect(p.parameters == FSRSParameters.defaults.weights)
    let partial = #"{"id":"b","quran":{"cycleDays":20},"vocabulary":{"mode":"hint"},"retention":{"vocabulary":0.85}}"#
    let q = try LearnerProfile.decode(Data(partial.utf8), file: "profile.json")
    #expect(q.quran.cycleDays == 20 && q.quran.recentWindowDays == 7)
    #expect(q.vocabulary.mode == .hint && q.vocabulary.newWordsPerDay == 5)
    #expect(q.retention.vocabulary == 0.85 && q.retention.quran == 0.95)
  }

  @Test func roundTripsThroughItsFile() throws {
    var p = LearnerProfile(id: "x")
    p.timezone = "Europe/Kyiv"
    p.weekdayMinutes = [.fri: 10, .sat: 45]
    p.quran.memorised = [MemorisedRange(range: "78", rating: 3)]
    p.quran.target = QuranTarget(range: "78-114", date: "2027-06-01")
    let data = p.encoded()
    #expect(try LearnerProfile.decode(data, file: "profile.json") == p)
    #expect(p.encoded() == data)  // same bytes every time: the snapshot key hashes them
  }

  @Test(arguments: [
    (#"{"id":"a","timezone":"Mars/Olympus"}"#, "timezone"),
    (#"{"id":"a","dayStartHour":24}"#, "dayStartHour"),
    (#"{"id":"a","locale":"fr"}"#, "locale"),
    (#"{"id":"a","retention":{"quran":1.5}}"#, "retention.quran"),
    (#"{"id":"a","quran":{"memorised":[{"range":"2:300"}]}}"#, "quran.memorised[0].range"),
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
    try p.set("quran.memorised", to: "78:1-78:40@4, 114")
    try p.set("quran.target", to: "78-114@2027-06-01")
    try p.set("vocabulary.quietHours", to: "13:00-15:00")
    #expect(p.timezone == "Asia/Riyadh")
    #expect(p.retention.quran == 0.97)
    #expect(p.minutes(on: .fri) == 10 && p.minutes(on: .mon) == 30)
    #expect(p.quran.memorised == [MemorisedRange(range: "78", rating: 4), MemorisedRange(range: "114")])
    #expect(try p.setting("quran.target") == "78:1-114:6@2027-06-01")
    #expect(try p.setting("quran.memorised") == "78@4,114")
    let before = p
    #expect(throws: PlanEngineError.invalidValue(keyPath: "timezone", value: "Nowhere/City",
                                                  expected: "an IANA timezone name such as Europe/Kyiv, not 'Nowhere/City'")) {
      try p.set("timezone", to: "Nowhere/City")
    }
    #expect(throws: PlanEngineError.self) { try p.set("dailyMinutes", to: "ten") }
    #expect(throws: PlanEngineError.self) { try p.set("quran.cycleDays", to: "0") }
    do {
      try p.set("dailyMinute", to: "5")
      Issue.record("accepted a misspelt key")
    } catch {
      #expect("\(error)".contains("did you mean 'dailyMinutes'"))
    }
    #expect(p == before)
  }
}
