import Hifz
import MemoryModels
import PlannerCore

/// The snapshot's bytes (version 3; docs/file-formats.md): a magic, the key, the parameter
/// sets, the pending events, the state, and a trailing FNV-1a 64 of everything before it (the
/// file is written without fsync: after a power loss it may be torn or zeroed, and is then
/// refused, never misread). Integers are varints (``LearnerSnapshotBytes``), doubles exact.
extension LearnerSnapshot {
  /// `\x89PLNSNAP`: not text, not JSON, so no tool mistakes it for either.
  static let magic: [UInt8] = [0x89, 0x50, 0x4C, 0x4E, 0x53, 0x4E, 0x41, 0x50]

  public func serialized() -> [UInt8] {
    var w = LearnerSnapshotBytes.Writer(capacity: 4096 + state.items.count * (40 + 34 * parameters.count))
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
    w.int(pending.count)
    for e in pending {
      var j = JSONWriter(capacity: 256)
      j.write(.object(e.json))
      w.raw(j.bytes)
    }
    // The state.
    w.int(state.eventCount)
    if let l = state.latestEventMillis { w.byte(1); w.signed(l) } else { w.byte(0) }
    w.int(state.eventsByType.count)
    for k in state.eventsByType.keys.sorted() { w.string(k); w.int(state.eventsByType[k]!) }
    Self.write(state.habits, to: &w)
    Self.write(state.plan, to: &w)
    w.int(state.suspendedDecks.count)
    for t in state.suspendedDecks { w.string(t) }
    let order = keys.isEmpty ? state.items.keys.sorted() : keys
    w.int(order.count)
    for (i, key) in order.enumerated() {
      let item = state.items[key]!
      Self.write(key, item, to: &w)
      Self.write(ItemMemory(memory: item.memory, previous: item.previousMemory), to: &w)
      for other in otherMemories { Self.write(other[i], to: &w) }
    }
    w.fixed64(FNV1a64.hash(w.bytes))
    return w.bytes
  }

  /// Reads a snapshot; nil when it is not a snapshot this version can use (corrupt, torn,
  /// older fold, other format): the caller then rebuilds. When the snapshot holds the set
  /// `parameters`, it comes back first (`state` folded with it).
  public static func parse(_ bytes: [UInt8], parameters wanted: [Double]? = nil) -> LearnerSnapshot? {
    guard bytes.count >= magic.count + 8, Array(bytes[0..<magic.count]) == magic else { return nil }
    return bytes.withUnsafeBufferPointer { all -> LearnerSnapshot? in
      let body = UnsafeBufferPointer(rebasing: all[0..<(all.count - 8)])
      var trailer = LearnerSnapshotBytes.Reader(UnsafeBufferPointer(rebasing: all[(all.count - 8)...]))
      guard trailer.fixed64() == FNV1a64.hash(body) else { return nil }
      var r = LearnerSnapshotBytes.Reader(body)
      r.at = magic.count
      return parse(&r, wanted: wanted)
    }
  }

  private static func parse(_ r: inout LearnerSnapshotBytes.Reader, wanted: [Double]?) -> LearnerSnapshot? {
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
    let first = wanted.flatMap { sets.firstIndex(of: $0) } ?? 0
    guard let pendingCount = r.count() else { return nil }
    var pending: [LearnerEvent] = []
    pending.reserveCapacity(pendingCount)
    for _ in 0..<pendingCount {
      guard let line = r.raw(), let node = try? JSONParser.parse(line),
        let e = try? LearnerEvent.decode(node, file: Learner.snapshotFile, line: nil)
      else { return nil }
      pending.append(e)
    }
    var state = LearnerState()
    guard let eventCount = r.int(), let hasLatest = r.byte() else { return nil }
    state.eventCount = eventCount
    if hasLatest == 1 { guard let l = r.signed() else { return nil }; state.latestEventMillis = l }
    guard let typeCount = r.count() else { return nil }
    for _ in 0..<typeCount {
      guard let k = r.string(), let n = r.int() else { return nil }
      state.eventsByType[k] = n
    }
    guard let habits = readHabits(&r), let plan = readPlanInputs(&r), let deckCount = r.count() else { return nil }
    state.habits = habits
    state.plan = plan
    for _ in 0..<deckCount { guard let t = r.string() else { return nil }; state.suspendedDecks.append(t) }
    guard let itemCount = r.count() else { return nil }
    state.items.reserveCapacity(itemCount)
    var keys: [String] = []
    var others = [[ItemMemory]](repeating: [], count: setCount - 1)
    if setCount > 1 {
      keys.reserveCapacity(itemCount)
      for k in others.indices { others[k].reserveCapacity(itemCount) }
    }
    for _ in 0..<itemCount {
      guard let key = r.string(), var item = readItem(&r) else { return nil }
      for k in 0..<setCount {
        guard let m = readMemory(&r) else { return nil }
        if k == first {
          item.memory = m.memory
          item.previousMemory = m.previous
        } else {
          others[k < first ? k : k - 1].append(m)
        }
      }
      state.items[key] = item
      if setCount > 1 { keys.append(key) }
    }
    guard r.atEnd else { return nil }
    var snap = LearnerSnapshot(logBytes: logBytes, logCount: logCount, lastLineStart: lastLineStart, lastLineHash: lastLineHash,
                               profileHash: profileHash, watermarkMillis: watermark, pending: pending, state: state,
                               parameters: sets[first])
    snap.parameters = [sets[first]] + sets.indices.filter { $0 != first }.map { sets[$0] }
    snap.keys = keys
    snap.otherMemories = others
    return snap
  }

