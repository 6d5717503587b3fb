import PlannerCore
/// One shard of the nightly job: shard `index` (1…`count`) plans the learners whose folder name
/// hashes to `index − 1` modulo `count`, so the `count` shards together plan every learner
/// exactly once, whatever machine each runs on. See docs/operations.md.
public struct Shard: Sendable, Hashable, CustomStringConvertible {
  /// K, from 1 to `count`.
  public let index: Int
  /// N, the number of shards.
  public let count: Int

  /// The whole job as one shard.
  public static let all = Shard(uncheckedIndex: 1, count: 1)

  /// A shard; throws unless 1 ≤ index ≤ count.
  public init(index: Int, count: Int, keyPath: String = "--shard") throws(PlanEngineError) {
    guard count >= 1 else {
      throw .invalidValue(keyPath: keyPath, value: "\(index)/\(count)",
                          expected: "K/N with N (the number of shards) at least 1")
    }
    guard (1...count).contains(index) else {
      throw .invalidValue(keyPath: keyPath, value: "\(index)/\(count)",
                          expected: "K/N with K from 1 to \(count) (shards are numbered from 1)")
    }
    self.init(uncheckedIndex: index, count: count)
  }

  private init(uncheckedIndex index: Int, count: Int) {
    self.index = index
    self.count = count
  }

  /// True when the learner folder named `folderName` (its last path component, not a path, so
  /// that mount points may differ between machines) belongs to this shard.
  public func contains(_ folderName: String) -> Bool {
    Shard.shardIndex(of: folderName, count: count) == index
  }

  /// The shard (1…count) that plans `folderName` when the job is split into `count` shards.
  public static func shardIndex(of folderName: String, count: Int) -> Int {
    precondition(count >= 1, "shard count must be at least 1")
    return Int(FNV1a64.hash(folderName) % UInt64(count)) + 1
  }

  /// The names of `folderNames` this shard plans, in their given order.
  public func select(_ folderNames: [String]) -> [String] {
    count == 1 ? folderNames : folderNames.filter(contains)
  }

  /// `K/N`, as `--shard` takes it.
  public var description: String { "\(index)/\(count)" }

  /// Parses `--shard K/N`: two decimal integers with 1 ≤ K ≤ N, e.g. `3/8`.
  public init(parsing text: String, keyPath: String = "--shard") throws(PlanEngineError) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2 else {
      throw .invalidValue(keyPath: keyPath, value: text,
                          expected: "K/N (shard K of N, K from 1 to N), e.g. 3/8")
    }
    guard let index = Shard.decimal(parts[0]) else {
      throw .invalidValue(keyPath: keyPath, value: text,
                          expected: "K/N where K is a whole number from 1 to N, e.g. 3/8")
    }
    guard let count = Shard.decimal(parts[1]) else {
      throw .invalidValue(keyPath: keyPath, value: text,
                          expected: "K/N where N is a whole number of shards, at least 1, e.g. 3/8")
    }
    try self.init(index: index, count: count, keyPath: keyPath)
  }

  /// A non-negative decimal integer of ASCII digits only (no sign, no spaces), or nil.
  static func decimal(_ text: Substring) -> Int? {
    guard !text.isEmpty, text.count <= 18, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
    return Int(text)
  }
}
