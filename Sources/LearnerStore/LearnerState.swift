import Hifz
import Vocabulary
/// The derived state of a learner: a pure fold of profile + events (see ``LearnerFold``).
public struct LearnerState: Sendable, Equatable {
  /// Every item by key: Quran review units (`p582`, `s114`, see `ReviewUnits`), and
  /// `w:<word key>` for words; in key order (``ItemTable``).
  public var items = ItemTable()
  public var habits = Habits()
  /// Events folded.
  public var eventCount: Int = 0
  /// Events folded per type name.
  public var eventsByType: [String: Int] = [:]
  /// The latest event time folded (ms since epoch).
  public var latestEventMillis: Int64?
  /// What the daily plan reads besides the items (see ``PlanInputs``).
  public var plan = PlanInputs()
  /// Suspended decks (`deck.suspended`): their tags' keys (``DeckTag/key(_:)``), sorted.
  public var suspendedDecks: [String] = []

  public init() {}

  /// The item of a word, if it was ever added.
  public func word(_ english: String) -> ItemState? { items[ItemKey.word(english)] }

  /// Whether a word is in the dictionary now (added and not deleted).
  public func hasWord(_ english: String) -> Bool {
    guard let w = word(english)?.word else { return false }
    return !w.deleted
  }

  /// Item keys in a stable order: Quran units in mushaf order (units that start on the same
  /// ayah in key order), then words alphabetically.
  public var sortedKeys: [String] {
    // Each key parsed once (not once per comparison), then the same stable sort by the same
    // order: the same permutation as sorting the keys with the parse in the comparator.
    let decorated = items.keys.map { key in (key: key, ayah: ReviewUnitID(key).map(ReviewUnits.firstAyah)) }
    return decorated.sorted { a, b in
      switch (a.ayah, b.ayah) {
      case (let x?, let y?): return x < y
      case (.some, nil): return true
      case (nil, .some): return false
      case (nil, nil): return a.key < b.key
      }
    }.map(\.key)
  }
}
