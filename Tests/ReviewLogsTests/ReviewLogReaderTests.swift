import Foundation
@testable import PlannerCore
@testable import ReviewLogs
import Testing


@Suite("Review-log CSV reader")
struct ReviewLogReaderTests {
  static func read(_ text: String, skipInvalid: Bool = false, clock: LearningDayClock? = nil, workers: Int = 1) throws -> ReviewLog {
    try ReviewLogReader(clock: clock, skipInvalid: skipInvalid, workers: workers).parse(Array(text.utf8), fileName: "log.csv")
  }

  static func malformed(_ text: String) -> PlanEngineError? {
    do {
      _ = try read(text)
      return nil
    } catch let e as PlanEngineError {
      return e
    } catch {
      return nil
    }
  }

  // 2024-01-01T10:00:00Z and whole days after it.
  static let t0: Int64 = 1_704_103_200_000
  static let day: Int64 = 86_400_000

  @Test("standard columns, elapsed days from the times, −1 on a first review")
  func standard() throws {
    let log = try Self.read("""
      card_id,review_time,review_rating,review_state,review_duration
      1,\(Self.t0),3,0,5000
      1,\(Self.t0 + 3 * Self.day),2,2,7000
      1,\(Self.t0 + 3 * Self.day + 60_000),1,2,
      """)
    #expect(log.count == 3)
    #expect(log.elapsedDays == [-1, 3, 0])
    #expect(log.ratings == [3, 2, 1])
    #expect(log.states == [0, 2, 2])
    #expect(log.durations == [5000, 7000, -1])
    #expect(log.lines == [2, 3, 4])
    #expect(log.previousIndex == [-1, 0, 1])
  }

  @Test("columns in any order, unknown columns ignored, `rating` accepted, quotes, CRLF and a BOM tolerated")
  func columnOrder() throws {
    let text = "\u{FEFF}note,\"rating\",review_time,card_id,deck\r\n"
      + "\"a, b\",4,\(Self.t0),7,x\r\n"
      + "\"say \"\"hi\"\"\",\"1\",\"\(Self.t0 + 2 * Self.day)\",\"7\",y\r\n"
      + "\r\n"
    let log = try Self.read(text)
    #expect(log.cardIDs == [7, 7])
    #expect(log.ratings == [4, 1])
    #expect(log.elapsedDays == [-1, 2])
    #expect(log.states == [-1, -1])
    #expect(log.durations == [-1, -1])
  }

  @Test("review_rating wins over rating when both are present")
  func ratingPrecedence() throws {
    let log = try Self.read("card_id,rating,review_time,review_rating\n1,1,\(Self.t0),4\n")
    #expect(log.ratings == [4])
  }

  @Test("a quoted field may span lines; line numbers stay physical")
  func quotedNewline() throws {
    let text = "card_id,review_time,rating,note\n1,\(Self.t0),3,\"two\nlines\"\n1,\(Self.t0 + Self.day),9,x\n"
    let e = Self.malformed(text)
    #expect(e == .malformed(file: "log.csv", line: 4, keyPath: "rating", expected: "a rating from 1 (again) to 4 (easy), got '9'"))
  }

  @Test("rows of one card need not be contiguous")
  func nonContiguous() throws {
    let log = try Self.read("""
      card_id,review_time,review_rating
      2,\(Self.t0),3
      1,\(Self.t0 + 1000),3
      2,\(Self.t0 + Self.day),3
      1,\(Self.t0 + 5 * Self.day),1
      2,\(Self.t0 + 4 * Self.day),3
      """)
    #expect(log.elapsedDays == [-1, -1, 1, 5, 3])
    #expect(log.previousIndex == [-1, -1, 0, 1, 2])
    let histories = log.cardHistories()
    #expect(histories.map(\.cardID) == [1, 2])
    #expect(histories[0].elapsedDays == [-1, 5])
    #expect(histories[0].ratings == [.good, .again])
    #expect(histories[1].times == [Self.t0, Self.t0 + Self.day, Self.t0 + 4 * Self.day])
    #expect(histories[1].elapsedDays == [-1, 1, 3])
  }

  @Test("equal times keep file order")
  func equalTimes() throws {
    let log = try Self.read("card_id,review_time,rating\n1,\(Self.t0),1\n1,\(Self.t0),3\n")
    #expect(log.elapsedDays == [-1, 0])
    #expect(log.cardHistories()[0].ratings == [.again, .good])
  }

  @Test("the elapsed_days column is used as t when present; −1 or empty on a first review")
  func elapsedDaysColumn() throws {
    let log = try Self.read("""
      card_id,review_time,review_rating,elapsed_days
      1,\(Self.t0),3,-1
      1,\(Self.t0 + Self.day),3,4
      1,\(Self.t0 + 3 * Self.day),3,
      2,\(Self.t0),3,
      """)
    // A present value wins over the times; an empty one falls back to them.
    #expect(log.elapsedDays == [-1, 4, 2, -1])
  }

