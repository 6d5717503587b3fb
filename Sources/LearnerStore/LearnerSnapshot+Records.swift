import Hifz
import MemoryModels
import PlannerCore

/// The records of `snapshot.bin` (``LearnerSnapshot+Binary``): an item, its memory, the
/// habits and the plan's inputs, in ``LearnerSnapshotBytes``'s coding.
extension LearnerSnapshot {
  // MARK: Items

  /// Flags of an item record: which optional fields follow, which counters are not zero.
  fileprivate enum Field {
    static let previousDay: UInt64 = 1 << 0, lastDay: UInt64 = 1 << 1, lastReview: UInt64 = 1 << 2
    static let lastUnknown: UInt64 = 1 << 3, word: UInt64 = 1 << 4, deleted: UInt64 = 1 << 5
    static let suspended: UInt64 = 1 << 6, rank: UInt64 = 1 << 7
    /// Bit 8 + i: counter i is not zero (``counters``).
    static let firstCounter = 8
    /// After the counters' bits: the word has tags (fold version 7).
    static let tags: UInt64 = 1 << 18  // firstCounter + counterCount
  }

  static let counterCount = 10

  static func counters(_ it: ItemState) -> [Int] {
    [it.dayRating, it.reviews, it.reviewDays, it.lapses, it.popularity, it.lookups, it.opens, it.quizzes, it.quizzesWrong, it.mistakes]
  }

