import Foundation
import PlannerCore

/// Writes plan files the way the nightly job needs: never torn, and untouched when unchanged.
///
/// A plan is written to a hidden temporary file in the same folder, flushed to disk and renamed
/// over the target, so a reader (or a rerun after `kill -9`) sees the old file or the new one,
/// never a part. The folder itself is not fsynced: after a power loss a plan may be the previous
/// one or missing, which the next run repairs; its bytes are never torn.
///
/// The nightly job stages a batch of plans (``stage(_:to:)``) and then ``commit(_:)``s them: one
/// `syncfs` of the file system makes the whole batch durable before any rename, instead of an
/// `fsync` (a journal commit) per plan, which was half of each learner's time.
enum PlanFileWriter {
  enum Outcome: Equatable {
    case written
    case unchanged
  }

  /// Distinguishes temporary files of concurrent writers in one process.
  private static let counter = Locked(0)

  /// A plan written to its temporary file, not yet durable nor in place.
  struct Staged: Sendable {
    var temporary: String
    var target: String
  }

  /// Writes `bytes` to `target` unless it already holds exactly these bytes.
  static func write(_ bytes: [UInt8], to target: URL) throws(PlanEngineError) -> Outcome {
    guard let staged = try stage(bytes, to: target) else { return .unchanged }
    if case .failure(let error) = commit([staged])[0] { throw error }
    return .written
  }

  /// What a look at a `plans` folder under the learner's lock found about the plan file to
  /// write, the stale temporaries removed. Nothing else writes there while the lock is held, so
  /// it stays true until the plan is staged.
  struct Listing: Sendable {
    /// The plan file (``removeStaleTemporaries(in:target:)``'s `target`) is in the folder (a
    /// real folder, not a link).
    var hasTarget: Bool
  }

  /// The process id in temporary names (fetched once: a system call per plan otherwise).
  private static let pid = getpid()

  /// Writes `bytes` to a temporary file beside `target`; nil when `target` already holds them.
  /// Refuses a `plans` folder or a plan file that is a symbolic link (it could point outside
  /// the learner's folder). With `listing` (the folder looked at under the lock, for this
  /// target): the folder is known to be there and a plan file absent from it is not looked for.
  static func stage(_ bytes: [UInt8], to target: URL, listing: Listing? = nil) throws(PlanEngineError) -> Staged? {
    try stage(bytes, folder: target.deletingLastPathComponent().path, name: target.lastPathComponent, listing: listing)
  }

  /// The same for the file `name` in the folder at path `folder`.
  static func stage(_ bytes: [UInt8], folder: String, name: String, listing: Listing? = nil) throws(PlanEngineError) -> Staged? {
    let path = folder + "/" + name
    if listing == nil, DurableFile.isSymlink(folder) { throw DurableFile.symlinkRefusal(folder) }
    if listing?.hasTarget ?? true {
      if DurableFile.isSymlink(path) { throw DurableFile.symlinkRefusal(path) }
      if let existing = try DurableFile.read(path), existing == bytes { return nil }
    }
    if listing == nil { try makeFolder(folder) }
    // (A path string: a file URL appended without `isDirectory` looks at the disk to decide.)
    let temporary = folder + "/.\(name).\(pid)-\(counter.withLock { $0 += 1; return $0 }).tmp"
    try writeFile(bytes, to: temporary)
    return Staged(temporary: temporary, target: path)
  }

  /// Whether a file name in `plans/` is one of ``stage(_:to:)``'s temporary files
  /// (`.DATE.json.PID-N.tmp`).
  static func isTemporary(_ name: String) -> Bool {
    name.hasPrefix(".") && name.hasSuffix(".tmp") && name.contains(".json.")
  }