  // MARK: Items

  /// Flags of an item record: which optional fields follow, which counters are not zero.
  private enum Field {
    static let previousDay: UInt64 = 1 << 0, lastDay: UInt64 = 1 << 1, lastReview: UInt64 = 1 << 2
    static let lastUnknown: UInt64 = 1 << 3, word: UInt64 = 1 << 4, deleted: UInt64 = 1 << 5
    static let suspended: UInt64 = 1 << 6, rank: UInt64 = 1 << 7
    /// Bit 8 + i: counter i is not zero (``counters``).
    static let firstCounter = 8
    /// After the counters' bits: the word has tags (fold version 7).
    static let tags: UInt64 = 1 << 18  // firstCounter + counterCount
  }

  private static let counterCount = 10

  private static func counters(_ it: ItemState) -> [Int] {
    [it.dayRating, it.reviews, it.reviewDays, it.lapses, it.popularity, it.lookups, it.opens, it.quizzes, it.quizzesWrong, it.mistakes]
  }

  private static func write(_ key: String, _ it: ItemState, to w: inout LearnerSnapshotBytes.Writer) {
    w.string(key)
    var flags: UInt64 = 0
    if it.previousDay != nil { flags |= Field.previousDay }
    if it.lastDay != nil { flags |= Field.lastDay }
    if it.lastReviewMillis != nil { flags |= Field.lastReview }
    if it.lastUnknownMillis != nil { flags |= Field.lastUnknown }
    if let word = it.word {
      flags |= Field.word
      if word.deleted { flags |= Field.deleted }
      if word.suspended { flags |= Field.suspended }
      if word.rank != nil { flags |= Field.rank }
      if !word.tags.isEmpty { flags |= Field.tags }
    }
    let values = counters(it)
    for (i, v) in values.enumerated() where v != 0 { flags |= 1 << UInt64(Field.firstCounter + i) }
    w.uint(flags)
    // Days and times relative to the last day: small numbers.
    let anchor = Int64(it.lastDay ?? 0)
    if let d = it.lastDay { w.signed(Int64(d)) }
    if let d = it.previousDay { w.signed(anchor - Int64(d)) }
    if let t = it.lastReviewMillis { w.signed(t &- anchor &* 86_400_000) }
    if let t = it.lastUnknownMillis { w.signed(t &- (it.lastReviewMillis ?? anchor &* 86_400_000)) }
    for v in values where v != 0 { w.signed(Int64(v)) }
    if let word = it.word {
      w.string(word.english)
      w.int(word.ukrainian.count)
      for u in word.ukrainian { w.string(u) }
      w.signed(word.addedMillis)
      if let rank = word.rank { w.signed(Int64(rank)) }
      if !word.tags.isEmpty {
        w.int(word.tags.count)
        for t in word.tags { w.string(t) }
      }
    }
  }

