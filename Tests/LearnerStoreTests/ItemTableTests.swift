import Testing
@testable import LearnerStore
@testable import PlannerCore

/// `ItemTable` against a dictionary: the same items after any mix of writes, read back in key
/// order (issue #18: the table replaced `[String: ItemState]` in `LearnerState`).
@Suite("ItemTable: a dictionary's items, in key order")
struct ItemTableTests {
  static func item(_ n: Int) -> ItemState {
    var item = ItemState()
    item.reviews = n
    if n % 3 == 0 { item.word = WordEntry(english: "w\(n)", ukrainian: ["с\(n)"], addedMillis: Int64(n)) }
    return item
  }

  static func expectSame(_ table: ItemTable, _ model: [String: ItemState]) {
    #expect(table.count == model.count)
    let sorted = model.keys.sorted()
    #expect(table.keys == sorted)
    #expect(table.map(\.key) == sorted)
    #expect(table.values.map(\.reviews) == sorted.map { model[$0]!.reviews })
    for (rank, key) in sorted.enumerated() {
      #expect(table.key(at: rank) == key)
      #expect(table[rank: rank] == model[key]!)
      #expect(table[key] == model[key])
    }
  }

  @Test(arguments: [1, 2, 3, 4, 5])
  func randomWritesMatchADictionary(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    var table = ItemTable(), model: [String: ItemState] = [:]
    var keys: [String] = ["w:é", "w:e\u{301}", "s1", ""]
    for n in 0..<60 { keys.append(n % 2 == 0 ? "w:" + String(n * 7919 % 1000) : "p" + String(n)) }
    for step in 0..<2_000 {
      if step == 1_000 && seed % 2 == 0 { table.buildIndex() }  // lookups by hash from here on
      let key = keys[Int(rng.next() % UInt64(keys.count))]
      switch rng.next() % 5 {
      case 0: table[key] = Self.item(step); model[key] = Self.item(step)
      case 1: table[key] = nil; model[key] = nil
      case 2: table[key, default: Self.item(-1)].lapses += 1; model[key, default: Self.item(-1)].lapses += 1
      case 3:
        let added = table.add(key) { $0 = Self.item(step); return true }
        #expect(added == (model[key] == nil))
        if model[key] == nil { model[key] = Self.item(step) }
      default: #expect(table[key] == model[key])
      }
    }
    Self.expectSame(table, model)
  }

  /// `ranks(from:below:)` gives the ranks of the keys in [lower, upper), as a filter does.
  @Test(arguments: [1, 2, 3])
  func ranksBetweenTwoKeysAreThoseOfTheKeysBetween(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    var table = ItemTable()
    let pool = ["", "p", "p1", "p582", "s1", "s114", "t", "w:", "w:a", "w:é", "w:e\u{301}", "s\u{323}1", "q", "r9", "a", "~"]
    for key in pool where rng.next() % 3 != 0 { _ = table.add(key) { _ in true } }
    for n in 0..<40 { _ = table.add("p" + String(rng.next() % 700)) { _ in true }; _ = table.add("w:" + String(n)) { _ in true } }
    let keys = table.keys
    for lower in pool + ["p0", "w;"] {
      for upper in pool + ["p0", "w;"] {
        let ranks = table.ranks(from: lower, below: upper)
        #expect(Array(ranks) == keys.indices.filter { lower <= keys[$0] && keys[$0] < upper }, "[\(lower), \(upper))")
      }
    }
  }

  /// A table read from records (a snapshot's) is the table `add` makes of the same records:
  /// in key order or not; a key twice, or a record refused, refuses the table.
  @Test(arguments: [1, 2, 3])
  func aTableReadFromRecordsIsTheTableAddMakes(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    var keys = (0..<300).map { n in n % 4 == 0 ? "p" + String(n) : "w:" + String(n * 7919 % 100_000) }
    keys = Array(Set(keys)).sorted()
    for shuffled in [false, true] {
      let records = shuffled ? keys.shuffled(using: &rng) : keys
      var added = ItemTable()
      for (n, key) in records.enumerated() { #expect(added.add(key) { $0 = Self.item(n); return true }) }
      var next = 0
      let read = ItemTable(count: records.count) { item in
        item.pointee = Self.item(next)
        defer { next += 1 }
        return records[next]
      }
      #expect(read == added)
      #expect(read?.keys == keys)
    }
    var next = 0
    #expect(ItemTable(count: 3) { _ in defer { next += 1 }; return ["w:b", "w:a", "w:b"][next] } == nil)  // a key twice
    next = 0
    #expect(ItemTable(count: 3) { _ in defer { next += 1 }; return ["w:a", "w:e\u{301}", "w:é"][next] } == nil)  // equal keys
    next = 0
    #expect(ItemTable(count: 3) { _ in defer { next += 1 }; return next == 1 ? nil : "w:\(next)" } == nil)  // refused
    #expect(ItemTable(count: 0) { _ in nil } == ItemTable())
  }

  @Test func anIndexBuiltFirstIsKeptUpToDate() {
    var table = ItemTable(), model: [String: ItemState] = [:]
    table.buildIndex()
    for n in 0..<300 {
      let key = "w:" + String((n * 37) % 101)
      if n % 7 == 0 { table[key] = nil; model[key] = nil } else { table[key, default: ItemState()].reviews += n; model[key, default: ItemState()].reviews += n }
      if n % 11 == 0 { _ = table.add("p" + String(n)) { $0.lapses = n; return true }; model["p" + String(n)] = { var i = ItemState(); i.lapses = n; return i }() }
    }
    Self.expectSame(table, model)
  }

  @Test func loadOrderAppendsAndAnyOrderStillSorts() {
    var inOrder = ItemTable(), shuffled = ItemTable()
    let keys = (0..<200).map { String(format: "w:%04d", $0) }
    for k in keys { #expect(inOrder.add(k) { $0.reviews = 1; return true }) }
    var rng = SplitMix64(seed: 9)
    for k in keys.shuffled(using: &rng) { #expect(shuffled.add(k) { $0.reviews = 1; return true }) }
    #expect(inOrder == shuffled)
    #expect(inOrder.keys == keys)
    #expect(!inOrder.add("w:0007") { _ in true })  // a key seen twice is refused
    #expect(!inOrder.add("w:9999") { _ in false })  // a refused record adds nothing
    #expect(!inOrder.add("w:0050x") { _ in false })
    #expect(inOrder.keys == keys)
  }

  @Test func equalityIgnoresInsertionOrderButNotValues() {
    let a: ItemTable = ["p1": Self.item(1), "w:a": Self.item(2)]
    var b: ItemTable = ["w:a": Self.item(2), "p1": Self.item(1)]
    #expect(a == b)
    b["p1"]!.lapses = 1
    #expect(a != b)
    b["p1"] = nil
    #expect(b.keys == ["w:a"])
    #expect(ItemTable() == ItemTable())
  }
}
