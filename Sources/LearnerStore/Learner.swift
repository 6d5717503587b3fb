import Foundation
import MemoryModels
import PlannerCore

/// A learner folder: `profile.json`, `events.jsonl`, `snapshot.bin` (derived, disposable),
/// `.lock`, and `events.torn.jsonl` (torn lines set aside). See docs/learner.md.
public struct Learner: Sendable {
  public static let profileFile = "profile.json"
  public static let eventsFile = "events.jsonl"
  /// The snapshot (``LearnerSnapshot``): one file for the profile's parameters and a fit.
  public static let snapshotFile = "snapshot.bin"
  /// The JSON snapshots of versions 1 and 2 (`snapshot.fitted.json`: the fitted parameters'),
  /// removed when `snapshot.bin` is first written.
  public static let legacySnapshotFiles = ["snapshot.json", "snapshot.fitted.json"]
  public static let tornFile = "events.torn.jsonl"
  public static let lockFile = ".lock"

  public var directory: String
  public var profile: LearnerProfile
  public var state: LearnerState
  /// A torn last line found in the log (not folded; set aside by the next write).
  public var torn: TornLine?
  /// How the state was obtained: from the snapshot plus newer events, or by replaying all.
  public var fromSnapshot: Bool
  /// Events folded from the log on this load (all of them, or those after the snapshot).
  public var eventsFolded: Int
  /// Where the complete lines read end (the torn tail, if any, starts there).
  package var logPosition: EventIndex.LogPosition = .empty
  /// On the snapshot path: the snapshot's state (the events up to `watermark`) and the events
  /// after it (pending + new, log order), from which a state as of any time after the watermark
  /// is one short fold (``stateAsOf(_:)``) without reading the history.
  package var recent: RecentEvents?
  /// When the load replayed the whole log: what a second fold of it needs.
  package var replayed: Replayed?

  package struct RecentEvents: Sendable {
    package var watermark: Int64
    /// The snapshot's state and the events after it, decoded when first asked for (a load in
    /// time order folds the snapshot's head and never needs them).
    private let parts: @Sendable () -> (base: LearnerState, events: [LearnerEvent])

    package init(base: LearnerState, watermark: Int64, events: [LearnerEvent]) {
      self.watermark = watermark
      parts = { (base, events) }
    }

    init(watermark: Int64, parts: @escaping @Sendable () -> (base: LearnerState, events: [LearnerEvent])) {
      self.watermark = watermark
      self.parts = parts
    }

    package var base: LearnerState { parts().base }
    package var events: [LearnerEvent] { parts().events }

    /// The state of the events before `millis` and the events (log order), or nil when the
    /// snapshot's state already folds events at or after it (then only the history can say).
    package func stateBefore(_ millis: Int64, profile: LearnerProfile) -> (state: LearnerState, events: [LearnerEvent])? {
      guard millis > watermark else { return nil }
      let (base, events) = parts()
      var fold = LearnerFold(profile: profile, state: base)
      fold.prepare(forEvents: events.count)
      let fixes = LearnerFold.corrections(in: events)
      for e in LearnerFold.timeOrdered(events) where e.time.epochMillis < millis { fold.apply(e, corrections: fixes) }
      return (fold.state, events)
    }
  }

  package init(directory: String, profile: LearnerProfile, state: LearnerState, torn: TornLine?, fromSnapshot: Bool, eventsFolded: Int) {
    self.directory = directory; self.profile = profile; self.state = state; self.torn = torn
    self.fromSnapshot = fromSnapshot; self.eventsFolded = eventsFolded
  }

  static func path(_ dir: String, _ file: String) -> String { dir + "/" + file }

  /// Reads and validates the profile; returns it with its bytes (for the snapshot key).
  public static func loadProfile(_ dir: String) throws(PlanEngineError) -> (LearnerProfile, [UInt8]) {
    let p = path(dir, profileFile)
    guard let bytes = try DurableFile.read(p) else {
      throw .io(path: p, reason: "no learner here (create one with `planner init \(dir)`)")
    }
    Instrumentation.count(.profileRead)
    // A settings change a kill interrupted: its journal holds the profile in force (the next
    // `record` or `config` finishes writing it, see `configure`).
    if DurableFile.exists(path(dir, settingsJournal)), let journal = try DurableFile.read(path(dir, settingsJournal)),
      let (_, journaled) = parseJournal(journal, file: path(dir, settingsJournal))
    {
      return (try LearnerProfile.decode(Data(journaled), file: path(dir, settingsJournal)), journaled)
    }
    return (try LearnerProfile.decode(Data(bytes), file: p), bytes)
  }

