import Hifz
import MemoryModels
import PlannerCore

/// `snapshot.json`: the folded state after a prefix of the event log, so loading a learner
/// with years of history folds only the events appended since.
///
/// Valid only while its key matches: the log prefix (byte length, event count, and the FNV-1a
/// hash of the prefix's last line) and the hash of the profile (the fold version and the
/// profile.json bytes, which hold timezone, day start and parameters). It holds nothing the
/// events do not: it can be deleted at any time.
///
/// **Late events.** `state` is the fold of the prefix's events up to the `watermark` time (a
/// couple of days before the snapshot was written, ``lateWindowMillis``); the prefix's later
/// events (the last days', and any dated ahead) are kept in `pending` and folded again, with the
/// new events, on every load. So an event that arrives up to that window late, or a little
/// ahead of the clock, folds in its time order without a rebuild; only an event older than the
/// watermark (a phone offline for a week) or a correction makes one full replay, after which the
/// rewritten snapshot covers it.
///
/// Version 2 added `watermark` and `pending`; a version 1 snapshot is rebuilt (it is a cache).
public struct LearnerSnapshot: Sendable, Equatable {
  public static let currentVersion = 2
  /// How far back of the snapshot's writing time the watermark is put: events up to this late
  /// fold without a replay.
  public static let lateWindowMillis: Int64 = 2 * 86_400_000
  /// Bumped whenever the fold's rules change, so old snapshots are rebuilt.
  /// 2: words remember their last "I don't know" so the card it opens is not a second +1.
  /// 3: the state keeps the plan's inputs (``PlanInputs``); the key may name the parameters
  /// folded with when they are not the profile's (a refit makes the snapshot stale).
  /// 4: a look-up introduces a never-studied word (no Again) and may add it; reminder actions
  /// carry their meaning; words can be suspended; deck imports keep their order (`rank`).
  public static let foldVersion = 5  // 5: old revisions with located mistakes kept (PlanInputs)

  public var logBytes: Int
  public var logCount: Int
  /// Byte offset where the prefix's last line starts, and the hash of that line.
  public var lastLineStart: Int
  public var lastLineHash: UInt64
  public var profileHash: UInt64
  /// `state` folds the prefix's events up to this time (nil: all of them).
  public var watermarkMillis: Int64?
  /// The prefix's events after the watermark, in log order (folded again on every load).
  public var pending: [LearnerEvent]
  public var state: LearnerState

  public init(logBytes: Int, logCount: Int, lastLineStart: Int, lastLineHash: UInt64, profileHash: UInt64,
              watermarkMillis: Int64? = nil, pending: [LearnerEvent] = [], state: LearnerState) {
    self.logBytes = logBytes; self.logCount = logCount; self.lastLineStart = lastLineStart
    self.lastLineHash = lastLineHash; self.profileHash = profileHash; self.state = state
    self.watermarkMillis = watermarkMillis; self.pending = pending
  }

  /// FNV-1a 64 of "fold <foldVersion>\n" followed by the profile.json bytes.
  /// With `parameters` (the weights folded with, when not the profile's own: fitted ones),
  /// "\nparameters " and the weights follow, so the snapshot of one set never serves another.
  public static func profileHash(profileBytes: [UInt8], parameters: [Double]? = nil) -> UInt64 {
    var bytes = Array("fold \(foldVersion)\n".utf8) + profileBytes
    if let parameters {
      bytes += Array("\nparameters ".utf8)
      var w = JSONWriter(capacity: 512)
      for (i, p) in parameters.enumerated() { if i > 0 { w.writeRawByte(0x2C) }; w.writeNumber(p) }
      bytes += w.bytes
    }
    return FNV1a64.hash(bytes)
  }

  /// 16 lower-case hex digits.
  public static func hex(_ v: UInt64) -> String {
    let s = String(v, radix: 16)
    return String(repeating: "0", count: 16 - s.count) + s
  }

  // MARK: JSON

