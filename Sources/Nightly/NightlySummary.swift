import MemoryModels
import PlannerCore

/// What a nightly run did: the counts, every failure with its reason, and how long it took.
///
/// Everything but ``timings`` is a function of ROOT's contents and the options, so two identical
/// runs give summaries that differ only there (see docs/operations.md for the JSON).
public struct NightlySummary: Sendable, Equatable {
  /// Version of the summary's JSON form.
  public static let version = 1

  public struct Failure: Sendable, Equatable, Comparable {
    /// The learner's folder name.
    public var learner: String
    public var reason: String

    public init(learner: String, reason: String) {
      self.learner = learner
      self.reason = reason
    }

    public static func < (a: Failure, b: Failure) -> Bool {
      NightlyRunner.precedes(a.learner, b.learner)
    }
  }

  /// Seconds. The reading, planning and writing phases are summed over the workers, so with
  /// `--jobs 2` they may add up to twice the wall-clock ``total``.
  public struct Timings: Sendable, Equatable {
    /// Listing ROOT and selecting this shard's learners.
    public var listing: Double = 0
    /// Loading learners (the producer's `load`).
    public var reading: Double = 0
    /// Computing plans (the producer's `plan`).
    public var planning: Double = 0
    /// Comparing with the existing plan files and writing the changed ones.
    public var writing: Double = 0
    /// Wall clock, the whole run.
    public var total: Double = 0

    public init() {}

    /// Learners handled (planned, unchanged or failed) per wall-clock second.
    public func learnersPerSecond(_ learners: Int) -> Double {
      total > 0 ? Double(learners) / total : 0
    }
  }

  /// ROOT, as given to the run.
  public var root: String
  public var shard: Shard
  /// The `--date` override, or nil when each learner had its own date.
  public var date: EpochDay?
  /// The learners of this shard: `planned + unchanged + failed.count`.
  public var learners: Int
  /// Plans written (new or changed).
  public var planned: Int
  /// Plans computed identical to the file already there, left untouched.
  public var unchanged: Int
  /// Learners that could not be planned, sorted by folder name.
  public var failed: [Failure]
  /// Folders of this shard without a `profile.json`, not learners, sorted by name.
  public var skipped: [String]
  /// How many learners were planned (written or unchanged) for each date.
  public var dates: [EpochDay: Int]
  public var timings: Timings

  public init(
    root: String, shard: Shard, date: EpochDay?, learners: Int, planned: Int, unchanged: Int,
    failed: [Failure], skipped: [String], dates: [EpochDay: Int], timings: Timings
  ) {
    self.root = root
    self.shard = shard
    self.date = date
    self.learners = learners
    self.planned = planned
    self.unchanged = unchanged
    self.failed = failed
    self.skipped = skipped
    self.dates = dates
    self.timings = timings
  }

  /// True when every learner of the shard has its plan (none failed).
  public var allPlanned: Bool { failed.isEmpty }

  /// One line of JSON, keys sorted, numbers of seconds rounded to milliseconds.
  public var json: String {
    let q = NightlyJSON.quote
    let dateCounts = dates.keys.sorted().map { "\(q($0.description)):\(dates[$0]!)" }
    let failures = failed.map { "{\"learner\":\(q($0.learner)),\"reason\":\(q($0.reason))}" }
    let t = timings
    let timing = [
      "\"learnersPerSecond\":\(NightlyJSON.decimal(t.learnersPerSecond(learners), places: 1))",
      "\"listingSeconds\":\(NightlyJSON.decimal(t.listing, places: 3))",
      "\"planningSeconds\":\(NightlyJSON.decimal(t.planning, places: 3))",
      "\"readingSeconds\":\(NightlyJSON.decimal(t.reading, places: 3))",
      "\"totalSeconds\":\(NightlyJSON.decimal(t.total, places: 3))",
      "\"writingSeconds\":\(NightlyJSON.decimal(t.writing, places: 3))",
    ]
    let fields = [
      "\"date\":\(date.map { q($0.description) } ?? "null")",
      "\"dates\":{\(dateCounts.joined(separator: ","))}",
      "\"failed\":[\(failures.joined(separator: ","))]",
      "\"learners\":\(learners)",
      "\"planned\":\(planned)",
      "\"root\":\(q(root))",
      "\"shard\":\(q(shard.description))",
      "\"skipped\":[\(skipped.map(q).joined(separator: ","))]",
      "\"timings\":{\(timing.joined(separator: ","))}",
      "\"unchanged\":\(unchanged)",
      "\"version\":\(Self.version)",
    ]
    return "{" + fields.joined(separator: ",") + "}"
  }
}

/// The little JSON writing the nightly job needs (the summary and the temporary plan).
enum NightlyJSON {
  /// A JSON string literal: quotes, backslashes and control characters escaped, the rest as is.
  static func quote(_ text: String) -> String { JSONWriter.quoted(text) }

  /// A non-negative number with exactly `places` decimals, e.g. `0.250`.
  static func decimal(_ value: Double, places: Int) -> String {
    guard value.isFinite, value > 0 else { return places == 0 ? "0" : "0." + String(repeating: "0", count: places) }
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    let scaled = Int64((value * scale).rounded())
    let unit = Int64(scale)
    let fraction = String(scaled % unit)
    let whole = String(scaled / unit)
    return places == 0 ? whole : whole + "." + String(repeating: "0", count: places - fraction.count) + fraction
  }
}