  /// When a load may rewrite the snapshot (a cache: a failed write only costs the next load).
  package enum SnapshotWrite: Sendable {
    case never
    /// Whenever it folded new events.
    case always
    /// Only when the load was costly (a replay, or many events after the snapshot): `record`.
    case whenCostly
    /// Only when the snapshot's head no longer serves the loads after this one: a replay,
    /// ``costlyTail`` events after the snapshot, or a new event the head cannot take (one dated
    /// before its latest event, or a correction, which fold from the watermark state instead):
    /// `today` and `nightly`. A few new events in time order are folded on the head each night
    /// and the snapshot is left as it is (it stays valid: its key covers a prefix of the log).
    case whenStale
  }

  /// Events after the snapshot beyond which even `record` (and the nightly job) rewrites it.
  package static let costlyTail = 128

  /// Loads a learner: snapshot + the events after it when the snapshot is valid, otherwise a
  /// full replay (then the snapshot is rewritten when `writeSnapshot`).
  ///
  /// `parameters`: fold with these instead of the profile's own (the fitted ones the daily plan
  /// uses, see `ParameterRefit`); the returned profile carries them. The snapshot keeps the
  /// state of up to two parameter sets (``LearnerSnapshot``): a load with one set carries the
  /// other forward when it rewrites it. `profile`: the profile and its bytes when the caller
  /// has read them already (read once per command). `now` places the snapshot's watermark
  /// (``LearnerSnapshot``): it changes what is cached, never the state.
  public static func load(_ dir: String, parameters: [Double]? = nil, profile given: (LearnerProfile, [UInt8])? = nil,
                          writeSnapshot: Bool = true, now: Date = Date()) throws(PlanEngineError) -> Learner {
    try load(dir, parameters: parameters, profile: given, snapshot: writeSnapshot ? .always : .never, now: now)
  }