  public func serialized() -> [UInt8] {
    var w = JSONWriter(capacity: 64 * 1024 + state.items.count * 160)
    w.writeRaw("{\"version\":"); w.writeInt(Self.currentVersion)
    w.writeRaw(",\"foldVersion\":"); w.writeInt(Self.foldVersion)
    w.writeRaw(",\"logBytes\":"); w.writeInt(logBytes)
    w.writeRaw(",\"logCount\":"); w.writeInt(logCount)
    w.writeRaw(",\"lastLineStart\":"); w.writeInt(lastLineStart)
    w.writeRaw(",\"lastLineHash\":"); w.writeString(Self.hex(lastLineHash))
    w.writeRaw(",\"profileHash\":"); w.writeString(Self.hex(profileHash))
    w.writeRaw(",\"watermark\":")
    if let m = watermarkMillis { w.writeInt(Int(m)) } else { w.writeRaw("null") }
    w.writeRaw(",\"pending\":[")
    for (i, e) in pending.enumerated() { if i > 0 { w.writeRawByte(0x2C) }; w.write(.object(e.json)) }
    w.writeRawByte(0x5D)
    w.writeRaw(",\"latestEventMillis\":")
    if let l = state.latestEventMillis { w.writeInt(Int(l)) } else { w.writeRaw("null") }
    w.writeRaw(",\"eventCount\":"); w.writeInt(state.eventCount)
    w.writeRaw(",\"eventsByType\":{")
    for (i, k) in state.eventsByType.keys.sorted().enumerated() {
      if i > 0 { w.writeRawByte(0x2C) }
      w.writeString(k); w.writeRawByte(0x3A); w.writeInt(state.eventsByType[k]!)
    }
    w.writeRaw("},\"habits\":")
    w.write(.object(Self.habitsJSON(state.habits)))
    w.writeRaw(",\"plan\":")
    Self.writePlanInputs(state.plan, to: &w)
    w.writeRaw(",\"items\":[\n")
    for (i, key) in state.sortedKeys.enumerated() {
      if i > 0 { w.writeRaw(",\n") }
      Self.writeItem(key, state.items[key]!, to: &w)
    }
    w.writeRaw("\n]}\n")
    return w.bytes
  }

  static func habitsJSON(_ h: Habits) -> JSONObject {
    var o = JSONObject()
    o["recitationSeconds"] = .number(h.recitationSeconds)
    o["recitationLines"] = .number(h.recitationLines)
    o["vocabularySeconds"] = .number(h.vocabularySeconds)
    o["vocabularyTimedReviews"] = .number(Double(h.vocabularyTimedReviews))
    o["practiceHours"] = .array(h.practiceHours.map { .number(Double($0)) })
    o["plansOpened"] = .number(Double(h.plansOpened))
    o["planItemsDone"] = .number(Double(h.planItemsDone))
    o["planItemsSkipped"] = .number(Double(h.planItemsSkipped))
    o["remindersShown"] = .number(Double(h.remindersShown))
    o["remindersActed"] = .number(Double(h.remindersActed))
    o["activeDays"] = .number(Double(h.activeDays))
    o["lastActiveDay"] = h.lastActiveDay.map { .number(Double($0)) } ?? .null
    return o
  }

  /// One item as a compact object; absent keys are zero/nil.
  static func writeItem(_ key: String, _ it: ItemState, to w: inout JSONWriter) {
    w.writeRaw("{\"key\":"); w.writeString(key)
    if let m = it.memory { w.writeRaw(",\"s\":"); w.writeNumber(m.stability); w.writeRaw(",\"d\":"); w.writeNumber(m.difficulty) }
    if let m = it.previousMemory {
      w.writeRaw(",\"ps\":"); w.writeNumber(m.stability); w.writeRaw(",\"pd\":"); w.writeNumber(m.difficulty)
    }
    func int(_ name: StaticString, _ v: Int?) {
      guard let v, v != 0 else { return }
      w.writeRaw(","); w.writeRaw(name); w.writeInt(v)
    }
    if let d = it.previousDay { w.writeRaw(",\"previousDay\":"); w.writeInt(d) }
    if let d = it.lastDay { w.writeRaw(",\"lastDay\":"); w.writeInt(d) }
    int("\"dayRating\":", it.dayRating)
    if let t = it.lastReviewMillis { w.writeRaw(",\"lastReview\":"); w.writeInt(Int(t)) }
    int("\"reviews\":", it.reviews)
    int("\"reviewDays\":", it.reviewDays)
    int("\"lapses\":", it.lapses)
    int("\"popularity\":", it.popularity)
    int("\"lookups\":", it.lookups)
    int("\"opens\":", it.opens)
    int("\"quizzes\":", it.quizzes)
    int("\"quizzesWrong\":", it.quizzesWrong)
    int("\"mistakes\":", it.mistakes)
    if let t = it.lastUnknownMillis { w.writeRaw(",\"lastUnknown\":"); w.writeInt(Int(t)) }
    if let word = it.word {
      w.writeRaw(",\"english\":"); w.writeString(word.english)
      w.writeRaw(",\"ukrainian\":["); 
      for (i, u) in word.ukrainian.enumerated() { if i > 0 { w.writeRawByte(0x2C) }; w.writeString(u) }
      w.writeRaw("],\"added\":"); w.writeInt(Int(word.addedMillis))
      if word.deleted { w.writeRaw(",\"deleted\":true") }
      if word.suspended { w.writeRaw(",\"suspended\":true") }
      if let r = word.rank { w.writeRaw(",\"rank\":"); w.writeInt(r) }
    }
    w.writeRawByte(0x7D)
  }