  static func write(_ it: ItemState, to w: inout LearnerSnapshotBytes.Writer) {
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
      let ukrainian = word.ukrainian
      w.int(ukrainian.count)
      for u in ukrainian { w.string(u) }
      w.signed(word.addedMillis)
      if let rank = word.rank { w.signed(Int64(rank)) }
      if !word.tags.isEmpty {
        w.int(word.tags.count)
        for t in word.tags { w.string(t) }
      }
    }
  }

  static func readItem(_ r: inout LearnerSnapshotBytes.Reader) -> ItemState? {
    var it = ItemState()
    return readItem(&r, into: &it) ? it : nil
  }

  /// Reads an item record into `it` (a fresh ``ItemState``), in place: a load decodes
  /// thousands of items into the state's dictionary, and a returned item would be copied there
  /// (its strings retained and released once more each). False when the record is damaged.
  static func readItem(_ r: inout LearnerSnapshotBytes.Reader, into it: inout ItemState) -> Bool {
    guard let flags = r.uint() else { return false }
    var anchor: Int64 = 0
    if flags & Field.lastDay != 0 { guard let d = r.signed() else { return false }; anchor = d; it.lastDay = Int(d) }
    if flags & Field.previousDay != 0 { guard let d = r.signed() else { return false }; it.previousDay = Int(truncatingIfNeeded: anchor &- d) }
    if flags & Field.lastReview != 0 { guard let t = r.signed() else { return false }; it.lastReviewMillis = t &+ anchor &* 86_400_000 }
    if flags & Field.lastUnknown != 0 {
      guard let t = r.signed() else { return false }
      it.lastUnknownMillis = t &+ (it.lastReviewMillis ?? anchor &* 86_400_000)
    }
    // The counters, in ``counters(_:)``'s order, each only when its bit is set (0 otherwise,
    // as a fresh item has them).
    if flags & (UInt64(1 << counterCount - 1) << UInt64(Field.firstCounter)) != 0 {
      var ok = true
      @inline(__always) func counter(_ i: Int) -> Int {
        guard flags & (1 << UInt64(Field.firstCounter + i)) != 0 else { return 0 }
        guard let v = r.signed() else { ok = false; return 0 }
        return Int(truncatingIfNeeded: v)
      }
      let dayRating = counter(0)
      guard dayRating >= 0 && dayRating <= 4 else { return false }
      it.dayRating = dayRating
      it.reviews = counter(1); it.reviewDays = counter(2); it.lapses = counter(3); it.popularity = counter(4)
      it.lookups = counter(5); it.opens = counter(6); it.quizzes = counter(7); it.quizzesWrong = counter(8)
      it.mistakes = counter(9)
      guard ok else { return false }
    }
    if flags & Field.word != 0 {
      guard let english = r.string(), let ukrainian = r.textList() else { return false }
      guard let added = r.signed() else { return false }
      var rank: Int?
      if flags & Field.rank != 0 { guard let v = r.signed() else { return false }; rank = Int(truncatingIfNeeded: v) }
      var tags: [String] = []
      if flags & Field.tags != 0 {
        guard let n = r.count() else { return false }
        for _ in 0..<n { guard let t = r.string() else { return false }; tags.append(t) }
      }
      it.word = WordEntry(english: english, ukrainianList: ukrainian, addedMillis: added, deleted: flags & Field.deleted != 0,
                          suspended: flags & Field.suspended != 0, rank: rank, tags: tags)
    }
    return true
  }

  static func write(_ m: ItemMemory, to w: inout LearnerSnapshotBytes.Writer) {
    w.byte((m.memory == nil ? 0 : 1) | (m.previous == nil ? 0 : 2))
    if let s = m.memory { w.double(s.stability); w.double(s.difficulty) }
    if let s = m.previous { w.double(s.stability); w.double(s.difficulty) }
  }

  /// Steps over a memory record (a parameter set the load did not ask for).
  @inline(__always)
  static func skipMemory(_ r: inout LearnerSnapshotBytes.Reader) -> Bool {
    guard let flags = r.byte(), flags < 4 else { return false }
    let n = (flags & 1 != 0 ? 16 : 0) + (flags & 2 != 0 ? 16 : 0)
    guard r.bytes.count - r.at >= n else { return false }
    r.at += n
    return true
  }

  @inline(__always)
  static func readMemory(_ r: inout LearnerSnapshotBytes.Reader) -> ItemMemory? {
    guard let flags = r.byte(), flags < 4 else { return nil }
    var m = ItemMemory(memory: nil, previous: nil)
    if flags & 1 != 0 { guard let s = r.double(), let d = r.double() else { return nil }; m.memory = MemoryState(stability: s, difficulty: d) }
    if flags & 2 != 0 { guard let s = r.double(), let d = r.double() else { return nil }; m.previous = MemoryState(stability: s, difficulty: d) }
    return m
  }

  // MARK: Habits and plan inputs

  static func write(_ h: Habits, to w: inout LearnerSnapshotBytes.Writer) {
    w.double(h.recitationSeconds); w.double(h.recitationLines); w.double(h.vocabularySeconds)
    w.int(h.vocabularyTimedReviews)
    w.int(h.practiceHours.count)
    for v in h.practiceHours { w.int(v) }
    for v in [h.plansOpened, h.planItemsDone, h.planItemsSkipped, h.remindersShown, h.remindersActed, h.activeDays] { w.int(v) }
    if let d = h.lastActiveDay { w.byte(1); w.signed(Int64(d)) } else { w.byte(0) }
  }

  static func readHabits(_ r: inout LearnerSnapshotBytes.Reader) -> Habits? {
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

  static func readInts(_ r: inout LearnerSnapshotBytes.Reader) -> [Int]? {
    guard let n = r.count() else { return nil }
    if n == 0 { return [] }  // (most recitations have no located mistakes: no buffer)
    var out: [Int] = []
    out.reserveCapacity(n)
    for _ in 0..<n { guard let v = r.int() else { return nil }; out.append(v) }
    return out
  }

  static func write(_ list: [QuranRecitation], to w: inout LearnerSnapshotBytes.Writer) {
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

  /// A tier by its raw value's bytes, without making a String of them (thousands of
  /// recitations a year).
  @inline(__always)
  static func readTier(_ r: inout LearnerSnapshotBytes.Reader) -> QuranTier? {
    guard let raw = r.raw() else { return nil }
    let tier: QuranTier, text: StaticString
    switch (raw.count, raw.first) {
    case (3, UInt8(ascii: "n")?): tier = .newLesson; text = "new"
    case (6, UInt8(ascii: "r")?): tier = .recentRevision; text = "recent"
    case (3, UInt8(ascii: "o")?): tier = .oldRevision; text = "old"
    default: return nil
    }
    // The rest of the bytes checked too: a record that is not exactly a tier is refused. (Against
    // static bytes: walking `rawValue.utf8` cost 200 instructions a recitation, thousands a load.)
    assert(text.description == tier.rawValue)
    for i in 1..<raw.count where raw[i] != text.utf8Start[i] { return nil }
    return tier
  }

  static func readRecitations(_ r: inout LearnerSnapshotBytes.Reader) -> [QuranRecitation]? {
    guard let n = r.count() else { return nil }
    var out: [QuranRecitation] = []
    out.reserveCapacity(n)
    for _ in 0..<n {
      guard let day = r.signed(), let first = r.int(), let last = r.int(), let range = AyahRange(checkedFirst: first, last: last),
        let tier = readTier(&r), let grade = r.int().flatMap(Rating.init(rawValue:)),
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

  /// The plan's inputs; with `head` (the watermark state's, written after the head's), the two
  /// parts that grow with the history are written against the head's: the recitations as a
  /// count when they are the head's first ones (the fold only appends to them), and the plan
  /// outcomes as the dates whose outcome differs (0: absent here, 1 and the outcome).
  static func write(_ p: PlanInputs, against head: PlanInputs? = nil, to w: inout LearnerSnapshotBytes.Writer) {
    if let head {
      if p.quranHistory.count <= head.quranHistory.count, head.quranHistory.starts(with: p.quranHistory) {
        w.byte(1); w.int(p.quranHistory.count)
      } else {
        w.byte(0); write(p.quranHistory, to: &w)
      }
    } else {
      write(p.quranHistory, to: &w)
    }
    write(p.quranTimedNew, to: &w)
    write(p.quranTimedRevision, to: &w)
    if let head {
      let dates = Set(p.planOutcomes.keys).union(head.planOutcomes.keys).filter { p.planOutcomes[$0] != head.planOutcomes[$0] }.sorted()
      w.int(dates.count)
      for d in dates {
        w.signed(Int64(d))
        if let o = p.planOutcomes[d] { w.byte(1); w.int(o.done); w.int(o.skipped) } else { w.byte(0) }
      }
    } else {
      w.int(p.planOutcomes.count)
      for d in p.planOutcomes.keys.sorted() {
        let o = p.planOutcomes[d]!
        w.signed(Int64(d)); w.int(o.done); w.int(o.skipped)
      }
    }
    for hours in [p.remindersShownByHour, p.remindersIgnoredByHour] {
      w.int(hours.count)
      for v in hours { w.int(v) }
    }
    w.int(p.pendingReminders.count)
    for x in p.pendingReminders { w.signed(x.millis); w.int(x.hour) }
    if let l = p.lastActedMillis { w.byte(1); w.signed(l) } else { w.byte(0) }
  }

  static func readPlanInputs(_ r: inout LearnerSnapshotBytes.Reader, against head: PlanInputs? = nil) -> PlanInputs? {
    var p = PlanInputs()
    if let head {
      guard let kind = r.byte(), kind < 2 else { return nil }
      if kind == 1 {
        guard let n = r.int(), n <= head.quranHistory.count else { return nil }
        p.quranHistory = Array(head.quranHistory.prefix(n))
      } else {
        guard let h = readRecitations(&r) else { return nil }
        p.quranHistory = h
      }
    } else {
      guard let h = readRecitations(&r) else { return nil }
      p.quranHistory = h
    }
    guard let tn = readRecitations(&r), let tr = readRecitations(&r), let n = r.count() else { return nil }
    p.quranTimedNew = tn; p.quranTimedRevision = tr
    if let head {
      p.planOutcomes = head.planOutcomes
      for _ in 0..<n {
        guard let d = r.signed(), let present = r.byte(), present < 2 else { return nil }
        if present == 0 { p.planOutcomes[Int(d)] = nil; continue }
        guard let done = r.int(), let skipped = r.int() else { return nil }
        p.planOutcomes[Int(d)] = PlanInputs.PlanDayOutcome(done: done, skipped: skipped)
      }
    } else {
      p.planOutcomes.reserveCapacity(n)  // (a year of plans: grown one doubling at a time, each rehashed)
      for _ in 0..<n {
        guard let d = r.signed(), let done = r.int(), let skipped = r.int() else { return nil }
        p.planOutcomes[Int(d)] = PlanInputs.PlanDayOutcome(done: done, skipped: skipped)
      }
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