  /// The same; `replay` folds the whole log even when the snapshot is valid, and `histories`
  /// keeps, when the whole log is folded, every item's reviews as the memory model saw them
  /// (``replayed``: a refit's input, which does not depend on the parameters).
  package static func load(_ dir: String, parameters: [Double]?, profile given: (LearnerProfile, [UInt8])?,
                           snapshot policy: SnapshotWrite, now: Date, replay: Bool = false,
                           histories: Bool = false) throws(PlanEngineError) -> Learner {
    let (fileProfile, profileBytes): (LearnerProfile, [UInt8])
    if let given { (fileProfile, profileBytes) = given } else { (fileProfile, profileBytes) = try loadProfile(dir) }
    var profile = fileProfile
    if let parameters { profile.parameters = parameters }
    let hash = LearnerSnapshot.profileHash(profileBytes: profileBytes)
    let logPath = path(dir, eventsFile)
    let nowMillis = Int64((now.timeIntervalSince1970 * 1000).rounded(.down))
    // A valid snapshot without this parameter set: its other sets are carried forward.
    var carried: Carried?
    if !replay, let snapBytes = try? DurableFile.read(path(dir, snapshotFile)) {
      // The head and the key alone (no pending events, no watermark state) when the file has a
      // head; the whole snapshot otherwise.
      let prefix = LearnerSnapshot.parsePrefix(snapBytes, parameters: profile.parameters)
      var whole: LearnerSnapshot? = prefix == nil ? LearnerSnapshot.parse(snapBytes, parameters: profile.parameters) : nil
      let key = prefix.map { ($0.logBytes, $0.logCount, $0.lastLineStart, $0.lastLineHash, $0.profileHash, $0.watermarkMillis) }
        ?? whole.map { ($0.logBytes, $0.logCount, $0.lastLineStart, $0.lastLineHash, $0.profileHash, $0.watermarkMillis) }
      if let (logBytes, logCount, lastLineStart, lastLineHash, profileHash, watermarkMillis) = key, profileHash == hash,
        let tail = try DurableFile.read(logPath, from: lastLineStart),
        logBytes - lastLineStart <= tail.count,
        FNV1a64.hash(tail[0..<(logBytes - lastLineStart)]) == lastLineHash
      {
        let newBytes = Array(tail[(logBytes - lastLineStart)...])
        let log = try EventLog.parse(newBytes, file: logPath, offset: logBytes, firstLine: logCount + 1,
                                     lastLineStart: lastLineStart, lastLineHash: lastLineHash)
        let watermark = watermarkMillis ?? Int64.min
        // In time order after the head (the usual case): the head plus the new events, in
        // their order, is the fold of everything (ties keep log order).
        let headServes = prefix.map { prefix in
          prefix.parameters[prefix.first] == profile.parameters
            && log.events.allSatisfy { $0.time.epochMillis >= (prefix.head.latestEventMillis ?? Int64.min) && $0.type != .eventCorrected }
        } ?? false
        let write = switch policy {
        case .never: false
        case .always: log.events.count > 0
        case .whenCostly: log.events.count >= costlyTail
        case .whenStale: log.events.count >= costlyTail || (!headServes && log.events.count > 0)
        }
        if let prefix, headServes, !write {
          Instrumentation.count(.snapshotLoad)
          Instrumentation.count(.tailEvents, log.events.count)
          var fold = LearnerFold(profile: profile, state: prefix.head)
          for e in log.events { fold.apply(e) }
          var learner = Learner(directory: dir, profile: profile, state: fold.state, torn: log.torn, fromSnapshot: true,
                                eventsFolded: log.events.count)
          learner.logPosition = log.position
          let wanted = profile.parameters, newEvents = log.events
          learner.recent = RecentEvents(watermark: watermark) {
            // The checksum passed: the rest of the file is what was written.
            guard let snap = LearnerSnapshot.parse(snapBytes, parameters: wanted) else {
              preconditionFailure("snapshot.bin: its head read, the rest did not")
            }
            return (snap.state, snap.pending + newEvents)
          }
          return learner
        }
        if whole == nil { whole = LearnerSnapshot.parse(snapBytes, parameters: profile.parameters) }
        // An event older than the watermark, or a correction, changes the past: replay (once).
        if let snap = whole, log.events.allSatisfy({ $0.time.epochMillis >= watermark && $0.type != .eventCorrected }) {
          let events = snap.pending + log.events
          let latest = events.reduce(snap.state.latestEventMillis ?? Int64.min) { max($0, $1.time.epochMillis) }
          let next = max(watermark, nextWatermark(latest: latest, now: nowMillis))
          if snap.parameters[0] == profile.parameters {
            Instrumentation.count(.snapshotLoad)
            Instrumentation.count(.tailEvents, log.events.count)
            let (state, base) = foldSplit(profile: profile, state: snap.state, events: events, watermark: next)
            var learner = Learner(directory: dir, profile: profile, state: state, torn: log.torn, fromSnapshot: true,
                                  eventsFolded: log.events.count)
            learner.logPosition = log.position
            learner.recent = RecentEvents(base: snap.state, watermark: watermark, events: events)
            if write {
              let others = Carried(snapshot: snap, events: events, watermark: next).advanced(profile: profile, skipping: 0)
              learner.saveSnapshot(log: log, profileHash: hash, base: base, others: others)
            }
            return learner
          }
          carried = Carried(snapshot: snap, events: events, watermark: next)
        }
      }
    }
    // Missing, stale or corrupt snapshot, a late event, or another parameter set: replay everything.
    let bytes = try DurableFile.read(logPath) ?? []
    let log = try EventLog.parse(bytes, file: logPath)
    Instrumentation.count(.fullFold)
    let latest = log.events.reduce(Int64.min) { max($0, $1.time.epochMillis) }
    let watermark = carried?.watermark ?? nextWatermark(latest: latest, now: nowMillis)
    let (state, base, kept) = foldSplit(profile: profile, state: LearnerState(), events: log.events, watermark: watermark,
                                        histories: histories)
    var learner = Learner(directory: dir, profile: profile, state: state, torn: log.torn, fromSnapshot: false,
                          eventsFolded: log.events.count)
    learner.logPosition = log.position
    let others = carried?.advanced(profile: profile, skipping: nil) ?? []
    learner.replayed = Replayed(log: log, profileHash: hash, base: base, others: others, histories: kept)
    if policy != .never {
      learner.saveSnapshot(log: log, profileHash: hash, base: base, others: others)
      if carried == nil { removeLegacySnapshots(dir) }
    }
    return learner
  }

