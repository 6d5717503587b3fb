import Foundation
import PlannerCore

/// Counts of the store's expensive steps, so tests can assert how often a command reads and
/// parses the profile, folds the whole history or rebuilds the id index (the "load once"
/// rule). Counted only inside ``counting(_:)`` (a task-local counter): free otherwise.
package enum Instrumentation {
  package enum Step: String, Sendable, CaseIterable {
    /// profile.json read from disk / decoded.
    case profileRead, profileParse
    /// A snapshot read and used; events folded after it.
    case snapshotLoad, tailEvents
    /// The whole snapshot decoded (its pending events and watermark state), not just its head.
    case snapshotWhole
    /// The whole log read (`Learner.history`); a fold of the whole history (a replay, a
    /// refit's pass over the reviews).
    case historyRead, fullFold
    /// Lines of the log read by the id index to catch up; the index rebuilt from the whole log.
    case indexTailLines, indexRebuilds
  }

  package final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [Step: Int] = [:]
    func add(_ step: Step, _ n: Int) { lock.lock(); counts[step, default: 0] += n; lock.unlock() }
    package var snapshot: [Step: Int] { lock.lock(); defer { lock.unlock() }; return counts }
  }

  @TaskLocal static var counter: Counter?

  package static func count(_ step: Step, _ n: Int = 1) {
    guard n != 0, let counter else { return }
    counter.add(step, n)
  }

  /// Runs `body`, counting the steps it takes (in this task).
  package static func counting<R>(_ body: () throws -> R) rethrows -> (R, [Step: Int]) {
    let c = Counter()
    let r = try $counter.withValue(c) { try body() }
    return (r, c.snapshot)
  }
}
