import Foundation
import PlannerCore

/// A learner folder: `profile.json`, `events.jsonl`, `snapshot.json` and
/// `snapshot.fitted.json` (derived, disposable),
/// `.lock`, and `events.torn.jsonl` (torn lines set aside). See docs/learner.md.
public struct Learner: Sendable {
  public static let profileFile = "profile.json"
  public static let eventsFile = "events.jsonl"
  public static let snapshotFile = "snapshot.json"
  /// The snapshot of the state folded with fitted parameters (the daily plan's), kept apart
  /// from `snapshot.json` so that the commands reading the profile's state (`record`, `show`)
  /// and the plan (`today`, `nightly`) do not invalidate each other's.
  public static let fittedSnapshotFile = "snapshot.fitted.json"

  package static func snapshotFile(parameters: [Double]?) -> String { parameters == nil ? snapshotFile : fittedSnapshotFile }
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
    return (try LearnerProfile.decode(Data(bytes), file: p), bytes)
  }

  /// Loads a learner: snapshot + the events after it when the snapshot is valid, otherwise a
  /// full replay (then the snapshot is rewritten when `writeSnapshot`).
  public static func load(_ dir: String, writeSnapshot: Bool = true) throws(PlanEngineError) -> Learner {
    try load(dir, parameters: nil, writeSnapshot: writeSnapshot)
  }

  /// Loads a learner folded with `parameters` instead of the profile's own (the fitted ones the
  /// daily plan uses, see ``ParameterRefit``); the returned profile carries them. The snapshot
  /// is keyed on them too: a snapshot of other parameters is stale and rebuilt.
  public static func load(_ dir: String, parameters: [Double]?, writeSnapshot: Bool = true) throws(PlanEngineError) -> Learner {
    let (fileProfile, profileBytes) = try loadProfile(dir)
    var profile = fileProfile
    if let parameters { profile.parameters = parameters }
    let hash = LearnerSnapshot.profileHash(profileBytes: profileBytes, parameters: parameters)
    let logPath = path(dir, eventsFile)
    let snapshotName = snapshotFile(parameters: parameters)
    if let snapBytes = try? DurableFile.read(path(dir, snapshotName)), let snap = LearnerSnapshot.parse(snapBytes),
      snap.profileHash == hash, let tail = try DurableFile.read(logPath, from: snap.lastLineStart),
      snap.logBytes - snap.lastLineStart <= tail.count,
      FNV1a64.hash(tail[0..<(snap.logBytes - snap.lastLineStart)]) == snap.lastLineHash
    {
      let newBytes = Array(tail[(snap.logBytes - snap.lastLineStart)...])
      let log = try EventLog.parse(newBytes, file: logPath, offset: snap.logBytes, firstLine: snap.logCount + 1,
                                   lastLineStart: snap.lastLineStart)
      let latest = snap.state.latestEventMillis ?? Int64.min
      if log.events.allSatisfy({ $0.time.epochMillis >= latest }) {
        var fold = LearnerFold(profile: profile, state: snap.state)
        for e in LearnerFold.timeOrdered(log.events) { fold.apply(e) }
        let learner = Learner(directory: dir, profile: profile, state: fold.state, torn: log.torn, fromSnapshot: true,
                              eventsFolded: log.events.count)
        if writeSnapshot && log.events.count > 0 {
          learner.saveSnapshot(log: log, profileHash: hash, file: snapshotName)
        }
        return learner
      }
    }
    // Missing, stale or corrupt snapshot: replay everything.
    let bytes = try DurableFile.read(logPath) ?? []
    let log = try EventLog.parse(bytes, file: logPath)
    let state = LearnerFold.replay(profile: profile, events: log.events)
    let learner = Learner(directory: dir, profile: profile, state: state, torn: log.torn, fromSnapshot: false,
                          eventsFolded: log.events.count)
    if writeSnapshot { learner.saveSnapshot(log: log, profileHash: hash, file: snapshotName) }
    return learner
  }

  /// Writes the snapshot for the log prefix read (best effort: it is only a cache).
  package func saveSnapshot(log: EventLog, profileHash: UInt64, file: String = Learner.snapshotFile) {
    let logPath = Learner.path(directory, Learner.eventsFile)
    guard let last = try? DurableFile.read(logPath, from: log.lastLineStart), last.count >= log.endOffset - log.lastLineStart else { return }
    let snap = LearnerSnapshot(
      logBytes: log.endOffset, logCount: log.lineCount, lastLineStart: log.lastLineStart,
      lastLineHash: FNV1a64.hash(last[0..<(log.endOffset - log.lastLineStart)]), profileHash: profileHash, state: state)
    // Not fsynced: it is checked against the log when read, so a torn or lost snapshot after a
    // power loss only costs a rebuild, and the nightly job writes one per learner.
    try? DurableFile.replace(Learner.path(directory, file), with: snap.serialized(), durable: false)
  }

  /// Every event of the log in log order (the history), and a torn tail if any.
  public static func history(_ dir: String) throws(PlanEngineError) -> EventLog {
    let logPath = path(dir, eventsFile)
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