  /// What a full replay leaves for a second fold of the same log with other parameters
  /// (``refolded(parameters:snapshot:)``): the log, the snapshot's part of this fold, and the
  /// review histories when asked for.
  package struct Replayed: Sendable {
    package var log: EventLog
    package var profileHash: UInt64
    package var base: Base
    package var others: [OtherSet]
    package var histories: [(key: String, history: CardHistory)]?
  }

  /// The snapshot's part of a fold: the state up to `watermark` and the events after it.
  package typealias Base = (watermark: Int64, state: LearnerState, pending: [LearnerEvent])

  /// Another parameter set's fold of the same events: its state at the watermark and its head.
  package typealias OtherSet = (parameters: [Double], state: LearnerState, head: LearnerState)

  /// A valid snapshot's parameter sets, to fold forward with the events after it.
  struct Carried {
    var snapshot: LearnerSnapshot
    var events: [LearnerEvent]
    var watermark: Int64

    /// Each set but `skipping` (the one being folded anyway) at the new watermark; the
    /// profile's own parameters first, at most ``LearnerSnapshot/maximumParameterSets`` − 1.
    func advanced(profile: LearnerProfile, skipping: Int?) -> [OtherSet] {
      var out: [OtherSet] = []
      for k in snapshot.parameters.indices where k != skipping && out.count < LearnerSnapshot.maximumParameterSets - 1 {
        var p = profile
        p.parameters = snapshot.parameters[k]
        let (head, base, _) = foldSplit(profile: p, state: snapshot.state(at: k), events: events, watermark: watermark, histories: false)
        out.append((p.parameters, base.state, head))
      }
      return out
    }
  }

  /// The same log folded with `parameters` (a refit's new ones), without reading it again;
  /// the snapshot then holds both sets, this fold's and the first one's.
  package func refolded(parameters: [Double], snapshot policy: SnapshotWrite) -> Learner {
    guard let replayed else { preconditionFailure("refolded(parameters:) needs a load that replayed the log") }
    var p = profile
    p.parameters = parameters
    Instrumentation.count(.fullFold)
    let (state, base, _) = Learner.foldSplit(profile: p, state: LearnerState(), events: replayed.log.events,
                                             watermark: replayed.base.watermark, histories: false)
    var learner = Learner(directory: directory, profile: p, state: state, torn: torn, fromSnapshot: false,
                          eventsFolded: eventsFolded)
    learner.logPosition = logPosition
    let others: [OtherSet] = [(profile.parameters, replayed.base.state, self.state)]
    learner.replayed = Replayed(log: replayed.log, profileHash: replayed.profileHash, base: base, others: others, histories: nil)
    if policy != .never { learner.saveSnapshot(log: replayed.log, profileHash: replayed.profileHash, base: base, others: others) }
    return learner
  }

  /// The watermark a new snapshot gets: the late window before the latest event folded, or
  /// before now when an event is dated ahead of the clock (so one such event does not keep
  /// every later event "late").
  static func nextWatermark(latest: Int64, now: Int64) -> Int64 {
    latest == Int64.min ? Int64.min : min(latest, now) - LearnerSnapshot.lateWindowMillis
  }

