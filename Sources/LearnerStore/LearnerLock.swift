#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import PlannerCore

/// An exclusive advisory lock on `DIR/.lock` (`flock`; a lock on a file inside the folder,
/// because locks on folders fail on network file systems). The second process waits up to
/// `timeout` seconds, then fails with ``PlanEngineError/lockTimeout(path:seconds:)``.
public final class LearnerLock: @unchecked Sendable {
  public let path: String
  private var fd: Int32

  /// Default bound on the wait; `PLANNER_LOCK_TIMEOUT` (seconds) overrides it in the CLI.
  public static let defaultTimeout = 10.0

  public init(directory: String, timeout: Double = LearnerLock.defaultTimeout) throws(PlanEngineError) {
    path = directory + "/.lock"
    fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw .io(path: path, reason: "cannot open the lock file: \(DurableFile.errorText())") }
    var waited = 0.0
    while flock(fd, LOCK_EX | LOCK_NB) != 0 {
      guard errno == EWOULDBLOCK || errno == EINTR else {
        let reason = DurableFile.errorText()
        close(fd)
        throw .io(path: path, reason: "cannot lock: \(reason)")
      }
      if waited >= timeout {
        close(fd)
        throw .lockTimeout(path: path, seconds: timeout)
      }
      usleep(20_000)
      waited += 0.02
    }
  }

  /// Releases the lock (also released when the process dies).
  public func unlock() {
    guard fd >= 0 else { return }
    flock(fd, LOCK_UN)
    close(fd)
    fd = -1
  }

  deinit { unlock() }
}
