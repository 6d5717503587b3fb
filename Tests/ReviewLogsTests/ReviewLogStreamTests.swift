import Foundation
import MemoryModels
@testable import PlannerCore
@testable import ReviewLogs
import Testing
import TestSupport

/// The streamed reader and replay give exactly what reading the file whole gives: rows,
/// elapsed days, errors, diagnostics and the replay's bytes, whatever the block size.
@Suite("Review-log stream")
struct ReviewLogStreamTests {
  static let t0: Int64 = 1_704_103_200_000
  static let day: Int64 = 86_400_000

  /// A seeded log: `cards` cards, reviews spread over days (with DST in Kyiv), and, when asked,
  /// bad rows of every kind and out-of-order times.
  static func log(seed: UInt64, rows: Int, cards: Int, bad: Bool, given: Bool = false) -> String {
    var g = SplitMix64(seed: seed)
    var last = [Int64](repeating: t0, count: cards)
    var text = given ? "card_id,review_time,review_rating,review_state,elapsed_days\r\n" : "card_id,review_time,review_rating,review_state\n"
    for _ in 0..<rows {
      let c = Int(g.next() % UInt64(cards))
      last[c] += Int64(g.next() % UInt64(9 * day))
      var time = String(last[c])
      var rating = String(1 + g.next() % 4)
      var state = String(g.next() % 4)
      if bad {
        switch g.next() % 40 {
        case 0: time = String(last[c] - 20 * day)  // out of order
        case 1: rating = "5"
        case 2: time = "noon"
        case 3: state = "9"
        case 4: time = "9223372036854775807"
        default: break
        }
      }
      text += "\(c + 100),\(time),\(rating),\(state)" + (given ? ",\(g.next() % 3 == 0 ? "" : String(g.next() % 30))\r\n" : "\n")
    }
    return text
  }

  static func write(_ text: String) -> String {
    let path = TemporaryFolder.make("revlog-stream") + "/log.csv"
    #expect(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
    return path
  }

  static func wholeError(_ text: String, skip: Bool) -> PlanEngineError? {
    do { _ = try ReviewLogReader(skipInvalid: skip, workers: 1).parse(Array(text.utf8), fileName: "log.csv"); return nil } catch { return error }
  }

  @Test("the same rows, cards, errors and diagnostics as the whole-file reader", arguments: [
    (UInt64(1), false, false), (2, true, false), (3, true, true), (4, false, true),
  ])
  func sameAsWhole(seed: UInt64, bad: Bool, given: Bool) throws {
    let text = Self.log(seed: seed, rows: 3000, cards: 40, bad: bad, given: given)
    let path = Self.write(text)
    let clock = try LearningDayClock(timeZoneIdentifier: "Europe/Kyiv", dayStartHour: 4)
    for skip in [false, true] {
      let whole: ReviewLog? = try? ReviewLogReader(clock: clock, skipInvalid: skip, workers: 1).parse(Array(text.utf8), fileName: "log.csv")
      for block in [1 << 10, 4096, 1 << 20] {
        let stream = ReviewLogStream(clock: clock, skipInvalid: skip, blockBytes: block)
        guard let whole else {
          #expect(throws: Self.wholeError(text, skip: skip)!) { try stream.validate(path: path, fileName: "log.csv") }
          continue
        }
        let (cards, outcome) = try stream.cardHistories(path: path, fileName: "log.csv")
        #expect(cards == whole.cardHistories(), "block \(block)")
        #expect(outcome.rows == whole.count)
        #expect(outcome.diagnostics == whole.diagnostics, "block \(block)")
        // The check (cards sharded over the workers) finds what the serial walk finds.
        let checked = try stream.validate(path: path, fileName: "log.csv")
        #expect(checked.rows == outcome.rows && checked.cards == outcome.cards, "block \(block)")
        #expect(checked.diagnostics == whole.diagnostics, "block \(block)")
        for model in [AnyReplay.fsrs, .sm2] {
          var streamed: [UInt8] = []
          _ = try model.stream(path, stream) { streamed.append(contentsOf: $0) }
          let expected = try model.whole(whole)
          #expect(streamed == expected, "block \(block), \(model)")
        }
      }
    }
  }