  @Test("every kind of bad row names file, line, column and what was expected", arguments: [
    ("1,\(t0),3,7", PlanEngineError.malformed(file: "log.csv", line: 3, keyPath: "row", expected: "3 fields as in the header, got 4")),
    ("1,\(t0)", .malformed(file: "log.csv", line: 3, keyPath: "row", expected: "3 fields as in the header, got 2")),
    ("1,\(t0),0", .malformed(file: "log.csv", line: 3, keyPath: "review_rating", expected: "a rating from 1 (again) to 4 (easy), got '0'")),
    ("1,\(t0),5", .malformed(file: "log.csv", line: 3, keyPath: "review_rating", expected: "a rating from 1 (again) to 4 (easy), got '5'")),
    ("1,\(t0),", .malformed(file: "log.csv", line: 3, keyPath: "review_rating", expected: "a rating from 1 (again) to 4 (easy), got ''")),
    ("1,yesterday,3", .malformed(file: "log.csv", line: 3, keyPath: "review_time", expected: "milliseconds since the Unix epoch (an integer, years 0001 to 9999: from -62135596800000 to 253402300799999), got 'yesterday'")),
    ("1,1.7e12,3", .malformed(file: "log.csv", line: 3, keyPath: "review_time", expected: "milliseconds since the Unix epoch (an integer, years 0001 to 9999: from -62135596800000 to 253402300799999), got '1.7e12'")),
    ("1,99999999999999999999,3", .malformed(file: "log.csv", line: 3, keyPath: "review_time", expected: "milliseconds since the Unix epoch (an integer, years 0001 to 9999: from -62135596800000 to 253402300799999), got '99999999999999999999'")),
    ("1,9223372036854775807,3", .malformed(file: "log.csv", line: 3, keyPath: "review_time", expected: "milliseconds since the Unix epoch (an integer, years 0001 to 9999: from -62135596800000 to 253402300799999), got '9223372036854775807'")),
    ("1,-9223372036854775808,3", .malformed(file: "log.csv", line: 3, keyPath: "review_time", expected: "milliseconds since the Unix epoch (an integer, years 0001 to 9999: from -62135596800000 to 253402300799999), got '-9223372036854775808'")),
    ("1,253402300800000,3", .malformed(file: "log.csv", line: 3, keyPath: "review_time", expected: "milliseconds since the Unix epoch (an integer, years 0001 to 9999: from -62135596800000 to 253402300799999), got '253402300800000'")),
    ("1,-62135596800001,3", .malformed(file: "log.csv", line: 3, keyPath: "review_time", expected: "milliseconds since the Unix epoch (an integer, years 0001 to 9999: from -62135596800000 to 253402300799999), got '-62135596800001'")),
    ("x1,\(t0),3", .malformed(file: "log.csv", line: 3, keyPath: "card_id", expected: "an integer card id, got 'x1'")),
    ("1,\(t0 - 1),3", .malformed(file: "log.csv", line: 3, keyPath: "review_time", expected: "a time at or after card 1's previous review (line 2, \(t0)), got \(t0 - 1)")),
  ])
  func badRow(row: String, expected: PlanEngineError) {
    #expect(Self.malformed("card_id,review_time,review_rating\n1,\(Self.t0),3\n\(row)\n") == expected)
  }

  @Test("review times at the ends of the accepted range (years 0001 and 9999) import without wrapping")
  func timeRangeEnds() throws {
    let log = try ReviewLogReader(workers: 1).parse(
      Array("card_id,review_time,review_rating\n1,-62135596800000,3\n1,253402300799999,3\n".utf8), fileName: "log.csv")
    #expect(log.times == [-62_135_596_800_000, 253_402_300_799_999])
    // 0001-01-01T00:00Z is still the learning day of 0000-12-31 (days start at 04:00).
    #expect(log.elapsedDays == [-1, 3_652_059])
  }