  /// Reads a snapshot; nil when it is not a snapshot this version can use (corrupt, older
  /// fold, other format): the caller then rebuilds.
  public static func parse(_ bytes: [UInt8]) -> LearnerSnapshot? {
    guard case .object(let o)? = try? JSONParser.parse(bytes),
      o["version"]?.intValue == currentVersion, o["foldVersion"]?.intValue == foldVersion,
      let logBytes = o["logBytes"]?.intValue, let logCount = o["logCount"]?.intValue,
      let lastLineStart = o["lastLineStart"]?.intValue,
      let lastLineHash = o["lastLineHash"]?.stringValue.flatMap({ UInt64($0, radix: 16) }),
      let profileHash = o["profileHash"]?.stringValue.flatMap({ UInt64($0, radix: 16) }),
      let eventCount = o["eventCount"]?.intValue,
      case .object(let byType)? = o["eventsByType"], case .object(let h)? = o["habits"],
      case .object(let planObject)? = o["plan"], let plan = parsePlanInputs(planObject),
      case .array(let items)? = o["items"], case .array(let pendingNodes)? = o["pending"], let watermarkNode = o["watermark"]
    else { return nil }
    var watermark: Int64?
    if !watermarkNode.isNull { guard let v = watermarkNode.intValue else { return nil }; watermark = Int64(v) }
    var pending: [LearnerEvent] = []
    for node in pendingNodes {
      guard let e = try? LearnerEvent.decode(node, file: Learner.snapshotFile, line: nil) else { return nil }
      pending.append(e)
    }
    var state = LearnerState()
    state.eventCount = eventCount
    if let l = o["latestEventMillis"], !l.isNull {
      guard let v = l.intValue else { return nil }
      state.latestEventMillis = Int64(v)
    }
    for (k, v) in byType.pairs {
      guard let n = v.intValue else { return nil }
      state.eventsByType[k] = n
    }
    guard let habits = parseHabits(h) else { return nil }
    state.habits = habits
    state.plan = plan
    state.items.reserveCapacity(items.count)
    for item in items {
      guard case .object(let io) = item, let key = io["key"]?.stringValue, let it = parseItem(io) else { return nil }
      state.items[key] = it
    }
    return LearnerSnapshot(logBytes: logBytes, logCount: logCount, lastLineStart: lastLineStart,
                           lastLineHash: lastLineHash, profileHash: profileHash, watermarkMillis: watermark,
                           pending: pending, state: state)
  }

  static func parseHabits(_ h: JSONObject) -> Habits? {
    var x = Habits()
    guard let rs = h["recitationSeconds"]?.doubleValue, let rl = h["recitationLines"]?.doubleValue,
      let vs = h["vocabularySeconds"]?.doubleValue, let vt = h["vocabularyTimedReviews"]?.intValue,
      let hours = h["practiceHours"]?.arrayValue, hours.count == 24,
      let po = h["plansOpened"]?.intValue, let pd = h["planItemsDone"]?.intValue, let ps = h["planItemsSkipped"]?.intValue,
      let rsh = h["remindersShown"]?.intValue, let ra = h["remindersActed"]?.intValue, let ad = h["activeDays"]?.intValue
    else { return nil }
    x.recitationSeconds = rs; x.recitationLines = rl; x.vocabularySeconds = vs; x.vocabularyTimedReviews = vt
    x.practiceHours = hours.map { $0.intValue ?? 0 }
    x.plansOpened = po; x.planItemsDone = pd; x.planItemsSkipped = ps
    x.remindersShown = rsh; x.remindersActed = ra; x.activeDays = ad
    x.lastActiveDay = h["lastActiveDay"]?.intValue
    return x
  }

