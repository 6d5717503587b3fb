#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import PlannerCore

/// The store's own reads and writes of `events.jsonl` beyond ``DurableFile``: a bounded read
/// (one line, one prefix), and the all-or-nothing append of a batch.
package enum LogFile {
  /// Up to `count` bytes at `offset` (fewer at the end of the file); nil when there is no file.
  package static func read(_ path: String, from offset: Int, count: Int) throws(PlanEngineError) -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    if fd < 0 {
      if errno == ENOENT { return nil }
      throw .io(path: path, reason: "cannot open: \(DurableFile.errorText())")
    }
    defer { close(fd) }
    return try DurableFile.read(fd, path: path, count: count, at: offset)
  }

  /// The complete line starting at `offset` (without its newline), or nil when `offset` is not
  /// the start of a complete line below `limit`.
  package static func line(_ path: String, at offset: Int, limit: Int) throws(PlanEngineError) -> [UInt8]? {
    guard offset >= 0, offset < limit else { return nil }
    if offset > 0 {
      guard let before = try read(path, from: offset - 1, count: 1), before == [0x0A] else { return nil }
    }
    var chunk = 512
    while true {
      let want = min(chunk, limit - offset)
      guard let bytes = try read(path, from: offset, count: want) else { return nil }
      if let nl = bytes.firstIndex(of: 0x0A) { return Array(bytes[..<nl]) }
      if want < chunk || bytes.count < want { return nil }
      chunk *= 4
    }
  }

  /// Removes a file (no error when it is gone) and flushes its folder.
  package static func remove(_ path: String) throws(PlanEngineError) {
    guard unlink(path) == 0 || errno == ENOENT else { throw .io(path: path, reason: "cannot remove: \(DurableFile.errorText())") }
    let fd = open(DurableFile.directory(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if fd >= 0 { _ = fsync(fd); close(fd) }
  }

  /// The size of a file, nil when there is none.
  package static func size(_ path: String) -> Int? {
    var st = stat()
    return stat(path, &st) == 0 ? Int(st.st_size) : nil
  }

  /// A fault to inject into the next append to a log path (tests only): the append writes
  /// `afterBytes` bytes of the batch, then fails as a full disk would.
  package struct Fault: Sendable {
    package var afterBytes: Int
    package init(afterBytes: Int) { self.afterBytes = afterBytes }
  }
  static let faults = Locked<[String: Fault]>([:])

  /// Arms a fault for the next append to `path` (the seam the all-or-nothing tests use).
  package static func injectFault(_ fault: Fault?, forAppendTo path: String) {
    faults.withLock { $0[path] = fault }
  }

  /// Appends whole lines in one write, flushed before it returns. All or nothing: on any error
  /// (a short write on a full disk, a failed flush) the file is cut back to the length it had
  /// before, so no part of the batch stays; the error is rethrown.
  package static func append(_ path: String, _ bytes: [UInt8]) throws(PlanEngineError) {
    let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
    guard fd >= 0 else {
      if errno == ELOOP { throw DurableFile.symlinkRefusal(path) }
      throw .io(path: path, reason: "cannot open for appending: \(DurableFile.errorText())")
    }
    defer { close(fd) }
    var st = stat()
    guard fstat(fd, &st) == 0 else { throw .io(path: path, reason: "cannot stat: \(DurableFile.errorText())") }
    let before = off_t(st.st_size)
    let fault = faults.withLock { $0.removeValue(forKey: path) }
    var reason: String?
    if let fault {
      let n = min(fault.afterBytes, bytes.count)
      _ = bytes.withUnsafeBytes { DurableFile.writeAll(fd, UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
      reason = "cannot write: \(String(cString: strerror(ENOSPC)))"
    } else if !bytes.withUnsafeBytes({ DurableFile.writeAll(fd, $0) }) {
      reason = "cannot write: \(DurableFile.errorText())"
    } else if fsync(fd) != 0 {
      reason = "cannot flush to disk: \(DurableFile.errorText())"
    }
    guard let reason else { return }
    // Back to the length before the batch (and flushed), so nothing of it is kept.
    let restored = ftruncate(fd, before) == 0 && fsync(fd) == 0
    throw .io(path: path, reason: reason + (restored ? "; nothing of this batch was kept"
      : "; the log could not be cut back to \(before) bytes (\(DurableFile.errorText())): run `planner repair`"))
  }
}
