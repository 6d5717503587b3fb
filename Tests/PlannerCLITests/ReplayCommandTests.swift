import Foundation
import MemoryModels
@testable import PlannerCLI
import Testing
import TestSupport


@Suite("planner replay")
struct ReplayCommandTests {
  static func run(_ args: [String], in dir: String? = nil) -> CLIRun { runCLI(args, in: dir) }

  /// A fresh directory with `revlog.csv` holding `text`.
  static func directory(_ text: String) throws -> String {
    let dir = TemporaryFolder.newPath("replay")
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    try text.write(toFile: dir + "/revlog.csv", atomically: true, encoding: .utf8)
    return dir
  }

  static let t0: Int64 = 1_704_103_200_000  // 2024-01-01T10:00:00Z
  static let day: Int64 = 86_400_000

  @Test("a small log, exactly")
  func exactOutput() throws {
    let dir = try Self.directory("""
      card_id,review_time,review_rating
      1,\(Self.t0),3
      2,\(Self.t0),4
      1,\(Self.t0 + 3 * Self.day),3
      1,\(Self.t0 + 3 * Self.day + 100_000),1

      """)
    let r = Self.run(["replay", "--revlog", "revlog.csv"], in: dir)
    #expect(r.code == 0)
    #expect(r.err == "")
    #expect(r.out == """
      card_id,review_time,elapsed_days,rating,retrievability,stability,difficulty,interval_days
      1,1704103200000,-1,3,,2.3065,2.118103970459015,2
      2,1704103200000,-1,4,,8.2956,1.0,8
      1,1704362400000,3,3,0.8809479557659419,13.826903694354572,2.1112142357853942,14
      1,1704362500000,0,1,1.0,4.129931781015444,7.392238132342694,4

      """)
    let r8 = Self.run(["replay", "--revlog=revlog.csv", "--retention", "0.8"], in: dir)
    #expect(r8.out.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).last! } == ["interval_days", "8", "28", "46", "14"])
  }

  @Test("the golden FSRS-6 sequences, written as review logs, are reproduced for every retention",
        arguments: ["fsrs6-default", "fsrs6-custom"], [false, true])
  func fixtures(name: String, elapsedColumn: Bool) throws {
    let fixture = try FixtureLog.load(name)
    let dir = try Self.directory(FixtureLog.reviewLog(fixture, elapsedColumn: elapsedColumn))
    // The custom set goes in through a parameter file; the default set uses none.
    let weights = fixture.weights.map { "\($0)" }.joined(separator: ", ")
    try "{\"version\": 1, \"model\": \"fsrs6\", \"parameters\": [\(weights)]}".write(toFile: dir + "/params.json", atomically: true, encoding: .utf8)
    let parameters = fixture.isDefault ? [] : ["--parameters", "params.json"]
    var checked = 0
    for (j, dr) in fixture.retentions.enumerated() {
      let r = Self.run(["replay", "--revlog", "revlog.csv", "--retention", "\(dr)"] + parameters, in: dir)
      #expect(r.code == 0)
      let result = FixtureLog.check(output: r.out, fixture: fixture, retentionIndex: j)
      #expect(result.mismatches.isEmpty, "\(name) retention \(dr): \(result.mismatches.prefix(5))")
      checked += result.checked
    }
    #expect(checked == 3 * fixture.stepCount)
  }

  @Test("--model sm2 and hlr: their recall before, interval or half-life after, no difficulty")
  func baselines() throws {
    let rows: [(card: Int64, time: Int64, g: Int)] = [
      (1, Self.t0, 3), (2, Self.t0, 1), (1, Self.t0 + 3 * Self.day, 3), (2, Self.t0 + 600_000, 3),
      (1, Self.t0 + 20 * Self.day, 1), (2, Self.t0 + 2 * Self.day, 4), (1, Self.t0 + 21 * Self.day, 2),
    ]
    let dir = try Self.directory("card_id,review_time,rating\n" + rows.map { "\($0.card),\($0.time),\($0.g)" }.joined(separator: "\n") + "\n")
    func expected<M: MemoryModel>(_ model: M) -> [String] {
      var state: [Int64: M.State] = [:], last: [Int64: Int64] = [:]
      return rows.map { row in
        let g = Rating(rawValue: row.g)!
        var t = -1, r = ""
        if let s = state[row.card] {
          t = Int((row.time - 4 * 3_600_000) / Self.day - (last[row.card]! - 4 * 3_600_000) / Self.day)
          r = "\(model.predictedRecall(s, elapsedDays: Double(t)))"
        }
        let next = model.next(state[row.card], elapsedDays: max(t, 0), rating: g)
        state[row.card] = next
        last[row.card] = row.time
        return "\(row.card),\(row.time),\(t),\(row.g),\(r),\(model.stabilityDays(next)),,\(model.intervalDays(next, desiredRetention: 0.9))"
      }
    }
    for (name, lines) in [("sm2", expected(SM2())), ("hlr", expected(HalfLifeRegression()))] {
      let r = Self.run(["replay", "--revlog", "revlog.csv", "--model", name], in: dir)
      #expect(r.code == 0)
      #expect(r.err == "")
      #expect(Array(r.out.split(separator: "\n").dropFirst().map(String.init)) == lines, "\(name)")
    }
    #expect(expected(SM2()) != expected(HalfLifeRegression()))
  }

  @Test("--parameters: a bad file names the file and key path; an FSRS-5 vector is migrated with a note")
  func parameterFiles() throws {
    let dir = try Self.directory("card_id,review_time,rating\n1,\(Self.t0),3\n1,\(Self.t0 + 2 * Self.day),3\n")
    let w = FSRSParameters.defaults.weights.map { "\($0)" }
    try "[\(w.prefix(19).joined(separator: ","))]".write(toFile: dir + "/fsrs5.json", atomically: true, encoding: .utf8)
    try "{\"parameters\": [\(w.prefix(20).joined(separator: ",")), 0.9]}".write(toFile: dir + "/oob.json", atomically: true, encoding: .utf8)
    try "{\"parameters\": [1, 2, 3]}".write(toFile: dir + "/short.json", atomically: true, encoding: .utf8)
    let migrated = Self.run(["replay", "--revlog", "revlog.csv", "--parameters", "fsrs5.json"], in: dir)
    #expect(migrated.code == 0)
    #expect(migrated.err == "planner: note: fsrs5.json: migrated 19 FSRS-5 parameters to FSRS-6 (w19 = 0, w20 = 0.5)\n")
    let expectedR = FSRS6(parameters: try FSRSParameters.migrating(Array(FSRSParameters.defaults.weights.prefix(19))).0)
      .retrievability(elapsedDays: 2, stability: 2.3065)
    #expect(migrated.out.contains(",2,3,\(expectedR),"))
    let oob = Self.run(["replay", "--revlog", "revlog.csv", "--parameters", "oob.json"], in: dir)
    #expect(oob.code == 1)
    #expect(oob.err == "planner: error: oob.json at parameters[20]: expected a value in [0.1, 0.8], got 0.9\n")
    let short = Self.run(["replay", "--revlog", "revlog.csv", "--parameters", "short.json"], in: dir)
    #expect(short.err == "planner: error: short.json at parameters: expected 21 FSRS-6 parameters (or 17 or 19 to migrate), got 3\n")
    #expect(Self.run(["replay", "--revlog", "revlog.csv", "--parameters", "none.json"], in: dir).err == "planner: error: none.json: No such file or directory\n")
    #expect(Self.run(["replay", "--revlog", "revlog.csv", "--parameters", "fsrs5.json", "--model", "sm2"], in: dir).code == 64)
  }

  @Test("a bad row stops the replay with file, line, column and what was expected (exit 1)")
  func badRow() throws {
    let dir = try Self.directory("card_id,review_time,review_rating\n1,\(Self.t0),3\n1,\(Self.t0 + Self.day),5\n")
    let r = Self.run(["replay", "--revlog", "revlog.csv"], in: dir)
    #expect(r.code == 1)
    #expect(r.out == "")
    #expect(r.err == "planner: error: revlog.csv:3 at review_rating: expected a rating from 1 (again) to 4 (easy), got '5'\n")
  }

  @Test("--skip-invalid reports each bad row on stderr, replays the rest, exit 2")
  func skipInvalid() throws {
    let dir = try Self.directory("""
      card_id,review_time,review_rating
      1,\(Self.t0),3
      1,\(Self.t0 - Self.day),3
      1,noon,3
      1,\(Self.t0 + Self.day),3

      """)
    let r = Self.run(["replay", "--revlog", "revlog.csv", "--skip-invalid"], in: dir)
    #expect(r.code == 2)
    #expect(r.err == """
      planner: skipped: revlog.csv:3 at review_time: expected a time at or after card 1's previous review (line 2, 1704103200000), got 1704016800000
      planner: skipped: revlog.csv:4 at review_time: expected milliseconds since the Unix epoch (an integer, years 0001 to 9999: from -62135596800000 to 253402300799999), got 'noon'
      planner: replayed 2 reviews; skipped 2 bad rows

      """)
    #expect(r.out.split(separator: "\n").count == 3)
    #expect(r.out.hasSuffix("1,1704189600000,1,3,0.9468474993825461,7.315300744077282,2.1112142357853942,7\n"))
  }

  @Test("days are counted in --timezone from --day-starts-at")
  func timezone() throws {
    // 2024-10-26 23:00 and 2024-10-27 07:00 in Kyiv (DST ends that night), then 03:00 on the 28th.
    // Card 10: 2024-10-27 07:00 Kyiv, then 02:30Z on the 28th (04:30 in Kyiv, a new day there).
    let a: Int64 = 1_729_972_800_000, b: Int64 = 1_730_005_200_000, c: Int64 = 1_730_077_200_000
    let d: Int64 = 1_730_082_600_000
    let dir = try Self.directory("card_id,review_time,rating\n9,\(a),3\n9,\(b),3\n10,\(b),3\n9,\(c),3\n10,\(d),3\n")
    func days(_ extra: [String]) -> [String] {
      Self.run(["replay", "--revlog", "revlog.csv"] + extra, in: dir).out.split(separator: "\n").dropFirst()
        .map { String($0.split(separator: ",")[2]) }
    }
    #expect(days(["--timezone", "Europe/Kyiv"]) == ["-1", "1", "-1", "0", "1"])
    #expect(days(["--timezone", "Europe/Kyiv", "--day-starts-at", "0"]) == ["-1", "1", "-1", "1", "1"])
    #expect(days([]) == ["-1", "1", "-1", "0", "0"])
    #expect(days(["--day-starts-at=0"]) == ["-1", "1", "-1", "1", "1"])
  }

  @Test("usage errors: a misspelt option, a bad retention, hour, timezone or model")
  func usage() throws {
    let dir = try Self.directory("card_id,review_time,rating\n1,\(Self.t0),3\n")
    let misspelt = Self.run(["replay", "--revlgo", "revlog.csv"], in: dir)
    #expect(misspelt.code == 64)
    #expect(misspelt.err.contains("Did you mean '--revlog'?"))
    #expect(Self.run(["replay", "--revlog", "revlog.csv", "--retention", "1.2"], in: dir).code == 64)
    #expect(Self.run(["replay", "--revlog", "revlog.csv", "--day-starts-at", "24"], in: dir).code == 64)
    let model = Self.run(["replay", "--revlog", "revlog.csv", "--model", "fsrs"], in: dir)
    #expect(model.code == 64)
    #expect(model.err.contains("Did you mean 'fsrs6'?"))
    let tz = Self.run(["replay", "--revlog", "revlog.csv", "--timezone", "Europe/Kiev2"], in: dir)
    #expect(tz.code == 64)
    #expect(tz.err.hasPrefix("planner: error: --timezone: 'Europe/Kiev2' is not valid: expected an IANA timezone name"))
    #expect(tz.err.contains("Did you mean 'Europe/Kiev'?"))
    let missing = Self.run(["replay", "--revlog", "nope.csv"], in: dir)
    #expect(missing.code == 1)
    #expect(missing.err.contains("nope.csv: No such file or directory"))
    #expect(Self.run(["replay"], in: dir).code == 64)
  }

  @Test("--help lists every option")
  func help() {
    let r = Self.run(["replay", "--help"])
    #expect(r.code == 0)
    for option in ["--revlog <FILE>", "--model <NAME>", "--parameters <FILE.json>", "--retention <R>", "--timezone <TZ>", "--day-starts-at <H>", "--skip-invalid"] {
      #expect(r.out.contains(option))
    }
  }

  @Test("the demo review log replays cleanly")
  func demo() throws {
    let root = Fixtures.packageRoot.path
    let r = Self.run(["replay", "--revlog", "Plans/demo/revlog.csv"], in: root)
    #expect(r.code == 0)
    #expect(r.err == "")
    let rows = r.out.split(separator: "\n").dropFirst()
    #expect(rows.count >= 200)
    #expect(rows.contains { $0.split(separator: ",", omittingEmptySubsequences: false)[2] == "0" }, "a same-day review")
    #expect(rows.contains { $0.split(separator: ",", omittingEmptySubsequences: false)[3] == "1" && $0.split(separator: ",")[2] != "-1" }, "a lapse")
  }
}