  /// Folds `events` (log order) after `state`: the whole state, and the snapshot's part of it —
  /// the state up to `watermark` and the events after it (see ``LearnerSnapshot``); with
  /// `histories`, every item's reviews as the model saw them (``LearnerFold/reviewHistories``).
  static func foldSplit(profile: LearnerProfile, state: LearnerState, events: [LearnerEvent], watermark: Int64,
                        histories: Bool = false)
    -> (state: LearnerState, base: Base, histories: [(key: String, history: CardHistory)]?)
  {
    var fold = LearnerFold(profile: profile, state: state)
    if histories { fold.histories = [:] }
    fold.prepare(forEvents: events.count)
    let fixes = LearnerFold.corrections(in: events)
    let ordered = LearnerFold.timeOrdered(events)
    var i = 0
    while i < ordered.count && ordered[i].time.epochMillis <= watermark {
      fold.apply(ordered[i], corrections: fixes)
      i += 1
    }
    let baseState = fold.state
    var pending: [LearnerEvent] = []
    if i < ordered.count {
      let later = Set(ordered[i...].map(\.id))
      pending = events.filter { later.contains($0.id) }  // log order
      while i < ordered.count { fold.apply(ordered[i], corrections: fixes); i += 1 }
    }
    let kept = fold.histories.map { h in fold.state.sortedKeys.compactMap { key in h[key].map { (key, $0) } } }
    return (fold.state, (watermark, baseState, pending), kept)
  }

  static func foldSplit(profile: LearnerProfile, state: LearnerState, events: [LearnerEvent], watermark: Int64)
    -> (state: LearnerState, base: Base)
  {
    let (s, b, _) = foldSplit(profile: profile, state: state, events: events, watermark: watermark, histories: false)
    return (s, b)
  }

  /// Writes the snapshot for the log prefix read (best effort: it is only a cache): this
  /// learner's parameter set, and `others` (the same base folded with other parameters).
  package func saveSnapshot(log: EventLog, profileHash: UInt64, base: Base? = nil, others: [OtherSet] = []) {
    let kept = others.filter { $0.parameters != profile.parameters }
    let snap = LearnerSnapshot(
      logBytes: log.endOffset, logCount: log.lineCount, lastLineStart: log.lastLineStart,
      lastLineHash: log.lastLineHash, profileHash: profileHash,
      watermarkMillis: base.flatMap { $0.watermark == Int64.min ? nil : $0.watermark },
      pending: base?.pending ?? [], state: base?.state ?? state, parameters: profile.parameters,
      others: kept.map { ($0.parameters, $0.state) },
      head: LearnerSnapshot.Head(state: state, others: kept.map(\.head)))
    // Not fsynced: it is checked against the log when read, so a torn or lost snapshot after a
    // power loss only costs a rebuild, and the nightly job writes one per learner.
    try? DurableFile.replace(Learner.path(directory, Learner.snapshotFile), with: snap.serialized(), durable: false)
  }

  /// Removes the JSON snapshots of versions 1 and 2, which `snapshot.bin` replaces (plain
  /// files only: a link is left as it is, like every link in a learner folder).
  static func removeLegacySnapshots(_ dir: String) {
    for name in legacySnapshotFiles {
      var info = stat()
      if lstat(path(dir, name), &info) == 0, (info.st_mode & S_IFMT) == S_IFREG { _ = unlink(path(dir, name)) }
    }
  }

  /// Every event of the log in log order (the history), and a torn tail if any.
  public static func history(_ dir: String) throws(PlanEngineError) -> EventLog {
    let logPath = path(dir, eventsFile)
    Instrumentation.count(.historyRead)
    return try EventLog.parse(try DurableFile.read(logPath) ?? [], file: logPath)
  }

  /// Creates a learner folder with a profile and an empty history.
  public static func create(_ dir: String, profile: LearnerProfile) throws(PlanEngineError) {
    try profile.validate(file: path(dir, profileFile))
    try DurableFile.makeDirectory(dir)
    let lock = try LearnerLock(directory: dir, creating: true)
    defer { lock.unlock() }
    guard !DurableFile.exists(path(dir, profileFile)) else {
      throw .io(path: path(dir, profileFile), reason: "a learner already exists here; nothing was changed")
    }
    if !DurableFile.exists(path(dir, eventsFile)) { try DurableFile.append(path(dir, eventsFile), []) }
    try DurableFile.replace(path(dir, profileFile), with: Array(profile.encoded()))
  }
}