  @Test("blocks parsed in pieces on two threads: the same rows, diagnostics and replay bytes", arguments: [
    (UInt64(5), false, false), (6, true, false), (7, true, true),
  ])
  func piecesOnTwoThreads(seed: UInt64, bad: Bool, given: Bool) throws {
    // Over 1 MiB, so that a block is cut into pieces (smaller blocks are parsed whole).
    let text = Self.log(seed: seed, rows: 70_000, cards: 900, bad: bad, given: given)
    #expect(text.utf8.count > 1 << 20)
    let path = Self.write(text)
    let clock = try LearningDayClock(timeZoneIdentifier: "Europe/Kyiv", dayStartHour: 4)
    for skip in [false, true] {
      let whole: ReviewLog? = try? ReviewLogReader(clock: clock, skipInvalid: skip, workers: 1).parse(Array(text.utf8), fileName: "log.csv")
      for (block, workers) in [(4 << 20, 2), (1 << 20 + 1 << 19, 2), (4 << 20, 3), (4 << 20, 1)] {
        let stream = ReviewLogStream(clock: clock, skipInvalid: skip, blockBytes: block, workers: workers)
        guard let whole else {
          #expect(throws: Self.wholeError(text, skip: skip)!) { try stream.validate(path: path, fileName: "log.csv") }
          continue
        }
        let (cards, outcome) = try stream.cardHistories(path: path, fileName: "log.csv")
        #expect(cards == whole.cardHistories(), "block \(block), \(workers) workers")
        #expect(outcome.diagnostics == whole.diagnostics, "block \(block), \(workers) workers")
        let checked = try stream.validate(path: path, fileName: "log.csv")
        #expect(checked.rows == outcome.rows && checked.cards == outcome.cards, "block \(block), \(workers) workers")
        #expect(checked.diagnostics == whole.diagnostics, "block \(block), \(workers) workers")
        var streamed: [UInt8] = []
        let replayed = try AnyReplay.fsrs.stream(path, stream) { streamed.append(contentsOf: $0) }
        #expect(replayed.rows == whole.count && replayed.cards == outcome.cards, "block \(block), \(workers) workers")
        let same = try streamed == AnyReplay.fsrs.whole(whole)
        #expect(same, "block \(block), \(workers) workers")
      }
    }
  }

  @Test("quoted fields (a newline inside quotes) and a file without a final newline stream as read whole")
  func quotedAndUnterminated() throws {
    let text = "\u{FEFF}\"card_id\",\"review_time\",\"review_rating\",\"note\"\n1,\(Self.t0),3,\"a\nb\"\n1,\(Self.t0 + Self.day),2,x\n2,\(Self.t0),4,\"\"\"\""
    let path = Self.write(text)
    let whole = try ReviewLogReader(workers: 1).parse(Array(text.utf8), fileName: "log.csv")
    let (cards, outcome) = try ReviewLogStream(blockBytes: 1024).cardHistories(path: path, fileName: "log.csv")
    #expect(cards == whole.cardHistories())
    #expect(outcome.rows == 3)
    #expect(whole.lines == [2, 4, 5])
  }

  @Test("an empty file and a header alone: the reader's error, and no rows")
  func emptyAndHeaderOnly() throws {
    #expect(throws: PlanEngineError.malformed(file: "log.csv", line: 1, keyPath: "header", expected: "a header row naming the columns card_id,review_time,review_rating; the file is empty")) {
      try ReviewLogStream().validate(path: Self.write(""), fileName: "log.csv")
    }
    #expect(try ReviewLogStream().validate(path: Self.write("card_id,review_time,review_rating"), fileName: "log.csv").rows == 0)
  }

  enum AnyReplay: CustomStringConvertible {
    case fsrs, sm2
    var description: String { self == .fsrs ? "fsrs6" : "sm2" }
    func stream(_ path: String, _ s: ReviewLogStream, _ sink: (UnsafeRawBufferPointer) -> Void) throws -> ReviewLogStream.Outcome {
      switch self {
      case .fsrs: try ReviewReplay.stream(path: path, fileName: "log.csv", reading: s, model: FSRS6(), desiredRetention: 0.9, to: sink)
      case .sm2: try ReviewReplay.stream(path: path, fileName: "log.csv", reading: s, model: SM2(), desiredRetention: 0.9, to: sink)
      }
    }
    func whole(_ log: ReviewLog) throws -> [UInt8] {
      switch self {
      case .fsrs: ReplayCSVWriter.csv(try ReviewReplay.replay(log, model: FSRS6(), desiredRetention: 0.9))
      case .sm2: ReplayCSVWriter.csv(try ReviewReplay.replay(log, model: SM2(), desiredRetention: 0.9))
      }
    }
  }
}
