import Hifz
import MemoryModels
import PlannerCore

/// The snapshot's bytes (version 4; docs/file-formats.md): a magic, the key, the parameter
/// sets, the head (its totals and items), the pending events, the watermark state (its totals
/// and the items that differ from the head's), and a trailing checksum of everything before it
/// (``LearnerSnapshotBytes/checksum(_:)``; the file is written without fsync: after a power
/// loss it may be torn or zeroed, and is then refused, never misread). Without a head (a
/// snapshot made from parts), the pending events and the whole watermark state, as version 3
/// had them. Integers are varints (``LearnerSnapshotBytes``), doubles exact.
extension LearnerSnapshot {
  /// `\x89PLNSNAP`: not text, not JSON, so no tool mistakes it for either.
  static let magic: [UInt8] = [0x89, 0x50, 0x4C, 0x4E, 0x53, 0x4E, 0x41, 0x50]

  public func serialized() -> [UInt8] {
    var w = LearnerSnapshotBytes.Writer(capacity: 4096 + state.items.count * (44 + 34 * parameters.count))
    w.bytes += Self.magic
    w.int(Self.currentVersion)
    w.int(Self.foldVersion)
    w.fixed64(profileHash)
    w.int(logBytes); w.int(logCount); w.int(lastLineStart); w.fixed64(lastLineHash)
    if let m = watermarkMillis { w.byte(1); w.signed(m) } else { w.byte(0) }
    w.int(parameters.count)
    for set in parameters {
      w.int(set.count)
      for p in set { w.double(p) }
    }
    // The head first (what a load in time order reads), then the watermark state after it.
    if let head, let delta = baseDelta(from: head) {
      w.byte(1)
      let order = head.keys.isEmpty ? head.state.items.keys : head.keys
      Self.writeTotals(head.state, to: &w)
      w.int(order.count)
      for (i, key) in order.enumerated() {
        let item = head.state.items[key]!
        w.string(key)
        Self.write(item, to: &w)
        Self.write(ItemMemory(item.daily), to: &w)
        for other in head.otherMemories { Self.write(other[i], to: &w) }
      }
      writePending(to: &w)
      Self.writeTotals(state, against: head.state, to: &w)
      // The items whose watermark state is not the head's: the gap to the head's index before,
      // then 0 (not in the watermark state) or 1 and the item with its memories.
      w.int(delta.count)
      var previous = 0
      for (i, base) in delta {
        w.int(i - previous)
        previous = i
        guard let (item, others) = base else { w.byte(0); continue }
        w.byte(1)
        Self.write(item, to: &w)
        Self.write(ItemMemory(item.daily), to: &w)
        for m in others { Self.write(m, to: &w) }
      }
    } else {
      w.byte(0)
      writePending(to: &w)
      Self.writeTotals(state, to: &w)
      let order = keys.isEmpty ? state.items.keys : keys
      w.int(order.count)
      for (i, key) in order.enumerated() {
        let item = state.items[key]!
        w.string(key)
        Self.write(item, to: &w)
        Self.write(ItemMemory(item.daily), to: &w)
        for other in otherMemories { Self.write(other[i], to: &w) }
      }
    }
    w.fixed64(LearnerSnapshotBytes.checksum(w.bytes))
    return w.bytes
  }

  private func writePending(to w: inout LearnerSnapshotBytes.Writer) {
    w.int(pending.count)
    for e in pending {
      var j = JSONWriter(capacity: 256)
      j.write(.object(e.json))
      w.raw(j.bytes)
    }
  }