  /// Removes the temporary plan files in `folder`, left there by a run killed between writing
  /// and renaming them. Only called under the learner's lock: every writer of plans holds it
  /// from creating its temporary file to renaming it, so any temporary file seen then is stale,
  /// whichever machine or process left it. Best effort: returns whether the plan file named
  /// `target` is there (for ``stage(_:to:listing:)``), nil when `folder` is not a folder it could
  /// list (absent, a link, unreadable).
  ///
  /// A learner's folder keeps a plan a day (a year of nights: hundreds of names): each name is
  /// looked at as the bytes `readdir` gives, and only a temporary one becomes a `String` (one
  /// per name, and a set of them, were 8 % of a night's instructions for a learner with a year
  /// of plans).
  @discardableResult
  static func removeStaleTemporaries(in folder: String, target: String) -> Listing? {
    guard !DurableFile.isSymlink(folder), let listing = opendir(folder) else { return nil }
    defer { closedir(listing) }
    var seen = Listing(hasTarget: false)
    let wanted = Array(target.utf8)
    while let entry = readdir(listing) {
      withUnsafeBytes(of: entry.pointee.d_name) { raw in
        let all = raw.bindMemory(to: UInt8.self)
        let bytes = UnsafeBufferPointer(rebasing: all[..<(all.firstIndex(of: 0) ?? all.count)])
        if bytes.first == UInt8(ascii: ".") {
          let name = String(decoding: bytes, as: UTF8.self)
          if isTemporary(name), unlink(folder + "/" + name) == 0 { return }
        }
        if bytes.elementsEqual(wanted) { seen.hasTarget = true }
      }
    }
    return seen
  }

  /// Makes every staged file durable, then renames each into place. One result per file.
  static func commit(_ staged: [Staged]) -> [Result<Void, PlanEngineError>] {
    guard !staged.isEmpty else { return [] }
    var durable = Array(repeating: Result<Void, PlanEngineError>.success(()), count: staged.count)
    if !syncFileSystems(of: staged.map(\.temporary)) {
      for (i, s) in staged.enumerated() { durable[i] = Result { () throws(PlanEngineError) in try fsyncFile(s.temporary) } }
    }
    return zip(staged, durable).map { s, result in
      if case .failure = result {
        unlink(s.temporary)
        return result
      }
      guard rename(s.temporary, s.target) == 0 else {
        let reason = errnoReason("cannot rename the temporary plan into place")
        unlink(s.temporary)
        return .failure(.io(path: s.target, reason: reason))
      }
      return .success(())
    }
  }

  /// `syncfs(2)` (Linux), looked up at run time: Swift's Glibc module does not declare it.
  private static let syncfsFunction: (@convention(c) (Int32) -> Int32)? = {
    #if os(Linux)
      guard let symbol = dlsym(nil, "syncfs") else { return nil }
      return unsafeBitCast(symbol, to: (@convention(c) (Int32) -> Int32).self)
    #else
      // Darwin has no syncfs: the caller falls back to one fsync per file.
      return nil
    #endif
  }()

  /// Flushes the file systems holding `paths` (each distinct one once); false when that is not
  /// possible here, so the caller falls back to one `fsync` per file.
  private static func syncFileSystems(of paths: [String]) -> Bool {
    guard let flushFileSystem = syncfsFunction else { return false }
    var devices: Set<UInt64> = []
    for path in paths {
      var info = stat()
      guard stat(path, &info) == 0 else { return false }
      guard devices.insert(UInt64(info.st_dev)).inserted else { continue }
      let fd = open(path, O_RDONLY | O_CLOEXEC)
      guard fd >= 0 else { return false }
      defer { close(fd) }
      guard flushFileSystem(fd) == 0 else { return false }
    }
    return true
  }

  private static func fsyncFile(_ path: String) throws(PlanEngineError) {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw .io(path: path, reason: errnoReason("cannot reopen the temporary plan")) }
    defer { close(fd) }
    guard fsync(fd) == 0 else { throw .io(path: path, reason: errnoReason("cannot flush the temporary plan to disk")) }
  }

  private static func makeFolder(_ folder: String) throws(PlanEngineError) {
    if mkdir(folder, 0o755) == 0 || errno == EEXIST {
      var info = stat()
      if lstat(folder, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK { throw DurableFile.symlinkRefusal(folder) }
      if stat(folder, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR { return }
      throw .io(path: folder, reason: "exists but is not a folder; plans are written inside it")
    }
    throw .io(path: folder, reason: errnoReason("cannot create the plans folder"))
  }

  private static func writeFile(_ bytes: [UInt8], to path: String) throws(PlanEngineError) {
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw .io(path: path, reason: errnoReason("cannot create a temporary plan")) }
    var failure: String?
    if !bytes.withUnsafeBytes({ DurableFile.writeAll(fd, $0) }) { failure = errnoReason("cannot write the temporary plan") }
    if close(fd) != 0, failure == nil { failure = errnoReason("cannot close the temporary plan") }
    if let failure {
      unlink(path)
      throw .io(path: path, reason: failure)
    }
  }

  static func errnoReason(_ what: String) -> String {
    "\(what): \(String(cString: strerror(errno)))"
  }
}
