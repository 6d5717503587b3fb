import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Long-lived helper threads that run partitions 1…k of each batch while the calling thread
/// runs partition 0. A batch's gradient takes tens of microseconds, so waking a thread through
/// Dispatch for every batch costs as much as the work; these threads spin briefly on an atomic
/// generation counter instead, then yield, then sleep when idle for long.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class PartitionWorkers: @unchecked Sendable {
  private let generation = Atomic<Int>(0)
  private let finished = Atomic<Int>(0)
  private let stopping = Atomic<Bool>(false)
  /// Written by the caller before the generation is bumped (release), read by workers after
  /// they see it (acquire); never written while workers run.
  private var task: ((Int) -> Void)?
  let helpers: Int

  init(helpers: Int) {
    self.helpers = helpers
    for index in 1...max(helpers, 1) where helpers > 0 {
      let thread = Thread { [self] in self.loop(index) }
      thread.stackSize = 1 << 20
      thread.start()
    }
  }

  /// Runs `body(0)` here and `body(1…helpers)` on the helpers; returns when all are done.
  func run(_ body: (Int) -> Void) {
    withoutActuallyEscaping(body) { body in
      finished.store(0, ordering: .relaxed)
      task = body
      generation.add(1, ordering: .releasing)
      body(0)
      var spins = 0
      while finished.load(ordering: .acquiring) < helpers {
        spins += 1
        if spins > 1000 { sched_yield() }
      }
      task = nil
    }
  }

  /// Lets the helper threads exit.
  func stop() {
    stopping.store(true, ordering: .relaxed)
    generation.add(1, ordering: .releasing)
  }

  private func loop(_ index: Int) {
    var seen = 0
    while true {
      var spins = 0
      while generation.load(ordering: .acquiring) == seen {
        spins += 1
        if spins > 20_000 { usleep(50) } else if spins > 1000 { sched_yield() }
      }
      seen += 1
      if stopping.load(ordering: .relaxed) { return }
      task!(index)
      finished.add(1, ordering: .releasing)
    }
  }
}