  /// The watermark state's items that differ from the head's, by the head's sorted index (nil:
  /// not in the watermark state); nil when the watermark state has an item the head lacks (the
  /// fold never removes one: such a snapshot is written without a head).
  private func baseDelta(from head: Head) -> [(Int, (ItemState, [ItemMemory])?)]? {
    let order = head.keys.isEmpty ? head.state.items.keys : head.keys
    guard state.items.count <= order.count else { return nil }
    var baseIndex: [String: Int] = [:]
    if !otherMemories.isEmpty {
      baseIndex.reserveCapacity(keys.count)
      for (i, k) in keys.enumerated() { baseIndex[k] = i }
    }
    var delta: [(Int, (ItemState, [ItemMemory])?)] = []
    var found = 0
    for (i, key) in order.enumerated() {
      guard let item = state.items[key] else { delta.append((i, nil)); continue }
      found += 1
      var others: [ItemMemory] = []
      if !otherMemories.isEmpty {
        guard let b = baseIndex[key] else { return nil }
        others = otherMemories.map { $0[b] }
      }
      let headOthers = head.otherMemories.map { $0[i] }
      if item != head.state.items[key]! || others != headOthers { delta.append((i, (item, others))) }
    }
    guard found == state.items.count, head.otherMemories.count == otherMemories.count else { return nil }
    return delta
  }

  /// Reads a snapshot; nil when it is not a snapshot this version can use (corrupt, torn,
  /// older fold, other format): the caller then rebuilds. When the snapshot holds the set
  /// `parameters`, it comes back first (`state` folded with it).
  public static func parse(_ bytes: [UInt8], parameters wanted: [Double]? = nil) -> LearnerSnapshot? {
    Instrumentation.count(.snapshotWhole)
    return verified(bytes) { r in parse(&r, wanted: wanted) }
  }

  /// What a load in time order needs (``Prefix``), without decoding `pending` or the
  /// watermark state; nil when the snapshot has no head or is not one this version can use.
  static func parsePrefix(_ bytes: [UInt8], parameters wanted: [Double]) -> Prefix? {
    verified(bytes) { r in
      guard var prefix = readKey(&r, wanted: wanted), r.byte() == 1,
        let head = readState(&r, setCount: prefix.parameters.count, first: prefix.first, keepOthers: false)
      else { return nil }
      prefix.head = head.state
      return prefix
    }
  }

  /// The key, the parameter sets and the head of a snapshot (see ``parsePrefix(_:parameters:)``).
  struct Prefix {
    var logBytes: Int, logCount: Int, lastLineStart: Int, lastLineHash: UInt64, profileHash: UInt64
    var watermarkMillis: Int64?
    /// As stored; `first` is the index of the set asked for (0 when absent).
    var parameters: [[Double]]
    var first: Int
    /// The head folded with `parameters[first]`.
    var head = LearnerState()
  }

  private static func verified<T>(_ bytes: [UInt8], _ body: (inout LearnerSnapshotBytes.Reader) -> T?) -> T? {
    guard bytes.count >= magic.count + 8, bytes[0..<magic.count].elementsEqual(magic) else { return nil }
    // The words' translations stay encoded in `bytes` until read (``TextList``).
    let owner = EncodedTexts(bytes)
    return owner.bytes.withUnsafeBufferPointer { all -> T? in
      let body0 = UnsafeBufferPointer(rebasing: all[0..<(all.count - 8)])
      var trailer = LearnerSnapshotBytes.Reader(UnsafeBufferPointer(rebasing: all[(all.count - 8)...]), owner: owner)
      guard trailer.fixed64() == LearnerSnapshotBytes.checksum(body0) else { return nil }
      var r = LearnerSnapshotBytes.Reader(body0, owner: owner)
      r.at = magic.count
      return body(&r)
    }
  }

