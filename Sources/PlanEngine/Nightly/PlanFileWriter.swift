import Foundation

/// Writes plan files the way the nightly job needs: never torn, and untouched when unchanged.
///
/// A plan is written to a hidden temporary file in the same folder, flushed to disk (`fsync`)
/// and renamed over the target, so a reader (or a rerun after `kill -9`) sees the old file or
/// the new one, never a part. The folder itself is not fsynced: after a power loss a plan may be
/// the previous one or missing, which the next run repairs; its bytes are never torn.
enum PlanFileWriter {
  enum Outcome: Equatable {
    case written
    case unchanged
  }

  /// Distinguishes temporary files of concurrent writers in one process.
  private static let counter = Counter()

  /// Writes `bytes` to `target` unless it already holds exactly these bytes.
  static func write(_ bytes: [UInt8], to target: URL) throws(PlanEngineError) -> Outcome {
    let folder = target.deletingLastPathComponent()
    if let existing = try readIfPresent(target.path), existing == bytes { return .unchanged }
    try makeFolder(folder)
    let temporary = folder.appendingPathComponent(
      ".\(target.lastPathComponent).\(getpid())-\(counter.next()).tmp")
    try writeDurably(bytes, to: temporary.path)
    guard rename(temporary.path, target.path) == 0 else {
      let reason = errnoReason("cannot rename the temporary plan into place")
      unlink(temporary.path)
      throw .io(path: target.path, reason: reason)
    }
    return .written
  }

  /// The file's bytes, or nil when it does not exist.
  static func readIfPresent(_ path: String) throws(PlanEngineError) -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    if fd < 0 {
      if errno == ENOENT || errno == ENOTDIR { return nil }
      throw .io(path: path, reason: errnoReason("cannot open the existing plan"))
    }
    defer { close(fd) }
    var result: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if n < 0 {
        if errno == EINTR { continue }
        throw .io(path: path, reason: errnoReason("cannot read the existing plan"))
      }
      if n == 0 { return result }
      result.append(contentsOf: chunk[0..<n])
    }
  }

  private static func makeFolder(_ folder: URL) throws(PlanEngineError) {
    if mkdir(folder.path, 0o755) == 0 || errno == EEXIST {
      var info = stat()
      if stat(folder.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR { return }
      throw .io(path: folder.path, reason: "exists but is not a folder; plans are written inside it")
    }
    throw .io(path: folder.path, reason: errnoReason("cannot create the plans folder"))
  }

  private static func writeDurably(_ bytes: [UInt8], to path: String) throws(PlanEngineError) {
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw .io(path: path, reason: errnoReason("cannot create a temporary plan")) }
    var failure: String?
    bytes.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let n = Foundation.write(fd, raw.baseAddress! + offset, raw.count - offset)
        if n < 0 {
          if errno == EINTR { continue }
          failure = errnoReason("cannot write the temporary plan")
          return
        }
        offset += n
      }
    }
    if failure == nil, fsync(fd) != 0 { failure = errnoReason("cannot flush the temporary plan to disk") }
    if close(fd) != 0, failure == nil { failure = errnoReason("cannot close the temporary plan") }
    if let failure {
      unlink(path)
      throw .io(path: path, reason: failure)
    }
  }

  static func errnoReason(_ what: String) -> String {
    "\(what): \(String(cString: strerror(errno)))"
  }

  private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func next() -> Int {
      lock.lock()
      defer { lock.unlock() }
      value += 1
      return value
    }
  }
}
