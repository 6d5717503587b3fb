import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Temporary folders for tests, all inside one folder per test process
/// (`$TMPDIR/planner-tests-<pid>`), so a test run leaves nothing behind in `$TMPDIR`.
///
/// - `TemporaryFolder.with { path in … }` removes its folder when the body returns or throws;
/// - an instance (`let tmp = TemporaryFolder()`) removes its folder when it is released;
/// - `TemporaryFolder.make()` gives a folder that lives until the process ends;
/// and the process folder itself, with anything still in it, is removed at process exit.
public final class TemporaryFolder: @unchecked Sendable {
  public let path: String

  /// A new empty folder, removed when this value is released.
  public init(_ prefix: String = "tmp") { path = Self.make(prefix) }
  deinit { try? FileManager.default.removeItem(atPath: path) }

  public func file(_ name: String) -> String { path + "/" + name }
  public func read(_ name: String) -> String { (try? String(contentsOfFile: file(name), encoding: .utf8)) ?? "" }
  public func write(_ name: String, _ text: String) {
    let path = file(name)
    precondition(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)), "could not write \(path)")
  }
  public func append(_ name: String, _ text: String) {
    let h = FileHandle(forWritingAtPath: file(name))!
    h.seekToEndOfFile()
    h.write(Data(text.utf8))
    try! h.close()
  }

  /// This process's folder, created on first use and removed at exit.
  public static var root: String { processRoot.path }

  /// A new empty folder under ``root``, removed at process exit at the latest.
  public static func make(_ prefix: String = "tmp") -> String {
    let path = root + "/\(prefix)-\(UUID().uuidString)"
    do {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    } catch {
      fatalError("cannot create the temporary folder \(path): \(error)")
    }
    return path
  }

  /// A path that does not exist yet (named `prefix`) inside a new folder under ``root``: for
  /// code that creates its own folder.
  public static func newPath(_ prefix: String = "tmp") -> String { make(prefix) + "/" + prefix }

  /// Runs `body` with a new empty folder and removes the folder afterwards, also when it throws.
  public static func with<T>(_ prefix: String = "tmp", _ body: (String) throws -> T) rethrows -> T {
    let path = make(prefix)
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try body(path)
  }

  /// Writes `text` to a new file (in a new folder under ``root``) and returns the file's path.
  public static func file(_ name: String, _ text: String) -> String {
    let path = make("file") + "/" + name
    precondition(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)), "could not write \(path)")
    return path
  }

  private final class ProcessRoot: Sendable {
    let path: String
    init() {
      var base = ProcessInfo.processInfo.environment["TMPDIR"] ?? ""
      while base.count > 1 && base.hasSuffix("/") { base.removeLast() }
      path = (base.isEmpty ? "/tmp" : base) + "/planner-tests-\(getpid())"
      try? FileManager.default.removeItem(atPath: path)  // left by a crashed run with the same pid
      try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
      atexit { TemporaryFolder.removeRoot() }
    }
  }
  private static let processRoot = ProcessRoot()
  private static func removeRoot() { try? FileManager.default.removeItem(atPath: processRoot.path) }
}