  @Test("integers with a sign, spaces, leading zeros, a CR or 19 digits read as the plain digits do")
  func integerSpellings() throws {
    // Plain digit fields take the parser's fast path; the others its general one.
    let plain = "card_id,review_time,review_rating,review_duration\n7,1704103200000,3,1500\n7,1704189600000,2,0\n"
    let spelt = "card_id,review_time,review_rating,review_duration\n+7, 1704103200000 ,3,0001500\r\n0000000000000000007,1704189600000,2, +0\n"
    let a = try ReviewLogReader(workers: 1).parse(Array(plain.utf8), fileName: "log.csv")
    let b = try ReviewLogReader(workers: 1).parse(Array(spelt.utf8), fileName: "log.csv")
    #expect(a.cardIDs == [7, 7] && a.times == [1_704_103_200_000, 1_704_189_600_000] && a.durations == [1500, 0])
    #expect(b.cardIDs == a.cardIDs && b.times == a.times && b.durations == a.durations && b.elapsedDays == a.elapsedDays)
    // 19 digits that overflow, and digits followed by a letter, are still refused.
    for bad in ["9223372036854775808,1704103200000,3,1", "7x,1704103200000,3,1", "7,1704103200000,3,15s"] {
      #expect(throws: PlanEngineError.self) {
        try ReviewLogReader(workers: 1).parse(Array("card_id,review_time,review_rating,review_duration\n\(bad)\n".utf8), fileName: "log.csv")
      }
    }
  }

  @Test("bad optional columns")
  func badOptional() {
    let h = "card_id,review_time,review_rating,review_state,review_duration,elapsed_days\n"
    #expect(Self.malformed(h + "1,\(Self.t0),3,4,,\n") == .malformed(file: "log.csv", line: 2, keyPath: "review_state", expected: "a state 0 (new), 1 (learning), 2 (review) or 3 (relearning), or nothing, got '4'"))
    #expect(Self.malformed(h + "1,\(Self.t0),3,,-5,\n") == .malformed(file: "log.csv", line: 2, keyPath: "review_duration", expected: "a duration in milliseconds (an integer ≥ 0), or nothing, got '-5'"))
    #expect(Self.malformed(h + "1,\(Self.t0),3,,,-2\n") == .malformed(file: "log.csv", line: 2, keyPath: "elapsed_days", expected: "whole days ≥ 0 (−1 or nothing on a card's first review), got '-2'"))
  }

  @Test("a missing required column or an empty file is an error on the header")
  func header() {
    #expect(Self.malformed("card_id,review_time\n1,2\n") == .malformed(file: "log.csv", line: 1, keyPath: "header", expected: "a column named review_rating (or rating); the header has card_id,review_time"))
    #expect(Self.malformed("review_time,rating\n") == .malformed(file: "log.csv", line: 1, keyPath: "header", expected: "a column named card_id; the header has review_time,rating"))
    if case .malformed(_, 1, "header", _)? = Self.malformed("") {} else { Issue.record("empty file accepted") }
  }

  @Test("skipInvalid collects every bad row in line order and keeps the rest")
  func skipInvalid() throws {
    let log = try Self.read("""
      card_id,review_time,review_rating
      1,\(Self.t0),3
      1,\(Self.t0 + 2 * Self.day),5
      2,\(Self.t0),3
      1,\(Self.t0 - Self.day),3
      1,\(Self.t0 + 3 * Self.day),2
      2,oops,3
      2,\(Self.t0 + Self.day),3,1
      2,\(Self.t0 + 2 * Self.day),1
      """, skipInvalid: true)
    #expect(log.diagnostics.compactMap { $0.location.line } == [3, 5, 7, 8])
    #expect(log.lines == [2, 4, 6, 9])
    #expect(log.elapsedDays == [-1, -1, 3, 2])
    #expect(log.previousIndex == [-1, -1, 0, 1])
  }

  @Test("parallel chunks give exactly the sequential result, errors and lines included")
  func parallelEqualsSequential() throws {
    var rng = SplitMix64(seed: 42)
    var text = "card_id,review_time,review_rating,review_state,review_duration\n"
    var last: [Int64: Int64] = [:]
    var time = Self.t0
    for i in 0..<60_000 {
      let card = Int64(rng.next() % 3000)
      time += Int64(rng.next() % 40_000_000)  // about 10 months: DST changes included
      let rating = i % 9973 == 5 ? 7 : Int(rng.next() % 4) + 1
      text += "\(card),\(time),\(rating),\(rng.next() % 4),\(rng.next() % 20000)\n"
      last[card] = time
    }
    // In a DST timezone, so the workers also look up offsets concurrently.
    let kyiv = try LearningDayClock(timeZoneIdentifier: "Europe/Kyiv", dayStartHour: 4)
    let one = try Self.read(text, skipInvalid: true, clock: kyiv, workers: 1)
    let two = try Self.read(text, skipInvalid: true, clock: kyiv, workers: 2)
    #expect(one.count > 59_000)
    #expect(one.diagnostics.count == 7)
    #expect(one.diagnostics == two.diagnostics)
    #expect(one.cardIDs == two.cardIDs && one.times == two.times && one.lines == two.lines)
    #expect(one.elapsedDays == two.elapsedDays && one.previousIndex == two.previousIndex)
    #expect(one.durations == two.durations && one.states == two.states && one.ratings == two.ratings)
  }

  static func ms(_ iso: String) -> Int64 {
    let f = ISO8601DateFormatter()
    return Int64((f.date(from: iso)!.timeIntervalSince1970 * 1000).rounded())
  }

  @Test("replay counts days in the given timezone")
  func readerUsesClock() throws {
    let a = Self.ms("2024-10-26T23:00:00+03:00"), b = Self.ms("2024-10-27T07:00:00+02:00")
    let c = Self.ms("2024-10-28T05:30:00+02:00")
    let text = "card_id,review_time,rating\n1,\(a),3\n1,\(b),3\n1,\(c),3\n"
    let kyiv = try LearningDayClock(timeZoneIdentifier: "Europe/Kyiv", dayStartHour: 4)
    #expect(try Self.read(text, clock: kyiv).elapsedDays == [-1, 1, 1])
    #expect(try Self.read(text).elapsedDays == [-1, 1, 0])
  }

}

