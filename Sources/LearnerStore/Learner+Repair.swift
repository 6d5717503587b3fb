import Foundation
import PlannerCore

/// What `planner repair` did.
public struct RepairReport: Sendable, Equatable {
  /// A line of the log that is not an event, set aside (its 1-based line number and bytes).
  public struct BadLine: Sendable, Equatable {
    public var line: Int
    public var bytes: [UInt8]
  }
  /// Lines moved to `events.corrupt.jsonl`, in log order.
  public var setAside: [BadLine] = []
  /// A torn last line moved to `events.torn.jsonl`.
  public var torn: TornLine?
  /// Events kept in the log.
  public var kept = 0
  /// Temporary files a killed process left (`.events.idx.tmp`, `.profile.json.tmp-PID`, …), removed.
  public var temporariesRemoved: [String] = []
}

extension Learner {
  /// Where `repair` keeps the lines it set aside (the bytes as they were, one per line).
  public static let corruptFile = "events.corrupt.jsonl"

  /// `planner repair DIR`: makes a damaged log usable again without losing a byte. Every line
  /// that is not an event (corrupted in place, hand-edited, half-written by another tool) is
  /// appended to `events.corrupt.jsonl` (flushed first), then the log is replaced atomically by
  /// its good lines (a new file renamed into place: the old log is whole until the rename); a
  /// torn last line goes to `events.torn.jsonl` as `record` does; the snapshots and the id index
  /// are dropped (rebuilt on the next load). With nothing bad found it only drops the caches,
  /// so a log changed in place whose lines all still read is accepted as it is now.
  public static func repair(_ dir: String, lockTimeout: Double = LearnerLock.defaultTimeout) throws(PlanEngineError) -> RepairReport {
    guard DurableFile.exists(path(dir, profileFile)) else { _ = try loadProfile(dir); return RepairReport() }
    let lock = try LearnerLock(directory: dir, timeout: lockTimeout)
    defer { lock.unlock() }
    let logPath = path(dir, eventsFile)
    let bytes = try DurableFile.read(logPath) ?? []
    var report = RepairReport()
    var good: [UInt8] = []
    good.reserveCapacity(bytes.count)
    var start = 0
    var lineNo = 1
    while start < bytes.count {
      var end = start
      while end < bytes.count && bytes[end] != 0x0A { end += 1 }
      let line = Array(bytes[start..<end])
      if end == bytes.count {
        report.torn = TornLine(line: lineNo, offset: start, bytes: line)
        break
      }
      let blank = line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
      if blank {
        good += line + [0x0A]
      } else if let v = try? JSONParser.parse(line), (try? LearnerEvent.decode(v, file: logPath, line: lineNo)) != nil {
        good += line + [0x0A]
        report.kept += 1
      } else {
        report.setAside.append(RepairReport.BadLine(line: lineNo, bytes: line))
      }
      start = end + 1
      lineNo += 1
    }
    if let torn = report.torn { try DurableFile.append(path(dir, tornFile), torn.bytes + [0x0A]) }
    if !report.setAside.isEmpty {
      try DurableFile.append(path(dir, corruptFile), report.setAside.flatMap { $0.bytes + [0x0A] })
    }
    if report.torn != nil || !report.setAside.isEmpty { try DurableFile.replace(logPath, with: good) }
    for cache in [snapshotFile] + legacySnapshotFiles + [EventIndex.file] { try LogFile.remove(path(dir, cache)) }
    report.temporariesRemoved = removeStaleTemporaries(dir)
    return report
  }

  /// The store's files a write renames into place (``DurableFile/replace(_:with:durable:)``
  /// writes `.NAME.tmp-PID` first).
  static let replacedFiles = [profileFile, eventsFile, snapshotFile, settingsJournal, corruptFile, tornFile]

  /// Removes the temporary files a killed process left in `dir` (the caller holds the lock):
  /// the id index's `.events.idx.tmp` (only a lock holder writes it), and `.NAME.tmp-PID` of the
  /// store's files whose process no longer runs (a snapshot is written without the lock, so a
  /// running process's file is left alone). Plain files only; returns their names, sorted.
  static func removeStaleTemporaries(_ dir: String) -> [String] {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else { return [] }
    var removed: [String] = []
    for name in names.sorted() {
      var stale = name == EventIndex.temporaryFile
      if !stale, let base = replacedFiles.first(where: { name.hasPrefix("." + $0 + ".tmp-") }) {
        let pid = name.dropFirst(base.count + 6)
        if let p = Int32(pid), p > 0, String(p) == pid, kill(p, 0) != 0 && errno == ESRCH { stale = true }
      }
      guard stale else { continue }
      var info = stat()
      guard lstat(path(dir, name), &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, unlink(path(dir, name)) == 0 else { continue }
      removed.append(name)
    }
    return removed
  }
}
