#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The few POSIX file operations the store needs, with the durability rules spelled out:
/// appends are one `write` of whole lines followed by `fsync`; every other file is written to
/// a temporary file, `fsync`ed, renamed into place, and the directory `fsync`ed.
package enum DurableFile {
  package static func errorText() -> String { String(cString: strerror(errno)) }

  /// The whole file, or nil when it does not exist.
  package static func read(_ path: String, from offset: Int = 0) throws(PlanEngineError) -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    if fd < 0 {
      // Absent, or a path component is a file: no such file either way.
      if errno == ENOENT || errno == ENOTDIR { return nil }
      throw .io(path: path, reason: "cannot open: \(errorText())")
    }
    defer { close(fd) }
    var st = stat()
    guard fstat(fd, &st) == 0 else { throw .io(path: path, reason: "cannot stat: \(errorText())") }
    let size = Int(st.st_size)
    guard offset <= size else { return [] }
    return try read(fd, path: path, count: size - offset, at: offset)
  }

  /// Up to `count` bytes of the open file `fd` at `offset` (fewer at its end). Read straight
  /// into the array's storage: zero-filling it first cost as much as a second pass over a
  /// snapshot of a hundred KB, for every learner of a nightly run.
  package static func read(_ fd: Int32, path: String, count: Int, at offset: Int) throws(PlanEngineError) -> [UInt8] {
    var failure: PlanEngineError?
    let bytes = [UInt8](unsafeUninitializedCapacity: max(0, count)) { buffer, initialized in
      var done = 0
      while done < buffer.count {
        let n = pread(fd, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
        if n < 0 {
          if errno == EINTR { continue }
          failure = .io(path: path, reason: "cannot read: \(errorText())")
          break
        }
        if n == 0 { break }
        done += n
      }
      initialized = done
    }
    if let failure { throw failure }
    return bytes
  }

  static func size(_ path: String) -> Int? {
    var st = stat()
    return stat(path, &st) == 0 ? Int(st.st_size) : nil
  }

  package static func exists(_ path: String) -> Bool {
    var st = stat()
    return stat(path, &st) == 0
  }

  static func writeAll(_ fd: Int32, _ bytes: [UInt8], path: String) throws(PlanEngineError) {
    guard bytes.withUnsafeBytes({ writeAll(fd, $0) }) else { throw .io(path: path, reason: "cannot write: \(errorText())") }
  }

  /// Writes every byte to `fd`, retrying short writes and `EINTR`: the one write loop of the
  /// engine (files, plan files, standard output). False on an error, with `errno` set.
  package static func writeAll(_ fd: Int32, _ raw: UnsafeRawBufferPointer) -> Bool {
    var done = 0
    while done < raw.count {
      let n = write(fd, raw.baseAddress! + done, raw.count - done)
      if n < 0 {
        if errno == EINTR { continue }
        return false
      }
      done += n
    }
    return true
  }

  /// The refusal to write through a symbolic link: a learner's files are plain files inside its
  /// folder, so a link (which could point outside it) is an error, never followed.
  package static func symlinkRefusal(_ path: String) -> PlanEngineError {
    .io(path: path, reason: "is a symbolic link; planner does not write through links (replace it with the file or folder itself)")
  }

  /// True when `path` itself (not what it points to) is a symbolic link.
  package static func isSymlink(_ path: String) -> Bool {
    var st = stat()
    return lstat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFLNK
  }

  /// Appends bytes (whole lines) and flushes them to disk before returning. Refuses a `path`
  /// that is a symbolic link.
  package static func append(_ path: String, _ bytes: [UInt8]) throws(PlanEngineError) {
    let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
    guard fd >= 0 else {
      if errno == ELOOP { throw symlinkRefusal(path) }
      throw .io(path: path, reason: "cannot open for appending: \(errorText())")
    }
    defer { close(fd) }
    try writeAll(fd, bytes, path: path)
    guard fsync(fd) == 0 else { throw .io(path: path, reason: "cannot flush to disk: \(errorText())") }
  }

  /// Cuts a file to `length` bytes, durably.
  package static func truncate(_ path: String, to length: Int) throws(PlanEngineError) {
    let fd = open(path, O_WRONLY | O_CLOEXEC | O_NOFOLLOW)
    guard fd >= 0 else {
      if errno == ELOOP { throw symlinkRefusal(path) }
      throw .io(path: path, reason: "cannot open: \(errorText())")
    }
    defer { close(fd) }
    guard ftruncate(fd, off_t(length)) == 0, fsync(fd) == 0 else { throw .io(path: path, reason: "cannot truncate: \(errorText())") }
  }

  /// Replaces a file atomically: temp file in the same folder, fsync, rename, fsync folder.
  /// `durable: false` skips both fsyncs (still atomic for readers): for caches that are
  /// validated when read (the snapshot), where a power loss may only cost a rebuild.
  /// Refuses a `path` that is a symbolic link (the rename would replace the link, not what it
  /// points to, but a link there is not the store's and is reported, not silently replaced);
  /// the temporary file is created afresh (`O_EXCL`), never through a link left in its place.
  package static func replace(_ path: String, with bytes: [UInt8], durable: Bool = true) throws(PlanEngineError) {
    if isSymlink(path) { throw symlinkRefusal(path) }
    let dir = directory(of: path)
    let tmp = "\(dir)/.\(basename(path)).tmp-\(getpid())"
    unlink(tmp)  // one left by a killed process of the same pid (a link there is removed, not followed)
    let fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
    guard fd >= 0 else { throw .io(path: tmp, reason: "cannot create: \(errorText())") }
    do throws(PlanEngineError) {
      try writeAll(fd, bytes, path: tmp)
      guard !durable || fsync(fd) == 0 else { throw PlanEngineError.io(path: tmp, reason: "cannot flush to disk: \(errorText())") }
      close(fd)
    } catch {
      close(fd)
      unlink(tmp)
      throw error
    }
    guard rename(tmp, path) == 0 else {
      let reason = errorText()
      unlink(tmp)
      throw .io(path: path, reason: "cannot rename into place: \(reason)")
    }
    if durable { syncDirectory(dir) }
  }

  static func syncDirectory(_ dir: String) {
    let fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if fd >= 0 { _ = fsync(fd); close(fd) }
  }

  package static func makeDirectory(_ path: String) throws(PlanEngineError) {
    var partial = path.hasPrefix("/") ? "" : "."
    for part in path.split(separator: "/") {
      partial += "/" + part
      if mkdir(partial, 0o755) != 0 && errno != EEXIST {
        throw .io(path: partial, reason: "cannot create folder: \(errorText())")
      }
    }
  }

  package static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  static func basename(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
  }
}