  private static func readItem(_ r: inout LearnerSnapshotBytes.Reader) -> ItemState? {
    guard let flags = r.uint() else { return nil }
    var it = ItemState()
    var anchor: Int64 = 0
    if flags & Field.lastDay != 0 { guard let d = r.signed() else { return nil }; anchor = d; it.lastDay = Int(d) }
    if flags & Field.previousDay != 0 { guard let d = r.signed() else { return nil }; it.previousDay = Int(truncatingIfNeeded: anchor &- d) }
    if flags & Field.lastReview != 0 { guard let t = r.signed() else { return nil }; it.lastReviewMillis = t &+ anchor &* 86_400_000 }
    if flags & Field.lastUnknown != 0 {
      guard let t = r.signed() else { return nil }
      it.lastUnknownMillis = t &+ (it.lastReviewMillis ?? anchor &* 86_400_000)
    }
    var values = [Int](repeating: 0, count: counterCount)
    for i in 0..<counterCount where flags & (1 << UInt64(Field.firstCounter + i)) != 0 {
      guard let v = r.signed() else { return nil }
      values[i] = Int(v)
    }
    guard values[0] >= 0 && values[0] <= 4 else { return nil }
    it.dayRating = values[0]; it.reviews = values[1]; it.reviewDays = values[2]; it.lapses = values[3]
    it.popularity = values[4]; it.lookups = values[5]; it.opens = values[6]; it.quizzes = values[7]
    it.quizzesWrong = values[8]; it.mistakes = values[9]
    if flags & Field.word != 0 {
      guard let english = r.string(), let n = r.count() else { return nil }
      var ukrainian: [String] = []
      for _ in 0..<n { guard let u = r.string() else { return nil }; ukrainian.append(u) }
      guard let added = r.signed() else { return nil }
      var rank: Int?
      if flags & Field.rank != 0 { guard let v = r.signed() else { return nil }; rank = Int(v) }
      var tags: [String] = []
      if flags & Field.tags != 0 {
        guard let n = r.count() else { return nil }
        for _ in 0..<n { guard let t = r.string() else { return nil }; tags.append(t) }
      }
      it.word = WordEntry(english: english, ukrainian: ukrainian, addedMillis: added, deleted: flags & Field.deleted != 0,
                          suspended: flags & Field.suspended != 0, rank: rank, tags: tags)
    }
    return it
  }

  private static func write(_ m: ItemMemory, to w: inout LearnerSnapshotBytes.Writer) {
    w.byte((m.memory == nil ? 0 : 1) | (m.previous == nil ? 0 : 2))
    if let s = m.memory { w.double(s.stability); w.double(s.difficulty) }
    if let s = m.previous { w.double(s.stability); w.double(s.difficulty) }
  }

  private static func readMemory(_ r: inout LearnerSnapshotBytes.Reader) -> ItemMemory? {
    guard let flags = r.byte(), flags < 4 else { return nil }
    var m = ItemMemory(memory: nil, previous: nil)
    if flags & 1 != 0 { guard let s = r.double(), let d = r.double() else { return nil }; m.memory = MemoryState(stability: s, difficulty: d) }
    if flags & 2 != 0 { guard let s = r.double(), let d = r.double() else { return nil }; m.previous = MemoryState(stability: s, difficulty: d) }
    return m
  }

  // MARK: Habits and plan inputs

  private static func write(_ h: Habits, to w: inout LearnerSnapshotBytes.Writer) {
    w.double(h.recitationSeconds); w.double(h.recitationLines); w.double(h.vocabularySeconds)
    w.int(h.vocabularyTimedReviews)
    w.int(h.practiceHours.count)
    for v in h.practiceHours { w.int(v) }
    for v in [h.plansOpened, h.planItemsDone, h.planItemsSkipped, h.remindersShown, h.remindersActed, h.activeDays] { w.int(v) }
    if let d = h.lastActiveDay { w.byte(1); w.signed(Int64(d)) } else { w.byte(0) }
  }

  private static func readHabits(_ r: inout LearnerSnapshotBytes.Reader) -> Habits? {
    var h = Habits()
    guard let rs = r.double(), let rl = r.double(), let vs = r.double(), let vt = r.int(), let hours = readInts(&r),
      hours.count == 24
    else { return nil }
    h.recitationSeconds = rs; h.recitationLines = rl; h.vocabularySeconds = vs; h.vocabularyTimedReviews = vt
    h.practiceHours = hours
    guard let po = r.int(), let pd = r.int(), let ps = r.int(), let rsh = r.int(), let ra = r.int(), let ad = r.int(),
      let hasLast = r.byte()
    else { return nil }
    h.plansOpened = po; h.planItemsDone = pd; h.planItemsSkipped = ps; h.remindersShown = rsh; h.remindersActed = ra
    h.activeDays = ad
    if hasLast == 1 { guard let d = r.signed() else { return nil }; h.lastActiveDay = Int(d) }
    return h
  }