  static func parseItem(_ o: JSONObject) -> ItemState? {
    var it = ItemState()
    var s: Double?, d: Double?, ps: Double?, pd: Double?
    var english: String?, ukrainian: [String] = [], added: Int64 = 0, deleted = false, suspended = false, rank: Int?
    for (k, v) in o.pairs {
      switch k {
      case "key": break
      case "s": s = v.doubleValue
      case "d": d = v.doubleValue
      case "ps": ps = v.doubleValue
      case "pd": pd = v.doubleValue
      case "previousDay": it.previousDay = v.intValue
      case "lastDay": it.lastDay = v.intValue
      case "dayRating": it.dayRating = v.intValue ?? 0
      case "lastReview": it.lastReviewMillis = v.intValue.map(Int64.init)
      case "reviews": it.reviews = v.intValue ?? 0
      case "reviewDays": it.reviewDays = v.intValue ?? 0
      case "lapses": it.lapses = v.intValue ?? 0
      case "popularity": it.popularity = v.intValue ?? 0
      case "lookups": it.lookups = v.intValue ?? 0
      case "opens": it.opens = v.intValue ?? 0
      case "quizzes": it.quizzes = v.intValue ?? 0
      case "quizzesWrong": it.quizzesWrong = v.intValue ?? 0
      case "mistakes": it.mistakes = v.intValue ?? 0
      case "lastUnknown": it.lastUnknownMillis = v.intValue.map(Int64.init)
      case "english": english = v.stringValue
      case "ukrainian": ukrainian = v.arrayValue?.compactMap(\.stringValue) ?? []
      case "added": added = Int64(v.intValue ?? 0)
      case "deleted": deleted = v.boolValue ?? false
      case "suspended": suspended = v.boolValue ?? false
      case "rank": rank = v.intValue
      default: return nil
      }
    }
    if let s, let d { it.memory = MemoryState(stability: s, difficulty: d) } else if s != nil || d != nil { return nil }
    if let ps, let pd { it.previousMemory = MemoryState(stability: ps, difficulty: pd) }
    if let english {
      it.word = WordEntry(english: english, ukrainian: ukrainian, addedMillis: added, deleted: deleted, suspended: suspended, rank: rank)
    }
    return it
  }

  // MARK: Plan inputs

  static func writePlanInputs(_ p: PlanInputs, to w: inout JSONWriter) {
    func recitations(_ name: StaticString, _ list: [QuranRecitation]) {
      w.writeRaw(name); w.writeRawByte(0x5B)
      for (i, r) in list.enumerated() {
        if i > 0 { w.writeRawByte(0x2C) }
        // [day, first ayah id, last ayah id, tier, grade, mistakes, [ayah ids], hesitations, seconds|null]
        w.writeRawByte(0x5B); w.writeInt(r.day.value); w.writeRawByte(0x2C); w.writeInt(r.range.first)
        w.writeRawByte(0x2C); w.writeInt(r.range.last); w.writeRawByte(0x2C); w.writeString(r.tier.rawValue)
        w.writeRawByte(0x2C); w.writeInt(r.grade.rawValue); w.writeRawByte(0x2C); w.writeInt(r.mistakes)
        w.writeRaw(",[")
        for (j, a) in r.mistakesAt.enumerated() { if j > 0 { w.writeRawByte(0x2C) }; w.writeInt(a) }
        w.writeRaw("],"); w.writeInt(r.hesitations); w.writeRawByte(0x2C)
        if let s = r.seconds { w.writeNumber(s) } else { w.writeRaw("null") }
        w.writeRawByte(0x5D)
      }
      w.writeRawByte(0x5D)
    }
    func ints(_ name: StaticString, _ list: [Int]) {
      w.writeRaw(name); w.writeRawByte(0x5B)
      for (i, v) in list.enumerated() { if i > 0 { w.writeRawByte(0x2C) }; w.writeInt(v) }
      w.writeRawByte(0x5D)
    }
    recitations("{\"quranHistory\":", p.quranHistory)
    recitations(",\"quranTimedNew\":", p.quranTimedNew)
    recitations(",\"quranTimedRevision\":", p.quranTimedRevision)
    w.writeRaw(",\"planOutcomes\":[")
    for (i, d) in p.planOutcomes.keys.sorted().enumerated() {
      if i > 0 { w.writeRawByte(0x2C) }
      let o = p.planOutcomes[d]!
      w.writeRawByte(0x5B); w.writeInt(d); w.writeRawByte(0x2C); w.writeInt(o.done); w.writeRawByte(0x2C); w.writeInt(o.skipped)
      w.writeRawByte(0x5D)
    }
    w.writeRawByte(0x5D)
    ints(",\"remindersShown\":", p.remindersShownByHour)
    ints(",\"remindersIgnored\":", p.remindersIgnoredByHour)
    w.writeRaw(",\"pendingReminders\":[")
    for (i, r) in p.pendingReminders.enumerated() {
      if i > 0 { w.writeRawByte(0x2C) }
      w.writeRawByte(0x5B); w.writeInt(Int(r.millis)); w.writeRawByte(0x2C); w.writeInt(r.hour); w.writeRawByte(0x5D)
    }
    w.writeRaw("],\"lastActed\":")
    if let l = p.lastActedMillis { w.writeInt(Int(l)) } else { w.writeRaw("null") }
    w.writeRawByte(0x7D)
  }

