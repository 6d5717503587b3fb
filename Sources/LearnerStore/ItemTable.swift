/// The fold's items by key (``LearnerState/items``), kept in key order (`String` order).
///
/// A dictionary would do for lookups, but every reader of the whole table wants it in key order
/// (the snapshot, the vocabulary's word list, the Quran units), and a night's load reads a
/// snapshot that is already in that order: here the load appends, nothing is hashed, and the
/// word list walks the table instead of sorting thousands of keys each plan. Lookups are a binary
/// search (about as fast as hashing a key at a learner's few thousand items). Iteration is in key
/// order, so no process-dependent order can reach an output.
///
/// Items are stored in insertion order; `order` lists their positions in key order, so an
/// insertion moves 4-byte positions, not items. A fold of a whole history (thousands of lookups)
/// first builds a hash index of the positions (``buildIndex()``): a binary search of
/// `String`s costs about three hashes.
public struct ItemTable: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
  public typealias Element = (key: String, value: ItemState)

  private var storedKeys: [String] = []
  private var storedValues: [ItemState] = []
  /// Positions in `storedKeys`/`storedValues`, in key order.
  private var order: [Int32] = []
  /// Each key's position, once ``buildIndex()`` asked for it; kept up to date from then on.
  private var index: [String: Int32]?

  public init() {}

  public init(dictionaryLiteral elements: (String, ItemState)...) {
    for (key, value) in elements { self[key] = value }
  }

  public var count: Int { storedKeys.count }
  public var isEmpty: Bool { storedKeys.isEmpty }

  public mutating func reserveCapacity(_ n: Int) {
    storedKeys.reserveCapacity(n); storedValues.reserveCapacity(n); order.reserveCapacity(n)
  }

  /// The rank (place in key order) of `key`, or where it would go.
  @inline(__always)
  private func search(_ key: String) -> (found: Bool, rank: Int) {
    var lo = 0, hi = order.count
    while lo < hi {
      let mid = (lo &+ hi) >> 1
      let k = storedKeys[Int(order[mid])]
      if k < key { lo = mid + 1 } else if key < k { hi = mid } else { return (true, mid) }
    }
    return (false, lo)
  }

  /// The stored position of `key`.
  @inline(__always)
  private func position(_ key: String) -> Int? {
    if let index { return index[key].map { Int($0) } }
    let s = search(key)
    return s.found ? Int(order[s.rank]) : nil
  }

  /// Hashes every key once, so that the lookups that follow cost a hash, not a binary search;
  /// for a fold of many events. Kept up to date by every change after it.
  mutating func buildIndex() {
    guard index == nil else { return }
    var d: [String: Int32] = [:]
    d.reserveCapacity(storedKeys.count)
    for p in storedKeys.indices { d[storedKeys[p]] = Int32(truncatingIfNeeded: p) }
    index = d
  }

  /// Stores a new item (not in the table) where it goes; returns its position.
  private mutating func insert(_ key: String, _ value: ItemState) -> Int {
    let p = storedKeys.count
    order.insert(Int32(truncatingIfNeeded: p), at: search(key).rank)
    storedKeys.append(key); storedValues.append(value)
    index?[key] = Int32(truncatingIfNeeded: p)
    return p
  }

  private mutating func remove(_ key: String) {
    let rank = search(key).rank
    let p = Int(order.remove(at: rank)), last = storedKeys.count - 1
    index?[key] = nil
    if p != last {
      // The last stored item moves into the freed position; its rank points there.
      let moved = search(storedKeys[last]).rank
      storedKeys.swapAt(p, last); storedValues.swapAt(p, last)
      order[moved] = Int32(truncatingIfNeeded: p)
      index?[storedKeys[p]] = Int32(truncatingIfNeeded: p)
    }
    storedKeys.removeLast(); storedValues.removeLast()
  }

  public subscript(key: String) -> ItemState? {
    get { position(key).map { storedValues[$0] } }
    set {
      switch (position(key), newValue) {
      case (let p?, let v?): storedValues[p] = v
      case (.some, nil): remove(key)
      case (nil, let v?): _ = insert(key, v)
      case (nil, nil): break
      }
    }
  }

  /// The item of `key`, made from `value` first when there is none; modified in place.
  public subscript(key: String, default value: @autoclosure () -> ItemState) -> ItemState {
    get { self[key] ?? value() }
    _modify {
      let p = position(key) ?? insert(key, value())
      yield &storedValues[p]
    }
  }

  /// Adds an item for a key not in the table yet, made in place by `body` (false: refused, and
  /// nothing is added); false when `key` is there already. A load reads keys in key order: then
  /// each one is appended after one comparison.
  mutating func add(_ key: String, _ body: (inout ItemState) -> Bool) -> Bool {
    let p: Int
    if let last = order.last, !(storedKeys[Int(last)] < key) {
      if position(key) != nil { return false }
      p = insert(key, ItemState())
    } else {
      p = storedKeys.count
      storedKeys.append(key); storedValues.append(ItemState())
      order.append(Int32(truncatingIfNeeded: p))
      index?[key] = Int32(truncatingIfNeeded: p)
    }
    guard body(&storedValues[p]) else { remove(key); return false }
    return true
  }

  /// A table of `count` items read one after another (a snapshot's), each made in place by
  /// `read`, which returns its key (nil: the record is refused, and so is the table). The same
  /// table as ``add(_:_:)`` of each in turn: keys in any order, none twice (nil otherwise). A
  /// snapshot's come in key order, and each item is then written once, straight into the
  /// table's storage (no item built aside and copied in, no per-item append).
  package init?(count: Int, reading read: (UnsafeMutablePointer<ItemState>) -> String?) {
    var keys: [String] = []
    keys.reserveCapacity(count)
    var refused = false, ascending = true
    let values = [ItemState](unsafeUninitializedCapacity: count) { buffer, initialized in
      for i in 0..<count {
        let item = buffer.baseAddress! + i
        item.initialize(to: ItemState())
        initialized = i + 1
        guard let key = read(item) else { refused = true; return }
        if ascending, let last = keys.last, !(last < key) { ascending = false }
        keys.append(key)
      }
    }
    guard !refused else { return nil }
    var order = [Int32](unsafeUninitializedCapacity: count) { buffer, initialized in
      for i in 0..<count { buffer[i] = Int32(truncatingIfNeeded: i) }
      initialized = count
    }
    if !ascending {
      order.sort { keys[Int($0)] < keys[Int($1)] }
      for r in order.indices.dropFirst() where keys[Int(order[r - 1])] == keys[Int(order[r])] { return nil }
    }
    storedKeys = keys
    storedValues = values
    self.order = order
  }

  // MARK: Key order

  /// Ranks: `0..<count`, in key order.
  public var indices: Range<Int> { 0..<order.count }

  /// The key at a rank.
  public func key(at rank: Int) -> String { storedKeys[Int(order[rank])] }

  /// The item at a rank, read in place (no copy of its strings and lists).
  public subscript(rank rank: Int) -> ItemState {
    _read { yield storedValues[Int(order[rank])] }
  }

  /// The sum of `value` over the items, each read in place through a pointer (a field read
  /// copies that field only; an item bound whole is copied whole).
  package func sum(_ value: (UnsafePointer<ItemState>) -> Int) -> Int {
    storedValues.withUnsafeBufferPointer { items in
      var total = 0
      for i in items.indices { total += value(items.baseAddress! + i) }
      return total
    }
  }

  /// Calls `body` with each key and item in key order, read in place through pointers (a field read
  /// copies that field only). Test `ItemState`'s `word` by optional chaining (`word?.deleted`),
  /// then read its fields with `unsafelyUnwrapped`: `word != nil`, like binding it, copied the
  /// whole entry.
  package func forEachInKeyOrder(_ body: (_ key: UnsafePointer<String>, _ item: UnsafePointer<ItemState>) -> Void) {
    storedKeys.withUnsafeBufferPointer { keys in
      storedValues.withUnsafeBufferPointer { items in
        order.withUnsafeBufferPointer { order in
          for p in order { body(keys.baseAddress! + Int(p), items.baseAddress! + Int(p)) }
        }
      }
    }
  }

  /// The ranks of the keys `k` with `lower ≤ k < upper` (two binary searches): the items of one
  /// kind, whose keys share a prefix, without walking the others.
  package func ranks(from lower: String, below upper: String) -> Range<Int> {
    let a = search(lower).rank
    return a..<Swift.max(a, search(upper).rank)
  }

  /// The keys, in key order.
  public var keys: [String] { order.map { storedKeys[Int($0)] } }

  /// The items, in key order (a view: each is copied when read, as a dictionary's values are).
  public var values: LazyMapCollection<Range<Int>, ItemState> { indices.lazy.map { self[rank: $0] } }

  public struct Iterator: IteratorProtocol {
    let table: ItemTable
    var rank = 0
    public mutating func next() -> Element? {
      guard rank < table.order.count else { return nil }
      defer { rank += 1 }
      let p = Int(table.order[rank])
      return (table.storedKeys[p], table.storedValues[p])
    }
  }

  public func makeIterator() -> Iterator { Iterator(table: self) }
  public var underestimatedCount: Int { count }

  public static func == (a: ItemTable, b: ItemTable) -> Bool {
    guard a.count == b.count else { return false }
    for r in a.indices {
      let p = Int(a.order[r]), q = Int(b.order[r])
      guard a.storedKeys[p] == b.storedKeys[q], a.storedValues[p] == b.storedValues[q] else { return false }
    }
    return true
  }
}
