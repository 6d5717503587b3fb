/// The derived state of a learner: a pure fold of profile + events (see ``LearnerFold``).
public struct LearnerState: Sendable, Equatable {
  /// Every item by key: `p1`…`p604` for mushaf pages, `w:<word key>` for words.
  public var items: [String: ItemState] = [:]
  public var habits = Habits()
  /// Events folded.
  public var eventCount: Int = 0
  /// Events folded per type name.
  public var eventsByType: [String: Int] = [:]
  /// The latest event time folded (ms since epoch).
  public var latestEventMillis: Int64?

  public init() {}

  /// The item of a word, if it was ever added.
  public func word(_ english: String) -> ItemState? { items["w:" + wordKey(english)] }

  /// Whether a word is in the dictionary now (added and not deleted).
  public func hasWord(_ english: String) -> Bool {
    guard let w = word(english)?.word else { return false }
    return !w.deleted
  }

  /// Item keys in a stable order: pages by number, then words alphabetically.
  public var sortedKeys: [String] {
    items.keys.sorted { a, b in
      let pa = a.hasPrefix("p"), pb = b.hasPrefix("p")
      if pa != pb { return pa }
      if pa { return Int(a.dropFirst())! < Int(b.dropFirst())! }
      return a < b
    }
  }
}