  private static func readInts(_ r: inout LearnerSnapshotBytes.Reader) -> [Int]? {
    guard let n = r.count() else { return nil }
    var out: [Int] = []
    out.reserveCapacity(n)
    for _ in 0..<n { guard let v = r.int() else { return nil }; out.append(v) }
    return out
  }

  private static func write(_ list: [QuranRecitation], to w: inout LearnerSnapshotBytes.Writer) {
    w.int(list.count)
    for x in list {
      w.signed(Int64(x.day.value)); w.int(x.range.first); w.int(x.range.last); w.string(x.tier.rawValue)
      w.int(x.grade.rawValue); w.int(x.mistakes)
      w.int(x.mistakesAt.count)
      for a in x.mistakesAt { w.int(a) }
      w.int(x.hesitations); w.int(x.prompts); w.int(x.tajweedMistakes)
      if let s = x.seconds { w.byte(1); w.double(s) } else { w.byte(0) }
    }
  }

  private static func readRecitations(_ r: inout LearnerSnapshotBytes.Reader) -> [QuranRecitation]? {
    guard let n = r.count() else { return nil }
    var out: [QuranRecitation] = []
    out.reserveCapacity(n)
    for _ in 0..<n {
      guard let day = r.signed(), let first = r.int(), let last = r.int(), let range = try? AyahRange(first: first, last: last),
        let tier = r.string().flatMap(QuranTier.init(rawValue:)), let grade = r.int().flatMap(Rating.init(rawValue:)),
        let mistakes = r.int(), let at = readInts(&r), let hesitations = r.int(), let prompts = r.int(),
        let tajweed = r.int(), let hasSeconds = r.byte()
      else { return nil }
      var seconds: Double?
      if hasSeconds == 1 { guard let s = r.double() else { return nil }; seconds = s }
      out.append(QuranRecitation(day: EpochDay(Int(day)), range: range, tier: tier, grade: grade, mistakes: mistakes,
                                 mistakesAt: at, hesitations: hesitations, seconds: seconds, prompts: prompts,
                                 tajweedMistakes: tajweed))
    }
    return out
  }

  private static func write(_ p: PlanInputs, to w: inout LearnerSnapshotBytes.Writer) {
    write(p.quranHistory, to: &w)
    write(p.quranTimedNew, to: &w)
    write(p.quranTimedRevision, to: &w)
    w.int(p.planOutcomes.count)
    for d in p.planOutcomes.keys.sorted() {
      let o = p.planOutcomes[d]!
      w.signed(Int64(d)); w.int(o.done); w.int(o.skipped)
    }
    for hours in [p.remindersShownByHour, p.remindersIgnoredByHour] {
      w.int(hours.count)
      for v in hours { w.int(v) }
    }
    w.int(p.pendingReminders.count)
    for x in p.pendingReminders { w.signed(x.millis); w.int(x.hour) }
    if let l = p.lastActedMillis { w.byte(1); w.signed(l) } else { w.byte(0) }
  }

  private static func readPlanInputs(_ r: inout LearnerSnapshotBytes.Reader) -> PlanInputs? {
    var p = PlanInputs()
    guard let h = readRecitations(&r), let tn = readRecitations(&r), let tr = readRecitations(&r), let n = r.count()
    else { return nil }
    p.quranHistory = h; p.quranTimedNew = tn; p.quranTimedRevision = tr
    for _ in 0..<n {
      guard let d = r.signed(), let done = r.int(), let skipped = r.int() else { return nil }
      p.planOutcomes[Int(d)] = PlanInputs.PlanDayOutcome(done: done, skipped: skipped)
    }
    guard let shown = readInts(&r), shown.count == 24, let ignored = readInts(&r), ignored.count == 24, let m = r.count()
    else { return nil }
    p.remindersShownByHour = shown; p.remindersIgnoredByHour = ignored
    for _ in 0..<m {
      guard let ms = r.signed(), let hour = r.int(), hour < 24 else { return nil }
      p.pendingReminders.append(PlanInputs.PendingReminder(millis: ms, hour: hour))
    }
    guard let hasActed = r.byte() else { return nil }
    if hasActed == 1 { guard let v = r.signed() else { return nil }; p.lastActedMillis = v }
    return p
  }
}
