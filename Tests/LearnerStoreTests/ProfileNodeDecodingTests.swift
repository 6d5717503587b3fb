import Foundation
@testable import LearnerStore
@testable import PlannerCore
import Testing

/// A profile is decoded from the tree our parser already read (``JSONNodeDecoder``), not parsed
/// again by Foundation's `JSONDecoder`: the same profile for every file `JSONDecoder` accepts,
/// and `JSONDecoder`'s own error (so the same key path and wording) for every file it refuses.
@Suite("Learner profile: decoded from the parsed tree as JSONDecoder decodes it")
struct ProfileNodeDecodingTests {
  static let accepted = [
    #"{"version": 1, "id": "amina"}"#,
    #"{"id":"a","name":"Амина \"A\" \u00e9\ud83d\ude00","timezone":"Europe/Kyiv","dayStartHour":5,"locale":"uk","dailyMinutes":45,"#
      + #""weekdayMinutes":{"fri":10,"sun":0},"retention":{"vocabulary":0.875},"#
      + #""quran":{"goal":{"direction":"from-an-nas","scope":"78-114","startDate":"2026-11-01","targetDate":"2027-06-01","#
      + #""memorised":[{"range":"112-114","selfRating":3}]},"settings":{"dailyMinutes":20.5,"desiredRetention":0.9,"cycleDays":28,"#
      + #""recentWindowDays":6,"maxLessonLines":7.5,"reciter":"Alafasy_128kbps","sabqi":"last-lessons","manzilRotation":"juz-a-day"},"mushafLayout":"madani-15"},"#
      + #""vocabulary":{"newWordsPerDay":8,"reminderEveryMinutes":90,"reminderDailyCap":6,"wakingHours":"07:00-23:00","#
      + #""quietHours":["13:00-15:00"],"mode":"mixed","reminderRepeatGapHours":2.5,"cards":"both"},"#
      + #""parameters":[0.212,1.2931,2.3065,8.2956,6.4133,0.8334,3.0194,0.001,1.8722,0.1666,0.796,1.4835,0.0614,0.2629,1.6483,0.6014,1.8729,0.5425,0.0912,0.0658,0.1542],"#
      + #""future":{"unknown":[1,2,{"x":null}]}}"#,
    // Numbers as JSON allows them: integers written with a fraction or an exponent, negative
    // zero, doubles written as integers, a long mantissa.
    #"{"id":"b","dailyMinutes":30.0,"dayStartHour":4e0,"retention":{"vocabulary":9e-1},"quran":{"settings":{"dailyMinutes":15}}}"#,
    #"{"id":"c","dailyMinutes":300E-1,"dayStartHour":-0,"retention":{"vocabulary":0.85000000000000000000001}}"#,
    #"{"id":"e","dailyMinutes":null,"timezone":null,"weekdayMinutes":null}"#,
    #"{"id":"d","version":1,"name":null,"quran":{"goal":null},"vocabulary":{"quietHours":[],"cards":null}}"#,
    // The leaves and the parameter list read directly (not through `T(from:)`): null as absent.
    #"{"id":"f","parameters":null,"locale":null,"retention":{"vocabulary":null},"quran":{"mushafLayout":null}}"#,
    #"{"id":"g","quran":{"settings":{"dailyMinutes":1e1,"cycleDays":3.0e1}}}"#,
  ]

  static let refused = [
    #"{"timezone":"UTC"}"#,
    #"{"id":"a","dailyMinutes":"lots"}"#,
    #"{"id":"a","dailyMinutes":30.5}"#,
    #"{"id":"a","weekdayMinutes":{"funday":3}}"#,
    #"{"id":"a","weekdayMinutes":{"fri":"3"}}"#,
    #"{"id":"a","locale":"fr"}"#,
    #"{"id":"a","retention":[]}"#,
    #"{"id":"a","quran":{"settings":{}}}"#,
    #"{"id":"a","quran":{"goal":{"direction":"sideways","startDate":"2026-11-01"}}}"#,
    #"{"id":"a","quran":{"goal":{"direction":"from-an-nas","startDate":"2026-13-01"}}}"#,
    #"{"id":"a","quran":{"goal":{"direction":"custom","startDate":"2026-11-01","surahs":[1,"2"]}}}"#,
    #"{"id":"a","vocabulary":{"mode":"loud"}}"#,
    #"{"id":"a","vocabulary":{"quietHours":"13:00-15:00"}}"#,
    #"{"id":"a","parameters":[1,2,"3"]}"#,
    #"{"id":"a","parameters":[1,null]}"#,
    #"{"id":"a","parameters":{"w0":1}}"#,
    #"{"id":"a","name":3}"#,
    #"{"id":"a","dayStartHour":true}"#,
    #"{"id":7}"#,
    #"[1,2]"#,
    #""id""#,
  ]

  @Test(arguments: accepted)
  func acceptedAsJSONDecoderAccepts(_ json: String) throws {
    let data = Data(json.utf8)
    let viaFoundation = try JSONDecoder().decode(LearnerProfile.self, from: data)
    let node = try JSONParser.parse([UInt8](data))
    // Decoded from the tree: `bytes` that are not JSON make a fallback to JSONDecoder fail.
    let viaTree = try JSONNodeDecoder().decode(LearnerProfile.self, from: node, bytes: Data("not json".utf8))
    #expect(viaTree == viaFoundation)
    #expect(try LearnerProfile.decode(data, file: "profile.json") == viaFoundation)
  }

  /// What the tree's decoder leaves to JSONDecoder although JSONDecoder accepts it: an integer
  /// beyond 2^53 (exact in its text, not in the parsed double; the profile's validation then
  /// refuses these minutes, so the decoders are compared before it).
  static let acceptedByFoundationOnly = [#"{"id":"a","dailyMinutes":9007199254740993}"#]

  @Test(arguments: acceptedByFoundationOnly)
  func leftToJSONDecoder(_ json: String) throws {
    let data = Data(json.utf8)
    let node = try JSONParser.parse([UInt8](data))
    #expect(throws: (any Error).self) { try JSONNodeDecoder().decode(LearnerProfile.self, from: node, bytes: Data("not json".utf8)) }
    let viaFoundation = try JSONDecoder().decode(LearnerProfile.self, from: data)
    #expect(viaFoundation.dailyMinutes == 9_007_199_254_740_993)
    #expect(try JSONNodeDecoder().decode(LearnerProfile.self, from: node, bytes: data) == viaFoundation)
  }

  @Test(arguments: refused)
  func refusedWithJSONDecoderError(_ json: String) throws {
    let data = Data(json.utf8)
    var foundationError: PlanEngineError?
    do { _ = try JSONDecoder().decode(LearnerProfile.self, from: data) } catch let error as DecodingError {
      foundationError = LearnerProfile.describe(error, file: "p.json")
    }
    let expected = try #require(foundationError, "JSONDecoder accepted \(json)")
    #expect(throws: expected) { try LearnerProfile.decode(data, file: "p.json") }
  }
}
