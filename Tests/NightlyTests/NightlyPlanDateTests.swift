import Foundation
import Testing
@testable import PlannerCore

@Suite("Nightly: plan dates and learning days")
struct NightlyEpochDayTests {
  @Test("YYYY-MM-DD parses and prints back", arguments: ["2026-11-30", "2024-02-29", "2000-02-29", "0001-01-01", "9999-12-31", "1970-01-01"])
  func roundTrip(text: String) throws {
    #expect(try EpochDay(parsing: text).description == text)
  }

  @Test("impossible or malformed dates are refused", arguments: [
    "2026-02-29", "1900-02-29", "2026-13-01", "2026-00-10", "2026-04-31", "2026-1-01", "26-01-01",
    "2026/01/01", "2026-01-01T00:00", "", "２０２６-01-01", "0000-01-01", "+026-01-01",
  ])
  func refused(text: String) {
    #expect(throws: PlanEngineError.self) { try EpochDay(parsing: text, keyPath: "--date") }
  }

  @Test("the error names the option and what was expected")
  func errorText() {
    #expect(throws: PlanEngineError.invalidValue(keyPath: "--date", value: "2026-02-30",
                                                 expected: "a calendar date that exists, YYYY-MM-DD")) {
      try EpochDay(parsing: "2026-02-30", keyPath: "--date")
    }
  }

  @Test("days since 1970-01-01: reference points and a round trip over 1…9999")
  func daysSinceEpoch() throws {
    #expect(try EpochDay(parsing: "1970-01-01").value == 0)
    #expect(try EpochDay(parsing: "2000-03-01").value == 11_017)
    #expect(try EpochDay(parsing: "1969-12-31").value == -1)
    #expect(try EpochDay(parsing: "0001-01-01").value == -719_162)
    #expect(try EpochDay(parsing: "9999-12-31").value == 2_932_896)
    var previous: EpochDay?
    for days in stride(from: -719_162, through: 2_932_896, by: 113) {
      let date = EpochDay(days)
      #expect(date.value == days)
      #expect(EpochDay(year: date.year, month: date.month, day: date.day) == date)
      if let previous { #expect(previous < date) }
      previous = date
    }
  }

  @Test("the learning day starts at the day-start hour, local time")
  func learningDay() throws {
    let kyiv = try #require(TimeZone(identifier: "Europe/Kyiv"))
    func day(_ iso: String, _ zone: TimeZone, _ hour: Int) -> String {
      let instant = ISO8601DateFormatter().date(from: iso)!
      return LearningDayClock(timeZone: zone, dayStartHour: hour).learningDay(of: instant).description
    }
    #expect(day("2026-11-30T22:30:00Z", kyiv, 4) == "2026-11-30")  // 00:30 local, before 04:00
    #expect(day("2026-11-30T22:30:00Z", kyiv, 0) == "2026-12-01")
    #expect(day("2026-12-01T02:00:00Z", kyiv, 4) == "2026-12-01")  // 04:00 local exactly
    #expect(day("2026-12-01T01:59:59Z", kyiv, 4) == "2026-11-30")
    // Summer time: Kyiv is UTC+3 on 2026-07-01.
    #expect(day("2026-07-01T01:00:00Z", kyiv, 4) == "2026-07-01")
    #expect(day("2026-07-01T00:59:59Z", kyiv, 4) == "2026-06-30")
    let utc = try #require(TimeZone(identifier: "UTC"))
    #expect(day("1969-12-31T23:00:00Z", utc, 0) == "1969-12-31")
    #expect(day("1970-01-01T03:00:00Z", utc, 4) == "1969-12-31")
  }
}

@Suite("Nightly: the temporary profile echo planner")
struct NightlyProfileEchoPlannerTests {
  let echo = ProfileEchoPlanner(now: NightlyFixture.now)

  func plan(_ profile: String, name: String = "amina", date: EpochDay? = nil) throws -> String {
    let root = NightlyFixture.makeRoot()
    defer { NightlyFixture.remove(root) }
    NightlyFixture.addLearner(root, name, profile: profile)
    let planned = try echo.plan(learnerFolder: root.appendingPathComponent(name), date: date)
    let text = String(decoding: planned.plan, as: UTF8.self)
    #expect(text.contains("\"date\":\"\(planned.date)\""))
    return text
  }

  @Test("writes the placeholder document for the learner's own date")
  func document() throws {
    #expect(try plan(NightlyFixture.profile(timezone: "Asia/Tokyo", dayStartHour: 4), name: "a\"b")
      == "{\"date\":\"2026-12-01\",\"learner\":\"a\\\"b\",\"status\":\"pending-plan-engine\",\"version\":1}\n")
    #expect(try plan("{}") == "{\"date\":\"2026-11-30\",\"learner\":\"amina\",\"status\":\"pending-plan-engine\",\"version\":1}\n")
    #expect(try plan("{\"timezone\":\"Pacific/Kiritimati\",\"dayStartHour\":0,\"locale\":\"uk\"}")
      .hasPrefix("{\"date\":\"2026-12-01\""))  // UTC+14
    #expect(try plan("{}", date: try EpochDay(parsing: "2030-05-05")).hasPrefix("{\"date\":\"2030-05-05\""))
    let parsed = try JSONSerialization.jsonObject(with: Data(try plan("{}").utf8)) as? [String: Any]
    #expect(parsed?["version"] as? Int == 1)
  }

  @Test("a bad profile is refused naming the key and what was expected", arguments: [
    ("{\"timezone\":\"Mars/Olympus\"}", "timezone", "an IANA timezone name such as \"Europe/Kyiv\", not 'Mars/Olympus'"),
    ("{\"timezone\":7}", "timezone", "an IANA timezone name such as \"Europe/Kyiv\""),
    ("{\"dayStartHour\":-1}", "dayStartHour", "the hour the learning day starts, a whole number from 0 to 23, not -1"),
    ("{\"dayStartHour\":4.5}", "dayStartHour", "the hour the learning day starts, a whole number from 0 to 23, not 4.5"),
    ("{\"dayStartHour\":\"4\"}", "dayStartHour", "the hour the learning day starts, a whole number from 0 to 23"),
    ("[1,2]", nil, "a JSON object with the learner's settings"),
    ("{\"timezone\":", nil, "a JSON object with the learner's settings"),
  ] as [(String, String?, String)])
  func refused(profile: String, keyPath: String?, expected: String) throws {
    let root = NightlyFixture.makeRoot()
    defer { NightlyFixture.remove(root) }
    NightlyFixture.addLearner(root, "amina", profile: profile)
    let file = root.appendingPathComponent("amina/profile.json").path
    #expect(throws: PlanEngineError.malformed(file: file, line: nil, keyPath: keyPath, expected: expected)) {
      try echo.load(learnerFolder: root.appendingPathComponent("amina"))
    }
  }

  @Test("a missing profile is an I/O error naming the file")
  func missing() {
    let folder = URL(fileURLWithPath: "/nonexistent-learner-root/amina")
    #expect(throws: PlanEngineError.io(path: "/nonexistent-learner-root/amina/profile.json",
                                       reason: "cannot read the learner's profile")) {
      try echo.load(learnerFolder: folder)
    }
  }
}