  private static func readKey(_ r: inout LearnerSnapshotBytes.Reader, wanted: [Double]?) -> Prefix? {
    guard r.int() == currentVersion, r.int() == foldVersion, let profileHash = r.fixed64(),
      let logBytes = r.int(), let logCount = r.int(), let lastLineStart = r.int(), let lastLineHash = r.fixed64(),
      let hasWatermark = r.byte()
    else { return nil }
    var watermark: Int64?
    if hasWatermark == 1 { guard let m = r.signed() else { return nil }; watermark = m }
    guard let setCount = r.count(), (1...maximumParameterSets).contains(setCount) else { return nil }
    var sets: [[Double]] = []
    for _ in 0..<setCount {
      guard let n = r.count() else { return nil }
      var set: [Double] = []
      set.reserveCapacity(n)
      for _ in 0..<n { guard let p = r.double() else { return nil }; set.append(p) }
      sets.append(set)
    }
    return Prefix(logBytes: logBytes, logCount: logCount, lastLineStart: lastLineStart, lastLineHash: lastLineHash,
                  profileHash: profileHash, watermarkMillis: watermark, parameters: sets,
                  first: wanted.flatMap { sets.firstIndex(of: $0) } ?? 0)
  }

  /// A state's items with their memories: for set `first` in the items, the others (in stored
  /// order without `first`) beside them when `keepOthers`.
  private static func readState(_ r: inout LearnerSnapshotBytes.Reader, setCount: Int, first: Int, keepOthers: Bool)
    -> (state: LearnerState, keys: [String], others: [[ItemMemory]])?
  {
    guard var state = readTotals(&r), let itemCount = r.count(), itemCount <= r.bytes.count - r.at else { return nil }
    let keeping = keepOthers && setCount > 1
    var keys: [String] = []
    var others = [[ItemMemory]](repeating: [], count: keeping ? setCount - 1 : 0)
    if keeping {
      keys.reserveCapacity(itemCount)
      for k in others.indices { others[k].reserveCapacity(itemCount) }
    }
    // Each item decoded in place in the table's storage (written in key order); a key seen
    // twice (never written) is refused.
    guard let items = ItemTable(count: itemCount, reading: { item in
      guard let key = r.string(),
        readEntry(&r, into: &item.pointee, setCount: setCount, first: first, keeping: keeping, others: &others)
      else { return nil }
      if keeping { keys.append(key) }
      return key
    }) else { return nil }
    state.items = items
    return (state, keys, others)
  }

  /// An item record and its memories, the one of set `first` into the item, the others
  /// appended to `others` (in stored order without `first`) when `keeping`, else skipped.
  @inline(__always)
  private static func readEntry(_ r: inout LearnerSnapshotBytes.Reader, into item: inout ItemState, setCount: Int, first: Int,
                                keeping: Bool, others: inout [[ItemMemory]]) -> Bool {
    guard readItem(&r, into: &item) else { return false }
    for k in 0..<setCount {
      if k == first {
        guard let m = readMemory(&r) else { return false }
        item.memory = m.memory
        item.previousMemory = m.previous
      } else if keeping {
        guard let m = readMemory(&r) else { return false }
        keep(m, set: k < first ? k : k - 1, in: &others)
      } else {
        guard skipMemory(&r) else { return false }
      }
    }
    return true
  }

  /// Out of line: inlined, the mutable access to `others` made its (empty) outer array unique
  /// once per item even when nothing was kept, an allocation each.
  @inline(never)
  private static func keep(_ m: ItemMemory, set k: Int, in others: inout [[ItemMemory]]) { others[k].append(m) }

  private static func readPending(_ r: inout LearnerSnapshotBytes.Reader) -> [LearnerEvent]? {
    guard let pendingCount = r.count() else { return nil }
    var pending: [LearnerEvent] = []
    pending.reserveCapacity(pendingCount)
    for _ in 0..<pendingCount {
      guard let line = r.raw(), let node = try? JSONParser.parse(line),
        let e = try? LearnerEvent.decode(node, file: Learner.snapshotFile, line: nil)
      else { return nil }
      pending.append(e)
    }
    return pending
  }

