import Foundation
import Testing
@testable import LearnerStore
@testable import PlannerCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A lock that is refused (busy past its timeout) closes its descriptor once: closed twice, the
/// second close could hit another thread's file or lock that had reused the number, and release
/// that other lock silently.
@Suite("Learner lock: a refused lock closes only its own descriptor")
struct LearnerLockTests {
  static func learnerFolder(_ name: String) -> String {
    let dir = NSTemporaryDirectory() + "planner-lock-\(getpid())-\(name)"
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    _ = FileManager.default.createFile(atPath: dir + "/" + Learner.profileFile, contents: Data("{\"id\":\"x\"}".utf8))
    return dir
  }

  /// Whether another open file description can take `dir`'s lock now (false: someone holds it).
  static func isFree(_ dir: String) -> Bool {
    let fd = open(dir + "/" + Learner.lockFile, O_RDWR | O_CLOEXEC)
    defer { close(fd) }
    guard flock(fd, LOCK_EX | LOCK_NB) == 0 else { return false }
    flock(fd, LOCK_UN)
    return true
  }

  @Test func refusedLocksLeaveHeldLocksHeld() throws {
    let busy = Self.learnerFolder("busy")
    defer { try? FileManager.default.removeItem(atPath: busy) }
    let held = try LearnerLock(directory: busy)
    defer { held.unlock() }
    let lost = Locked(0)
    let group = DispatchGroup()
    for t in 0..<4 {
      group.enter()
      Thread {
        defer { group.leave() }
        let mine = Self.learnerFolder("mine-\(t)")
        defer { try? FileManager.default.removeItem(atPath: mine) }
        for i in 0..<300 {
          if t % 2 == 0 {
            // Refused again and again: each refusal opens and closes a descriptor.
            _ = try? LearnerLock(directory: busy, timeout: 0)
          } else {
            // Holds its own lock across the others' refusals, then checks it is still held.
            guard let lock = try? LearnerLock(directory: mine, timeout: 1) else { continue }
            for _ in 0..<(i % 5) { _ = try? LearnerLock(directory: busy, timeout: 0) }
            if Self.isFree(mine) { lost.withLock { $0 += 1 } }
            lock.unlock()
          }
        }
      }.start()
    }
    group.wait()
    #expect(lost.withLock { $0 } == 0)
    #expect(!Self.isFree(busy))
  }

  /// The nightly job's lock (`listed`: it has just seen the profile) opens a lock file that is
  /// there without looking for the profile again, and otherwise is the same lock: it creates a
  /// lock file only beside a profile, and refuses a folder without either, creating nothing.
  @Test func listedLocksCreateOnlyBesideAProfile() throws {
    let dir = Self.learnerFolder("listed")
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let lockFile = dir + "/" + Learner.lockFile
    let first = try LearnerLock(directory: dir, timeout: 0, listed: true)  // creates the lock file
    #expect(FileManager.default.fileExists(atPath: lockFile) && !Self.isFree(dir))
    #expect(throws: PlanEngineError.lockTimeout(path: lockFile, seconds: 0)) { try LearnerLock(directory: dir, timeout: 0, listed: true) }
    first.unlock()
    // The profile gone since the listing: the existing lock file is taken (the load under it
    // then fails on the missing profile)…
    try FileManager.default.removeItem(atPath: dir + "/" + Learner.profileFile)
    let second = try LearnerLock(directory: dir, timeout: 0, listed: true)
    #expect(!Self.isFree(dir))
    second.unlock()
    // …but without a lock file nothing is created, as without `listed`.
    try FileManager.default.removeItem(atPath: lockFile)
    for listed in [true, false] {
      #expect(throws: PlanEngineError.io(path: dir + "/" + Learner.profileFile,
                                         reason: "no learner here (create one with `planner init \(dir)`)")) {
        try LearnerLock(directory: dir, timeout: 0, listed: listed)
      }
      #expect(!FileManager.default.fileExists(atPath: lockFile))
    }
  }
}
