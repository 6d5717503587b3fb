#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import PlannerCore

/// An exclusive advisory lock on `DIR/.lock` (`flock(2)`; a lock on a file inside the folder,
/// because locks on folders fail on network file systems). The second process waits up to
/// `timeout` seconds, then fails with ``PlanEngineError/lockTimeout(path:seconds:)``.
///
/// The lock is taken only in a learner folder (one with `profile.json`): a command pointed at
/// any other folder fails without creating anything there. `.lock` is never followed if it is
/// a symbolic link.
public final class LearnerLock: @unchecked Sendable {
  public let path: String
  private var fd: Int32

  /// Default bound on the wait; `PLANNER_LOCK_TIMEOUT` (seconds) overrides it in the CLI.
  public static let defaultTimeout = 10.0
  /// The longest wait `PLANNER_LOCK_TIMEOUT` may ask for (an hour).
  public static let maximumTimeout = 3600.0
  /// The environment variable that sets the wait.
  public static let timeoutVariable = "PLANNER_LOCK_TIMEOUT"

  /// The wait `PLANNER_LOCK_TIMEOUT` asks for: a decimal number of seconds from 0 to
  /// ``maximumTimeout``; ``defaultTimeout`` when it is unset. Anything else (`nan`, `inf`,
  /// `1e999`, `abc`, `-1`, empty) is refused, naming the variable.
  public static func timeout(environment: [String: String]) throws(PlanEngineError) -> Double {
    guard let text = environment[timeoutVariable] else { return defaultTimeout }
    let expected = "a number of seconds from 0 to \(Int(maximumTimeout)), e.g. 10 or 0.5"
    // Plain decimal digits only: Double("nan"), Double("inf") and Double("0x10") all parse.
    let plain = !text.isEmpty && text.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E }
    guard plain, let value = Double(text), value.isFinite, value >= 0, value <= maximumTimeout else {
      throw .invalidValue(keyPath: timeoutVariable, value: text, expected: expected)
    }
    return value
  }

  /// Locks the learner folder `directory`. Fails, creating nothing, when it holds no
  /// `profile.json` (unless `creating`: `planner init` locks the folder it is making a learner).
  ///
  /// `listed`: the caller has just seen the folder's `profile.json` (the nightly job's listing),
  /// and reads it under the lock, failing as this would if it is gone: a lock file already there
  /// is then opened without looking for the profile again (a system call a learner a night);
  /// one is still created only in a folder that holds a profile.
  public init(directory: String, timeout: Double = LearnerLock.defaultTimeout, creating: Bool = false,
              listed: Bool = false) throws(PlanEngineError) {
    path = directory + "/" + Learner.lockFile
    var descriptor: Int32 = -1
    if listed && !creating {
      descriptor = open(path, O_RDWR | O_CLOEXEC | O_NOFOLLOW)
      if descriptor < 0 && errno != ENOENT {
        if errno == ELOOP { throw DurableFile.symlinkRefusal(path) }
        throw .io(path: path, reason: "cannot open the lock file: \(DurableFile.errorText())")
      }
    }
    if descriptor < 0 && !creating {
      let profile = directory + "/" + Learner.profileFile
      guard DurableFile.exists(profile) else {
        throw .io(path: profile, reason: "no learner here (create one with `planner init \(directory)`)")
      }
    }
    // The descriptor becomes the lock's only once locked: a lock that fails is not fully made,
    // so its `deinit` does not run. (It did, and closed the descriptor a second time: another
    // thread's file, or lock, that had reused the number meanwhile.)
    if descriptor < 0 { descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644) }
    guard descriptor >= 0 else {
      if errno == ELOOP { throw DurableFile.symlinkRefusal(path) }
      throw .io(path: path, reason: "cannot open the lock file: \(DurableFile.errorText())")
    }
    var waited = 0.0
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      guard errno == EWOULDBLOCK || errno == EINTR else {
        let reason = DurableFile.errorText()
        close(descriptor)
        throw .io(path: path, reason: "cannot lock: \(reason)")
      }
      if waited >= timeout {
        close(descriptor)
        throw .lockTimeout(path: path, seconds: timeout)
      }
      usleep(20_000)
      waited += 0.02
    }
    fd = descriptor
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