  private static func parse(_ r: inout LearnerSnapshotBytes.Reader, wanted: [Double]?) -> LearnerSnapshot? {
    guard let key = readKey(&r, wanted: wanted), let hasHead = r.byte(), hasHead < 2 else { return nil }
    let setCount = key.parameters.count, first = key.first
    var head: Head?
    var state: LearnerState
    var keys: [String], others: [[ItemMemory]]
    let pending: [LearnerEvent]
    if hasHead == 1 {
      guard let h = readState(&r, setCount: setCount, first: first, keepOthers: true), let p = readPending(&r),
        var base = readTotals(&r, against: h.state), let deltaCount = r.count()
      else { return nil }
      pending = p
      let order = setCount > 1 ? h.keys : h.state.items.keys
      head = Head(state: h.state, keys: h.keys, otherMemories: h.others)
      base.items = h.state.items
      var baseOthers = h.others
      var removed: [Int] = []
      var at = 0
      for n in 0..<deltaCount {
        guard let gap = r.int(), n == 0 || gap > 0, at + gap < order.count, let present = r.byte(), present < 2 else { return nil }
        at += gap
        guard present == 1 else { base.items[order[at]] = nil; removed.append(at); continue }
        guard var item = readItem(&r) else { return nil }
        for k in 0..<setCount {
          guard let m = readMemory(&r) else { return nil }
          if k == first { item.memory = m.memory; item.previousMemory = m.previous }
          else { baseOthers[k < first ? k : k - 1][at] = m }
        }
        base.items[order[at]] = item
      }
      state = base
      keys = h.keys
      others = baseOthers
      if !removed.isEmpty && setCount > 1 {
        let gone = Set(removed)
        keys = h.keys.indices.filter { !gone.contains($0) }.map { h.keys[$0] }
        others = baseOthers.map { list in list.indices.filter { !gone.contains($0) }.map { list[$0] } }
      }
    } else {
      guard let p = readPending(&r), let s = readState(&r, setCount: setCount, first: first, keepOthers: true) else { return nil }
      pending = p
      (state, keys, others) = s
    }
    guard r.atEnd else { return nil }
    let sets = key.parameters
    var snap = LearnerSnapshot(logBytes: key.logBytes, logCount: key.logCount, lastLineStart: key.lastLineStart,
                               lastLineHash: key.lastLineHash, profileHash: key.profileHash, watermarkMillis: key.watermarkMillis,
                               pending: pending, state: state, parameters: sets[first])
    snap.parameters = [sets[first]] + sets.indices.filter { $0 != first }.map { sets[$0] }
    snap.keys = keys
    snap.otherMemories = others
    snap.head = head
    return snap
  }

  // MARK: Totals (everything but the items)

  /// `against`: the head, for the watermark state (see ``write(_:against:to:)``).
  private static func writeTotals(_ state: LearnerState, against head: LearnerState? = nil, to w: inout LearnerSnapshotBytes.Writer) {
    w.int(state.eventCount)
    if let l = state.latestEventMillis { w.byte(1); w.signed(l) } else { w.byte(0) }
    w.int(state.eventsByType.count)
    for k in state.eventsByType.keys.sorted() { w.string(k); w.int(state.eventsByType[k]!) }
    write(state.habits, to: &w)
    write(state.plan, against: head?.plan, to: &w)
    w.int(state.suspendedDecks.count)
    for t in state.suspendedDecks { w.string(t) }
  }

  private static func readTotals(_ r: inout LearnerSnapshotBytes.Reader, against head: LearnerState? = nil) -> LearnerState? {
    var state = LearnerState()
    guard let eventCount = r.int(), let hasLatest = r.byte() else { return nil }
    state.eventCount = eventCount
    if hasLatest == 1 { guard let l = r.signed() else { return nil }; state.latestEventMillis = l }
    guard let typeCount = r.count() else { return nil }
    for _ in 0..<typeCount {
      guard let k = r.string(), let n = r.int() else { return nil }
      state.eventsByType[k] = n
    }
    guard let habits = readHabits(&r), let plan = readPlanInputs(&r, against: head?.plan), let deckCount = r.count() else { return nil }
    state.habits = habits
    state.plan = plan
    for _ in 0..<deckCount { guard let t = r.string() else { return nil }; state.suspendedDecks.append(t) }
    return state
  }
}
