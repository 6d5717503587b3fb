import Dispatch
import Foundation

/// Runs `body(0..<n)` on the machine's cores (inline when n is 1). The body writes only to
/// disjoint slots it owns, which the callers arrange.
/// Inlinable: the callers' loops are hot and sit in other modules (ReviewLogs, Vocabulary).
@inlinable @inline(__always)
package func parallelFor(_ n: Int, _ body: (Int) -> Void) {
  if n <= 1 {
    for i in 0..<n { body(i) }
  } else {
    // Workers touch disjoint slots only (see the callers), so the body is shared unchecked.
    withoutActuallyEscaping(body) { escapable in
      let shared = UncheckedBox(escapable)
      DispatchQueue.concurrentPerform(iterations: n) { shared.value($0) }
    }
  }
}

/// Runs `body(0)` and `body(1)`, the two halves of a job, on two threads when `threads > 1`,
/// else one after the other. Each half writes only its own slot, so the result is the same.
@inlinable @inline(__always)
package func inHalves(threads: Int, _ body: (Int) -> Void) {
  if threads > 1 {
    parallelFor(2, body)
  } else {
    body(0)
    body(1)
  }
}

/// Lets a value that workers only read, or write at disjoint slots, cross into
/// `concurrentPerform`; the disjointness is what makes it safe.
@usableFromInline
package struct UncheckedBox<T>: @unchecked Sendable {
  @usableFromInline package let value: T
  @inlinable package init(_ value: T) { self.value = value }
}

/// A pointer that parallel workers share, each writing its own disjoint indices.
package struct SharedPointer<T>: @unchecked Sendable {
  package let base: UnsafeMutablePointer<T>
  @inlinable package init(_ base: UnsafeMutablePointer<T>) { self.base = base }
  @inlinable package subscript(i: Int) -> T {
    @inline(__always) get { base[i] }
    @inline(__always) nonmutating set { base[i] = newValue }
  }
}

/// Results that parallel workers fill, one slot per worker.
final package class Slots<T>: @unchecked Sendable {
  @usableFromInline let storage: UnsafeMutablePointer<T?>
  @usableFromInline let count: Int
  package init(_ n: Int) {
    count = n
    storage = .allocate(capacity: n)
    storage.initialize(repeating: nil, count: n)
  }
  deinit {
    storage.deinitialize(count: count)
    storage.deallocate()
  }
  /// Each worker sets only its own slot.
  @inlinable package func set(_ i: Int, _ value: T) { storage[i] = value }
  @inlinable package func take() -> [T] { (0..<count).map { storage[$0]! } }
}

package enum Machine {
  /// The cores to use by default.
  package static var cores: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }
}