  static func parsePlanInputs(_ o: JSONObject) -> PlanInputs? {
    func recitations(_ name: String) -> [QuranRecitation]? {
      guard let list = o[name]?.arrayValue else { return nil }
      var out: [QuranRecitation] = []
      out.reserveCapacity(list.count)
      for node in list {
        guard let a = node.arrayValue, a.count == 9, let day = a[0].intValue, let first = a[1].intValue,
          let last = a[2].intValue, let range = try? AyahRange(first: first, last: last),
          let tier = a[3].stringValue.flatMap(QuranTier.init(rawValue:)), let grade = a[4].intValue.flatMap(Rating.init(rawValue:)),
          let mistakes = a[5].intValue, let at = a[6].arrayValue, let hesitations = a[7].intValue
        else { return nil }
        var ids: [Int] = []
        for x in at { guard let v = x.intValue else { return nil }; ids.append(v) }
        let seconds: Double?
        if a[8].isNull { seconds = nil } else { guard let s = a[8].doubleValue else { return nil }; seconds = s }
        out.append(QuranRecitation(day: EpochDay(day), range: range, tier: tier, grade: grade, mistakes: mistakes,
                                   mistakesAt: ids, hesitations: hesitations, seconds: seconds))
      }
      return out
    }
    func hours(_ name: String) -> [Int]? {
      guard let a = o[name]?.arrayValue, a.count == 24 else { return nil }
      var out: [Int] = []
      for x in a { guard let v = x.intValue else { return nil }; out.append(v) }
      return out
    }
    var p = PlanInputs()
    guard let h = recitations("quranHistory"), let tn = recitations("quranTimedNew"), let tr = recitations("quranTimedRevision"),
      let outcomes = o["planOutcomes"]?.arrayValue, let shown = hours("remindersShown"), let ignored = hours("remindersIgnored"),
      let pending = o["pendingReminders"]?.arrayValue, let acted = o["lastActed"]
    else { return nil }
    p.quranHistory = h; p.quranTimedNew = tn; p.quranTimedRevision = tr
    for node in outcomes {
      guard let a = node.arrayValue, a.count == 3, let d = a[0].intValue, let done = a[1].intValue, let skipped = a[2].intValue
      else { return nil }
      p.planOutcomes[d] = PlanInputs.PlanDayOutcome(done: done, skipped: skipped)
    }
    p.remindersShownByHour = shown; p.remindersIgnoredByHour = ignored
    for node in pending {
      guard let a = node.arrayValue, a.count == 2, let ms = a[0].intValue, let hour = a[1].intValue, (0..<24).contains(hour)
      else { return nil }
      p.pendingReminders.append(PlanInputs.PendingReminder(millis: Int64(ms), hour: hour))
    }
    if !acted.isNull { guard let v = acted.intValue else { return nil }; p.lastActedMillis = Int64(v) }
    return p
  }
}
